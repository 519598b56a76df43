import CCanopy
import Foundation

/// A window's Auto Layout: when constraints, intrinsic sizes or the frames they depend on
/// change, the next update cycle solves the system in the C core and gives every item its
/// frame, rounded to the screen's pixel grid.
///
/// The system is kept between solves. A change of structure (constraints activated or
/// deactivated, views added or removed, margins, guides, directions) drops it, and the next
/// solve collects it from the tree again; an edit that leaves its shape alone (a constant, a
/// priority, a frame, an intrinsic size, the window's size) is written into it in place. After
/// a solve, only the items whose values changed, or whose parent moved, get new frames.
final class LayoutEngine {
    unowned let window: Window
    /// Whether the next update cycle solves.
    private(set) var needsSolve = false
    let workspace = Workspace()
    /// The latest solve's system, while its shape holds.
    private var system: LayoutSystem?
    /// Views and constraints edited since the latest solve, for the kept system.
    private var editedViews: [View] = []
    private var editedConstraints: [LayoutConstraint] = []
    /// The values the items' frames were last set from; empty when every frame must be set.
    private var appliedValues: [Double] = []
    /// The views the latest solve left with undetermined attributes.
    private var ambiguousViews: [View] = []
    /// The latest solve's findings.
    private(set) var report = LayoutReport()

    init(window: Window) { self.window = window }

    /// The structure changed: the next update cycle collects the system again.
    func markDirty() {
        system = nil
        editedViews = []
        editedConstraints = []
        requestSolve()
    }

    /// `constraint`'s constant or priority changed.
    func constraintDidChange(_ constraint: LayoutConstraint) {
        guard hasRoomForEdits else { return markDirty() }
        editedConstraints.append(constraint)
        requestSolve()
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
        system.map { $0.recordedIndex(of: view) != nil } ?? true
    }

    /// Whether there is a kept system and fewer edits waiting than it has rows (past that,
    /// collecting it again costs less than the list of edits, which could grow without bound).
    private var hasRoomForEdits: Bool {
        guard let system else { return false }
        return editedViews.count + editedConstraints.count < system.rows.count
    }

    private func requestSolve() {
        guard !needsSolve else { return }
        needsSolve = true
        window.setNeedsLayout()
    }

    /// Solves and applies the frames if anything changed since the last solve.
    /// - Returns: The problems found, for the update cycle's report.
    func solveIfNeeded() throws(CoreError) -> [UpdateCycleReport.Problem] {
        guard needsSolve else { return [] }
        needsSolve = false
        let clock = ContinuousClock()
        var durations = LayoutReport.Durations()
        var system: LayoutSystem!
        var edited: [Int]?
        durations.collect = clock.measure { (system, edited) = updatedSystem() }
        let start = clock.now
        let solution = try Self.solve(system, in: workspace)
        durations.solve = clock.now - start
        var framesPlaced: [View] = []
        durations.apply = clock.measure { framesPlaced = apply(solution, of: system, edited: edited) }
        durations.diagnose = clock.measure { report = findings(solution, of: system) }
        report.durations = durations
        report.reusedSystem = edited != nil
        // Frames turned into constraints now say where those views were placed (rounded), as
        // a system collected from the tree would.
        if system.refresh(views: framesPlaced, constraints: []) != nil {
            system.reference = solution.values
            self.system = system
        }
        return report.conflicts.map { .unsatisfiableConstraints(log: $0.logMessage) }
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
        appliedValues = []
        return (LayoutSystem(root: window), nil)
    }

    /// Re-solves with `view`'s undetermined variables pulled 20 points further on (right, wider,
    /// down, taller) and applies the result: another layout the constraints allow equally.
    func exerciseAmbiguity(of view: View) throws(CoreError) {
        var system = LayoutSystem(root: window)
        guard let index = system.index(of: view) else { return }
        let parts: [LayoutConstraint.Attribute] = [.left, .width, .top, .height]
        for (part, attribute) in parts.enumerated() where view.layoutState.ambiguousAttributes.contains(attribute) {
            system.reference[system.variable(index, part)] += 20
        }
        let solution = try Self.solve(system, in: workspace)
        // The next solve collects again, from the frames set here.
        self.system = nil
        apply(solution, of: system, edited: nil)
    }

    struct Solution {
        var values: [Double]
        var rowState: [UInt8]
        var variableState: [UInt8]
        var conflictGroup: [UInt32]
        var stats = cnp_solve_report()
    }

    static func solve(_ system: LayoutSystem, in workspace: Workspace) throws(CoreError) -> Solution {
        let variableCount = system.reference.count, rowCount = system.rows.count
        var solution = Solution(
            values: Array(repeating: 0, count: variableCount), rowState: Array(repeating: 0, count: rowCount),
            variableState: Array(repeating: 0, count: variableCount), conflictGroup: Array(repeating: 0, count: rowCount))
        var rowError = [Double](repeating: 0, count: rowCount)
        let status = system.rows.withUnsafeBufferPointer { rows in
            system.terms.withUnsafeBufferPointer { terms in
                system.reference.withUnsafeBufferPointer { reference in
                    var problem = cnp_system(
                        variable_count: UInt32(variableCount), row_count: UInt32(rowCount),
                        term_count: UInt32(terms.count), rows: rows.baseAddress, terms: terms.baseAddress,
                        reference: reference.baseAddress)
                    return solution.values.withUnsafeMutableBufferPointer { values in
                        rowError.withUnsafeMutableBufferPointer { errors in
                            solution.rowState.withUnsafeMutableBufferPointer { rowState in
                                solution.variableState.withUnsafeMutableBufferPointer { variableState in
                                    solution.conflictGroup.withUnsafeMutableBufferPointer { groups in
                                        var output = cnp_solution(
                                            values: values.baseAddress, row_error: errors.baseAddress,
                                            row_state: rowState.baseAddress, variable_state: variableState.baseAddress,
                                            conflict_group: groups.baseAddress)
                                        return cnp_solve(workspace.pointer, &problem, &output, &solution.stats)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        if let error = CoreError(status) { throw error }
        return solution
    }

    /// Gives each view its solved frame, parents first (so a superview has moved before its
    /// subviews are placed in it), and each guide its layout frame. Edges are rounded to the
    /// pixel grid in window space, so that adjacent views stay adjacent. Only items whose
    /// values changed, that were `edited`, or whose parent item was placed are placed, unless
    /// `edited` is `nil` (every item is new).
    /// - Returns: The views placed that turn their frames into constraints.
    @discardableResult
    private func apply(_ solution: Solution, of system: LayoutSystem, edited: [Int]?) -> [View] {
        var framesPlaced: [View] = []
        let values = solution.values
        let everything = edited == nil || appliedValues.count != values.count
        var placed = [Bool](repeating: everything, count: system.itemCount)
        for index in edited ?? [] { placed[index] = true }
        let scale = window.screen.scale
        func rounded(_ value: Double) -> CGFloat { (CGFloat(value) * scale).rounded() / scale }
        // Siblings come one after another, so each superview's content origin is found once.
        var lastSuperview: View?
        var lastOrigin = CGPoint.zero
        for index in 0..<system.itemCount {
            let first = system.variable(index, 0), parent = Int(system.parentItem[index])
            if !placed[index] {
                let moved = (parent >= 0 && placed[parent]) || (first..<first + 4).contains { values[$0] != appliedValues[$0] }
                guard moved else { continue }
                placed[index] = true
            }
            let minX = rounded(values[first]), maxX = rounded(values[first] + values[first + 1])
            let minY = rounded(values[first + 2]), maxY = rounded(values[first + 2] + values[first + 3])
            let rect = CGRect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
            let item = system.item(index)
            if let guide = item as? LayoutGuide {
                let origin = guide.owningView.map { LayoutSystem.contentOrigin(of: $0) } ?? .zero
                guide.layoutFrame = rect.offsetBy(dx: -origin.x, dy: -origin.y)
            } else if let view = item as? View, view !== window, let superview = view.superview {
                if superview !== lastSuperview {
                    lastSuperview = superview
                    lastOrigin = LayoutSystem.contentOrigin(of: superview)
                }
                place(view, at: rect, in: lastOrigin)
                if view.translatesAutoresizingMaskIntoConstraints { framesPlaced.append(view) }
            }
        }
        appliedValues = values
        return framesPlaced
    }

    /// Places `view` at `rect` (window space) in its superview, whose content origin is
    /// `origin`.
    private func place(_ view: View, at rect: CGRect, in origin: CGPoint) {
        let state = view.layoutState
        state.isReceivingSolution = true
        let anchor = view.anchorPoint
        view.applyLayoutSolution(
            center: CGPoint(x: rect.minX - origin.x + anchor.x * rect.width, y: rect.minY - origin.y + anchor.y * rect.height),
            boundsSize: rect.size)
        state.isReceivingSolution = false
    }

    private func findings(_ solution: Solution, of system: LayoutSystem) -> LayoutReport {
        var report = LayoutReport()
        report.variables = solution.values.count
        report.rows = system.rows.count
        report.blocks = Int(solution.stats.blocks)
        report.largestBlock = Int(solution.stats.largest_block)
        report.substituted = Int(solution.stats.substituted)
        report.activeSetIterations = Int(solution.stats.active_set_iterations)
        report.conflicts = conflicts(solution, of: system)
        report.ambiguities = ambiguities(solution, of: system)
        report.tiedConstraints = tiedGroups(solution, of: system)
        report.solvedIndex = system.itemIndex
        report.solvedValues = solution.values
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
                descriptions: rows.map(system.describe(row:)), constraints: rows.compactMap(system.constraint(ofRow:)),
                brokenDescription: system.describe(row: brokenRow), broken: system.constraint(ofRow: brokenRow))
        }
    }

    /// The items with undetermined variables, each view's ``ambiguousAttributes`` updated.
    private func ambiguities(_ solution: Solution, of system: LayoutSystem) -> [LayoutReport.Ambiguity] {
        for view in ambiguousViews { view.layoutStateStorage?.ambiguousAttributes = [] }
        ambiguousViews = []
        let attributes: [LayoutConstraint.Attribute] = [.left, .width, .top, .height]
        let ambiguous = UInt8(CNP_VARIABLE_AMBIGUOUS.rawValue)
        var found: [LayoutReport.Ambiguity] = []
        var variable = 0
        while let next = solution.variableState[variable...].firstIndex(of: ambiguous) {
            let index = next / 4, first = system.variable(index, 0)
            variable = first + 4
            let free = (0..<4).filter { solution.variableState[first + $0] == ambiguous }.map { attributes[$0] }
            let item = system.item(index)
            if let view = item as? View {
                view.layoutState.ambiguousAttributes = free
                ambiguousViews.append(view)
            }
            found.append(LayoutReport.Ambiguity(item: Self.describe(item), layoutItem: item, attributes: free))
        }
        return found
    }

    /// Tied rows, grouped by priority.
    private func tiedGroups(_ solution: Solution, of system: LayoutSystem) -> [[String]] {
        var groups: [Double: [String]] = [:]
        for (row, state) in solution.rowState.enumerated() where state == UInt8(CNP_ROW_TIED.rawValue) {
            groups[system.rows[row].priority, default: []].append(system.describe(row: row))
        }
        return groups.keys.sorted(by: >).map { groups[$0]! }
    }

    static func describe(_ item: LayoutItem) -> String {
        if let guide = item as? LayoutGuide { return guide.description }
        return LayoutConstraint.name(of: item)
    }
}
