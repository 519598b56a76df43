import Foundation

/// A view's Auto Layout state, kept apart from the view so that views that never use Auto
/// Layout carry one empty reference. The settings most constrained views leave at their
/// defaults are in the view's extras (``ViewLayoutSettings``): a large tree's views then take
/// an 80-byte block each here (72 bytes asked for, the first five entries of the reference
/// list included).
final class ViewLayoutState {
    /// The active constraints this view holds (it is their items' nearest common ancestor).
    /// Unchecked for exclusivity: it is changed only by appending and by filtering on a
    /// constraint's holder, which reach no other access to it, and every check cost a fifth
    /// of installing a constraint.
    @exclusivity(unchecked) var constraints = HeldConstraints()
    /// The constraints that name this view (unchecked for exclusivity: see ConstraintReferences).
    @exclusivity(unchecked) var references = ConstraintReferences()

    /// The bytes the lists of held and referring constraints take, for memory reports.
    var listBytes: Int { constraints.storageBytes + references.spilledBytes }

    /// The view is dying: clear every pointer to it that does not keep it alive.
    func viewWillDie() {
        references.itemWillDie()
        constraints.forEachLent { $0.holderWillDie() }
    }
}

extension View {
    /// Whether the view has used Auto Layout: a constraint named it (it has layout state), or
    /// it joined constraint-based layout (a scene's records named it, which make no state).
    var takesPartInConstraintLayout: Bool { layoutStateStorage != nil || joinedConstraintBasedLayout }

    /// The intrinsic size Auto Layout uses: a scene's recorded one, or the class's own.
    var layoutIntrinsicSize: CGSize { layoutSettings?.recordedIntrinsicSize ?? intrinsicContentSize }

    /// The layout state, made on first use.
    var layoutState: ViewLayoutState { withLayoutState { $0 } }

    /// Runs `body` on the layout state (made on first use), lent without counting a reference
    /// to it: making and activating a large tree's constraints reach it several times a view.
    func withLayoutState<R>(_ body: (ViewLayoutState) -> R) -> R {
        if layoutStateStorage == nil { layoutStateStorage = ViewLayoutState() }
        return Unmanaged.passUnretained(layoutStateStorage.unsafelyUnwrapped)._withUnsafeGuaranteedRef(body)
    }
}
