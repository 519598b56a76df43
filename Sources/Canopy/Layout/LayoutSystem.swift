import CCanopy
import Foundation

/// One window's Auto Layout problem as the C solver reads it: four variables per item (its
/// left, width, top and height in window space, transforms ignored as Auto Layout ignores
/// them) and one row per constraint or rule, in an order that does not depend on the order the
/// constraints were made or activated in, so that the answer does not either.
///
/// Rows are laid out so that an edit can be made in place (LayoutSystem+Refresh.swift): each
/// item's rules first, together, in item order, then the constraints.
struct LayoutSystem {
    /// Where a row came from (kept 4 bytes a row: see `RowOrigins`).
    enum Origin {
        /// An app's constraint.
        case constraint(LayoutConstraint)
        /// A rule Canopy adds for the item at `item` (its frame turned into constraints, its
        /// intrinsic size, the root's place).
        case rule(item: Int32, Rule)
        /// A constraint kept as a record of the window's table (see `ConstraintTable`), by its
        /// place there.
        case tableRecord(Int32)
    }

    /// Rows whose constants changed, each with the constant it had at the latest solve (the
    /// core's record keeps no copy of the constants).
    struct ConstantChanges {
        private(set) var rows: [UInt32] = []
        private(set) var previous: [Double] = []

        mutating func append(row: Int, previous constant: Double) {
            rows.append(UInt32(row))
            previous.append(constant)
        }

        var bytes: Int { rows.bytes + previous.bytes }
    }

    /// The views and guides with variables, level by level down the tree, each view before
    /// its guides.
    ///
    /// Items are held without counted references: a window's engine keeps its system between
    /// solves, and a counted window among the items would keep the window alive (counting the
    /// others would cost a retain and a release per item and solve).
    ///
    /// Why no read finds an item released: every item is in the root's tree when collected,
    /// where its superview (a guide: its owning view) keeps it. While collecting, `init(root:)`
    /// also holds the views and guides it found, so a handler it calls (an
    /// `intrinsicContentSize`) cannot release one. A window's engine drops its kept system at
    /// every change of structure, before an item can leave the tree and be released, and keeps
    /// every item taken out during a solve alive until that solve ends (`LayoutEngine.retire`).
    ///
    /// An item's identity (`UncountedItem.identity`, its address) is read without reading the
    /// item: it checks a recorded place, and a report keeps the list past the items' lives.
    private(set) var itemReferences: [UncountedItem] = []
    /// Each item's index, for a system whose items do not record it (a fitting one).
    private(set) var itemIndex = ItemIndexTable()
    /// Each item's parent item (a view's superview, a guide's owning view), or -1.
    private(set) var parentItem: [Int32] = []
    /// Each item's child items: `childItems[childStart[i] ..< childStart[i + 1]]`.
    private(set) var childStart: [Int32] = []
    private(set) var childItems: [Int32] = []
    /// Each item's rule rows: `ruleRowStart[i] ..< ruleRowStart[i + 1]`.
    private(set) var ruleRowStart: [Int32] = []
    private(set) var rows: [cnp_row] = []
    /// Each term's variable and coefficient, apart: the core reads them as two arrays.
    private(set) var termVariables: [UInt32] = []
    private(set) var termCoefficients = TermCoefficients()
    private(set) var origins = RowOrigins()
    /// The table of constraint records the rows were read from, if the window had one.
    private(set) var table: ConstraintTable?
    /// The row of each of the table's records that has one, made when first asked for.
    private var tableRecordRows: [Int32]?
    /// Rows whose constants come from the frame of a view without variables (a constraint
    /// with a multiplier on locations, held by such a view).
    var frameDependentRows: [Int] = []
    /// Rows whose constants come from a label's text (its baselines).
    var textDependentRows: [Int] = []
    /// The views whose intrinsic size was not a size (NaN, infinite or negative), found while
    /// rules were written; the dimension is left without rows.
    var invalidIntrinsicSizes: [UpdateCycleReport.Problem] = []
    /// Content origins found while rows are built or refreshed; emptied after, as frames move.
    var windowOrigins = ContentOrigins()
    /// Each variable's value in the current layout: where undetermined variables stay.
    var reference: [Double] = []
    /// The frames of views edited since the latest solve, which become their reference values
    /// before a full solve (`referToEditedFrames()`). Kept apart until then: a carry of
    /// constants makes every reference value the new solution's, and writing them at once
    /// would copy the reference values, which the solution shares.
    private var editedFrames: [(item: Int, frame: CGRect)] = []
    /// The rows whose constants were rewritten since the latest solve, with the constants they
    /// had, which the core can carry through its record of that solve; `nil` once some other
    /// part of a row changed (a priority, a relation, a coefficient), which takes a full solve.
    var newConstants: ConstantChanges? = ConstantChanges()
    /// What the root is pulled toward, for a fitting solve.
    let fitting: Fitting?
    /// Whether constraints and items remember their row and index (for edits in place).
    private let recordsPlaces: Bool
    /// Whether the items' recorded indices are this system's: then `index(of:)` reads them,
    /// with no hashing (a large tree's first cycle looks every constraint's items up).
    private let readsRecordedPlaces: Bool
    /// Whether the window lays out right to left or some view forces a direction.
    private(set) var mayHaveRightToLeft = true

    var itemCount: Int { itemReferences.count }
    /// Four variables an item: its left, width, top and height.
    var variableCount: Int { 4 * itemCount }

    func item(_ index: Int) -> LayoutItem { itemReferences[index].item }

    /// The item at `index`, read without counting a reference to it.
    func uncountedItem(_ index: Int) -> UncountedItem { itemReferences[index] }

    /// The variable of `item` for left (0), width (1), top (2) or height (3).
    static func variable(_ item: Int, _ part: Int) -> Int { 4 * item + part }

    /// The variable of `item` for `part`, numbered as the static `variable(_:_:)` numbers it.
    func variable(_ item: Int, _ part: Int) -> Int { Self.variable(item, part) }

    /// The four variables of `item`: left, width, top and height.
    func variables(ofItem item: Int) -> Range<Int> { variable(item, 0)..<variable(item + 1, 0) }

    /// The item `variable` belongs to.
    func item(ofVariable variable: Int) -> Int { variable / 4 }

    func index(of item: LayoutItem) -> Int? {
        guard readsRecordedPlaces else { return itemIndex[ObjectIdentifier(item)] }
        return recordedIndex(item.engineItem, of: item)
    }

    /// The index of an item read uncounted, as ``index(of:)-(LayoutItem)``.
    func index(of item: UncountedItem) -> Int? {
        guard readsRecordedPlaces else { return itemIndex[item.identity] }
        return recordedIndex(item.engineItem, of: item.identity)
    }

    /// The place a view read uncounted recorded here, or `nil` (also for a guide, and in a
    /// system whose items record no places).
    func recordedIndex(ofView item: UncountedItem) -> Int? {
        guard readsRecordedPlaces, !item.isGuide else { return nil }
        return recordedIndex(item.engineItem, of: item.identity)
    }

    /// `index` when it is `item`'s place here; a recorded index may be another system's.
    func recordedIndex(_ index: Int32, of item: LayoutItem) -> Int? { recordedIndex(index, of: ObjectIdentifier(item)) }

    /// `index` when it is the place here of the item with `identity`.
    private func recordedIndex(_ index: Int32, of identity: ObjectIdentifier) -> Int? {
        let index = Int(index)
        return index >= 0 && index < itemCount && itemReferences[index].identity == identity ? index : nil
    }

    /// What a fitting solve pulls the root's size toward, and how hard.
    struct Fitting {
        var size: CGSize
        var horizontal: LayoutPriority
        var vertical: LayoutPriority
    }

    /// Collects the active constraints held in `root`'s tree and the rules they bring in; the
    /// root keeps its size, or, when `fitting`, is pulled toward the fitting size.
    /// A window's own system (not a fitting one) records in each constraint and view its place.
    init(root: View, fitting: Fitting? = nil) {
        self.fitting = fitting
        recordsPlaces = fitting == nil
        readsRecordedPlaces = recordsPlaces
        // A window's own system reads its table's records; any other system first makes them
        // objects, as it collects only part of the window.
        let table = fitting == nil ? (root as? Window)?.pendingConstraints : nil
        if table == nil { root.storedWindow?.pendingConstraints?.makeAllObjects() }
        self.table = table
        let levels = Self.collect(in: root, clearingPlaces: readsRecordedPlaces)
        var needed = NeededItems(marksItems: readsRecordedPlaces, capacity: levels.count + 1)
        needed.insert(root)
        // Each constraint is counted once here and moved into its row's origin below: a large
        // tree's first cycle would otherwise count two references per constraint and drop one.
        let constraints = Self.activeConstraints(in: levels, needing: &needed, below: root)
        defer { constraints.deallocate() }
        if let table { Self.markItems(of: table, needing: &needed, below: root) }
        let collected = Collected(objects: constraints, table: table)
        mayHaveRightToLeft = root.effectiveUserInterfaceLayoutDirection == .rightToLeft
            || levels.contains { $0.semanticContentAttribute != .unspecified }
        let guides = register(needed, levels: levels, root: root)
        // Held to the end: the rules below call `intrinsicContentSize`, which may remove items.
        defer { withExtendedLifetime((levels, guides)) {} }
        listChildren()
        defer { windowOrigins = ContentOrigins() }
        referToFrames()
        ruleRowStart.reserveCapacity(itemCount + 1)
        // Rules take what they need; the constraints' rows are reserved exactly below (the
        // window keeps these arrays: room reserved for rules most items lack stayed unused).
        for index in itemReferences.indices {
            ruleRowStart.append(Int32(rows.count))
            addRules(index)
        }
        ruleRowStart.append(Int32(rows.count))
        // Sorting plain keys with positions, not the constraints themselves, keeps reference
        // counting out of the sort; in place, as the keys of a large tree take megabytes. Keys
        // are made in a loop: a closure would capture (copy) the system being built.
        var keys: [SortKey] = []
        keys.reserveCapacity(constraints.count + (table?.recordCount ?? 0))
        var termsNeeded = 0
        constraints.withMemoryRebound(to: Unmanaged<LayoutConstraint>.self) { handles in
            for (position, handle) in handles.enumerated() {
                handle._withUnsafeGuaranteedRef { constraint in
                    keys.append(sortKey(constraint, position: position))
                    termsNeeded += constraint.firstAttribute.termCount + constraint.secondAttribute.termCount
                }
            }
        }
        // Loops, not closures over the records: a closure calling a method of the system
        // would copy the system. Each of the table's items is looked up once, where its
        // records name it a few times each.
        var tablePlaces: [UInt64] = []
        tablePlaces.reserveCapacity(table?.itemCount ?? 0)
        for number in 0..<(table?.itemCount ?? 0) {
            tablePlaces.append(SortKey.packed(place(of: table.unsafelyUnwrapped.item(Int32(number)))))
        }
        for place in 0..<(table?.recordCount ?? 0) {
            let record = table.unsafelyUnwrapped.record(at: place)
            guard !record.isMade else { continue }
            keys.append(SortKey(record, places: tablePlaces, position: constraints.count + place))
            termsNeeded += record.firstAttribute.termCount + record.secondAttribute.termCount
        }
        SortKey.sort(&keys, in: collected)
        rows.reserveCapacity(rows.count + keys.count)
        origins.reserveCapacity(origins.count + keys.count)
        termVariables.reserveCapacity(termCount + termsNeeded)
        termCoefficients.reserveCapacity(termCount + termsNeeded)
        // Every position is in `keys` once: each constraint is moved out once.
        for key in keys {
            let position = Int(key.position)
            if let place = collected.recordPlace(position) {
                let parts = table.unsafelyUnwrapped.rowParts(ofRecord: place)
                addRow(parts, first: key.firstPlace, second: key.secondPlace, origin: .tableRecord(Int32(place)))
                continue
            }
            if recordsPlaces { constraints[position].engineRow = Int32(rows.count) }
            let constraint = constraints.moveElement(from: position)
            addRow(constraint.rowParts, first: key.firstPlace, second: key.secondPlace, origin: .constraint(constraint))
        }
    }

    /// A system with `other`'s items and none of its rows: where an edit's rows are rebuilt.
    init(itemsOf other: LayoutSystem) {
        itemReferences = other.itemReferences
        itemIndex = other.itemIndex
        table = other.table
        fitting = other.fitting
        recordsPlaces = false
        readsRecordedPlaces = other.readsRecordedPlaces
        mayHaveRightToLeft = other.mayHaveRightToLeft
    }

    // MARK: Collecting

    /// Every view, level by level (parents before children, and a whole level of the tree
    /// before the next: substitution then settles each level from the one above, in one sweep).
    /// With `clearingPlaces`, every view's and guide's recorded place is cleared on the way, so
    /// that the items can be marked as needed (`NeededItems`).
    private static func collect(in root: View, clearingPlaces: Bool) -> [View] {
        var levels: [View] = [root]
        var next = 0
        while next < levels.count {
            let view = levels[next]
            next += 1
            if clearingPlaces { view.engineItem = -1 }
            if clearingPlaces, let settings = view.layoutSettings {
                for guide in settings.guides { guide.engineItem = -1 }
            }
            levels.append(contentsOf: view.subviews)
        }
        return levels
    }

    /// The active constraints `levels` hold, in order, in a buffer the caller moves them out of
    /// and deallocates; their items are marked in `needed` on the way (one read of each
    /// constraint: a large tree's constraints do not stay in the cache between two walks). A
    /// holder is always its constraints' items' nearest common ancestor: a constraint is
    /// deactivated as an item leaves the holder's subtree, and its items cannot die before then
    /// (superviews keep their subviews, views their guides).
    private static func activeConstraints(
        in levels: [View], needing needed: inout NeededItems, below root: View
    ) -> UnsafeMutableBufferPointer<LayoutConstraint> {
        var count = 0
        levels.forEachLent { count += $0.layoutStateStorage?.constraints.count ?? 0 }
        let buffer = UnsafeMutableBufferPointer<LayoutConstraint>.allocate(capacity: count)
        var next = buffer.baseAddress!
        levels.forEachLent { view in
            guard let state = view.layoutStateStorage else { return }
            assert(state.constraints.array.allSatisfy(\.hasItems), "Canopy: an active constraint lost an item")
            // Marked by methods of `needed`, not by local functions: a local function capturing
            // it made every access a dynamic exclusivity check.
            state.constraints.withUnsafeBufferPointer { list in
                for constraint in list {
                    if let item = constraint.uncountedFirstItem { needed.need(item, below: root) }
                    if let item = constraint.uncountedSecondItem { needed.need(item, below: root) }
                    next.initialize(to: constraint)
                    next += 1
                }
            }
        }
        return buffer
    }

    /// Marks in `needed` the items of the table's records that are not objects: each item
    /// once, where its records name it a few times each.
    private static func markItems(of table: ConstraintTable, needing needed: inout NeededItems, below root: View) {
        var named = [Bool](repeating: false, count: table.itemCount)
        for place in 0..<table.recordCount {
            let record = table.record(at: place)
            guard !record.isMade else { continue }
            named[Int(record.first)] = true
            if record.second >= 0 { named[Int(record.second)] = true }
        }
        for number in named.indices where named[number] { needed.need(table.item(Int32(number))!, below: root) }
    }

    /// Registers the `needed` items, the constraints' items and the superviews that views
    /// turning their frames into constraints are placed in, up to `root`; in the order of
    /// `levels`, each view before its guides.
    /// - Returns: The guides registered.
    private mutating func register(_ needed: NeededItems, levels: [View], root: View) -> [LayoutGuide] {
        if !readsRecordedPlaces { itemIndex = ItemIndexTable(capacity: needed.count) }
        itemReferences.reserveCapacity(needed.count)
        var guides: [LayoutGuide] = []
        parentItem.reserveCapacity(needed.count)
        levels.forEachLent { view in
            guard needed.contains(view) else { return }
            register(UncountedItem(view: view), parent: view === root ? nil : view.superviewHandle)
            for guide in view.layoutSettings?.guides ?? [] where needed.contains(guide) {
                register(UncountedItem(guide: guide), parent: .passUnretained(view))
                guides.append(guide)
            }
        }
        return guides
    }

    /// Fills `childStart` and `childItems` from `parentItem` (a counting sort, so each item's
    /// children stay in item order).
    private mutating func listChildren() {
        childStart = Array(repeating: 0, count: itemCount + 1)
        for parent in parentItem where parent >= 0 { childStart[Int(parent) + 1] += 1 }
        for index in 0..<itemCount { childStart[index + 1] += childStart[index] }
        var cursor = childStart
        childItems = Array(repeating: 0, count: Int(childStart[itemCount]))
        for (child, parent) in parentItem.enumerated() where parent >= 0 {
            childItems[Int(cursor[Int(parent)])] = Int32(child)
            cursor[Int(parent)] += 1
        }
    }

    func children(of index: Int) -> ArraySlice<Int32> {
        childItems[Int(childStart[index])..<Int(childStart[index + 1])]
    }

    /// Gives `item` the next index; `parent`, its superview or owning view, has one already
    /// unless it is outside the system.
    private mutating func register(_ item: UncountedItem, parent: Unmanaged<View>?) {
        if recordsPlaces { item.engineItem = Int32(itemCount) } else { itemIndex.insert(item.identity, index: itemCount) }
        var parentIndex = -1
        if let parent, let index = index(of: UncountedItem(view: parent)) { parentIndex = index }
        parentItem.append(Int32(parentIndex))
        itemReferences.append(item)
    }

    // MARK: Geometry

    /// Where the item at `index` is laid out in window space, noting a view's content origin
    /// (where its bounds origin lies) in `contentOrigins`. An item whose parent is an item
    /// (come before it) is placed from the parent's content origin in one step; the others
    /// walk up through `windowOrigins`. The item is read uncounted: `init(root:)` holds every
    /// item while it runs.
    private mutating func layoutRect(ofItem index: Int, contentOrigins: inout [CGPoint]) -> CGRect {
        let item = uncountedItem(index), parent = Int(parentItem[index])
        return item.object._withUnsafeGuaranteedRef { object in
            if item.isGuide {
                let guide = unsafeDowncast(object, to: LayoutGuide.self)
                guard parent >= 0 else { return windowOrigins.layoutRect(of: guide) }
                return guide.layoutFrame.offsetBy(dx: contentOrigins[parent].x, dy: contentOrigins[parent].y)
            }
            let view = unsafeDowncast(object, to: View.self)
            let rect = parent >= 0
                ? view.untransformedFrame.offsetBy(dx: contentOrigins[parent].x, dy: contentOrigins[parent].y)
                : windowOrigins.layoutRect(of: view)
            contentOrigins[index] = CGPoint(x: rect.minX - view.bounds.minX, y: rect.minY - view.bounds.minY)
            return rect
        }
    }

    private mutating func appendReference(_ rect: CGRect) {
        reference.append(Double(rect.minX))
        reference.append(Double(rect.width))
        reference.append(Double(rect.minY))
        reference.append(Double(rect.height))
    }

    /// Points the item's variables' reference values at `rect`.
    private mutating func setReference(ofItem index: Int, to rect: CGRect) {
        let first = variable(index, 0)
        reference[first] = Double(rect.minX)
        reference[first + 1] = Double(rect.width)
        reference[first + 2] = Double(rect.minY)
        reference[first + 3] = Double(rect.height)
    }

    /// Notes `frame` as the reference of item `index`'s variables, for the next full solve.
    mutating func noteEditedFrame(ofItem index: Int, _ frame: CGRect) {
        editedFrames.append((index, frame))
    }

    /// Points the edited views' variables' reference values at their frames: before a full
    /// solve.
    mutating func referToEditedFrames() {
        for (item, frame) in editedFrames { setReference(ofItem: item, to: frame) }
        editedFrames = []
    }

    /// Makes the reference values `values` (a carry's new solution), the edited views' too.
    mutating func refer(to values: [Double]) {
        reference = values
        editedFrames = []
    }

    /// Points every variable's reference value at its item's frame, as collecting does.
    mutating func referToFrames() {
        editedFrames = []
        reference = []
        reference.reserveCapacity(variableCount)
        defer { windowOrigins = ContentOrigins() }
        var contentOrigins = [CGPoint](repeating: .zero, count: itemCount)
        for index in itemReferences.indices {
            appendReference(layoutRect(ofItem: index, contentOrigins: &contentOrigins))
        }
    }

    // MARK: Rows

    mutating func append(
        _ row: [(Int, Double)], _ relation: LayoutConstraint.Relation, _ constant: CGFloat, _ priority: LayoutPriority,
        _ origin: Origin
    ) {
        let start = termCount
        for (variable, coefficient) in row { appendTerm(variable, coefficient) }
        append(termsFrom: start, relation, Double(constant), priority, origin)
    }

    /// Appends the row `variable` (relation) `constant`.
    mutating func append(
        _ variable: Int, _ relation: LayoutConstraint.Relation, _ constant: CGFloat, _ priority: LayoutPriority, _ origin: Origin
    ) {
        let start = termCount
        appendTerm(variable, 1)
        append(termsFrom: start, relation, Double(constant), priority, origin)
    }

    /// Appends a row whose terms were appended to `terms` from `firstTerm` on.
    mutating func append(
        termsFrom firstTerm: Int, _ relation: LayoutConstraint.Relation, _ constant: Double, _ priority: LayoutPriority,
        _ origin: Origin
    ) {
        rows.append(
            cnp_row(
                first_term: UInt32(firstTerm), term_count: UInt32(termCount - firstTerm), constant: constant,
                priority: priority.rawValue, relation: relation.cnpRelation))
        origins.append(origin)
    }

    // Inlined: every row appends its terms through here, to two arrays.
    @inline(__always)
    mutating func appendTerm(_ variable: Int, _ coefficient: Double) {
        termVariables.append(UInt32(variable))
        termCoefficients.append(coefficient)
    }

    /// The number of terms over all rows.
    var termCount: Int { termVariables.count }

    /// Overwrites the rows from `start` on with `fresh`'s rows (constants, priorities,
    /// relations, coefficients, origins), noting in `newConstants` what changed.
    /// Returns false, having changed only rows that match, when the shapes differ: another row
    /// count, or a row with other variables.
    mutating func overwriteRows(from start: Int, count: Int, with fresh: LayoutSystem) -> Bool {
        guard fresh.rows.count == count, start + count <= rows.count else { return false }
        for k in 0..<count {
            let new = fresh.rows[k], old = rows[start + k]
            guard new.term_count == old.term_count else { return false }
            for t in 0..<Int(new.term_count) {
                let freshTerm = Int(new.first_term) + t, term = Int(old.first_term) + t
                guard fresh.termVariables[freshTerm] == termVariables[term] else { return false }
                let coefficient = fresh.termCoefficients[freshTerm]
                if coefficient != termCoefficients[term] { newConstants = nil }
                termCoefficients[term] = coefficient
            }
            if new.priority != old.priority || new.relation != old.relation {
                newConstants = nil
            } else if new.constant != old.constant {
                newConstants?.append(row: start + k, previous: old.constant)
            }
            rows[start + k] = cnp_row(
                first_term: old.first_term, term_count: old.term_count, constant: new.constant, priority: new.priority,
                relation: new.relation)
            origins[start + k] = fresh.origins[k]
        }
        return true
    }

    /// Whether `other` gives the core the same input, bit for bit: rows, terms and reference
    /// values. Fields are compared one by one, numbers by their bits.
    func hasTheInputs(of other: LayoutSystem) -> Bool {
        guard rows.count == other.rows.count, termCount == other.termCount, reference.count == other.reference.count
        else { return false }
        for (a, b) in zip(rows, other.rows)
        where a.first_term != b.first_term || a.term_count != b.term_count || a.relation != b.relation
            || a.constant.bitPattern != b.constant.bitPattern || a.priority.bitPattern != b.priority.bitPattern
        {
            return false
        }
        return termVariables == other.termVariables
            && termCoefficients.hasTheBits(of: other.termCoefficients)
            && zip(reference, other.reference).allSatisfy { $0.bitPattern == $1.bitPattern }
    }

    /// Bytes held by the system's arrays.
    var bytes: Int {
        itemReferences.bytes + itemIndex.bytes + parentItem.bytes + childStart.bytes
            + childItems.bytes + ruleRowStart.bytes + rows.bytes + termVariables.bytes + termCoefficients.bytes
            + origins.bytes + reference.bytes
            + frameDependentRows.bytes + textDependentRows.bytes + (newConstants?.bytes ?? 0)
    }

    /// Calls `body` with the core's view of the system. The reference values are empty only
    /// while a carry of constants runs (see `LayoutEngine`), which reads none.
    func withCoreSystem<R>(_ body: (inout cnp_system) -> R) -> R {
        rows.withUnsafeBufferPointer { rows in
            termVariables.withUnsafeBufferPointer { variables in
                termCoefficients.withCoreArrays { doubles, singles, halves in
                    reference.withUnsafeBufferPointer { reference in
                        var problem = cnp_system(
                            variable_count: UInt32(variableCount), row_count: UInt32(rows.count),
                            term_count: UInt32(variables.count), rows: rows.baseAddress,
                            term_variables: variables.baseAddress, term_coefficients: doubles,
                            term_coefficients_single: singles, term_coefficient_halves: halves,
                            reference: reference.isEmpty ? nil : reference.baseAddress)
                        return body(&problem)
                    }
                }
            }
        }
    }

    /// A readable description of the row's origin: the constraint, or the rule.
    func describe(row: Int) -> String {
        switch origins[row] {
        case .constraint, .tableRecord: constraint(ofRow: row)!.description
        case .rule(let index, let rule): rule.description(of: item(Int(index)), value: CGFloat(rows[row].constant))
        }
    }

    /// The variables `row` names.
    func termVariables(ofRow row: Int) -> some Collection<Int> {
        let first = Int(rows[row].first_term)
        return termVariables[first..<first + Int(rows[row].term_count)].lazy.map { Int($0) }
    }

    /// Moves `row` just above its priority level (`up`) or just below it, as its own level: it
    /// is then met before, or after, the rows it was tied with. Required rows stay required.
    mutating func nudgePriority(ofRow row: Int, up: Bool) {
        let priority = rows[row].priority, required = LayoutPriority.required.rawValue
        guard priority < required else { return }
        // Half a step, or less near the ends: optional priorities are in [1, 1000). A priority
        // a few units in the last place from an end has no room: it stays where it is.
        let nudged = priority + (up ? min(0.5, (required - priority) / 2) : -min(0.5, (priority - 1) / 2))
        if nudged != priority, nudged < required { rows[row].priority = nudged }
    }

    /// The constraint a row came from, if an app's constraint. One kept as a record is made an
    /// object, or, unless `makingRecords`, left as it is (`nil`).
    func constraint(ofRow row: Int, makingRecords: Bool = true) -> LayoutConstraint? {
        switch origins[row] {
        case .constraint(let constraint): constraint
        case .tableRecord(let place): makingRecords ? table!.object(at: Int(place)) : table!.madeObject(at: Int(place))
        case .rule: nil
        }
    }

    /// The row of the table's record at `place`, if it has one here.
    mutating func row(ofTableRecord place: Int) -> Int? {
        if tableRecordRows == nil, let table {
            var rowOfRecord = [Int32](repeating: -1, count: table.count)
            for row in 0..<origins.count {
                if case .tableRecord(let place) = origins[row] { rowOfRecord[Int(place)] = Int32(row) }
            }
            tableRecordRows = rowOfRecord
        }
        guard let row = tableRecordRows?[place], row >= 0 else { return nil }
        return Int(row)
    }
}

/// The items that need variables, marked while a system is collected: in the items themselves
/// for a window's system (whose items record their places in it anyway, and were cleared on
/// the way), in a table for a fitting one.
private struct NeededItems {
    /// The mark, below every place (-1 is none).
    private static let mark: Int32 = -2
    private var table: ItemIndexTable?
    private(set) var count = 0

    init(marksItems: Bool, capacity: Int) {
        table = marksItems ? nil : ItemIndexTable(capacity: capacity)
    }

    /// Marks `item`; returns false when it was marked already.
    @discardableResult
    mutating func insert(_ item: LayoutItem) -> Bool {
        let inserted: Bool
        if table != nil {
            inserted = table!.insert(ObjectIdentifier(item), index: 0)
        } else {
            inserted = item.engineItem != Self.mark
            item.engineItem = Self.mark
        }
        if inserted { count += 1 }
        return inserted
    }

    /// Marks `item` as ``insert(_:)-(LayoutItem)`` does, without counting a reference to it.
    @discardableResult
    mutating func insert(_ item: UncountedItem) -> Bool {
        guard table == nil else { return insert(item.item) }
        let inserted = item.engineItem != Self.mark
        item.engineItem = Self.mark
        if inserted { count += 1 }
        return inserted
    }

    /// Marks a constraint's item, read uncounted (most items are views that keep their frames
    /// out of it), as ``need(_:below:)-(LayoutItem,_)``.
    mutating func need(_ item: UncountedItem, below root: View) {
        guard !item.isGuide else { return need(item.item, below: root) }
        guard insert(item) else { return }
        let translates = item.object._withUnsafeGuaranteedRef {
            unsafeDowncast($0, to: View.self).translatesAutoresizingMaskIntoConstraints
        }
        if translates { needSuperviews(of: unsafeDowncast(item.item, to: View.self), below: root) }
    }

    /// Marks a constraint's item (a margins guide: its view) and the superviews a view turning
    /// its frame into constraints is placed in, up to `root`. Items are told apart by their
    /// class, as `engineItem` does: a cast per item costs more than the rest of the walk (and
    /// only views and guides can be items).
    mutating func need(_ item: LayoutItem, below root: View) {
        guard type(of: item) != LayoutGuide.self else {
            let guide = unsafeDowncast(item, to: LayoutGuide.self)
            if guide.isMarginsGuide, let owner = guide.owningView { need(owner, below: root) } else { insert(guide) }
            return
        }
        let view = unsafeDowncast(item, to: View.self)
        if insert(view) { needSuperviews(of: view, below: root) }
    }

    private mutating func needSuperviews(of view: View, below root: View) {
        var view = view
        while view !== root, view.translatesAutoresizingMaskIntoConstraints, let superview = view.superview, insert(superview) {
            view = superview
        }
    }

    func contains(_ item: LayoutItem) -> Bool {
        if let table { return table.contains(ObjectIdentifier(item)) }
        return item.engineItem == Self.mark
    }
}

extension LayoutItem {
    /// The item's place in its window's latest system: a view's or a guide's `engineItem`
    /// (comparing the class, as LayoutGuide is final, costs less than a cast). Only for items
    /// the system collected: a constraint cannot be made with any other kind of item (see
    /// UncountedItem.init), where an app's own LayoutItem type would be misread.
    var engineItem: Int32 {
        get {
            type(of: self) == LayoutGuide.self
                ? unsafeDowncast(self, to: LayoutGuide.self).engineItem : unsafeDowncast(self, to: View.self).engineItem
        }
        set {
            if type(of: self) == LayoutGuide.self {
                unsafeDowncast(self, to: LayoutGuide.self).engineItem = newValue
            } else {
                unsafeDowncast(self, to: View.self).engineItem = newValue
            }
        }
    }
}

extension LayoutConstraint.Relation {
    var cnpRelation: Int32 {
        switch self {
        case .equal: Int32(CNP_RELATION_EQUAL.rawValue)
        case .lessThanOrEqual: Int32(CNP_RELATION_LESS_EQUAL.rawValue)
        case .greaterThanOrEqual: Int32(CNP_RELATION_GREATER_EQUAL.rawValue)
        }
    }
}

extension View {
    /// The frame as if the transform were the identity: where Auto Layout places the view.
    var untransformedFrame: CGRect {
        let size = geometry.bounds.size
        return CGRect(
            x: geometry.center.x - geometry.anchorPoint.x * size.width,
            y: geometry.center.y - geometry.anchorPoint.y * size.height, width: size.width, height: size.height)
    }
}
