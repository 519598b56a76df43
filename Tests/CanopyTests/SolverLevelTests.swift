import CCanopy
import Testing

/// One level's least squares, whatever the scale and the number of its rows.
@Suite("Auto Layout solver: one level", .deadline(seconds: 300))
struct SolverLevelTests {
    /// `x >= 242` written as `-100 x <= -24200` and `x == 254` written as `0.01 x == 2.54`, at one
    /// priority: both hold at x = 254. The first row weighs 1e8 times the second in the sum of
    /// squares, so a stop where it holds to its tolerance, but where the second misses by 12,
    /// must still be seen to be no minimum. Alone, x is a block of one unknown; beside a second
    /// unknown that a required inequality joins to it (and that never binds), the dense path
    /// solves it.
    @Test(arguments: [1, 2])
    func rowsOfVeryDifferentScalesReachTheirLeastSquares(unknowns: Int) throws {
        let workspace = try #require(cnp_workspace_create())
        defer { cnp_workspace_destroy(workspace) }
        var system = CoreSystem(variableCount: unknowns)
        system.add([(0, -100)], CNP_RELATION_LESS_EQUAL, -24200, priority: 50)
        system.add([(0, 0.01)], CNP_RELATION_EQUAL, 2.54, priority: 50)
        if unknowns == 2 { system.add([(0, 1), (1, -1)], CNP_RELATION_LESS_EQUAL, 1e9) }
        let (status, report) = system.solve(in: workspace)
        try #require(status == CNP_OK)
        #expect(report.largest_block == UInt32(unknowns))
        #expect(abs(system.values[0] - 254) <= 1e-9 * 254, "x = \(system.values[0])")
        #expect(system.states[0] == UInt8(CNP_ROW_SATISFIED.rawValue) && system.states[1] == UInt8(CNP_ROW_SATISFIED.rawValue))
    }
    /// Ten positions, each required at least 10 after the one before, pulled toward places
    /// 10 − 2e-6 apart: every gap misses by 2e-6, ten times the rows' tolerance (about 2e-7
    /// here), so each is a violation to correct, not rounding to accept. All gaps then bind,
    /// and the least squares is the pooled fit: the places less 10 i, averaged, plus 10 i.
    @Test func gapsMissedByJustMoreThanTheToleranceAreCorrected() throws {
        let workspace = try #require(cnp_workspace_create())
        defer { cnp_workspace_destroy(workspace) }
        let count = 10, step = 10 - 2e-6
        var system = CoreSystem(variableCount: count)
        for i in 0..<count { system.add([(i, 1)], CNP_RELATION_EQUAL, 100 + step * Double(i), priority: 500) }
        for i in 0..<(count - 1) { system.add([(i + 1, 1), (i, -1)], CNP_RELATION_GREATER_EQUAL, 10) }
        let (status, _) = system.solve(in: workspace)
        try #require(status == CNP_OK)
        let pooled = (0..<count).map { 100 + (step - 10) * Double($0) }.reduce(0, +) / Double(count)
        for i in 0..<count {
            #expect(abs(system.values[i] - (pooled + 10 * Double(i))) <= 1e-9 * 200, "x\(i) = \(system.values[i])")
        }
        for i in 0..<(count - 1) {
            #expect(system.values[i + 1] - system.values[i] >= 10 - 1e-9 * 400, "gap \(i)")
        }
    }

    /// One unknown pulled toward 0, 1, …, count − 1 at one priority: the least squares is the
    /// mean, and every pull it misses is tied (a move either way shrinks some and grows others);
    /// one at the mean holds. A block of up to 64 rows is solved on the line, a larger one
    /// densely; both must say so.
    @Test(arguments: [64, 65])
    func manyPullsOnOneUnknownMeetAtTheirMean(count: Int) throws {
        let workspace = try #require(cnp_workspace_create())
        defer { cnp_workspace_destroy(workspace) }
        var system = CoreSystem(variableCount: 1)
        for place in 0..<count { system.add([(0, 1)], CNP_RELATION_EQUAL, Double(place), priority: 500) }
        let (status, report) = system.solve(in: workspace)
        try #require(status == CNP_OK)
        #expect(report.blocks == 1 && report.largest_block == 1)
        #expect(abs(system.values[0] - Double(count - 1) / 2) <= 1e-12 * Double(count), "x = \(system.values[0])")
        for place in 0..<count {
            let met = Double(place) == Double(count - 1) / 2
            #expect(system.states[place] == UInt8((met ? CNP_ROW_SATISFIED : CNP_ROW_TIED).rawValue), "pull to \(place)")
        }
    }
}
