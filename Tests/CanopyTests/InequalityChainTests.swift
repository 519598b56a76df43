import CCanopy
import CanopyWorkloads
import Testing

/// The least-squares fit of nondecreasing values to `targets`, by pooling adjacent violators
/// (an algorithm independent of the solver's), and the size of each value's pool.
private func nondecreasingFit(_ targets: [Double]) -> (values: [Double], poolSizes: [Int]) {
    var means: [Double] = [], counts: [Int] = []
    for target in targets {
        means.append(target)
        counts.append(1)
        while means.count > 1 && means[means.count - 2] > means[means.count - 1] {
            let (mean, count) = (means.removeLast(), counts.removeLast())
            let total = counts[counts.count - 1] + count
            means[means.count - 1] = (means[means.count - 1] * Double(counts[counts.count - 1]) + mean * Double(count))
                / Double(total)
            counts[counts.count - 1] = total
        }
    }
    return (
        zip(means, counts).flatMap { Array(repeating: $0.0, count: $0.1) },
        counts.flatMap { Array(repeating: $0, count: $0) }
    )
}

/// `count` positions, each required at least a gap after the one before and pulled toward a
/// place of its own at 500: where places crowd, runs of positions are pushed apart, each run as
/// a whole as near its places as the gaps allow. Returns the system, the answer from
/// `nondecreasingFit` (positions less the gaps before them must not decrease), and the size of
/// the run each position is in.
private func pushedChain(count: Int, seed: UInt64) -> (system: CoreSystem, answer: [Double], runs: [Int]) {
    var random = SplitMix64(seed: seed)
    var system = CoreSystem(variableCount: count)
    var places: [Double] = [], gapsBefore: [Double] = []
    var gaps = 0.0
    for i in 0..<count {
        let place = Double(30 * i + Int.random(in: -20...20, using: &random))
        system.add([(i, 1)], CNP_RELATION_EQUAL, place, priority: 500)
        places.append(place)
        gapsBefore.append(gaps)
        if i + 1 < count {
            let gap = Double(Int.random(in: 10...30, using: &random))
            system.add([(i + 1, 1), (i, -1)], CNP_RELATION_GREATER_EQUAL, gap)
            gaps += gap
        }
    }
    let fit = nondecreasingFit(zip(places, gapsBefore).map { $0 - $1 })
    return (system, zip(fit.values, gapsBefore).map { $0 + $1 }, fit.poolSizes)
}

/// `count` positions, each required at least a gap of 10 to 30 after the one before and pulled
/// at 500 toward a place 2 apart from the last, so that the gaps push all of them apart as one
/// run; with `bound`, the last position is required to stay at or below it. Returns the system
/// and the answer: the pooled fit of the places less the gaps, capped at the bound less the
/// gaps (with the positions less the gaps nondecreasing, a cap on the last caps them all).
private func tightChain(count: Int, seed: UInt64, bound: Double? = nil) -> (system: CoreSystem, answer: [Double]) {
    var random = SplitMix64(seed: seed)
    var system = CoreSystem(variableCount: count)
    var targets: [Double] = [], gapsBefore: [Double] = []
    var gaps = 0.0
    for i in 0..<count {
        let place = Double(2 * i)
        system.add([(i, 1)], CNP_RELATION_EQUAL, place, priority: 500)
        targets.append(place - gaps)
        gapsBefore.append(gaps)
        if i + 1 < count {
            let gap = Double(Int.random(in: 10...30, using: &random))
            system.add([(i + 1, 1), (i, -1)], CNP_RELATION_GREATER_EQUAL, gap)
            gaps += gap
        }
    }
    let cap = bound.map { $0 - gaps } ?? .infinity
    if let bound {
        system.add([(count - 1, 1)], CNP_RELATION_LESS_EQUAL, bound)
    }
    let fit = nondecreasingFit(targets).values.map { min($0, cap) }
    return (system, zip(fit, gapsBefore).map { $0 + $1 })
}

/// `count` positions, each required at least 10 after the one before and pulled toward a place
/// at 500, where the first `cascade` places are chosen so that the relaxation finds one push per
/// round: each run pushed together falls just past the next place, which then joins it. The
/// places less the gaps first drop, then climb toward the run's mean by 5% of the distance left;
/// past the cascade they climb by 50, with room. Returns the system, the pooled fit and the
/// size of each position's run.
private func cascadingChain(count: Int, cascade: Int) -> (system: CoreSystem, answer: [Double], runs: [Int]) {
    var targets = [100.0, -100.0]
    while targets.count < count {
        let n = targets.count, mean = targets.reduce(0, +) / Double(n)
        targets.append(n < cascade ? mean - 0.95 * (mean - targets[n - 1]) : targets[n - 1] + 50)
    }
    var system = CoreSystem(variableCount: count)
    for i in 0..<count {
        system.add([(i, 1)], CNP_RELATION_EQUAL, targets[i] + 10 * Double(i), priority: 500)
        if i + 1 < count {
            system.add([(i + 1, 1), (i, -1)], CNP_RELATION_GREATER_EQUAL, 10)
        }
    }
    let fit = nondecreasingFit(targets)
    return (system, fit.values.enumerated().map { $0.element + 10 * Double($0.offset) }, fit.poolSizes)
}

@Suite("Auto Layout solver: long chains of required inequalities", .deadline(seconds: 300))
struct InequalityChainTests {
    /// Chains of 3,000 and 100,000 positions: one block far past the dense path's 1,024
    /// unknowns, solved without going dense (as runs of the inequalities that hold tight), and
    /// equal to the pooled fit within 1e-9 relative. A run that the gaps push apart misses its
    /// places, and could move to trade one miss for another: the missed places' rows are tied;
    /// every other row holds.
    @Test(arguments: [(3_000, UInt64(1)), (3_000, 2), (100_000, 3)])
    func aPushedChainMatchesThePooledFit(count: Int, seed: UInt64) {
        let workspace = cnp_workspace_create()!
        defer { cnp_workspace_destroy(workspace) }
        var (system, answer, runs) = pushedChain(count: count, seed: seed)
        let (status, report) = system.solve(in: workspace)
        #expect(status == CNP_OK)
        guard status == CNP_OK else { return }
        let worst = zip(system.values, answer).map { abs($0 - $1) / max(1, abs($1)) }.max() ?? 0
        #expect(worst <= 1e-9, "largest relative difference \(worst)")
        #expect(report.largest_block < 1_024 && report.broken_rows == 0)
        // Rows alternate: position i's place, then the gap after it.
        let expected = system.rows.indices.map { row -> UInt32 in
            let place = system.rows[row].constant, missed = abs(answer[row / 2] - place) > 1e-9 * (1 + abs(place))
            return row % 2 == 0 && runs[row / 2] > 1 && missed ? CNP_ROW_TIED.rawValue : CNP_ROW_SATISFIED.rawValue
        }
        let mismatches = zip(system.states, expected).filter { UInt32($0.0) != $0.1 }.count
        #expect(mismatches == 0, "\(mismatches) row states differ")
        #expect(runs.contains { $0 > 1 } && runs.contains(1))
        #expect(system.variableStates.allSatisfy { $0 == UInt8(CNP_VARIABLE_DETERMINED.rawValue) })
    }

    /// Chains of 3,000 and 100,000 positions pushed apart as one run along their whole length:
    /// one block of all the positions, solved by the banded active set (the dense path refuses
    /// blocks past 1,024 unknowns), equal to the pooled fit within 1e-9 relative. The run could
    /// move to trade one missed place for another, so every place's row is tied; every gap
    /// holds.
    @Test(arguments: [(3_000, UInt64(7)), (100_000, 8)])
    func aChainPushedTightAlongItsLengthMatchesThePooledFit(count: Int, seed: UInt64) {
        let workspace = cnp_workspace_create()!
        defer { cnp_workspace_destroy(workspace) }
        var (system, answer) = tightChain(count: count, seed: seed)
        let (status, report) = system.solve(in: workspace)
        #expect(status == CNP_OK)
        guard status == CNP_OK else { return }
        let worst = zip(system.values, answer).map { abs($0 - $1) / max(1, abs($1)) }.max() ?? 0
        #expect(worst <= 1e-9, "largest relative difference \(worst)")
        #expect(report.largest_block == UInt32(count) && report.broken_rows == 0)
        // Rows alternate: position i's place, then the gap after it.
        let expected = system.rows.indices.map { $0 % 2 == 0 ? CNP_ROW_TIED.rawValue : CNP_ROW_SATISFIED.rawValue }
        let mismatches = zip(system.states, expected).filter { UInt32($0.0) != $0.1 }.count
        #expect(mismatches == 0, "\(mismatches) row states differ")
        #expect(system.variableStates.allSatisfy { $0 == UInt8(CNP_VARIABLE_DETERMINED.rawValue) })
    }

    /// The same run pressed against a bound on its last position (a row of views inside a
    /// container's trailing edge): the pooled fit capped there, within 1e-9 relative. The places
    /// the run is held below cannot be reached by any move the rows allow, but the run can still
    /// move down, toward the places it is pushed past, and that move changes every place's
    /// miss: all of them are tied. The gaps and the bound hold.
    @Test func aChainPushedAgainstABoundMatchesTheCappedFit() {
        let workspace = cnp_workspace_create()!
        defer { cnp_workspace_destroy(workspace) }
        var (system, answer) = tightChain(count: 5_000, seed: 9, bound: 50_000)
        let (status, report) = system.solve(in: workspace)
        #expect(status == CNP_OK)
        guard status == CNP_OK else { return }
        let worst = zip(system.values, answer).map { abs($0 - $1) / max(1, abs($1)) }.max() ?? 0
        #expect(worst <= 1e-9, "largest relative difference \(worst)")
        #expect(report.broken_rows == 0 && abs(system.values[4_999] - 50_000) <= 1e-6)
        #expect(system.values[0] < system.rows[0].constant && system.values[4_999] > system.rows[9_998].constant)
        // Rows alternate: position i's place, then the gap after it; the bound comes last.
        let mismatches = system.rows.indices.filter { row in
            let tied = row % 2 == 0 && row < 10_000
            return system.states[row] != UInt8((tied ? CNP_ROW_TIED : CNP_ROW_SATISFIED).rawValue)
        }.count
        #expect(mismatches == 0, "\(mismatches) row states differ")
    }

    /// A conflict in another component is broken as it would be anyway, and the chain is
    /// still solved.
    @Test func aConflictElsewhereLeavesTheChainSolved() {
        let workspace = cnp_workspace_create()!
        defer { cnp_workspace_destroy(workspace) }
        var (system, answer, _) = pushedChain(count: 3_000, seed: 5)
        system.variableCount += 1
        system.add([(3_000, 1)], CNP_RELATION_EQUAL, 20)
        system.add([(3_000, 1)], CNP_RELATION_EQUAL, 30)
        let (status, report) = system.solve(in: workspace)
        #expect(status == CNP_OK && report.broken_rows == 1)
        guard status == CNP_OK else { return }
        let worst = zip(system.values, answer).map { abs($0 - $1) / max(1, abs($1)) }.max() ?? 0
        #expect(worst <= 1e-9 && system.values[3_000] == 20)
        #expect(system.states.suffix(2) == [UInt8(CNP_ROW_CONFLICT.rawValue), UInt8(CNP_ROW_BROKEN.rawValue)])
    }

    /// Chains of 1,100 positions (past the dense path) that the relaxation settles one push per
    /// round: a cascade of 60 takes 60 rounds and matches the pooled fit. One of 80 runs out of
    /// rounds (64); the whole chain is then one banded block, whose steps run out too, and the
    /// interior-point start settles it: it matches the pooled fit as well.
    @Test func aCascadeLongerThanTheRelaxationsRoundsIsSolvedAsOneBlock() throws {
        let workspace = cnp_workspace_create()!
        defer { cnp_workspace_destroy(workspace) }
        for (cascade, largest) in [(60, UInt32(60)), (80, 1_100)] {
            var (system, answer, runs) = cascadingChain(count: 1_100, cascade: cascade)
            #expect(Array(runs.prefix(cascade + 1)) == [Int](repeating: cascade, count: cascade) + [1])
            let (status, report) = system.solve(in: workspace)
            try #require(status == CNP_OK, "cascade \(cascade)")
            let worst = zip(system.values, answer).map { abs($0 - $1) / max(1, abs($1)) }.max() ?? 0
            #expect(worst <= 1e-9, "cascade \(cascade): largest relative difference \(worst)")
            #expect(report.largest_block == largest && report.broken_rows == 0, "cascade \(cascade)")
        }
    }

    /// Chains of 200 positions (one block, under the relaxation's 256 variables) whose pushes
    /// show one at a time: the banded path's steps settle a cascade of 50 alone, in fewer than
    /// 64. A cascade of 100 outlasts them; the interior-point start then guesses the working set
    /// and a few more steps settle it (before that start existed, the dense path solved it:
    /// 266 steps in all, the 64 banded ones included). Both match the pooled fit.
    @Test(arguments: [(50, 0..<64), (100, 64..<128)])
    func aCascadeTooLongForTheBandedStepsAloneIsSettledFromAnInteriorStart(cascade: Int, steps: Range<UInt32>) throws {
        let workspace = cnp_workspace_create()!
        defer { cnp_workspace_destroy(workspace) }
        var (system, answer, _) = cascadingChain(count: 200, cascade: cascade)
        let (status, report) = system.solve(in: workspace)
        try #require(status == CNP_OK)
        let worst = zip(system.values, answer).map { abs($0 - $1) / max(1, abs($1)) }.max() ?? 0
        #expect(worst <= 1e-9, "largest relative difference \(worst)")
        #expect(report.largest_block == 200 && report.broken_rows == 0)
        #expect(steps.contains(report.active_set_iterations), "\(report.active_set_iterations) steps")
    }

    /// A chain of 5,000 positions whose places cascade for 2,000 (the first run, of about 1,600,
    /// joins one position at a time): one block far past the dense path, settled by the
    /// interior-point start and equal to the pooled fit. Before that start it was refused as too
    /// large.
    @Test func aLongCascadeInALargeChainMatchesThePooledFit() throws {
        let workspace = cnp_workspace_create()!
        defer { cnp_workspace_destroy(workspace) }
        var (system, answer, runs) = cascadingChain(count: 5_000, cascade: 2_000)
        #expect(runs[0] > 1_500)
        let (status, report) = system.solve(in: workspace)
        try #require(status == CNP_OK)
        let worst = zip(system.values, answer).map { abs($0 - $1) / max(1, abs($1)) }.max() ?? 0
        #expect(worst <= 1e-9, "largest relative difference \(worst)")
        #expect(report.largest_block == 5_000 && report.broken_rows == 0)
    }

    /// A row left out that the relaxed answer meets exactly at its bound is put back: there it
    /// restricts the moves that decide ambiguity. Here `z <= w + 10` (with `w == 0`) is left out,
    /// `z >= 10 @750` lifts z to 10 and leaves it free upward, and only the row put back pins
    /// it. (A slack `z <= x0 + 1e6` joins z to the chain, so that both are relaxed.)
    @Test func aRowLeftOutAndMetExactlyIsPutBack() {
        let workspace = cnp_workspace_create()!
        defer { cnp_workspace_destroy(workspace) }
        var (system, answer, _) = pushedChain(count: 300, seed: 6)
        let (z, w) = (300, 301)
        system.variableCount += 2
        system.add([(w, 1)], CNP_RELATION_EQUAL, 0)
        system.add([(z, 1), (w, -1)], CNP_RELATION_LESS_EQUAL, 10)
        system.add([(z, 1)], CNP_RELATION_GREATER_EQUAL, 10, priority: 750)
        system.add([(z, 1), (0, -1)], CNP_RELATION_LESS_EQUAL, 1e6)
        let (status, report) = system.solve(in: workspace)
        #expect(status == CNP_OK && report.broken_rows == 0 && report.largest_block < 300)
        guard status == CNP_OK else { return }
        let worst = zip(system.values, answer).map { abs($0 - $1) / max(1, abs($1)) }.max() ?? 0
        #expect(worst <= 1e-9 && system.values[z] == 10)
        #expect(system.variableStates[z] == UInt8(CNP_VARIABLE_DETERMINED.rawValue))
    }

    /// A required conflict inside the chain: a relaxation that breaks a row proves nothing
    /// about the whole chain, so it is refused as too large rather than answered wrongly.
    @Test func aChainWithAConflictIsRefused() {
        let workspace = cnp_workspace_create()!
        defer { cnp_workspace_destroy(workspace) }
        var (system, _, _) = pushedChain(count: 3_000, seed: 4)
        system.add([(0, 1)], CNP_RELATION_EQUAL, 0)
        system.add([(0, 1)], CNP_RELATION_EQUAL, 5)
        #expect(system.solve(in: workspace).status == CNP_ERROR_TOO_LARGE)
    }
}
