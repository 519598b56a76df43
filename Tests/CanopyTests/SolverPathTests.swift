import CCanopy
import CanopyWorkloads
import Foundation
import Testing

/// Each of the solver's paths forced through `cnp_testing_solve` and held against another path
/// on the same systems: the dense kernels against each other, the reductions against none, the
/// line, banded and sparse paths against the dense hierarchy, and the large-component strategies
/// (pins, relaxation) against a dense pass. The counts prove that the forced path answered.
@Suite("Solver paths, each against another", .deadline(seconds: 300))
struct SolverPathTests {
    /// What two solves of one system must share: values within `tolerance` (relative), every
    /// variable's state, and every row's state but for ties, which are decided at the edge of
    /// rounding and may fall either way on another path.
    static func expectSameAnswer(
        _ a: CoreSystem, _ b: CoreSystem, tolerance: Double, _ comment: @autoclosure () -> String
    ) {
        for (v, (x, y)) in zip(a.values, b.values).enumerated() {
            #expect(abs(x - y) <= tolerance * (1 + abs(x)), "\(comment()): variable \(v) is \(y) against \(x)")
        }
        #expect(a.variableStates == b.variableStates, "\(comment()): variable states")
        let untied = { (states: [UInt8]) in states.map { $0 == CNP_ROW_TIED.rawValue ? UInt8(CNP_ROW_VIOLATED.rawValue) : $0 } }
        #expect(untied(a.states) == untied(b.states), "\(comment()): row states")
    }

    /// The paths with the block paths and the strategies left out: every block by the dense
    /// hierarchy.
    static var denseOnly: cnp_testing_paths {
        var paths = cnp_testing_default_paths()
        paths.single = false
        paths.banded_from = .max
        paths.triangular_from = .max
        paths.sparse_from = .max
        paths.strategies = false
        return paths
    }

    @Test
    func theDefaultPathsAreTheSolversOwn() throws {
        let workspace = try #require(cnp_workspace_create())
        defer { cnp_workspace_destroy(workspace) }
        for seed in UInt64(0)..<200 {
            var plain = CoreSystem(SolverFuzzTests.RandomSystem(seed: seed)), tested = plain
            let (status, report) = plain.solve(in: workspace)
            let test = tested.solve(in: workspace, paths: cnp_testing_default_paths())
            #expect(status == test.status)
            #expect(sameBits(plain, tested, report, test.report), "seed \(seed)")
        }
    }

    /// Random systems with every dense block through the hand-written kernel, then through LAPACK.
    @Test
    func theTwoDenseKernelsAgree() throws {
        let workspace = try #require(cnp_workspace_create())
        defer { cnp_workspace_destroy(workspace) }
        var tiny = Self.denseOnly, lapack = Self.denseOnly
        tiny.kernel = CNP_TESTING_KERNEL_TINY
        lapack.kernel = CNP_TESTING_KERNEL_LAPACK
        var denseBlocks = 0
        for seed in UInt64(0)..<2_000 {
            var byHand = CoreSystem(SolverFuzzTests.RandomSystem(seed: seed)), byLAPACK = byHand
            let a = byHand.solve(in: workspace, paths: tiny), b = byLAPACK.solve(in: workspace, paths: lapack)
            try #require(a.status == CNP_OK && b.status == CNP_OK, "seed \(seed)")
            #expect(a.counts.dense_blocks == b.counts.dense_blocks && a.counts.single_blocks == 0)
            denseBlocks += Int(a.counts.dense_blocks)
            Self.expectSameAnswer(byHand, byLAPACK, tolerance: 1e-7, "seed \(seed)")
        }
        #expect(denseBlocks > 2_000, "\(denseBlocks) dense blocks")
    }

    /// Substitution and peeling change how much is left to solve, never the answer.
    @Test
    func theReductionsLeaveTheAnswerAlone() throws {
        let workspace = try #require(cnp_workspace_create())
        defer { cnp_workspace_destroy(workspace) }
        var unpeeled = cnp_testing_default_paths(), unreduced = cnp_testing_default_paths()
        unpeeled.peel = false
        unreduced.substitute = false
        unreduced.peel = false
        for seed in UInt64(0)..<2_000 {
            var reduced = CoreSystem(SolverFuzzTests.RandomSystem(seed: seed)), withoutPeeling = reduced, whole = reduced
            let a = reduced.solve(in: workspace, paths: cnp_testing_default_paths())
            let b = withoutPeeling.solve(in: workspace, paths: unpeeled)
            let c = whole.solve(in: workspace, paths: unreduced)
            try #require(a.status == CNP_OK && b.status == CNP_OK && c.status == CNP_OK, "seed \(seed)")
            Self.expectSameAnswer(reduced, withoutPeeling, tolerance: 1e-7, "seed \(seed), without peeling")
            Self.expectSameAnswer(reduced, whole, tolerance: 1e-7, "seed \(seed), without reductions")
            #expect(c.report.substituted == 0, "seed \(seed): substituted without substitution")
        }
    }

    /// Blocks of one unknown on the line, and the same blocks by the dense hierarchy, with
    /// coefficients and constants four orders of magnitude apart.
    @Test
    func theLineGivesTheDenseAnswer() throws {
        let workspace = try #require(cnp_workspace_create())
        defer { cnp_workspace_destroy(workspace) }
        var onTheLine = 0
        for seed in UInt64(0)..<10_000 {
            var random = SplitMix64(seed: seed)
            var line = CoreSystem(variableCount: 1)
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let priority: Float = [1000, 1000, 750, 500, 250, 250, 50].randomElement(using: &random)!
                // Required equalities would fix the unknown before any block is formed.
                let relations = priority == 1000 ? [CNP_RELATION_LESS_EQUAL, CNP_RELATION_GREATER_EQUAL]
                    : [CNP_RELATION_EQUAL, CNP_RELATION_LESS_EQUAL, CNP_RELATION_GREATER_EQUAL]
                line.add(
                    [(0, [1.0, -1, 2, 0.5, -3, 0.5625, 0.01, -100].randomElement(using: &random)!)],
                    relations.randomElement(using: &random)!,
                    Double(Int.random(in: -300...300, using: &random)) * [1, 0.1, 0.01, 100].randomElement(using: &random)!,
                    priority: priority)
            }
            var dense = line
            let a = line.solve(in: workspace, paths: cnp_testing_default_paths())
            let b = dense.solve(in: workspace, paths: Self.denseOnly)
            try #require(a.status == CNP_OK && b.status == CNP_OK, "seed \(seed)")
            #expect(b.counts.single_blocks == 0 && b.counts.dense_blocks == 1, "seed \(seed)")
            onTheLine += Int(a.counts.single_blocks)
            Self.expectSameAnswer(dense, line, tolerance: 1e-9, "seed \(seed)")
        }
        // Required rows that conflict go to the dense path, which breaks one.
        #expect(onTheLine > 5_000, "\(onTheLine) blocks on the line")
    }

    /// `count` positions, each at least 8 after the one before and pulled at 500 toward a place
    /// 40 apart give or take 20: one chain of required differences and one level of pulls.
    static func pushedChain(count: Int, seed: UInt64) -> CoreSystem {
        var random = SplitMix64(seed: seed)
        var chain = CoreSystem(variableCount: count)
        chain.add([(0, 1)], CNP_RELATION_GREATER_EQUAL, 0)
        for k in 0..<count {
            chain.add([(k, 1)], CNP_RELATION_EQUAL, Double(40 * k + Int.random(in: -20...20, using: &random)), priority: 500)
            if k > 0 { chain.add([(k, 1), (k - 1, -1)], CNP_RELATION_GREATER_EQUAL, 8) }
        }
        return chain
    }

    /// Chains past the banded path's size, banded and then dense (longer ones take the dense
    /// path past its work limit).
    @Test(arguments: [65, 120, 200])
    func bandedChainsGiveTheDenseAnswer(count: Int) throws {
        let workspace = try #require(cnp_workspace_create())
        defer { cnp_workspace_destroy(workspace) }
        var banded = Self.denseOnly
        banded.banded_from = 64
        for seed in UInt64(0)..<5 {
            var chain = Self.pushedChain(count: count, seed: seed), dense = chain
            let a = chain.solve(in: workspace, paths: banded), b = dense.solve(in: workspace, paths: Self.denseOnly)
            try #require(a.status == CNP_OK && b.status == CNP_OK, "seed \(seed)")
            #expect(a.counts.banded_blocks == 1 && b.counts.dense_blocks == 1, "seed \(seed)")
            Self.expectSameAnswer(dense, chain, tolerance: 1e-7, "\(count) positions, seed \(seed)")
        }
    }

    /// A list of `count` self-sizing cells under a header: each cell's top is the previous cell's
    /// bottom plus 8 (three variables: no substitution), its height pulled to its intrinsic size
    /// by hugging and compression, and the list no higher than `limit` at 250. One block of
    /// 2 × count unknowns, unless the intrinsic sizes are pinned.
    static func selfSizingList(count: Int, limit: Double, seed: UInt64) -> CoreSystem {
        var random = SplitMix64(seed: seed)
        var list = CoreSystem(variableCount: 2 * count)
        list.add([(0, 1)], CNP_RELATION_EQUAL, 64)
        for cell in 0..<count {
            let (top, height) = (2 * cell, 2 * cell + 1)
            if cell > 0 { list.add([(top, 1), (top - 2, -1), (top - 1, -1)], CNP_RELATION_EQUAL, 8) }
            let size = Double(Int.random(in: 20...120, using: &random))
            list.add([(height, 1)], CNP_RELATION_LESS_EQUAL, size, priority: 250)
            list.add([(height, 1)], CNP_RELATION_GREATER_EQUAL, size, priority: 750)
            list.add([(height, 1)], CNP_RELATION_GREATER_EQUAL, 0)
        }
        list.add([(2 * count - 2, 1), (2 * count - 1, 1)], CNP_RELATION_LESS_EQUAL, limit, priority: 250)
        return list
    }

    /// Self-sizing lists, pinned and then dense: the pins answer where the list fits, or where
    /// its limit (at the hugging's priority) ties with them; where it does not fit, the
    /// strategies decline and a dense pass answers. The triangular path, which answers that
    /// list's 80 unknowns before any strategy by default, is left out.
    @Test(arguments: [(40, 1e6), (40, 10.0), (17, 1e6)])
    func thePinsGiveTheDenseAnswer(count: Int, limit: Double) throws {
        let workspace = try #require(cnp_workspace_create())
        defer { cnp_workspace_destroy(workspace) }
        var strategies = cnp_testing_default_paths()
        strategies.triangular_from = UInt32.max
        for seed in UInt64(0)..<5 {
            var list = Self.selfSizingList(count: count, limit: limit, seed: seed), dense = list
            let a = list.solve(in: workspace, paths: strategies)
            let b = dense.solve(in: workspace, paths: Self.denseOnly)
            try #require(a.status == CNP_OK && b.status == CNP_OK, "seed \(seed)")
            #expect(a.counts.pinned + a.counts.dense_after_strategies == 1, "seed \(seed)")
            #expect((a.counts.pinned == 1) == (limit > 1e5), "seed \(seed): pinned \(a.counts.pinned)")
            Self.expectSameAnswer(dense, list, tolerance: 1e-7, "\(count) cells, seed \(seed)")
        }
    }

    /// Chains past the relaxation's size (256 variables), relaxed and then banded (the dense
    /// path passes its work limit there; the banded one is held against it on shorter chains).
    @Test
    func theRelaxationGivesTheBandedAnswer() throws {
        let workspace = try #require(cnp_workspace_create())
        defer { cnp_workspace_destroy(workspace) }
        var relaxing = cnp_testing_default_paths(), banded = Self.denseOnly
        relaxing.banded_from = .max
        banded.banded_from = 64
        for seed in UInt64(0)..<3 {
            var chain = Self.pushedChain(count: 300, seed: seed), bandedChain = chain
            let a = chain.solve(in: workspace, paths: relaxing), b = bandedChain.solve(in: workspace, paths: banded)
            try #require(a.status == CNP_OK && b.status == CNP_OK, "seed \(seed)")
            #expect(a.counts.relaxed == 1 && a.counts.dense_after_strategies == 0, "seed \(seed)")
            #expect(b.counts.banded_blocks == 1, "seed \(seed)")
            Self.expectSameAnswer(bandedChain, chain, tolerance: 1e-7, "seed \(seed)")
        }
    }

    /// Chains past the pin limit whose relaxation the rounds cannot settle are solved by a dense
    /// pass after the strategies decline: a chain of 40, short of the relaxation's size.
    @Test
    func aDensePassFollowsTheStrategiesThatDecline() throws {
        let workspace = try #require(cnp_workspace_create())
        defer { cnp_workspace_destroy(workspace) }
        var chain = Self.pushedChain(count: 40, seed: 3), dense = chain
        let a = chain.solve(in: workspace, paths: cnp_testing_default_paths())
        let b = dense.solve(in: workspace, paths: Self.denseOnly)
        try #require(a.status == CNP_OK && b.status == CNP_OK)
        #expect(a.counts.pinned == 0 && a.counts.relaxed == 0 && a.counts.dense_after_strategies == 1)
        Self.expectSameAnswer(dense, chain, tolerance: 1e-7, "40 positions")
    }

    @Test
    func anUnknownKernelIsRefused() throws {
        let workspace = try #require(cnp_workspace_create())
        defer { cnp_workspace_destroy(workspace) }
        var paths = cnp_testing_default_paths()
        paths.kernel = cnp_testing_kernel(rawValue: 7)
        var system = CoreSystem(variableCount: 1)
        system.add([(0, 1)], CNP_RELATION_EQUAL, 3)
        #expect(system.solve(in: workspace, paths: paths).status == CNP_ERROR_BAD_ARGUMENT)
    }
}
