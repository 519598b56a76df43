import Foundation

/// A linear relation between two layout attributes, as UIKit's `NSLayoutConstraint`:
/// `firstItem.firstAttribute (==, <=, >=) multiplier × secondItem.secondAttribute + constant`,
/// held at ``priority``.
///
/// A constraint takes effect when it is active (``isActive``, ``activate(_:)``); it is then
/// kept by the nearest common ancestor of its items, and the window's next update cycle solves
/// it. Constraints hold their items weakly.
///
/// ```swift
/// LayoutConstraint.activate([
///     label.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 16),
///     label.widthAnchor.constraint(greaterThanOrEqualToConstant: 100),
/// ])
/// ```
public final class LayoutConstraint {
    /// What a constraint constrains.
    public enum Attribute: Int, Sendable, CaseIterable {
        /// No attribute: the second attribute of a constraint with no second item.
        case notAnAttribute = 0
        /// The left edge.
        case left
        /// The right edge.
        case right
        /// The top edge.
        case top
        /// The bottom edge.
        case bottom
        /// The leading edge (left, or right in a right-to-left layout).
        case leading
        /// The trailing edge (right, or left in a right-to-left layout).
        case trailing
        /// The width.
        case width
        /// The height.
        case height
        /// The horizontal center.
        case centerX
        /// The vertical center.
        case centerY
        /// The baseline of the last line of text (the bottom, for views without text).
        case lastBaseline
        /// The baseline of the first line of text (the bottom, for views without text).
        case firstBaseline
        /// The left edge less the left margin.
        case leftMargin
        /// The right edge less the right margin.
        case rightMargin
        /// The top edge less the top margin.
        case topMargin
        /// The bottom edge less the bottom margin.
        case bottomMargin
        /// The leading edge less its margin.
        case leadingMargin
        /// The trailing edge less its margin.
        case trailingMargin
        /// The center between the left and right margins.
        case centerXWithinMargins
        /// The center between the top and bottom margins.
        case centerYWithinMargins
    }

    /// How the two sides compare.
    public enum Relation: Int, Sendable, CaseIterable {
        /// First ≤ second.
        case lessThanOrEqual = -1
        /// First = second.
        case equal = 0
        /// First ≥ second.
        case greaterThanOrEqual = 1
    }

    /// The two directions of layout.
    public enum Axis: Int, Sendable, CaseIterable {
        /// Left to right.
        case horizontal
        /// Top to bottom.
        case vertical
    }

    // The stored properties are declared in an order that leaves no padding, so that a
    // constraint takes 72 bytes (an 80-byte block; 128 with each item an existential and the
    // identifier inline): a large tree holds four per view. The attributes, the relation and
    // the places in the items' lists share one word (see `Packed`); a multiplier other than 1
    // and a name are kept out of line (see `Rare`).
    //
    // The items and the holder are not counted references (a weak reference would move every
    // view's reference count into a side table, where each retain and release is several times
    // slower): each of them clears these pointers when it dies (see `itemWillDie`). An item is
    // kept as a plain object with whether it is a guide, as a view or a guide is all it can be
    // (see UncountedItem.init), which takes half an existential's room.
    private var firstObject: Unmanaged<AnyObject>?
    private var secondObject: Unmanaged<AnyObject>?
    private var containerHandle: Unmanaged<View>?
    private var packed: Packed
    /// The constraint's row in its window's latest system (checked against it before use).
    var engineRow: Int32 = -1

    // The priority and the constant are unchecked for exclusivity: collecting a system reads
    // both of every constraint, and the checks cost a fifth of building its rows.

    /// How much the constraint matters. An active constraint cannot change between required
    /// and optional (remove it, change it, add it back), as in UIKit.
    /// - Precondition: 1...1000.
    @exclusivity(unchecked) public var priority = LayoutPriority.required {
        didSet {
            precondition(priority.isValid, "Canopy: a constraint's priority must be 1...1000, got \(priority.rawValue)")
            precondition(
                !isActive || (priority == .required) == (oldValue == .required),
                "Canopy: an active constraint cannot change between required and optional priority: \(self)")
            if priority != oldValue { engineMustResolve() }
        }
    }

    /// The amount added to the second side. Changing it re-solves at the next update cycle.
    /// - Precondition: finite.
    @exclusivity(unchecked) public var constant: CGFloat {
        didSet {
            precondition(constant.isFinite, "Canopy: \(self) was given a non-finite constant \(constant)")
            if constant != oldValue { engineMustResolve() }
        }
    }

    private var rare: Rare?

    /// The constrained attribute.
    public var firstAttribute: Attribute { packed.firstAttribute }
    /// The attribute related to (``Attribute/notAnAttribute`` without a second item).
    public var secondAttribute: Attribute { packed.secondAttribute }
    /// How the sides compare.
    public var relation: Relation { packed.relation }
    private var firstIsGuide: Bool { packed.firstIsGuide }
    private var secondIsGuide: Bool { packed.secondIsGuide }

    /// The factor on the second attribute.
    public var multiplier: CGFloat { rare?.multiplier ?? 1 }

    /// The constrained item, or `nil` once it has been released.
    public var firstItem: LayoutItem? { Self.item(firstObject?.takeUnretainedValue(), isGuide: firstIsGuide) }
    /// The item related to, or `nil` for a constant (or once it has been released).
    public var secondItem: LayoutItem? { Self.item(secondObject?.takeUnretainedValue(), isGuide: secondIsGuide) }

    /// A name for descriptions and diagnostics.
    public var identifier: String? {
        get { rare?.identifier }
        set { rare = Rare.make(multiplier: multiplier, identifier: newValue) }
    }

    /// The bytes the allocator holds for the constraint and its side object, for memory reports.
    var allocatedBytes: Int { allocationBytes(of: self) + (rare.map { allocationBytes(of: $0) } ?? 0) }

    private static func item(_ object: AnyObject?, isGuide: Bool) -> LayoutItem? {
        guard let object else { return nil }
        return isGuide ? unsafeDowncast(object, to: LayoutGuide.self) : unsafeDowncast(object, to: View.self)
    }

    /// The first item's view (a guide's owning view) as an uncounted handle, read without
    /// making an existential: activating a large tree asks this of every constraint.
    var firstOwningViewHandle: Unmanaged<View>? { uncountedFirstItem?.owningViewHandle }
    /// The second item's view, as ``firstOwningViewHandle``.
    var secondOwningViewHandle: Unmanaged<View>? { uncountedSecondItem?.owningViewHandle }

    /// The first item, its reference not counted (see ``UncountedItem``).
    var uncountedFirstItem: UncountedItem? { firstObject.map { UncountedItem(object: $0, isGuide: firstIsGuide) } }
    /// The second item, its reference not counted.
    var uncountedSecondItem: UncountedItem? { secondObject.map { UncountedItem(object: $0, isGuide: secondIsGuide) } }

    /// The view that holds the constraint while it is active: its items' nearest common ancestor.
    public internal(set) var container: View? {
        get { containerHandle?.takeUnretainedValue() }
        set { containerHandle = newValue.map { .passUnretained($0) } }
    }

    /// Creates a constraint `item.attribute relation multiplier × toItem.attribute + constant`
    /// (inactive, required).
    /// - Precondition: the attributes are both locations on the same axis, or both sizes (a
    ///   width may relate to a height: an aspect ratio);
    ///   a location needs a second item; without a second item the second attribute is
    ///   ``Attribute/notAnAttribute``; the multiplier is finite and nonzero with a second item;
    ///   the constant is finite.
    public convenience init(
        item: LayoutItem, attribute firstAttribute: Attribute, relatedBy relation: Relation,
        toItem secondItem: LayoutItem?, attribute secondAttribute: Attribute, multiplier: CGFloat, constant: CGFloat
    ) {
        self.init(
            UncountedItem(item), firstAttribute, relation, secondItem.map(UncountedItem.init), secondAttribute,
            multiplier: multiplier, constant: constant)
    }

    /// Creates a constraint between items read uncounted, as the public initializer does: a
    /// scene makes several constraints a view, and counting each item passed cost more than
    /// the rest of making them. The caller keeps the items alive.
    init(
        _ first: UncountedItem, _ firstAttribute: Attribute, _ relation: Relation, _ second: UncountedItem?,
        _ secondAttribute: Attribute, multiplier: CGFloat, constant: CGFloat
    ) {
        firstObject = first.object
        secondObject = second?.object
        packed = Packed(
            first: firstAttribute, second: secondAttribute, relation: relation, firstIsGuide: first.isGuide,
            secondIsGuide: second?.isGuide ?? false)
        rare = Rare.make(multiplier: multiplier, identifier: nil)
        self.constant = constant
        if let problem = Self.problem(
            firstAttribute, second != nil, secondAttribute, multiplier: multiplier, constant: constant)
        {
            preconditionFailure("Canopy: cannot make the constraint \(self): \(problem)")
        }
        packed.setPlace(ConstraintReferences.add(self, to: first, asSecondItem: false), asSecondItem: false)
        if let second {
            if second.identity == first.identity {
                packed.markSecondAsFirst()
            } else {
                packed.setPlace(ConstraintReferences.add(self, to: second, asSecondItem: true), asSecondItem: true)
            }
        }
    }

    deinit {
        if let firstItem { ConstraintReferences.remove(self, asSecondItem: false, from: firstItem) }
        if let secondItem, !packed.secondIsFirst {
            ConstraintReferences.remove(self, asSecondItem: true, from: secondItem)
        }
    }

    /// The place of this constraint's entry in its first or second item's reference list, or
    /// `nil` when it is too far down the list to be kept (it is then searched for).
    func referencePlace(asSecondItem: Bool) -> Int? { packed.place(asSecondItem: asSecondItem) }

    /// Another constraint's removal moved this one's entry in an item's reference list.
    func referenceMoved(to place: Int, asSecondItem: Bool) {
        packed.setPlace(place, asSecondItem: asSecondItem)
    }

    /// The first item, or the second, is dying: forget it (the constraint then takes no part
    /// in layout).
    func itemWillDie(asSecondItem: Bool) {
        if asSecondItem {
            secondObject = nil
        } else {
            firstObject = nil
            if packed.secondIsFirst { secondObject = nil }
        }
    }

    /// The holder is dying.
    func holderWillDie() { containerHandle = nil }

    /// Why the parts cannot make a constraint, or `nil`.
    static func problem(
        _ first: Attribute, _ hasSecondItem: Bool, _ second: Attribute, multiplier: CGFloat, constant: CGFloat
    ) -> String? {
        guard multiplier.isFinite, constant.isFinite else { return "the multiplier and constant must be finite" }
        guard first != .notAnAttribute else { return "the first attribute cannot be notAnAttribute" }
        guard hasSecondItem else {
            if second != .notAnAttribute { return "an attribute of no second item" }
            return first.isDimension ? nil : "a location cannot equal a constant; relate it to another item"
        }
        guard second != .notAnAttribute else { return "the second item needs an attribute" }
        guard multiplier != 0 else { return "a multiplier of 0 with a second item" }
        guard first.isDimension == second.isDimension else { return "a location cannot be related to a size" }
        // Sizes may relate across axes (an aspect ratio); locations may not.
        guard first.isDimension || first.axis == second.axis else { return "the locations are on different axes" }
        return nil
    }

    /// Whether the constraint takes part in layout. Setting it adds the constraint to (or
    /// removes it from) its items' nearest common ancestor.
    /// - Precondition (activating): both items are in one hierarchy.
    public var isActive: Bool {
        get { containerHandle != nil }
        set {
            if newValue { Self.activate([self]) } else { Self.deactivate([self]) }
        }
    }

    /// Activates `constraints`: checks all of them first (so a bad one activates none), then
    /// adds each to its items' nearest common ancestor.
    /// - Precondition: every constraint's items are in one hierarchy.
    public static func activate(_ constraints: [LayoutConstraint]) {
        // Constraints and views are handled uncounted: a large tree activates hundreds of
        // thousands at once (`constraints` keeps them).
        constraints.withUnsafeBufferPointer { activate($0) }
    }

    /// Activates `constraints` as ``activate(_:)-([LayoutConstraint])`` does, from a buffer the
    /// caller keeps.
    static func activate(_ constraints: UnsafeBufferPointer<LayoutConstraint>) {
        constraints.withMemoryRebound(to: Unmanaged<LayoutConstraint>.self) { activateLent($0) }
    }

    private static func activateLent(_ constraints: UnsafeBufferPointer<Unmanaged<LayoutConstraint>>) {
        let containers = constraints.map { handle in
            handle._withUnsafeGuaranteedRef { constraint in
                guard let container = constraint.commonAncestor() else {
                    preconditionFailure(
                        "Canopy: cannot activate \(constraint): its items have no common ancestor "
                            + "(add them to one hierarchy first)")
                }
                return container
            }
        }
        // One note per window rather than per constraint: a whole cell is activated at once.
        var notified: UnsafeMutableRawPointer?
        for (handle, container) in zip(constraints, containers) {
            handle._withUnsafeGuaranteedRef { constraint in
                guard constraint.containerHandle == nil else { return }
                container._withUnsafeGuaranteedRef { container in
                    // After the window's records, as if those had been activated first.
                    container.makeWindowConstraintsObjects()
                    container.install(constraint)
                    if let window = container.windowHandle, window.toOpaque() != notified {
                        container.constraintsDidChange()
                        notified = window.toOpaque()
                    }
                }
            }
        }
    }

    /// Deactivates `constraints`; inactive ones are skipped.
    /// - Complexity: O(k + n), k the constraints, n those their holders hold.
    public static func deactivate(_ constraints: [LayoutConstraint]) {
        var holders: [View] = [], seen = Set<ObjectIdentifier>()
        for constraint in constraints {
            guard let holder = constraint.container else { continue }
            constraint.container = nil
            if seen.insert(ObjectIdentifier(holder)).inserted { holders.append(holder) }
        }
        // Each holder's list is filtered once, not once per constraint.
        for holder in holders { holder.dropInactiveConstraints() }
    }

    /// Whether the items the constraint was made with are alive (always, while it is active).
    var hasItems: Bool {
        firstObject != nil && (secondAttribute == .notAnAttribute || secondObject != nil)
    }

    /// The nearest view that contains both items (a guide counts as its owning view), as an
    /// uncounted handle, or `nil`.
    private func commonAncestor() -> Unmanaged<View>? {
        guard let first = firstOwningViewHandle else { return nil }
        guard secondObject != nil else { return first }
        guard let second = secondOwningViewHandle else { return nil }
        return View.nearestCommonAncestor(of: first, and: second)
    }

    /// A new constant or priority: the window's system rewrites this constraint's row.
    private func engineMustResolve() {
        guard let window = container?.window else { return }
        window.layoutEngine.constraintDidChange(self)
    }
}

extension LayoutConstraint.Attribute {
    /// The axis the attribute lies on (``notAnAttribute`` reads as horizontal).
    public var axis: LayoutConstraint.Axis {
        switch self {
        case .top, .bottom, .height, .centerY, .lastBaseline, .firstBaseline, .topMargin, .bottomMargin,
            .centerYWithinMargins:
            .vertical
        default:
            .horizontal
        }
    }

    /// Whether the attribute is a size (width, height) rather than a location.
    @inline(__always)
    public var isDimension: Bool { self == .width || self == .height }

    /// Whether the attribute is a baseline, which moves with a label's text.
    var isBaseline: Bool {
        switch self {
        case .firstBaseline, .lastBaseline: true
        default: false
        }
    }
}
