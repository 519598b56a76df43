import Foundation

/// A view's Auto Layout state, kept apart from the view so that views that never use Auto
/// Layout carry one empty reference.
final class ViewLayoutState {
    /// The active constraints this view holds (it is their items' nearest common ancestor).
    /// Unchecked for exclusivity: it is changed only by appending and by filtering on a
    /// constraint's holder, which reach no other access to it, and every check cost a fifth
    /// of installing a constraint.
    @exclusivity(unchecked) var constraints: [LayoutConstraint] = []
    /// The guides added with `addLayoutGuide`.
    var guides: [LayoutGuide] = []
    var margins = ViewLayoutState.defaultMargins
    var marginsGuide: LayoutGuide?
    /// The guide for the safe area, pinned to the edges by four constraints (made on first use).
    var safeAreaGuide: LayoutGuide?
    var hugging = ViewLayoutState.defaultHugging
    var compressionResistance = ViewLayoutState.defaultCompressionResistance
    /// What the latest solve left undetermined for this view, by attribute.
    var ambiguousAttributes: [LayoutConstraint.Attribute] = []
    /// The constraints that name this view (unchecked for exclusivity: see ConstraintReferences).
    @exclusivity(unchecked) var references = ConstraintReferences()
    /// An intrinsic size recorded in a scene file, reported in place of the class's own.
    var recordedIntrinsicSize: CGSize?
    // The flags last, where they fill the optional size's padding (144 bytes, not 160).
    /// Whether the view has taken part in constraint-based layout (its first `updateConstraints()`
    /// has been flagged).
    var joinedConstraintBasedLayout = false
    /// Whether the latest `exerciseAmbiguityInLayout()` met this view's tied rows first.
    var tiesExercisedFirst = false

    static let defaultMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    static let defaultHugging = (horizontal: LayoutPriority.defaultLow, vertical: LayoutPriority.defaultLow)
    static let defaultCompressionResistance = (horizontal: LayoutPriority.defaultHigh, vertical: LayoutPriority.defaultHigh)

    /// The view is dying: clear every pointer to it that does not keep it alive.
    func viewWillDie(_ view: View) {
        references.itemWillDie()
        for constraint in constraints { constraint.holderWillDie() }
        for guide in guides { guide.owningView = nil }
        marginsGuide?.owningView = nil
    }
}

extension View {
    /// The intrinsic size Auto Layout uses: a scene's recorded one, or the class's own.
    var layoutIntrinsicSize: CGSize { layoutStateStorage?.recordedIntrinsicSize ?? intrinsicContentSize }

    var layoutState: ViewLayoutState {
        if let state = layoutStateStorage { return state }
        let state = ViewLayoutState()
        layoutStateStorage = state
        return state
    }
}
