import Foundation

/// A view that lines up its arranged subviews in a row or a column with Auto Layout, as UIKit's
/// `UIStackView`: it makes and keeps the constraints; you set the axis, distribution,
/// alignment and spacing.
///
/// Arranged subviews are subviews too (adding one adds it); removing one from the arrangement
/// keeps it as a subview. A hidden arranged subview drops out of the arrangement, and its
/// spacing with it. Arranged subviews are laid out by constraints only
/// (`translatesAutoresizingMaskIntoConstraints` is turned off).
///
/// ```swift
/// let stack = StackView(arrangedSubviews: [avatar, name, time])
/// stack.axis = .horizontal
/// stack.spacing = 8
/// stack.alignment = .center
/// ```
open class StackView: View {
    /// How arranged subviews share the length along the axis.
    public enum Distribution: Sendable, CaseIterable {
        /// They fill the length; hugging and compression priorities decide who grows or shrinks.
        case fill
        /// They fill the length with equal sizes.
        case fillEqually
        /// They fill the length with sizes in proportion to their intrinsic sizes.
        case fillProportionally
        /// Their sizes are intrinsic; the gaps between them are equal (at least ``spacing``).
        case equalSpacing
        /// Their centers are equally far apart (gaps at least ``spacing``).
        case equalCentering
    }

    /// How arranged subviews sit across the axis.
    public enum Alignment: Sendable, CaseIterable {
        /// They fill the stack's breadth.
        case fill
        /// Against the leading edge (vertical stacks) or the top (horizontal ones).
        case leading
        /// Centered.
        case center
        /// Against the trailing edge (vertical stacks) or the bottom (horizontal ones).
        case trailing
        /// Horizontal stacks: first baselines aligned (the bottom, for views without text).
        case firstBaseline
        /// Horizontal stacks: last baselines aligned (the bottom, for views without text).
        case lastBaseline

        /// The top, for horizontal stacks.
        public static let top = Alignment.leading
        /// The bottom, for horizontal stacks.
        public static let bottom = Alignment.trailing
    }

    /// The views lined up, in order.
    public private(set) var arrangedSubviews: [View] = []
    /// The direction of the line; horizontal by default.
    public var axis = LayoutConstraint.Axis.horizontal { didSet { rearrange() } }
    /// How the length is shared; `.fill` by default.
    public var distribution = Distribution.fill { didSet { rearrange() } }
    /// How views sit across the axis; `.fill` by default.
    public var alignment = Alignment.fill { didSet { rearrange() } }
    /// The gap between neighbours (the least gap, for the equal distributions).
    public var spacing: CGFloat = 0 {
        didSet {
            precondition(spacing.isFinite, "Canopy: a stack view's spacing must be finite, got \(spacing)")
            rearrange()
        }
    }
    /// The value of ``customSpacing(after:)`` for a view without its own: the gap is ``spacing``.
    public static let spacingUseDefault = CGFloat.greatestFiniteMagnitude
    /// A custom spacing that asks for the system's standard gap, 8 points.
    public static let spacingUseSystem = CGFloat.leastNonzeroMagnitude
    private var customSpacings: [ObjectIdentifier: CGFloat] = [:]

    /// Sets the gap after `arrangedSubview`, in place of ``spacing``; ``spacingUseDefault``
    /// removes it. A gap after the last view, or after a hidden one, is not used (the view
    /// before a hidden one keeps its own), as in UIKit.
    /// - Precondition: `spacing` is finite, ``spacingUseDefault`` or ``spacingUseSystem``.
    public func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: View) {
        precondition(
            spacing.isFinite || spacing == Self.spacingUseDefault,
            "Canopy: a stack view's custom spacing must be finite, got \(spacing)")
        let key = ObjectIdentifier(arrangedSubview)
        let stored = spacing == Self.spacingUseDefault ? nil : spacing
        guard customSpacings[key] != stored, arrangedSubviews.contains(where: { $0 === arrangedSubview }) else { return }
        customSpacings[key] = stored
        rearrange()
    }

    /// The gap set after `arrangedSubview` by ``setCustomSpacing(_:after:)``, or
    /// ``spacingUseDefault`` when it has none.
    public func customSpacing(after arrangedSubview: View) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? Self.spacingUseDefault
    }

    /// The gap after `view` in the arrangement: its custom spacing, else ``spacing``.
    func spacing(after view: View) -> CGFloat {
        guard let custom = customSpacings[ObjectIdentifier(view)] else { return spacing }
        return custom == Self.spacingUseSystem ? 8 : custom
    }

    /// Whether the arrangement lies within the layout margins rather than the bounds.
    public var isLayoutMarginsRelativeArrangement = false { didSet { rearrange() } }

    /// The constraints and guides the stack made for the current arrangement.
    private(set) var arrangement: (constraints: [LayoutConstraint], guides: [LayoutGuide]) = ([], [])
    private var hiddenObservations: [ObjectIdentifier: Observation] = [:]

    /// Creates an empty horizontal stack with the given frame.
    public override init(frame: CGRect) { super.init(frame: frame) }

    /// Creates a stack view from an archive: the view's values, its subviews (each arranged,
    /// in order, as in Interface Builder) and its settings.
    public required init?(coder: Coder) {
        super.init(coder: coder)
        guard coder.attempt({ () throws(ArchiveError) in try decodeStackProperties(from: coder) }) else { return nil }
    }

    /// Writes the view's values and the stack's settings; the arrangement's own constraints
    /// and guides are made again, not archived.
    open override func encode(with coder: Coder) {
        super.encode(with: coder)
        encodeStackProperties(with: coder)
    }

    override func addArchivedSubview(_ subview: View) { addArrangedSubview(subview) }

    override var archivedLayoutGuides: [LayoutGuide] {
        super.archivedLayoutGuides.filter { guide in !arrangement.guides.contains { $0 === guide } }
    }

    override var archivedConstraints: [LayoutConstraint] {
        let own = Set(arrangement.constraints.map(ObjectIdentifier.init))
        return super.archivedConstraints.filter { !own.contains(ObjectIdentifier($0)) }
    }

    /// Creates a horizontal stack of `views`.
    public convenience init(arrangedSubviews views: [View]) {
        self.init(frame: .zero)
        addArrangedSubviews(views)
    }

    /// Appends `view` to the arrangement (and to the subviews, if needed).
    public func addArrangedSubview(_ view: View) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Inserts `view` into the arrangement at `index` (and into the subviews, if needed). A view
    /// already arranged moves to `index`.
    /// - Precondition: `index` is within `0...arrangedSubviews.count`.
    public func insertArrangedSubview(_ view: View, at index: Int) {
        enlist(view, at: index)
        rearrange()
    }

    /// Appends `views` to the arrangement, making the constraints once rather than per view.
    func addArrangedSubviews(_ views: [View]) {
        for view in views { enlist(view, at: arrangedSubviews.count) }
        rearrange()
    }

    private func enlist(_ view: View, at index: Int) {
        precondition(view !== self, "Canopy: a stack view cannot arrange itself")
        arrangedSubviews.removeAll { $0 === view }
        precondition(
            (0...arrangedSubviews.count).contains(index),
            "Canopy: cannot arrange \(view) at \(index) in \(self), which arranges \(arrangedSubviews.count)")
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        arrangedSubviews.insert(view, at: index)
        hiddenObservations[ObjectIdentifier(view)] = view.observe(\.isHidden) { [unowned self] _, _ in rearrange() }
    }

    /// Takes `view` out of the arrangement; it stays a subview.
    public func removeArrangedSubview(_ view: View) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        arrangedSubviews.removeAll { $0 === view }
        hiddenObservations[ObjectIdentifier(view)] = nil
        customSpacings[ObjectIdentifier(view)] = nil
        rearrange()
    }

    /// A subview removed from the stack leaves the arrangement too.
    open override func willRemoveSubview(_ subview: View) {
        super.willRemoveSubview(subview)
        removeArrangedSubview(subview)
    }

    /// Replaces the arrangement's constraints with ones for the current settings.
    private func rearrange() {
        LayoutConstraint.deactivate(arrangement.constraints)
        for guide in arrangement.guides { removeLayoutGuide(guide) }
        let visible = arrangedSubviews.filter { !$0.isHidden && $0.superview === self }
        arrangement = StackArrangement(stack: self, views: visible).make()
        LayoutConstraint.activate(arrangement.constraints)
    }
}
