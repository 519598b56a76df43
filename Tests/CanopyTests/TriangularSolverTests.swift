import CCanopy
import Canopy
import CanopyWorkloads
import Foundation
import Testing

/// The triangular path (a block solved as a square system of rows held exactly, in dependency
/// order, and proved) against the dense hierarchy. Where it answers, the answer is the dense
/// path's; where its proof fails (ties, freedom, a guess it cannot mend), it gives the block
/// back untouched.
@Suite("Triangular blocks", .deadline(seconds: 300))
struct TriangularSolverTests {
    /// Every block of two or more unknowns tried by the triangular path first, then the dense
    /// hierarchy.
    static var triangularFirst: cnp_testing_paths {
        var paths = SolverPathTests.denseOnly
        paths.triangular_from = 1
        return paths
    }

    /// Random systems (cycles, multipliers, intrinsic sizes, conflicts, random priorities):
    /// where the triangular path answers a block, the values, the variables' states and the
    /// rows' states up to ties are the dense path's.
    @Test
    func randomSystemsGiveTheDenseAnswer() throws {
        let workspace = try #require(cnp_workspace_create())
        defer { cnp_workspace_destroy(workspace) }
        var answered = 0
        for seed in UInt64(0)..<3_000 {
            let random = SolverFuzzTests.RandomSystem(seed: seed)
            var dense = CoreSystem(random), triangular = dense
            let a = dense.solve(in: workspace, paths: SolverPathTests.denseOnly)
            let b = triangular.solve(in: workspace, paths: Self.triangularFirst)
            try #require(a.status == CNP_OK && b.status == CNP_OK, "seed \(seed)")
            #expect(a.counts.triangular_blocks == 0)
            answered += Int(b.counts.triangular_blocks)
            SolverPathTests.expectSameAnswer(dense, triangular, tolerance: 1e-7, "seed \(seed)")
        }
        #expect(answered > 150, "the triangular path answered \(answered) blocks")
    }

    /// Self-sizing lists: each height held by its compression row and pinned by its hugging row
    /// on the other side, each top by the row below it. One triangular block answers, with
    /// every row's state the dense path's, ties included: where the list does not fit, its
    /// limit is violated, fixed by the rows above its level.
    @Test(arguments: [(40, 1e6), (100, 1e6), (40, 10.0)])
    func selfSizingListsGiveTheDenseAnswer(count: Int, limit: Double) throws {
        let workspace = try #require(cnp_workspace_create())
        defer { cnp_workspace_destroy(workspace) }
        for seed in UInt64(0)..<3 {
            var list = SolverPathTests.selfSizingList(count: count, limit: limit, seed: seed), dense = list
            let a = list.solve(in: workspace, paths: Self.triangularFirst)
            let b = dense.solve(in: workspace, paths: SolverPathTests.denseOnly)
            try #require(a.status == CNP_OK && b.status == CNP_OK, "seed \(seed)")
            #expect(a.counts.triangular_blocks == 1 && a.counts.dense_blocks == 0, "seed \(seed)")
            #expect(list.states == dense.states, "seed \(seed): row states")
            SolverPathTests.expectSameAnswer(dense, list, tolerance: 1e-9, "\(count) cells, seed \(seed)")
        }
    }

    /// A chain of views, each placed after the one before it by a soft offset and held at least a
    /// required gap after it: where the gap wins, the soft row is violated, and the proof writes
    /// it as the required gap alone (no allowed move helps it, and it trades with no other).
    @Test
    func softOffsetsAgainstRequiredGapsGiveTheDenseAnswer() throws {
        let workspace = try #require(cnp_workspace_create())
        defer { cnp_workspace_destroy(workspace) }
        for seed in UInt64(0)..<5 {
            var chain = Self.softOffsetChain(count: 60, seed: seed), dense = chain
            let a = chain.solve(in: workspace, paths: Self.triangularFirst)
            let b = dense.solve(in: workspace, paths: SolverPathTests.denseOnly)
            try #require(a.status == CNP_OK && b.status == CNP_OK, "seed \(seed)")
            #expect(a.counts.triangular_blocks == 1 && a.counts.dense_blocks == 0, "seed \(seed)")
            SolverPathTests.expectSameAnswer(dense, chain, tolerance: 1e-9, "seed \(seed)")
            #expect(chain.states.contains(UInt8(CNP_ROW_VIOLATED.rawValue)), "seed \(seed): no soft offset lost")
        }
    }

    /// The same chain, 600 views long, through the solver's own paths: the first pass defers its
    /// block (past 16 unknowns), the pins find nothing to pin, and the triangular pass answers.
    /// (Without the triangular path the block is past the dense path's work limit and the other
    /// strategies give up on it.) Each soft offset trades with no other, so the answer is each
    /// view after the one before by the larger of its offset and its gap.
    @Test
    func aLargeBlockIsAnsweredByTheTriangularPass() throws {
        let workspace = try #require(cnp_workspace_create())
        defer { cnp_workspace_destroy(workspace) }
        let count = 600
        var chain = Self.softOffsetChain(count: count, seed: 7)
        let a = chain.solve(in: workspace, paths: cnp_testing_default_paths())
        try #require(a.status == CNP_OK)
        #expect(a.counts.triangular_passes == 1 && a.counts.pinned == 0 && a.counts.relaxed == 0)
        #expect(a.counts.triangular_blocks == 1)
        var start = 0.0, size = 30.0
        for k in 1..<count {
            let (offset, gap) = (chain.rows[3 * k - 1].constant, chain.rows[3 * k].constant)
            start += size + max(offset, gap)
            size = size / 2 + 10
            #expect(abs(chain.values[2 * k] - start) <= 1e-9 * (1 + abs(start)), "view \(k)")
            #expect(abs(chain.values[2 * k + 1] - size) <= 1e-9 * size, "view \(k)")
            let state = chain.states[3 * k - 1]
            #expect(state == UInt8(gap > offset ? CNP_ROW_VIOLATED.rawValue : CNP_ROW_SATISFIED.rawValue), "view \(k)")
        }
    }

    /// Random UI-like scenes of 30,000 views (largest blocks of 6,000 to 7,000 unknowns): the
    /// first cycle and a resize lay out with no failure and no conflict. Seed 2's resize needs
    /// the intrinsic sizes in the first guess: without them a chain of views took a round each,
    /// past the round cap, and the block went to the sparse path for minutes.
    @Test(arguments: [UInt64(1), 2])
    func randomScenesOfThirtyThousandViewsLayOut(seed: UInt64) throws {
        let window = ConstraintTreeGenerator(shape: .random, count: 30_000, seed: seed).makeWindow()
        for width in [window.frame.width, window.frame.width - 124] {
            window.frame.size.width = width
            let cycle = window.runUpdateCycle()
            let failures = cycle.problems.filter { if case .layoutSolveFailed = $0 { true } else { false } }
            #expect(failures.isEmpty, "width \(width): \(failures)")
            #expect(window.layoutReport.largestBlock > 6_000, "largest block \(window.layoutReport.largestBlock)")
            #expect(window.layoutReport.conflicts.isEmpty)
        }
    }

    /// Views in a row, each after the one before by a soft offset (at 500) and at least a
    /// required gap: two unknowns each (start and size), the sizes halving toward 20.
    static func softOffsetChain(count: Int, seed: UInt64) -> CoreSystem {
        var random = SplitMix64(seed: seed)
        var chain = CoreSystem(variableCount: 2 * count)
        chain.add([(0, 1)], CNP_RELATION_EQUAL, 0)
        chain.add([(1, 1)], CNP_RELATION_EQUAL, 30)
        for k in 1..<count {
            let (start, size, previousStart, previousSize) = (2 * k, 2 * k + 1, 2 * k - 2, 2 * k - 1)
            let offset = Double(Int.random(in: -8...32, using: &random)), gap = Double(Int.random(in: -8...32, using: &random))
            chain.add([(start, 1), (previousStart, -1), (previousSize, -1)], CNP_RELATION_EQUAL, offset, priority: 500)
            chain.add([(start, 1), (previousStart, -1), (previousSize, -1)], CNP_RELATION_GREATER_EQUAL, gap)
            chain.add([(size, 1), (previousSize, -0.5)], CNP_RELATION_EQUAL, 10)
        }
        return chain
    }

    /// Two rows of one level that trade error (the required sum splits between them): the proof
    /// finds neither fixed by the rows above, the triangular path gives the block back, and the
    /// dense path reports both tied.
    @Test
    func tiedRowsAreGivenBack() throws {
        let workspace = try #require(cnp_workspace_create())
        defer { cnp_workspace_destroy(workspace) }
        var system = CoreSystem(variableCount: 3)
        system.add([(0, 1), (1, 1), (2, 1)], CNP_RELATION_EQUAL, 10)
        system.add([(2, 1)], CNP_RELATION_EQUAL, 4, priority: 750)
        system.add([(0, 1)], CNP_RELATION_EQUAL, 0, priority: 500)
        system.add([(1, 1)], CNP_RELATION_EQUAL, 0, priority: 500)
        var dense = system
        let a = system.solve(in: workspace, paths: Self.triangularFirst)
        let b = dense.solve(in: workspace, paths: SolverPathTests.denseOnly)
        try #require(a.status == CNP_OK && b.status == CNP_OK)
        #expect(a.counts.triangular_blocks == 0 && a.counts.dense_blocks == 1)
        #expect(system.states.filter { $0 == UInt8(CNP_ROW_TIED.rawValue) }.count == 2)
        #expect(system.states == dense.states)
        #expect(abs(system.values[0] - 3) < 1e-9 && abs(system.values[1] - 3) < 1e-9)
    }

    /// Freedom the rows leave (a sum fixed, its parts not) is the reference level's to settle:
    /// the triangular path gives such a block back, and the dense path reports it ambiguous.
    @Test
    func aBlockWithFreedomIsGivenBack() throws {
        let workspace = try #require(cnp_workspace_create())
        defer { cnp_workspace_destroy(workspace) }
        var system = CoreSystem(variableCount: 3)
        system.add([(0, 1), (1, 1)], CNP_RELATION_EQUAL, 10)
        system.add([(2, 1), (0, -1)], CNP_RELATION_GREATER_EQUAL, 4)
        system.add([(2, 1), (1, 1)], CNP_RELATION_EQUAL, 30, priority: 500)
        var dense = system
        let a = system.solve(in: workspace, paths: Self.triangularFirst)
        let b = dense.solve(in: workspace, paths: SolverPathTests.denseOnly)
        try #require(a.status == CNP_OK && b.status == CNP_OK)
        #expect(a.counts.triangular_blocks == 0 && a.counts.dense_blocks == 1)
        #expect(system.variableStates.contains(UInt8(CNP_VARIABLE_AMBIGUOUS.rawValue)))
        SolverPathTests.expectSameAnswer(dense, system, tolerance: 0, "freedom")
    }
}
