import CCanopy
import Canopy
import CanopyWorkloads
import Foundation
import Testing

/// The sparse path (blocks of more than 512 unknowns, solved through sparse factorizations)
/// against the dense path on the systems both can take, and on scenes only it can take.
@Suite("Sparse blocks", .deadline(seconds: 300))
struct SparseSolverTests {
    /// Random systems (cycles, multipliers, intrinsic sizes, conflicts, random priorities) with
    /// every block of two or more unknowns sent to the sparse path first. Where it answers, and
    /// where it gives the block back, the values, the variables' states and the rows' states up
    /// to ties are the dense path's. Ties are searched the dense path's way, in the cone of the
    /// tight held inequalities, but through the cone's nearest point and a Gram matrix, which
    /// decide rows at the edge of rounding otherwise: they agree on 2,983 of the 3,000.
    @Test
    func randomSystemsGiveTheDenseAnswer() throws {
        let workspace = try #require(cnp_workspace_create())
        defer { cnp_workspace_destroy(workspace) }
        var sparseSolved = 0, tiesAgree = 0
        let systems = 3_000
        for seed in UInt64(0)..<UInt64(systems) {
            let random = SolverFuzzTests.RandomSystem(seed: seed)
            var dense = CoreSystem(random), sparse = CoreSystem(random)
            let denseSolve = dense.solve(in: workspace, sparseFrom: UInt32.max)
            let sparseSolve = sparse.solve(in: workspace, sparseFrom: 1)
            try #require(denseSolve.status == CNP_OK && sparseSolve.status == CNP_OK, "seed \(seed)")
            #expect(denseSolve.report.sparse_blocks == 0)
            sparseSolved += sparseSolve.report.sparse_blocks > 0 ? 1 : 0
            for (v, (a, b)) in zip(dense.values, sparse.values).enumerated() {
                #expect(abs(a - b) <= 1e-6 * (1 + abs(a)), "seed \(seed): variable \(v) is \(b), dense \(a)")
            }
            let untied = { (states: [UInt8]) in states.map { $0 == CNP_ROW_TIED.rawValue ? UInt8(CNP_ROW_VIOLATED.rawValue) : $0 } }
            #expect(untied(sparse.states) == untied(dense.states), "seed \(seed): row states")
            #expect(sparse.variableStates == dense.variableStates, "seed \(seed): variable states")
            tiesAgree += sparse.states == dense.states ? 1 : 0
        }
        #expect(sparseSolved > 500, "\(sparseSolved) systems had a block solved by the sparse path")
        #expect(tiesAgree >= systems * 99 / 100, "ties agree on \(tiesAgree) of \(systems)")
    }

    /// Random UI-like scenes whose largest blocks (600 to 700 unknowns) the dense path refused
    /// as too much work lay out without a conflict, through the sparse path.
    @Test(arguments: [UInt64(1), 2])
    func randomScenesOfThreeThousandViewsLayOut(seed: UInt64) throws {
        let window = ConstraintTreeGenerator(shape: .random, count: 3_000, seed: seed).makeWindow()
        let cycle = window.runUpdateCycle()
        let failures = cycle.problems.filter { if case .layoutSolveFailed = $0 { true } else { false } }
        #expect(failures.isEmpty, "\(failures)")
        #expect(window.layoutReport.largestBlock > 512, "largest block \(window.layoutReport.largestBlock)")
        #expect(window.layoutReport.sparseBlocks > 0)
        #expect(window.layoutReport.conflicts.isEmpty)
    }

    /// A level of many rows met whole, one of which conflicts with a held required inequality:
    /// the attempt's least-squares compromise misses both, and only the level's row is set
    /// aside, so the sparse path answers (x0 stays at its bound of 10, x1 takes the rest of
    /// x0 + x1 = 40). Setting the inequality aside too let the next attempt move x0 past it, and
    /// the block went back to the dense path.
    @Test
    func aHeldInequalityMissedByALevelStaysHeld() throws {
        let count = 40
        var system = CoreSystem(variableCount: count)
        system.add([(0, 1)], CNP_RELATION_LESS_EQUAL, 10)
        system.add([(0, 1)], CNP_RELATION_EQUAL, 20, priority: 500)
        system.add([(0, 1), (1, 1)], CNP_RELATION_EQUAL, 40, priority: 500)
        for k in 2..<count {
            system.add([(k, 1)], CNP_RELATION_GREATER_EQUAL, Double(k), priority: 500)
        }
        for k in 0..<(count - 1) {
            system.add([(k + 1, 1), (k, -1)], CNP_RELATION_EQUAL, 1, priority: 1)
        }
        let workspace = try #require(cnp_workspace_create())
        defer { cnp_workspace_destroy(workspace) }
        var dense = system, sparse = system
        #expect(dense.solve(in: workspace, sparseFrom: UInt32.max).status == CNP_OK)
        let solve = sparse.solve(in: workspace, sparseFrom: 1)
        #expect(solve.status == CNP_OK)
        #expect(solve.report.sparse_blocks == 1, "the sparse path gave the block back")
        #expect(abs(sparse.values[0] - 10) < 1e-9 && abs(sparse.values[1] - 30) < 1e-9)
        for (v, (a, b)) in zip(dense.values, sparse.values).enumerated() {
            #expect(abs(a - b) <= 1e-9 * (1 + abs(a)), "variable \(v) is \(b), dense \(a)")
        }
    }
}
