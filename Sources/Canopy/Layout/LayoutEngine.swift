import CCanopy
import Foundation

/// A window's Auto Layout: when constraints, intrinsic sizes or the frames they depend on
/// change, the next update cycle solves the system in the C core and gives every item its
/// frame, rounded to the screen's pixel grid. A tree outside any window is laid out by an
/// engine made for one call of `layoutIfNeeded()` (``layOutDetachedTree(_:)``).
///
/// The system is kept between solves. A change of structure (constraints activated or
/// deactivated, views added or removed, margins, guides, directions) drops it, and the next
/// solve collects it from the tree again; an edit that leaves its shape alone (a constant, a
/// priority, a frame, an intrinsic size, the window's size) is written into it in place. When
/// only constants changed and substitution settled the latest solve, the core carries the new
/// constants through its record of that solve instead of solving again, visiting only what
/// they reach. After a solve, only the items whose values changed, or whose parent moved, get
/// new frames.
final class LayoutEngine {
    /// The window, or the top-most view of a tree outside any window, whose tree this lays out.
    unowned let root: View
    /// Whether the next update cycle solves.
    private(set) var needsSolve = false
    let workspace = Workspace()
    /// The core's record of the latest solve, through which new constants are carried.
    private let record = SolveRecord()
    /// Whether `record` holds the solve that `solution` came from.
    private var recordHoldsSolution = false
    /// The latest solve's system, while its shape holds.
    private var system: LayoutSystem?
    /// Views and constraints edited since the latest solve, for the kept system.
    private var editedViews: [View] = []
    private var editedConstraints: [LayoutConstraint] = []
    /// The latest solve's outputs, which the items' frames were set from; `nil` when every
    /// frame must be set.
    private var solution: Solution?
    /// The views the latest solve left with undetermined attributes.
    private var ambiguousViews: [View] = []
    /// The latest solve's findings.
    private(set) var report = LayoutReport()
    /// Where independent blocks are solved at once, made for the window's thread count.
    private var laneStorage: SolveLanes?
    /// The system the latest solve failed on, and how: a solve of the same system, bit for bit,
    /// would fail the same way (a large one after seconds), so it is not tried again.
    private var failure: (system: LayoutSystem, error: CoreError)?
    /// Counts changes of structure, so that a solve can tell whether one came while it ran
    /// (from an observer of a frame it set, say): its system is then not kept.
    private var structureChanges = 0
    /// Whether a solve is under way; a solve asked for meanwhile (a handler's
    /// `layoutIfNeeded()`) waits for the next round.
    private(set) var isSolving = false
    /// Views and guides taken out of the window while a solve runs. A solve reads its items
    /// without counted references (see `LayoutSystem.itemReferences`), and a handler it calls
    /// (an observer of a frame, an `intrinsicContentSize`) may remove an item and drop the last
    /// reference to it: kept here, the item outlives the solve.
    private var retiredItems: [LayoutItem] = []

    init(root: View) { self.root = root }

    /// Collects, solves and applies the constraints of `root`'s tree, which is in no window,
    /// at once, if any view in it holds one. Nothing tells such a tree's engine of changes, so
    /// nothing is kept between calls; a solve that fails leaves the frames as they were
    /// (`layoutIfNeeded()` has nowhere to report it).
    static func layOutDetachedTree(_ root: View) {
        // No window hears of a view removed meanwhile (see `retire`): the tree is held instead.
        var held: [LayoutItem] = []
        var holdsConstraints = false
        root.forEachInSubtree { view in
            held.append(view)
            held.append(contentsOf: view.layoutGuides as [LayoutItem])
            guard let state = view.layoutStateStorage else { return }
            holdsConstraints = holdsConstraints || !state.constraints.isEmpty
        }
        guard holdsConstraints else { return }
        defer { withExtendedLifetime(held) {} }
        let engine = LayoutEngine(root: root)
        engine.needsSolve = true
        _ = try? engine.solveIfNeeded()
    }

    /// `item` left the window (or its owning view): kept alive until the running solve, if
    /// any, ends; then the structure changed.
    func retire(_ item: LayoutItem) {
        if isSolving { retiredItems.append(item) }
        if let view = item as? View, !ambiguousViews.isEmpty { forgetAmbiguity(under: view) }
        markDirty()
    }

    /// The views of a subtree that left the window are no longer ambiguous here, nor listed
    /// (the list would keep them alive until the next solve).
    private func forgetAmbiguity(under view: View) {
        var leaving = Set<ObjectIdentifier>()
        view.forEachInSubtree { member in
            guard let settings = member.layoutSettings, !settings.ambiguousAttributes.isEmpty else { return }
            settings.ambiguousAttributes = []
            leaving.insert(ObjectIdentifier(member))
        }
        if !leaving.isEmpty { ambiguousViews.removeAll { leaving.contains(ObjectIdentifier($0)) } }
    }

    /// The structure changed: the next update cycle collects the system again.
    func markDirty() {
        structureChanges += 1
        dropKeptSystem()
        requestSolve()
    }

    /// Drops the kept system and the edits waiting for it. Edits are recorded only against a
    /// kept system, so without one there are none: a tree built view by view marks the engine
    /// dirty once per view, and clearing the lists each time cost two exclusivity checks.
    private func dropKeptSystem() {
        guard system != nil else { return }
        system = nil
        editedViews = []
        editedConstraints = []
    }

    /// `constraint`'s constant or priority changed.
    func constraintDidChange(_ constraint: LayoutConstraint) {
        guard hasRoomForEdits else { return markDirty() }
        editedConstraints.append(constraint)
        requestSolve()
    }

    /// A constraint kept as a record of the window's table was made an object: it learns its
    /// row in the kept system, so that a change of its constant is an edit there.
    func noteMade(_ constraint: LayoutConstraint, fromRecord place: Int) {
        if let row = system?.row(ofTableRecord: place) { constraint.engineRow = Int32(row) }
    }

    /// A view changed its frame, mask, intrinsic size or content priorities: an edit of the
    /// kept system if the view takes part in it.
    func itemDidChange(_ view: View) {
        guard takesPart(view) else { return }
        guard hasRoomForEdits else { return markDirty() }
        editedViews.append(view)
        requestSolve()
    }

    /// Whether `view` is an item of the kept system; without one (a solve is due, or the last
    /// one failed), any view might be.
    func takesPart(_ view: View) -> Bool {
        // Read through optional chaining, which borrows the system: binding it, or mapping
        // it, may copy it (a retain and release of each of its arrays).
        system == nil || system?.recordedIndex(of: view) != nil
    }

    /// Whether there is a kept system and fewer edits waiting than it has rows (past that,
    /// collecting it again costs less than the list of edits, which could grow without bound).
    private var hasRoomForEdits: Bool {
        guard let rowCount = system?.rows.count else { return false }
        return editedViews.count + editedConstraints.count < rowCount
    }

    /// Whether a solve is due and can run now (not inside one under way).
    var canSolve: Bool { needsSolve && !isSolving }

    private func requestSolve() {
        guard !needsSolve else { return }
        needsSolve = true
        root.setNeedsLayout()
    }

    /// Solves and applies the frames if anything changed since the last solve.
    /// - Returns: The problems found, for the update cycle's report.
    func solveIfNeeded() throws(CoreError) -> [UpdateCycleReport.Problem] {
        guard canSolve else { return [] }
        needsSolve = false
        return try solving { () throws(CoreError) in try solveAndApply() }
    }

    /// Runs `body` as the solve under way, then lets go of the items retired meanwhile.
    private func solving<R>(_ body: () throws(CoreError) -> R) throws(CoreError) -> R {
        isSolving = true
        defer {
            isSolving = false
            // Released after the flag is down, so that their deinits find no solve running.
            let retired = retiredItems
            retiredItems = []
            withExtendedLifetime(retired) {}
        }
        return try body()
    }

    private func solveAndApply() throws(CoreError) -> [UpdateCycleReport.Problem] {
        let changesBefore = structureChanges
        var stopwatch = Stopwatch()
        var durations = LayoutReport.Durations()
        var (system, edited) = updatedSystem()
        durations.collect = stopwatch.lap()
        // A handler called while collecting (an `intrinsicContentSize`) changed the structure:
        // the system no longer matches the tree, and the next round collects it again.
        guard structureChanges == changesBefore else { return [] }
        // The failed system was solved with its edited frames in: compared with them in.
        if failure != nil { system.referToEditedFrames() }
        if let failure, failure.system.hasTheInputs(of: system) {
            return [.layoutSolveFailed(reason: "\(failure.error.description); not solved again, as nothing it reads has changed")]
        }
        var moved = ItemSet(count: system.itemCount)
        let carried = edited != nil && carryNewConstants(of: &system, movingInto: &moved)
        if !carried {
            system.referToEditedFrames()
            do {
                moved = try solveInFull(system, everything: edited == nil)
            } catch {
                // Memory that ran out may be there next time; every other failure would repeat.
                if error.kind != .outOfMemory { failure = (system, error) }
                throw error
            }
        }
        failure = nil
        durations.solve = stopwatch.lap()
        for index in edited ?? [] { moved.insert(index) }
        let framesPlaced = placeItems(moved, of: system)
        durations.apply = stopwatch.lap()
        // A handler called while placing (an observer of a frame) changed the structure: the
        // findings would describe a tree that is gone, and the next round solves again.
        guard structureChanges == changesBefore else {
            report = LayoutReport()
            return []
        }
        // A carried change has no conflict, ambiguity or tie to report (it is refused where one
        // could appear): the findings stand.
        if !carried, let solution {
            report = findings(solution, of: system)
            durations.diagnose = stopwatch.lap()
        }
        report.solvedValues = solution?.values ?? []
        report.durations = durations
        report.reusedSystem = edited != nil
        report.carriedConstants = carried
        // Frames turned into constraints now say where those views were placed (rounded), as
        // a system collected from the tree would.
        system.newConstants = LayoutSystem.ConstantChanges()
        // Undetermined variables stay where this solve put them (a carry has written its own).
        if !carried, let solution { system.refer(to: solution.values) }
        // The system is kept unless the structure changed meanwhile (its edits would be lost).
        if system.refresh(views: framesPlaced, constraints: []) != nil, structureChanges == changesBefore {
            self.system = system
        }
        return (edited == nil ? system.invalidIntrinsicSizes : [])
            + report.conflicts.map { .unsatisfiableConstraints(log: $0.logMessage) }
            + report.ambiguities.map { .ambiguousLayout(item: $0.item, attributes: $0.attributes.map { "\($0)" }) }
            + report.tiedConstraints.map { .ambiguousLayout(item: $0.joined(separator: ", "), attributes: ["priority tie"]) }
    }

    /// The kept system with the edits written in, or a newly collected one (`edited` is then
    /// `nil`: every item is new).
    private func updatedSystem() -> (LayoutSystem, edited: [Int]?) {
        let views = editedViews, constraints = editedConstraints
        editedViews = []
        editedConstraints = []
        if var kept = system {
            system = nil  // the kept arrays are then referenced once, and change in place
            if let edited = kept.refresh(views: views, constraints: constraints) { return (kept, edited) }
        }
        solution = nil
        return (LayoutSystem(root: root), nil)
    }

    /// Carries the constants rewritten since the latest solve through the core's record of it,
    /// updating `solution` in place, and adds the items whose values changed to `moved`. The
    /// reference values are the new values. Returns false when the record cannot take the
    /// change (another part of a row changed, the latest solve was not settled by substitution,
    /// or a required row no longer holds); `solution` is then dropped, the reference values
    /// are the items' frames, as in a system collected anew, and a full solve is due.
    private func carryNewConstants(of system: inout LayoutSystem, movingInto moved: inout ItemSet) -> Bool {
        guard recordHoldsSolution, let changes = system.newConstants, var carried = solution else { return false }
        solution = nil
        // The reference values are the solution's values (after a solve and after a carry; the
        // edited views' frames wait apart): the system lets go of them, so that `carried` holds
        // its arrays alone and changes them in place, not a copy of a million views' 32 MB.
        system.reference = []
        report.solvedValues = []
        recordHoldsSolution = false
        var status = CNP_OK
        // A change of more than a sixteenth of the variables (a resize) moves most items: every
        // item is then taken as moved, rather than a list of the variables kept for each.
        let room = max(64, carried.values.count / 16)
        var changedCount: UInt32 = 0
        let changed = [UInt32](unsafeUninitializedCapacity: room) { buffer, count in
            status = system.withCoreSystem { problem in
                carried.withOutputs { output in
                    cnp_solve_changed_constants(
                        record.pointer, &problem, changes.rows, changes.previous, UInt32(changes.rows.count), &output,
                        buffer.baseAddress, UInt32(room), &changedCount, nil)
                }
            }
            count = status == CNP_OK ? min(Int(changedCount), room) : 0
        }
        guard status == CNP_OK else {
            system.referToFrames()
            return false
        }
        if Int(changedCount) > room {
            moved = ItemSet(count: system.itemCount, containingAll: true)
        } else {
            for variable in changed.lazy.map(Int.init) { moved.insert(system.item(ofVariable: variable)) }
        }
        system.refer(to: carried.values)
        solution = carried
        recordHoldsSolution = true
        return true
    }

    /// Adds what the engine keeps between solves to `memory`.
    func addMemory(to memory: inout WindowMemory) {
        memory.layoutSystem += (system?.bytes ?? 0) + (failure?.system.bytes ?? 0)
        memory.layoutSolution += solution?.bytes ?? 0
        memory.solveRecord += record.bytes
        memory.solverWorkspaces += workspace.residentBytes + (laneStorage?.residentBytes ?? 0)
    }

    /// Lanes for `threads` threads, but no more than there are processors (each lane keeps its
    /// own dense scratch memory), or `nil` for the calling thread alone.
    private func lanes(_ threads: Int) -> SolveLanes? {
        let count = min(threads, SolveLanes.processorCount)
        if laneStorage?.count != count { laneStorage = SolveLanes(count: count) }
        return laneStorage
    }

    /// Solves `system` from nothing, keeping the record of the solve. Returns the items whose
    /// values differ from the previous solution's, or every item.
    private func solveInFull(_ system: LayoutSystem, everything: Bool) throws(CoreError) -> ItemSet {
        let previous = everything ? nil : solution?.values
        solution = nil
        recordHoldsSolution = false
        let fresh = try Self.solve(system, in: workspace, recording: record, on: lanes((root as? Window)?.maximumLayoutThreads ?? 1))
        recordHoldsSolution = fresh.stats.recorded != 0
        // The record carries the next changes of constants without the workspace: its pages
        // go back until a change of shape solves in full again.
        if recordHoldsSolution { workspace.releasePages() }
        solution = fresh
        guard let previous, previous.count == fresh.values.count else {
            return ItemSet(count: system.itemCount, containingAll: true)
        }
        var moved = ItemSet(count: system.itemCount)
        let values = fresh.values
        for index in 0..<system.itemCount {
            if system.variables(ofItem: index).contains(where: { values[$0] != previous[$0] }) { moved.insert(index) }
        }
        return moved
    }

    /// Re-solves with `view`'s undetermined variables pulled 20 points further on (right, wider,
    /// down, taller) and applies the result: another layout the constraints allow equally.
    func exerciseAmbiguity(of view: View) throws(CoreError) {
        guard !isSolving else { return }
        try solving { () throws(CoreError) in try exerciseAmbiguityNow(of: view) }
    }

    private func exerciseAmbiguityNow(of view: View) throws(CoreError) {
        let changesBefore = structureChanges
        var system = LayoutSystem(root: root)
        // The items now record their places in this system: the kept one cannot read them.
        dropKeptSystem()
        guard structureChanges == changesBefore else { return }
        guard let index = system.index(of: view) else { return }
        let parts: [LayoutConstraint.Attribute] = [.left, .width, .top, .height]
        let ambiguous = view.layoutSettings?.ambiguousAttributes ?? []
        for (part, attribute) in parts.enumerated() where ambiguous.contains(attribute) {
            system.reference[system.variable(index, part)] += 20
        }
        // Tied rows of the view's are met first, or last, in turns: the view keeps its wish and
        // the rows it was tied with give way (the other label stretches), then the reverse.
        let tied = Self.tiedRows(of: index, in: system, solution: try Self.solve(system, in: workspace))
        if !tied.isEmpty {
            let settings = view.changedLayoutSettings
            settings.tiesExercisedFirst.toggle()
            for row in tied { system.nudgePriority(ofRow: row, up: settings.tiesExercisedFirst) }
        }
        solution = try Self.solve(system, in: workspace)
        recordHoldsSolution = false
        // The next solve collects again, from the frames set here.
        placeItems(ItemSet(count: system.itemCount, containingAll: true), of: system)
    }

    /// What a solve leaves: the values, and the states that the findings read. The rows'
    /// errors are not asked for: nothing reads them, and they took 8 bytes a row. The conflict
    /// groups are kept only when a required row broke (they are empty otherwise): a group
    /// without a broken row is not reported, and a carry of constants writes none.
    struct Solution {
        var values: [Double]
        var rowState: [UInt8]
        var variableState: [UInt8]
        var conflictGroup: [UInt32]
        var stats = cnp_solve_report()

        init(variableCount: Int, rowCount: Int) {
            values = Array(repeating: 0, count: variableCount)
            rowState = Array(repeating: 0, count: rowCount)
            variableState = Array(repeating: 0, count: variableCount)
            conflictGroup = Array(repeating: 0, count: rowCount)
        }

        /// Bytes held by the arrays.
        var bytes: Int {
            values.bytes + rowState.bytes + variableState.bytes + conflictGroup.bytes
        }

        /// Calls `body` with the core's view of the arrays, to be written.
        mutating func withOutputs<R>(_ body: (inout cnp_solution) -> R) -> R {
            values.withUnsafeMutableBufferPointer { values in
                rowState.withUnsafeMutableBufferPointer { rowState in
                    variableState.withUnsafeMutableBufferPointer { variableState in
                        conflictGroup.withUnsafeMutableBufferPointer { groups in
                            var output = cnp_solution(
                                values: values.baseAddress, row_error: nil, row_state: rowState.baseAddress,
                                variable_state: variableState.baseAddress,
                                conflict_group: groups.isEmpty ? nil : groups.baseAddress)
                            return body(&output)
                        }
                    }
                }
            }
        }
    }

    /// Solves `system` from nothing; with a `record`, builds on the dense blocks' answers kept
    /// there, and keeps in it what the next solve, or a change of constants, can build on.
    /// With `lanes`, many independent dense blocks are solved at once, to the same result.
    static func solve(
        _ system: LayoutSystem, in workspace: Workspace, recording record: SolveRecord? = nil,
        on lanes: SolveLanes? = nil
    ) throws(CoreError) -> Solution {
        var solution = Solution(variableCount: system.variableCount, rowCount: system.rows.count)
        var stats = cnp_solve_report()
        func run(on lanes: UnsafePointer<cnp_solve_lanes>?) -> cnp_status {
            system.withCoreSystem { problem in
                solution.withOutputs { output in
                    cnp_solve_on_lanes(workspace.pointer, &problem, &output, &stats, record?.pointer, lanes)
                }
            }
        }
        let status = lanes.map { $0.withCoreLanes(sharing: workspace) { run(on: $0) } } ?? run(on: nil)
        if let error = CoreError(status) { throw error }
        solution.stats = stats
        if stats.broken_rows == 0 { solution.conflictGroup = [] }
        return solution
    }

    /// Gives each item in `moved`, and each child item of one, its solved frame, parents first
    /// (so a superview has moved before its subviews are placed in it); a guide gets its
    /// layout frame. Edges are rounded to the pixel grid in window space, so that adjacent
    /// views stay adjacent.
    /// - Returns: The views placed that turn their frames into constraints.
    @discardableResult
    private func placeItems(_ moved: ItemSet, of system: LayoutSystem) -> [View] {
        guard let values = solution?.values else { return [] }
        var framesPlaced: [View] = []
        var toPlace = moved
        let root = self.root  // once: every read of an unowned reference checks the object
        let windowScale = root.window?.screen.scale ?? 1
        // Content origins are asked for only once every ancestor is placed, so they cannot
        // move meanwhile, and one memo serves the pass (keeping deep trees linear); siblings
        // mostly come one after another, so the last one found is kept at hand.
        var origins = ContentOrigins()
        // Read once: a layout pass inside an animation block animates the frames it places.
        let animationBlock = AnimationCapture.current
        var lastSuperview: UnsafeMutableRawPointer?
        var lastOrigin = CGPoint.zero
        var next = toPlace.first(from: 0)
        let changesBefore = structureChanges
        // A change of structure made meanwhile (an observer of a frame removed a view, say)
        // stops the placing: the items may be gone, and the next round solves again.
        while let index = next, structureChanges == changesBefore {
            if moved.contains(index) {
                for child in system.children(of: index) { toPlace.insert(Int(child)) }
            }
            next = toPlace.first(from: index + 1)
            let item = system.uncountedItem(index)
            let first = system.variable(index, 0)
            // Each view's edges land on its own pixel grid; a guide's on its window's. On a
            // grid of whole points (most windows) the scaling is skipped: it changes no bit.
            func rect(scale: CGFloat) -> CGRect {
                func rounded(_ value: Double) -> CGFloat {
                    scale == 1 ? CGFloat(value).rounded() : (CGFloat(value) * scale).rounded() / scale
                }
                let minX = rounded(values[first]), maxX = rounded(values[first] + values[first + 1])
                let minY = rounded(values[first + 2]), maxY = rounded(values[first + 2] + values[first + 3])
                return CGRect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
            }
            if !item.isGuide {
                // Uncounted: the system's items are alive while it is placed (see LayoutSystem).
                Unmanaged<View>.fromOpaque(item.object.toOpaque())._withUnsafeGuaranteedRef { view in
                    guard view !== root, let superview = view.superviewHandle else { return }
                    if superview.toOpaque() != lastSuperview {
                        lastSuperview = superview.toOpaque()
                        lastOrigin = origins.of(superview.takeUnretainedValue())
                    }
                    animationBlock?.note(view)
                    // Every view placed is in the root's window, whose scale is read once.
                    place(view, at: rect(scale: view.contentScaleFactor(inWindowOfScale: windowScale)), in: lastOrigin)
                    if view.translatesAutoresizingMaskIntoConstraints { framesPlaced.append(view) }
                }
            } else {
                let guide = unsafeDowncast(item.item, to: LayoutGuide.self), rect = rect(scale: windowScale)
                let origin = guide.owningView.map { origins.of($0) } ?? .zero
                let frame = rect.offsetBy(dx: -origin.x, dy: -origin.y)
                guard frame != guide.layoutFrame else { continue }
                guide.layoutFrame = frame
                // The owner may lay out by its guides (a scroll view takes its content size
                // from one).
                guide.owningView?.setNeedsLayout()
            }
        }
        return framesPlaced
    }

    /// Places `view` at `rect` (window space) in its superview, whose content origin is
    /// `origin`.
    private func place(_ view: View, at rect: CGRect, in origin: CGPoint) {
        let anchor = view.anchorPoint
        view.applyLayoutSolution(
            center: CGPoint(x: rect.minX - origin.x + anchor.x * rect.width, y: rect.minY - origin.y + anchor.y * rect.height),
            boundsSize: rect.size)
    }

    private func findings(_ solution: Solution, of system: LayoutSystem) -> LayoutReport {
        var report = LayoutReport()
        report.variables = solution.values.count
        report.rows = system.rows.count
        report.blocks = Int(solution.stats.blocks)
        report.largestBlock = Int(solution.stats.largest_block)
        report.recalledBlocks = Int(solution.stats.recalled_blocks)
        report.reusedBlocks = Int(solution.stats.reused_blocks)
        report.sparseBlocks = Int(solution.stats.sparse_blocks)
        report.substituted = Int(solution.stats.substituted)
        report.activeSetIterations = Int(solution.stats.active_set_iterations)
        report.warmStartedLevels = Int(solution.stats.warm_started_levels)
        let tied = solution.rowState.indices.filter { solution.rowState[$0] == UInt8(CNP_ROW_TIED.rawValue) }
        report.conflicts = conflicts(solution, of: system)
        report.ambiguities = ambiguities(solution, tiedRows: tied, of: system)
        report.tiedConstraints = tiedGroups(tied, of: system)
        report.solvedItems = SolvedItems(system.itemReferences)
        return report
    }

    private func conflicts(_ solution: Solution, of system: LayoutSystem) -> [LayoutReport.Conflict] {
        var groups: [UInt32: [Int]] = [:]
        for (row, group) in solution.conflictGroup.enumerated() where group != CNP_NO_CONFLICT_GROUP {
            groups[group, default: []].append(row)
        }
        return groups.keys.sorted().compactMap { key in
            let rows = groups[key]!
            guard let brokenRow = rows.first(where: { solution.rowState[$0] == UInt8(CNP_ROW_BROKEN.rawValue) }) else {
                return nil
            }
            return LayoutReport.Conflict(
                descriptions: rows.map(system.describe(row:)), constraints: rows.compactMap { system.constraint(ofRow: $0) },
                brokenDescription: system.describe(row: brokenRow), broken: system.constraint(ofRow: brokenRow))
        }
    }

    /// The rows tied in `solution` that name a variable of `item`.
    private static func tiedRows(of item: Int, in system: LayoutSystem, solution: Solution) -> [Int] {
        let variables = system.variables(ofItem: item)
        return solution.rowState.indices.filter { row in
            solution.rowState[row] == UInt8(CNP_ROW_TIED.rawValue)
                && system.termVariables(ofRow: row).contains { variables.contains($0) }
        }
    }

    /// The items with undetermined variables, each view's ``ambiguousAttributes`` updated;
    /// a view with a variable in a tied row is ambiguous in that attribute too (its frame
    /// depends on which of the tied rows gives way), but is reported with the ties.
    private func ambiguities(_ solution: Solution, tiedRows: [Int], of system: LayoutSystem) -> [LayoutReport.Ambiguity] {
        for view in ambiguousViews { view.layoutSettings?.ambiguousAttributes = [] }
        ambiguousViews = []
        let attributes: [LayoutConstraint.Attribute] = [.left, .width, .top, .height]
        for variable in tiedRows.flatMap(system.termVariables(ofRow:)) {
            // The root keeps its frame (and held here, a window would keep itself alive).
            guard let view = system.item(system.item(ofVariable: variable)) as? View, view !== root else { continue }
            markAmbiguous(view, in: [attributes[variable % 4]])
        }
        let ambiguous = UInt8(CNP_VARIABLE_AMBIGUOUS.rawValue)
        var found: [LayoutReport.Ambiguity] = []
        var variable = 0
        while let next = solution.variableState[variable...].firstIndex(of: ambiguous) {
            let index = system.item(ofVariable: next), variables = system.variables(ofItem: index)
            variable = variables.upperBound
            let free = zip(variables, attributes).filter { solution.variableState[$0.0] == ambiguous }.map(\.1)
            let item = system.item(index)
            if let view = item as? View { markAmbiguous(view, in: free) }
            found.append(LayoutReport.Ambiguity(item: Self.describe(item), layoutItem: item, attributes: free))
        }
        return found
    }

    /// Adds `attributes` to `view`'s ambiguous ones, listing the view the first time.
    private func markAmbiguous(_ view: View, in attributes: [LayoutConstraint.Attribute]) {
        let settings = view.changedLayoutSettings
        if settings.ambiguousAttributes.isEmpty { ambiguousViews.append(view) }
        for attribute in attributes where !settings.ambiguousAttributes.contains(attribute) {
            settings.ambiguousAttributes.append(attribute)
        }
    }

    /// The tied rows' descriptions, grouped by priority.
    private func tiedGroups(_ tiedRows: [Int], of system: LayoutSystem) -> [[String]] {
        var groups: [Float: [String]] = [:]
        for row in tiedRows {
            groups[system.rows[row].priority, default: []].append(system.describe(row: row))
        }
        return groups.keys.sorted(by: >).map { groups[$0]! }
    }

    static func describe(_ item: LayoutItem) -> String {
        if let guide = item as? LayoutGuide { return guide.description }
        return LayoutConstraint.name(of: item)
    }
}

/// Times the steps of a solve one after another: each lap is the time since the one before.
private struct Stopwatch {
    private let clock = ContinuousClock()
    private var last: ContinuousClock.Instant

    init() { last = clock.now }

    mutating func lap() -> Duration {
        let now = clock.now
        defer { last = now }
        return now - last
    }
}
