import Foundation

/// The constraints a scene made, kept as records of numbers until something asks for them as
/// ``LayoutConstraint`` objects. A large tree's constraints were most of what building it and
/// holding it took: an object each (an 80-byte block) and an entry in each item's reference
/// list, where a record takes 24 bytes and layout reads it as it reads an object.
///
/// Nothing outside layout sees a record: every call that hands out a window's constraints, or
/// changes the hierarchy they live in, first makes the records objects, active and held as
/// if they had been activated one by one (``makeAllObjects()``). A single constraint asked for
/// by its place in the scene is made alone (``object(at:)``).
///
/// A table with records is pending in its window (`Window.pendingConstraints`). Its items are
/// then all in that window, where their superviews (a guide: its owning view) keep them, so
/// the records hold them uncounted; the hierarchy changes that could take one out make the
/// records objects first.
final class ConstraintTable {
    /// One constraint: its items' numbers among ``items``, and its parts. Declared widest
    /// first, with one byte of marks, a record takes 24 bytes (a scene of a million views makes
    /// four million); a multiplier other than 1, which few constraints have, is kept apart
    /// (``multiplier(ofRecord:)``).
    struct Record {
        var constant: CGFloat
        var first: Int32
        /// -1 for no second item.
        var second: Int32
        var priority: LayoutPriority
        var firstAttribute: LayoutConstraint.Attribute
        var secondAttribute: LayoutConstraint.Attribute
        var relation: LayoutConstraint.Relation
        private var marks: UInt8

        init(
            first: Int32, second: Int32, firstAttribute: LayoutConstraint.Attribute,
            secondAttribute: LayoutConstraint.Attribute, relation: LayoutConstraint.Relation,
            priority: LayoutPriority, constant: CGFloat, isMultiplied: Bool
        ) {
            (self.first, self.second, self.firstAttribute, self.secondAttribute, self.relation) =
                (first, second, firstAttribute, secondAttribute, relation)
            (self.priority, self.constant, marks) = (priority, constant, isMultiplied ? Self.multipliedMark : 0)
        }

        private static let madeMark: UInt8 = 1, multipliedMark: UInt8 = 2

        /// Whether the record was made an object (layout then reads the object).
        var isMade: Bool {
            get { marks & Self.madeMark != 0 }
            set { marks = newValue ? marks | Self.madeMark : marks & ~Self.madeMark }
        }

        /// Whether its multiplier is not 1 (the table keeps it).
        var isMultiplied: Bool { marks & Self.multipliedMark != 0 }
    }

    /// The window the records are pending in; `nil` once every one is an object.
    private var window: Unmanaged<Window>?
    // The items and records are unchecked for exclusivity: collecting a system reads them
    // once a constraint, no access reaches another, and the checks cost a third as much as
    // the rest of that read.
    /// The items, views first and then guides, as the records number them.
    @exclusivity(unchecked) private var items: [UncountedItem]
    @exclusivity(unchecked) private var records: [Record]
    /// The names of the records that have one, by place.
    private var identifiers: [Int: String]
    /// The multipliers other than 1, by place.
    private var multipliers: [Int: CGFloat]
    /// The objects made one at a time, by place, until all are made.
    private var madeAlone: [Int: LayoutConstraint] = [:]
    /// Every object, in the records' order, once all are made.
    private var madeAll: [LayoutConstraint]?

    init(
        window: Window, items: [UncountedItem], records: [Record], identifiers: [Int: String],
        multipliers: [Int: CGFloat]
    ) {
        self.window = .passUnretained(window)
        self.items = items
        self.records = records
        self.identifiers = identifiers
        self.multipliers = multipliers
    }

    /// The number of constraints, made or not.
    var count: Int { madeAll?.count ?? records.count }

    /// The number of records layout reads (see ``Record/isMade``): none once all are made.
    var recordCount: Int { records.count }

    /// The record at `place`.
    func record(at place: Int) -> Record { records[place] }

    /// The multiplier of the record at `place`.
    func multiplier(ofRecord place: Int) -> CGFloat {
        records[place].isMultiplied ? multipliers[place] ?? 1 : 1
    }

    /// The parts of the record at `place` as a row reads them.
    func rowParts(ofRecord place: Int) -> LayoutSystem.RowParts {
        let record = records[place]
        return LayoutSystem.RowParts(
            firstAttribute: record.firstAttribute, secondAttribute: record.secondAttribute, relation: record.relation,
            multiplier: multiplier(ofRecord: place), constant: record.constant, priority: record.priority,
            firstItem: item(record.first), secondItem: item(record.second))
    }

    /// The number of items the records number.
    var itemCount: Int { items.count }

    /// The item numbered `number` in the records (none for a negative number).
    func item(_ number: Int32) -> UncountedItem? { number < 0 ? nil : items[Int(number)] }

    /// The view that holds the record's constraint: its items' nearest common ancestor.
    func holder(ofRecord place: Int) -> View? {
        let record = records[place]
        guard let first = item(record.first)?.owningViewHandle else { return nil }
        guard let second = item(record.second) else { return first.takeUnretainedValue() }
        return second.owningViewHandle.flatMap { View.nearestCommonAncestor(of: first, and: $0)?.takeUnretainedValue() }
    }

    /// The constraint at `place`, made an object (and held, active) if it was not.
    func object(at place: Int) -> LayoutConstraint {
        if let madeAll { return madeAll[place] }
        if let made = madeAlone[place] { return made }
        let made = makeObject(at: place)
        madeAlone[place] = made
        return made
    }

    /// The constraint at `place` if it was made an object, without making it.
    func madeObject(at place: Int) -> LayoutConstraint? { madeAll?[place] ?? madeAlone[place] }

    /// Every constraint, in the records' order, each made an object if it was not. The window
    /// then no longer reads records: its next layout collects the objects, whose rows are the
    /// records' (a kept system stays as it is). Each holder lists them in the records' order,
    /// those made alone earlier included.
    @discardableResult
    func makeAllObjects() -> [LayoutConstraint] {
        if let madeAll { return madeAll }
        // Those made alone leave their holders' lists in one pass a holder (not one a
        // constraint: a holder may list millions) and go back in the records' order.
        let alone = Set(madeAlone.values.map(ObjectIdentifier.init))
        var holders: [ObjectIdentifier: View] = [:]
        for holder in madeAlone.values.compactMap(\.container) { holders[ObjectIdentifier(holder)] = holder }
        for holder in holders.values {
            holder.withLayoutState { $0.constraints.removeAll { alone.contains(ObjectIdentifier($0)) } }
        }
        let all = records.indices.map { place in
            guard let made = madeAlone[place] else { return makeObject(at: place) }
            made.container?.withLayoutState { $0.constraints.append(made) }
            return made
        }
        window?._withUnsafeGuaranteedRef { $0.pendingConstraints = nil }
        (window, items, records, identifiers, multipliers, madeAlone, madeAll) = (nil, [], [], [:], [:], [:], all)
        return all
    }

    /// The window is going: if a view of its tree stays (`outlived`), its constraints must stay
    /// with it, so they are made objects; otherwise the records go with the items.
    func windowWillDie(outlived: Bool) {
        if outlived { makeAllObjects() } else { (window, items, records) = (nil, [], []) }
    }

    /// Makes the record at `place` an object and holds it, as activating it would (its window
    /// hears nothing: the rows it read from the record stand).
    private func makeObject(at place: Int) -> LayoutConstraint {
        records[place].isMade = true
        let record = records[place]
        let constraint = LayoutConstraint(
            items[Int(record.first)], record.firstAttribute, record.relation, item(record.second),
            record.secondAttribute, multiplier: multiplier(ofRecord: place), constant: record.constant)
        if record.priority != .required { constraint.priority = record.priority }
        if let identifier = identifiers[place] { constraint.identifier = identifier }
        guard let holder = holder(ofRecord: place) else {
            preconditionFailure("Canopy: a scene's constraint \(constraint) lost its items' common ancestor")
        }
        holder.install(constraint)
        window?._withUnsafeGuaranteedRef { $0.layoutEngineStorage?.noteMade(constraint, fromRecord: place) }
        return constraint
    }

    /// The bytes the records and their items take, for memory reports (the objects made are
    /// counted where they are held).
    var bytes: Int { records.bytes + items.bytes + (madeAll?.bytes ?? 0) }
}
