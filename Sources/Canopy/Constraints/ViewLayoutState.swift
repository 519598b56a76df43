import Foundation

/// A view's Auto Layout state, kept apart from the view so that views that never use Auto
/// Layout carry one empty reference. What most constrained views leave at its default (guides,
/// margins, content priorities) is kept apart again, in `Settings`: a large tree's views then
/// take a 96-byte block each here (88 bytes asked for, the first five entries of the
/// reference list included), not a 160-byte one.
final class ViewLayoutState {
    /// The active constraints this view holds (it is their items' nearest common ancestor).
    /// Unchecked for exclusivity: it is changed only by appending and by filtering on a
    /// constraint's holder, which reach no other access to it, and every check cost a fifth
    /// of installing a constraint.
    @exclusivity(unchecked) var constraints = HeldConstraints()
    /// The constraints that name this view (unchecked for exclusivity: see ConstraintReferences).
    @exclusivity(unchecked) var references = ConstraintReferences()
    /// What differs from the defaults, made on first change.
    private var settings: Settings?

    /// The state most views leave at its defaults.
    private final class Settings {
        var guides: [LayoutGuide] = []
        var margins = ViewLayoutState.defaultMargins
        var marginsGuide: LayoutGuide?
        var safeAreaGuide: LayoutGuide?
        var hugging = ViewLayoutState.defaultHugging
        var compressionResistance = ViewLayoutState.defaultCompressionResistance
        var ambiguousAttributes: [LayoutConstraint.Attribute] = []
        var recordedIntrinsicSize: CGSize?
        var tiesExercisedFirst = false
    }

    /// The bytes the allocator holds for the state, its settings and its guides (not the lists
    /// of constraints: see ``listBytes``), for memory reports.
    var allocatedBytes: Int {
        guard let settings else { return allocationBytes(of: self) }
        var guides = settings.guides
        for guide in [settings.marginsGuide, settings.safeAreaGuide].compactMap(\.self)
        where !guides.contains(where: { $0 === guide }) {
            guides.append(guide)
        }
        return allocationBytes(of: self) + allocationBytes(of: settings) + settings.guides.storageBytes
            + settings.ambiguousAttributes.storageBytes + guides.reduce(0) { $0 + allocationBytes(of: $1) }
    }

    /// The bytes the lists of held and referring constraints take, for memory reports.
    var listBytes: Int { constraints.storageBytes + references.spilledBytes }

    private var changedSettings: Settings {
        if let settings { return settings }
        let made = Settings()
        settings = made
        return made
    }

    /// The guides added with `addLayoutGuide`.
    var guides: [LayoutGuide] {
        get { settings?.guides ?? [] }
        set { changedSettings.guides = newValue }
    }
    var margins: EdgeInsets {
        get { settings?.margins ?? Self.defaultMargins }
        set { changedSettings.margins = newValue }
    }
    var marginsGuide: LayoutGuide? {
        get { settings?.marginsGuide }
        set { changedSettings.marginsGuide = newValue }
    }
    /// The guide for the safe area, pinned to the edges by four constraints (made on first use).
    var safeAreaGuide: LayoutGuide? {
        get { settings?.safeAreaGuide }
        set { changedSettings.safeAreaGuide = newValue }
    }
    var hugging: (horizontal: LayoutPriority, vertical: LayoutPriority) {
        get { settings?.hugging ?? Self.defaultHugging }
        set { changedSettings.hugging = newValue }
    }
    var compressionResistance: (horizontal: LayoutPriority, vertical: LayoutPriority) {
        get { settings?.compressionResistance ?? Self.defaultCompressionResistance }
        set { changedSettings.compressionResistance = newValue }
    }
    /// What the latest solve left undetermined for this view, by attribute.
    var ambiguousAttributes: [LayoutConstraint.Attribute] {
        get { settings?.ambiguousAttributes ?? [] }
        set { if settings != nil || !newValue.isEmpty { changedSettings.ambiguousAttributes = newValue } }
    }
    /// An intrinsic size recorded in a scene file, reported in place of the class's own.
    var recordedIntrinsicSize: CGSize? {
        get { settings?.recordedIntrinsicSize }
        set { changedSettings.recordedIntrinsicSize = newValue }
    }
    /// Whether the latest `exerciseAmbiguityInLayout()` met this view's tied rows first.
    var tiesExercisedFirst: Bool {
        get { settings?.tiesExercisedFirst ?? false }
        set { changedSettings.tiesExercisedFirst = newValue }
    }

    static let defaultMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    static let defaultHugging = (horizontal: LayoutPriority.defaultLow, vertical: LayoutPriority.defaultLow)
    static let defaultCompressionResistance = (horizontal: LayoutPriority.defaultHigh, vertical: LayoutPriority.defaultHigh)

    /// The view is dying: clear every pointer to it that does not keep it alive.
    func viewWillDie(_ view: View) {
        references.itemWillDie()
        constraints.forEachLent { $0.holderWillDie() }
        for guide in guides { guide.owningView = nil }
        marginsGuide?.owningView = nil
    }
}

extension View {
    /// The intrinsic size Auto Layout uses: a scene's recorded one, or the class's own.
    var layoutIntrinsicSize: CGSize { layoutStateStorage?.recordedIntrinsicSize ?? intrinsicContentSize }

    /// The layout state, made on first use.
    var layoutState: ViewLayoutState { withLayoutState { $0 } }

    /// Runs `body` on the layout state (made on first use), lent without counting a reference
    /// to it: making and activating a large tree's constraints reach it several times a view.
    func withLayoutState<R>(_ body: (ViewLayoutState) -> R) -> R {
        if layoutStateStorage == nil { layoutStateStorage = ViewLayoutState() }
        return Unmanaged.passUnretained(layoutStateStorage.unsafelyUnwrapped)._withUnsafeGuaranteedRef(body)
    }
}
