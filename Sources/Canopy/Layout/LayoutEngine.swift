import CCanopy
import Foundation

/// A window's Auto Layout: when constraints, intrinsic sizes or the frames they depend on
/// change, the next update cycle collects the system, solves it in the C core and gives every
/// item its frame, rounded to the screen's pixel grid.
final class LayoutEngine {
    unowned let window: Window
    private(set) var isDirty = false
    let workspace = Workspace()
    /// The views of the latest solve (to clear their marks at the next one).
    private var solvedViews: [View] = []
    /// The latest solve's findings.
    private(set) var report = LayoutReport()

    init(window: Window) { self.window = window }

    /// Asks for a solve at the next update cycle.
    func markDirty() {
        guard !isDirty else { return }
        isDirty = true
        window.setNeedsLayout()
    }

    /// Solves and applies the frames if anything changed since the last solve.
    /// - Returns: The problems found, for the update cycle's report.
    func solveIfNeeded() throws(CoreError) -> [UpdateCycleReport.Problem] {
        guard isDirty else { return [] }
        isDirty = false
        let clock = ContinuousClock()
        var durations = LayoutReport.Durations()
        var system: LayoutSystem!
        durations.collect = clock.measure { system = LayoutSystem(root: window) }
        let start = clock.now
        let solution = try Self.solve(system, in: workspace)
        durations.solve = clock.now - start
        durations.apply = clock.measure { apply(solution, of: system) }
        durations.diagnose = clock.measure { report = findings(solution, of: system) }
        report.durations = durations
        return report.conflicts.map { .unsatisfiableConstraints(log: $0.logMessage) }
            + report.ambiguities.map { .ambiguousLayout(item: $0.item, attributes: $0.attributes.map { "\($0)" }) }
            + report.tiedConstraints.map { .ambiguousLayout(item: $0.joined(separator: ", "), attributes: ["priority tie"]) }
    }

    /// Re-solves with `view`'s undetermined variables pulled 20 points further on (right, wider,
    /// down, taller) and applies the result: another layout the constraints allow equally.
    func exerciseAmbiguity(of view: View) throws(CoreError) {
        var system = LayoutSystem(root: window)
        guard let index = system.index(of: view) else { return }
        let parts: [LayoutConstraint.Attribute] = [.left, .width, .top, .height]
        for (part, attribute) in parts.enumerated() where view.layoutState.ambiguousAttributes.contains(attribute) {
            system.nudgeReference(ofVariable: system.variable(index, part), by: 20)
        }
        apply(try Self.solve(system, in: workspace), of: system)
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
    /// pixel grid in window space, so that adjacent views stay adjacent.
    private func apply(_ solution: Solution, of system: LayoutSystem) {
        for view in solvedViews { view.layoutStateStorage?.isInSolvedSystem = false }
        solvedViews = []
        let scale = window.screen.scale
        func rounded(_ value: Double) -> CGFloat { (CGFloat(value) * scale).rounded() / scale }
        for (index, item) in system.items.enumerated() {
            let first = system.variable(index, 0)
            let v = solution.values[first..<first + 4]
            let minX = rounded(v[first]), maxX = rounded(v[first] + v[first + 1])
            let minY = rounded(v[first + 2]), maxY = rounded(v[first + 2] + v[first + 3])
            let rect = CGRect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
            if let guide = item as? LayoutGuide {
                let origin = guide.owningView.map { LayoutSystem.contentOrigin(of: $0) } ?? .zero
                guide.layoutFrame = rect.offsetBy(dx: -origin.x, dy: -origin.y)
            } else if let view = item as? View {
                place(view, at: rect)
                view.layoutState.isInSolvedSystem = true
                // The window owns the engine; listing it here would be a retain cycle.
                if view !== window { solvedViews.append(view) }
            }
        }
    }

    private func place(_ view: View, at rect: CGRect) {
        guard view !== window, let superview = view.superview else { return }
        let origin = LayoutSystem.contentOrigin(of: superview)
        let state = view.layoutState
        state.isReceivingSolution = true
        view.bounds.size = rect.size
        view.center = CGPoint(
            x: rect.minX - origin.x + view.anchorPoint.x * rect.width, y: rect.minY - origin.y + view.anchorPoint.y * rect.height)
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
            let origins = rows.map { system.origins[$0] }
            let broken = system.origins[brokenRow]
            return LayoutReport.Conflict(
                descriptions: origins.map(\.description),
                constraints: origins.compactMap { if case .constraint(let c) = $0 { c } else { nil } },
                brokenDescription: broken.description,
                broken: { if case .constraint(let c) = broken { c } else { nil } }())
        }
    }

    private func ambiguities(_ solution: Solution, of system: LayoutSystem) -> [LayoutReport.Ambiguity] {
        let attributes: [LayoutConstraint.Attribute] = [.left, .width, .top, .height]
        var found: [LayoutReport.Ambiguity] = []
        for (index, item) in system.items.enumerated() {
            let free = (0..<4).filter { solution.variableState[system.variable(index, $0)] == UInt8(CNP_VARIABLE_AMBIGUOUS.rawValue) }
            (item as? View)?.layoutState.ambiguousAttributes = free.map { attributes[$0] }
            guard !free.isEmpty else { continue }
            found.append(LayoutReport.Ambiguity(item: Self.describe(item), layoutItem: item, attributes: free.map { attributes[$0] }))
        }
        return found
    }

    /// Tied rows, grouped by priority.
    private func tiedGroups(_ solution: Solution, of system: LayoutSystem) -> [[String]] {
        var groups: [Double: [String]] = [:]
        for (row, state) in solution.rowState.enumerated() where state == UInt8(CNP_ROW_TIED.rawValue) {
            groups[system.rows[row].priority, default: []].append(system.origins[row].description)
        }
        return groups.keys.sorted(by: >).map { groups[$0]! }
    }

    static func describe(_ item: LayoutItem) -> String {
        if let guide = item as? LayoutGuide { return guide.description }
        return LayoutConstraint.name(of: item)
    }
}
