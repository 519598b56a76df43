import Foundation

/// What a constraint can relate: a view or a layout guide.
public protocol LayoutItem: AnyObject {
    /// The view whose hierarchy the item belongs to: the view itself, or a guide's owning view.
    var layoutOwningView: View? { get }
}

extension View: LayoutItem {
    /// The view itself.
    public var layoutOwningView: View? { self }
}

/// A rectangle that takes part in Auto Layout without being a view: spacing between views, a
/// region to center in. Add it to a view with ``View/addLayoutGuide(_:)``; after layout its
/// ``layoutFrame`` is in that view's coordinates.
public final class LayoutGuide: LayoutItem, CustomStringConvertible {
    // Not a counted reference (see LayoutConstraint's items): the owning view clears it when it
    // removes the guide or dies.
    unowned(unsafe) private var owningViewStorage: View?
    /// The constraints that name this guide (unchecked for exclusivity: see ConstraintReferences).
    @exclusivity(unchecked) var references = ConstraintReferences()
    /// This guide's item in its window's latest Auto Layout system (checked against it before
    /// use), or -1.
    var engineItem: Int32 = -1

    /// The view the guide belongs to.
    public internal(set) var owningView: View? {
        get { owningViewStorage }
        set { owningViewStorage = newValue }
    }
    /// A name for descriptions and diagnostics.
    public var identifier = ""
    /// The guide's rectangle in the owning view's coordinates, as of the latest layout.
    public internal(set) var layoutFrame = CGRect.zero
    /// Whether this is a view's margins guide (its rectangle is the view's bounds less the
    /// layout margins, not variables of its own).
    let isMarginsGuide: Bool

    /// Creates a guide; add it to a view before constraining it.
    public init() { isMarginsGuide = false }

    init(marginsOf view: View) {
        isMarginsGuide = true
        owningView = view
        identifier = "layoutMarginsGuide"
    }

    deinit { references.itemWillDie() }

    /// The owning view.
    public var layoutOwningView: View? { owningView }

    /// `<LayoutGuide identifier; frame>`.
    public var description: String {
        let f = layoutFrame
        return "<LayoutGuide \(identifier.isEmpty ? "(unnamed)" : identifier); frame = (\(f.minX) \(f.minY); \(f.width) \(f.height))>"
    }

    /// The guide's leading edge.
    public var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .leading) }
    /// The guide's trailing edge.
    public var trailingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .trailing) }
    /// The guide's left edge.
    public var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .left) }
    /// The guide's right edge.
    public var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .right) }
    /// The guide's horizontal center.
    public var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .centerX) }
    /// The guide's top edge.
    public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .top) }
    /// The guide's bottom edge.
    public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .bottom) }
    /// The guide's vertical center.
    public var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .centerY) }
    /// The guide's width.
    public var widthAnchor: LayoutDimension { LayoutDimension(self, .width) }
    /// The guide's height.
    public var heightAnchor: LayoutDimension { LayoutDimension(self, .height) }
}

/// The constraints that name one item, so that the item can clear their pointers to it when it
/// dies (the constraints do not keep their items alive). Kept inline in the guide or the view's
/// layout state: an object of its own per view would cost a block and a pointer chase.
///
/// Its owners do not check accesses to it for exclusivity (each check cost about as much as the
/// append it guarded): no change of a list reaches another access to the same list, as the
/// constraints told of a move or a death only change their own fields.
struct ConstraintReferences {
    // A list rather than a set: each constraint keeps its place in the lists of its items, so
    // that its death removes it in constant time (the last entry moves into its place) without
    // hashing. A constraint naming the item twice (width == height) is listed once. An entry is
    // the constraint's address with whether it names the item second in the low bit (objects
    // are aligned to 16 bytes): one word, where a pair took two.
    //
    // The first entries are kept inline, the rest in an array: most items are named by a few
    // constraints (their own four or so and one of a sibling's), and an array of their own
    // cost every view an allocation and a pointer to follow at each change of its list. The
    // count is not kept: an inline entry is never 0 (an address), so the list ends at the
    // first 0 inline, or past the spilled entries (8 bytes a view, where a count took them).
    private var inline = InlineArray<5, UInt>(repeating: 0)
    private var spilled: [UInt] = []
    /// The bytes the entries past the inline ones take, for memory reports.
    var spilledBytes: Int { spilled.storageBytes }

    private var count: Int {
        guard spilled.isEmpty else { return inline.count + spilled.count }
        for place in 0..<inline.count where inline[place] == 0 { return place }
        return inline.count
    }

    /// Lists `constraint` in `item`'s list, naming it as its first or second item; returns its
    /// place there.
    static func add(_ constraint: LayoutConstraint, to item: UncountedItem, asSecondItem: Bool) -> Int {
        let entry = UInt(bitPattern: Unmanaged.passUnretained(constraint).toOpaque()) | (asSecondItem ? 1 : 0)
        return item.object._withUnsafeGuaranteedRef { object in
            item.isGuide
                ? unsafeDowncast(object, to: LayoutGuide.self).references.append(entry)
                : unsafeDowncast(object, to: View.self).withLayoutState { $0.references.append(entry) }
        }
    }

    /// `item` as a guide, if it is one (LayoutGuide is final: comparing the class costs less
    /// than a cast, which a large tree's constraints pay twice each).
    private static func guide(_ item: LayoutItem) -> LayoutGuide? {
        type(of: item) == LayoutGuide.self ? unsafeDowncast(item, to: LayoutGuide.self) : nil
    }

    /// Removes `constraint`'s entry from `item`'s list, where it names the item first or
    /// second; the constraint moved into its place learns its new place.
    static func remove(_ constraint: LayoutConstraint, asSecondItem: Bool, from item: LayoutItem) {
        let place = constraint.referencePlace(asSecondItem: asSecondItem)
        let entry = UInt(bitPattern: Unmanaged.passUnretained(constraint).toOpaque()) | (asSecondItem ? 1 : 0)
        if let guide = guide(item) { return guide.references.remove(entry, at: place) }
        (item as! View).layoutState.references.remove(entry, at: place)
    }

    private func entry(at place: Int) -> UInt {
        place < inline.count ? inline[place] : spilled[place - inline.count]
    }

    private mutating func setEntry(_ entry: UInt, at place: Int) {
        if place < inline.count { inline[place] = entry } else { spilled[place - inline.count] = entry }
    }

    private mutating func append(_ entry: UInt) -> Int {
        let place = count
        if place < inline.count { inline[place] = entry } else { spilled.append(entry) }
        return place
    }

    /// Removes `entry`, at `place` or, when its place is not known, wherever it is. A place is
    /// unknown only past the 2^24 − 2 places a constraint keeps (a move to a lower place tells
    /// it), so the search runs from the end: it passes at most the entries past that.
    private mutating func remove(_ entry: UInt, at place: Int?) {
        let found = place ?? (0..<count).reversed().first { self.entry(at: $0) == entry }
        guard let found else { return }
        remove(at: found)
    }

    private mutating func remove(at place: Int) {
        let lastPlace = count - 1, last = entry(at: lastPlace)
        if lastPlace >= inline.count { spilled.removeLast() } else { inline[lastPlace] = 0 }
        guard place < lastPlace else { return }
        setEntry(last, at: place)
        Self.constraint(last)._withUnsafeGuaranteedRef { $0.referenceMoved(to: place, asSecondItem: last & 1 == 1) }
    }

    private static func constraint(_ entry: UInt) -> Unmanaged<LayoutConstraint> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: entry & ~1)!)
    }

    /// The listed constraints.
    var constraints: [LayoutConstraint] {
        (0..<count).map { Self.constraint(entry(at: $0)).takeUnretainedValue() }
    }

    /// The item is dying: the constraints forget it.
    mutating func itemWillDie() {
        for place in 0..<count {
            let entry = entry(at: place)
            Self.constraint(entry)._withUnsafeGuaranteedRef { $0.itemWillDie(asSecondItem: entry & 1 == 1) }
        }
        inline = InlineArray(repeating: 0)
        spilled = []
    }
}
