import CCanopy
import CanopyWorkloads
import Foundation
import Testing

extension CoreSystem {
    /// Solves from nothing (which must succeed) and says whether `record` kept the solve.
    mutating func isKept(in workspace: OpaquePointer, by record: OpaquePointer) -> Bool {
        let (status, report) = solve(in: workspace, recording: record)
        #expect(status == CNP_OK)
        return report.recorded == 1
    }
}

/// A workspace and a solve record, freed with it.
private final class SolverMemory {
    let workspace = cnp_workspace_create()!
    let record = cnp_solve_record_create()!

    deinit {
        cnp_workspace_destroy(workspace)
        cnp_solve_record_destroy(record)
    }
}

/// A random system that substitution settles whole: a random tree of required equalities over
/// one or two variables (any constants hold), some three-variable equalities, now and then a
/// redundant row that holds at the hidden point, required inequalities with slack, and soft
/// rows; listed in a random order, so that some rows wait in substitution's queue.
private func randomSettledSystem(seed: UInt64) -> (system: CoreSystem, tree: [Int]) {
    var random = SplitMix64(seed: seed)
    let count = Int.random(in: 2...40, using: &random)
    let point = (0..<count).map { _ in Double(Int.random(in: -300...300, using: &random)) }
    let multipliers: [Double] = [1, -1, 2, 0.5, 1.5, -0.75]
    var rows: [(terms: [(Int, Double)], relation: cnp_relation, priority: Float, inTree: Bool)] = []
    rows.append(([(0, 1)], CNP_RELATION_EQUAL, 1000, true))
    for v in 1..<count {
        let parent = Int.random(in: 0..<v, using: &random)
        if random.next() % 5 == 0 && v >= 2 {
            // v = parent + other + c: settles once both are known.
            let other = (parent + 1) % v
            rows.append(([(v, 1), (parent, -1), (other, -multipliers.randomElement(using: &random)!)], CNP_RELATION_EQUAL, 1000, true))
        } else {
            rows.append(([(v, multipliers.randomElement(using: &random)!), (parent, multipliers.randomElement(using: &random)!)],
                         CNP_RELATION_EQUAL, 1000, true))
        }
    }
    if random.next() % 3 == 0 {
        let a = Int.random(in: 0..<count, using: &random), b = Int.random(in: 0..<count, using: &random)
        rows.append(([(a, 1), (b, -1)], CNP_RELATION_EQUAL, 1000, false))
    }
    for _ in 0..<Int.random(in: 0...count / 3, using: &random) {
        let a = Int.random(in: 0..<count, using: &random)
        let relation = random.next() % 2 == 0 ? CNP_RELATION_LESS_EQUAL : CNP_RELATION_GREATER_EQUAL
        rows.append(([(a, 1)], relation, 1000, false))
    }
    for _ in 0..<Int.random(in: 0...count / 3, using: &random) {
        let a = Int.random(in: 0..<count, using: &random), b = Int.random(in: 0..<count, using: &random)
        rows.append(([(a, 1), (b, 0.5)], CNP_RELATION_EQUAL, [750, 250, 1].randomElement(using: &random)!, false))
    }
    rows.shuffle(using: &random)
    var system = CoreSystem(variableCount: count)
    var tree: [Int] = []
    for (index, row) in rows.enumerated() {
        let value = row.terms.reduce(0) { $0 + $1.1 * point[$1.0] }
        let slack = Double(Int.random(in: 0...400, using: &random))
        let constant = row.relation == CNP_RELATION_LESS_EQUAL ? value + slack
            : row.relation == CNP_RELATION_GREATER_EQUAL ? value - slack : value
        system.add(row.terms, row.relation, row.priority == 1000 ? constant : constant + 7, priority: row.priority)
        if row.inTree { tree.append(index) }
    }
    return (system, tree)
}

/// A chain that substitution settles whole: v0 = 0, and each next variable a few points past
/// the one before.
private func chain(_ count: Int) -> CoreSystem {
    var system = CoreSystem(variableCount: count)
    system.add([(0, 1)], CNP_RELATION_EQUAL, 0)
    for v in 1..<count { system.add([(v, 1), (v - 1, -1)], CNP_RELATION_EQUAL, Double(v % 7)) }
    return system
}

private func isClose(_ a: Double, _ b: Double) -> Bool {
    abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
}

/// Carries the change of `changed` through `record` and checks it against a fresh solve: a
/// conflict is refused; anything else gives the fresh values and states, and names exactly the
/// variables that changed. Returns whether the change was carried.
private func carryMatchesAFreshSolve(
    _ system: inout CoreSystem, _ changed: [Int], _ workspace: OpaquePointer, _ record: OpaquePointer, _ context: String
) throws -> Bool {
    let before = system.values
    var fresh = system
    let freshReport = fresh.solve(in: workspace).report
    let (status, moved) = system.carry(changed.map(UInt32.init), through: record)
    if freshReport.broken_rows > 0 {
        #expect(status == CNP_ERROR_STALE, "\(context): a conflict is refused")
        return false
    }
    try #require(status == CNP_OK, "\(context): \(status)")
    let far = (0..<system.variableCount).filter { !isClose(system.values[$0], fresh.values[$0]) }
    #expect(far.isEmpty, "\(context): \(far)")
    #expect(system.states == fresh.states, "\(context)")
    let farErrors = (0..<system.rows.count).filter { !isClose(system.errors[$0], fresh.errors[$0]) }
    #expect(farErrors.isEmpty, "\(context): row errors \(farErrors)")
    #expect(moved.sorted() == (0..<system.variableCount).filter { system.values[$0] != before[$0] }, "\(context)")
    return true
}

@Suite("Auto Layout solver: carrying new constants", .deadline(seconds: 300))
struct SolveRecordTests {
    /// A window gives its workspace's pages back after a solve its record will carry; the
    /// next full solve in that workspace gives what one in a workspace never released gives.
    @Test func aWorkspaceWhosePagesWentBackSolvesAsBefore() {
        var system = chain(20_000)
        system.add([(5, 1), (9, 1)], CNP_RELATION_LESS_EQUAL, 10, priority: 500)
        let released = SolverMemory(), kept = SolverMemory()
        var first = system
        #expect(first.solve(in: released.workspace).status == CNP_OK)
        let capacity = cnp_workspace_capacity(released.workspace)
        let resident = cnp_workspace_resident(released.workspace)
        cnp_workspace_release_pages(released.workspace)
        cnp_workspace_release_pages(nil)
        #expect(capacity > 1 << 20 && cnp_workspace_capacity(released.workspace) == capacity)
        // What the solve touched was in memory (at least each variable's value and flags); once
        // given back, at most the pages each part shares with its neighbours are.
        #expect(resident >= 9 * 20_000 && resident <= capacity)
        #expect(cnp_workspace_resident(released.workspace) < 1 << 16)
        #expect(cnp_workspace_resident(nil) == 0)
        system.rows[7].constant += 3
        var again = system, fresh = system
        let (status, report) = again.solve(in: released.workspace)
        let (freshStatus, freshReport) = fresh.solve(in: kept.workspace)
        #expect(status == CNP_OK && freshStatus == CNP_OK)
        #expect(sameBits(again, fresh, report, freshReport))
        #expect(again.values[19_999] != first.values[19_999])
    }

    /// Substitution writes class entries (representative, scale, offset, two list links, size:
    /// 32 bytes) for the variables it classes alone, packed in the order classed, beside a
    /// 4-byte place a variable: a tree whose views have two of their four variables classed then
    /// touches 80 bytes a view for its classes, not 128. The rows it settles keep no reduced
    /// form.
    @Test func aSolveWritesClassEntriesForTheVariablesItClassesAlone() {
        let pairs = 50_000
        // Variables 2i (a chain, merged into one class before its first is fixed) and 2i + 1
        // (each fixed by a row of its own, never classed), side by side.
        var halfClassed = CoreSystem(variableCount: 2 * pairs)
        for i in 1..<pairs { halfClassed.add([(2 * i, 1), (2 * i - 2, -1)], CNP_RELATION_EQUAL, 1) }
        halfClassed.add([(0, 1)], CNP_RELATION_EQUAL, 0)
        var noneClassed = CoreSystem(variableCount: 2 * pairs)
        for i in 0..<pairs {
            halfClassed.add([(2 * i + 1, 1)], CNP_RELATION_EQUAL, 5)
            noneClassed.add([(2 * i, 1)], CNP_RELATION_EQUAL, Double(i))
            noneClassed.add([(2 * i + 1, 1)], CNP_RELATION_EQUAL, 5)
        }
        var resident: [Int] = []
        for var system in [halfClassed, noneClassed] {
            let solver = SolverMemory()
            defer { withExtendedLifetime(solver) {} }
            // Solved twice, its pages given back between: the block may have been another's.
            #expect(system.solve(in: solver.workspace).status == CNP_OK)
            cnp_workspace_release_pages(solver.workspace)
            #expect(system.solve(in: solver.workspace).status == CNP_OK)
            #expect(system.values[2 * pairs - 2] == Double(pairs - 1) && system.values[2 * pairs - 1] == 5)
            resident.append(cnp_workspace_resident(solver.workspace))
        }
        // Where substitution fixes every variable by a row of its own, a solve writes each
        // variable's flags and value and each row's flags, and nothing else a row or variable.
        #expect(resident[1] <= 20 * pairs + 16 * 4096, "\(resident[1]) bytes for \(2 * pairs) variables")
        let classes = resident[0] - resident[1]
        #expect(classes >= 40 * pairs && classes <= 40 * pairs + 16 * 4096, "\(classes) bytes for \(pairs) classed")
    }

    /// A record whose change scratch takes a block of 32 MB or more gets it zeroed from the
    /// system, and clears none of it by hand: its changes carry as a smaller record's do.
    @Test func aLargeRecordCarriesFromAZeroedBlock() throws {
        let count = 900_000
        var system = chain(count)
        let solver = SolverMemory()
        defer { withExtendedLifetime(solver) {} }
        let kept = system.isKept(in: solver.workspace, by: solver.record)
        #expect(kept)
        let solved = cnp_solve_record_capacity(solver.record)
        // The first row alone, twice (the second from the kept response), then another.
        for (step, row) in [1, 1, count / 2].enumerated() {
            system.rows[row].constant += 5
            #expect(try carryMatchesAFreshSolve(&system, [row], solver.workspace, solver.record, "step \(step)"))
        }
        #expect(cnp_solve_record_capacity(solver.record) - solved >= 32 << 20)
    }

    /// A list of changed variables with less room than the change needs stops at its room, and
    /// the count still says how many changed (a caller then treats everything as changed); with
    /// no room, there need be no list. The values are a fresh solve's either way, from a replay
    /// and from a kept response alike.
    @Test func aShortListOfChangedVariablesStillCountsThemAll() throws {
        let count = 1_000
        var system = chain(count), full = chain(count)
        let solver = SolverMemory(), other = SolverMemory()
        defer { withExtendedLifetime((solver, other)) {} }
        let kept = system.isKept(in: solver.workspace, by: solver.record)
        let fullKept = full.isKept(in: other.workspace, by: other.record)
        #expect(kept && fullKept)
        // Row 1 moves every variable but the first; the second time, from the kept response.
        for step in 0..<2 {
            system.rows[1].constant += 5
            full.rows[1].constant += 5
            let short = system.carryCounting([1], through: solver.record, capacity: 10)
            let whole = full.carryCounting([1], through: other.record)
            #expect(short.status == CNP_OK && whole.status == CNP_OK, "step \(step)")
            #expect(short.changedCount == count - 1 && whole.changedCount == count - 1, "step \(step)")
            #expect(short.listed.count == 10 && Set(short.listed).isSubset(of: whole.listed), "step \(step)")
            #expect(system.values.map(\.bitPattern) == full.values.map(\.bitPattern), "step \(step)")
        }
        let previous = [system.rows[2].constant]
        system.rows[2].constant += 1
        var counted: UInt32 = 0
        let status = system.withCore { core, solution in
            cnp_solve_changed_constants(solver.record, &core, [2], previous, 1, &solution, nil, 0, &counted, nil)
        }
        #expect(status == CNP_OK && counted == UInt32(count - 2))
        #expect(system.values[count - 1] == full.values[count - 1] + 1)
        // Room without a list is refused, and the record with it.
        let again = [system.rows[2].constant]
        system.rows[2].constant += 1
        let refused = system.withCore { core, solution in
            cnp_solve_changed_constants(solver.record, &core, [2], again, 1, &solution, nil, 1, &counted, nil)
        }
        #expect(refused == CNP_ERROR_BAD_ARGUMENT)
        #expect(system.carry([2], through: solver.record, previous: again).0 == CNP_ERROR_STALE)
    }

    /// A record marks the variables and rows each change reaches with a one-byte stamp, cleared
    /// when it wraps: a chain moved by the first change and by the 256th alone (the stamp then
    /// comes round to its marks again) still moves, and the row checked over it is checked
    /// again, as another chain changed in between moves, one row or several at a time.
    @Test func changesPastTheMarksWrapGiveAFreshSolve() throws {
        let solver = SolverMemory()
        defer { withExtendedLifetime(solver) {} }
        // Two chains: variables 0..<20 and 20..<40, each from a fixed first one.
        var system = CoreSystem(variableCount: 40)
        for chain in [0, 20] {
            system.add([(chain, 1)], CNP_RELATION_EQUAL, 5)
            for v in chain + 1..<chain + 20 {
                let terms = v % 4 == 0 ? [(v, 1.0), (v - 1, -1.0), (v - 3, -0.5)] : [(v, 1.0), (v - 1, -1.0)]
                system.add(terms, CNP_RELATION_EQUAL, Double(v))
            }
        }
        // A soft row, only checked after a change: its error follows the second chain's last
        // variable.
        system.add([(39, 1)], CNP_RELATION_EQUAL, 0, priority: 250)
        let kept = system.isKept(in: solver.workspace, by: solver.record)
        #expect(kept)
        for step in 0..<600 {
            let changed = step % 255 == 0 ? [20] : step % 3 == 0 ? [step % 20] : [step % 20, (step * 7 + 3) % 20]
            for row in Set(changed) { system.rows[row].constant += Double(step % 11) - 5 }
            let carried = try carryMatchesAFreshSolve(
                &system, Array(Set(changed)), solver.workspace, solver.record, "step \(step)")
            #expect(carried)
        }
    }

    /// Random settled systems, random new constants: a carried change gives a fresh solve's
    /// values and row states, names exactly the variables that changed, and is refused exactly
    /// when the new constants make required rows conflict.
    @Test func carriedConstantsGiveAFreshSolve() throws {
        let solver = SolverMemory()
        let (workspace, record) = (solver.workspace, solver.record)
        defer { withExtendedLifetime(solver) {} }
        var carried = 0, refused = 0
        for seed in UInt64(0)..<400 {
            var (system, tree) = randomSettledSystem(seed: seed)
            var random = SplitMix64(seed: seed &+ 1000)
            var kept = system.isKept(in: workspace, by: record)
            #expect(kept, "seed \(seed)")
            for step in 0..<8 {
                // Mostly rows of the tree (any constants hold); now and then any row.
                let changed = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                    random.next() % 16 == 0 ? Int.random(in: 0..<system.rows.count, using: &random) : tree.randomElement(using: &random)!
                }
                for row in changed { system.rows[row].constant += Double(Int.random(in: -40...40, using: &random)) }
                guard try carryMatchesAFreshSolve(&system, changed, workspace, record, "seed \(seed), step \(step)") else {
                    refused += 1
                    kept = system.isKept(in: workspace, by: record)
                    #expect(!kept, "seed \(seed): conflicts are not kept")
                    break
                }
                carried += 1
            }
        }
        #expect(carried > 1500 && refused > 20, "\(carried) carried, \(refused) refused")
    }

    /// A change carries the same, bit for bit, whether the record sweeps every elimination and
    /// row or visits what the change reaches through its indexes of rows by variable: values,
    /// row errors and states, and the variables it names.
    @Test func sweepsAndIndexesCarryAlike() {
        let sweeping = SolverMemory(), indexing = SolverMemory()
        cnp_testing_set_record_indexing(sweeping.record, CNP_TESTING_INDEXING_NEVER)
        cnp_testing_set_record_indexing(indexing.record, CNP_TESTING_INDEXING_AT_ONCE)
        defer { withExtendedLifetime((sweeping, indexing)) {} }
        var compared = 0
        for seed in UInt64(0)..<200 {
            var (swept, tree) = randomSettledSystem(seed: seed)
            var indexed = swept
            var random = SplitMix64(seed: seed &+ 2000)
            let kept = swept.isKept(in: sweeping.workspace, by: sweeping.record)
                && indexed.isKept(in: indexing.workspace, by: indexing.record)
            #expect(kept, "seed \(seed)")
            for step in 0..<8 {
                // One row or a few, so that some changes are kept as responses and repeated.
                let changed = (0..<Int.random(in: 1...2, using: &random)).map { _ in tree.randomElement(using: &random)! }
                for row in changed {
                    let move = Double(Int.random(in: -40...40, using: &random))
                    swept.rows[row].constant += move
                    indexed.rows[row].constant += move
                }
                let (sweptStatus, sweptMoved) = swept.carry(changed.map(UInt32.init), through: sweeping.record)
                let (indexedStatus, indexedMoved) = indexed.carry(changed.map(UInt32.init), through: indexing.record)
                #expect(sweptStatus == indexedStatus, "seed \(seed), step \(step)")
                guard sweptStatus == CNP_OK else { break }
                #expect(sameBits(swept, indexed, cnp_solve_report(), cnp_solve_report()), "seed \(seed), step \(step)")
                #expect(sweptMoved.sorted() == indexedMoved.sorted(), "seed \(seed), step \(step)")
                compared += 1
            }
        }
        #expect(compared > 1000, "\(compared) changes compared")
    }

    /// A caller may leave the rows' errors out: solves and carried changes then give the same
    /// values and states, bit for bit, as with them.
    @Test func rowErrorsAreOptional() throws {
        let asked = SolverMemory(), unasked = SolverMemory()
        for seed in UInt64(0)..<60 {
            var (system, tree) = randomSettledSystem(seed: seed)
            var random = SplitMix64(seed: seed &+ 2000)
            var without = system
            without.asksForErrors = false
            let (status, report) = system.solve(in: asked.workspace, recording: asked.record)
            let (statusWithout, reportWithout) = without.solve(in: unasked.workspace, recording: unasked.record)
            #expect(status == CNP_OK && statusWithout == CNP_OK && reportWithout.recorded == report.recorded)
            without.errors = system.errors  // compared apart from the errors
            #expect(sameBits(system, without, report, reportWithout), "seed \(seed)")
            for _ in 0..<4 {
                let row = tree.randomElement(using: &random)!
                let step = Double(Int.random(in: -40...40, using: &random))
                system.rows[row].constant += step
                without.rows[row].constant += step
                let (carried, moved) = system.carry([UInt32(row)], through: asked.record)
                let (carriedWithout, movedWithout) = without.carry([UInt32(row)], through: unasked.record)
                #expect(carried == carriedWithout && moved == movedWithout, "seed \(seed)")
                #expect(system.values.map(\.bitPattern) == without.values.map(\.bitPattern), "seed \(seed)")
                #expect(system.states == without.states, "seed \(seed)")
            }
        }
    }

    /// One row changed again and again alone (a live resize, an animated constant), now and
    /// then with others, as a duplicate, another row alone, no row, after a solve from nothing,
    /// or back to an earlier constant: every change gives a fresh solve's values, states and
    /// row errors, names exactly the variables that changed, and is refused exactly when
    /// required rows conflict.
    @Test func aRowChangedAgainGivesAFreshSolve() throws {
        let solver = SolverMemory()
        let (workspace, record) = (solver.workspace, solver.record)
        defer { withExtendedLifetime(solver) {} }
        var carried = 0, refused = 0
        for seed in UInt64(0)..<300 {
            var (system, tree) = randomSettledSystem(seed: seed)
            var random = SplitMix64(seed: seed &+ 5000)
            let kept = system.isKept(in: workspace, by: record)
            #expect(kept, "seed \(seed)")
            let repeated = seed % 4 == 0 ? Int.random(in: 0..<system.rows.count, using: &random) : tree.randomElement(using: &random)!
            for step in 0..<24 {
                var changed = [repeated]
                switch random.next() % 10 {
                case 0: changed.append(tree.randomElement(using: &random)!)
                case 1: changed = [tree.randomElement(using: &random)!]
                case 2: changed.append(repeated)
                case 3: changed = []
                case 4: _ = system.isKept(in: workspace, by: record)
                default: break
                }
                for row in Set(changed) { system.rows[row].constant += Double(Int.random(in: -40...40, using: &random)) }
                guard try carryMatchesAFreshSolve(&system, changed, workspace, record, "seed \(seed), step \(step)") else {
                    refused += 1
                    break
                }
                carried += 1
            }
        }
        #expect(carried > 4000 && refused > 5, "\(carried) carried, \(refused) refused")
    }

    /// A response taken from a hairline change (an eased animation's first frame) keeps its
    /// digits: a slope from the values before and after would lose them to cancellation.
    @Test func aResponseFromAHairlineChangeKeepsItsDigits() {
        let solver = SolverMemory()
        defer { withExtendedLifetime(solver) {} }
        var system = CoreSystem(variableCount: 3)
        system.add([(0, 1)], CNP_RELATION_EQUAL, 12_345.678)
        system.add([(1, 1), (0, -0.5)], CNP_RELATION_EQUAL, 9_876.5)
        system.add([(2, 1), (1, -3)], CNP_RELATION_EQUAL, -1_234.25)
        let kept = system.isKept(in: solver.workspace, by: solver.record)
        for change in [1e-9, 100, -250, 0.001] {
            system.rows[0].constant += change
            let status = system.carry([0], through: solver.record).0
            var fresh = system
            _ = fresh.solve(in: solver.workspace)
            let far = (0..<3).filter { abs(system.values[$0] - fresh.values[$0]) > 1e-11 * abs(fresh.values[$0]) }
            #expect(kept && status == CNP_OK && far.isEmpty, "after \(change): \(system.values) against \(fresh.values)")
        }
    }

    /// A row changed alone, again and again, gives the same bits for the same constant, whatever
    /// constants it took between. (Seeds whose changes break a required inequality are skipped.)
    @Test func aRowChangedAgainComesBackToTheSameBits() {
        let solver = SolverMemory()
        let (workspace, record) = (solver.workspace, solver.record)
        defer { withExtendedLifetime(solver) {} }
        var compared = 0
        for seed in UInt64(0)..<100 {
            var (system, tree) = randomSettledSystem(seed: seed)
            var random = SplitMix64(seed: seed &+ 9000)
            guard system.isKept(in: workspace, by: record) else { continue }
            let row = tree.randomElement(using: &random)!
            let start = system.rows[row].constant
            var constants = [start + 3] + (0..<20).map { _ in start + Double(Int.random(in: -12...12, using: &random)) / 4 }
            constants.append(start + 3)
            var values: [[Double]] = []
            for constant in constants {
                system.rows[row].constant = constant
                guard system.carry([UInt32(row)], through: record).0 == CNP_OK else { break }
                values.append(system.values)
            }
            guard values.count == constants.count else { continue }
            #expect(values.first!.map(\.bitPattern) == values.last!.map(\.bitPattern), "seed \(seed)")
            compared += 1
        }
        #expect(compared > 50, "\(compared) compared")
    }

    /// Random systems with dense blocks, solved twice through one record with a constant
    /// changed (or not) in between: blocks whose inputs did not change get their answers from
    /// the record, and everything (values, states, errors, the report's counts) is what a solve
    /// without a record gives, bit for bit.
    @Test func recalledBlocksGiveWhatSolvingGives() {
        let solver = SolverMemory()
        let (workspace, record) = (solver.workspace, solver.record)
        defer { withExtendedLifetime(solver) {} }
        var recalled = 0, solvedAgain = 0
        for seed in UInt64(0)..<1_500 {
            let random = SolverFuzzTests.RandomSystem(seed: seed)
            var system = CoreSystem(random)
            _ = system.solve(in: workspace, recording: record)
            if seed % 3 != 0 {
                system.rows[Int(seed / 3) % system.rows.count].constant += 5
            }
            var fresh = system
            let (freshStatus, freshReport) = fresh.solve(in: workspace)
            let (status, report) = system.solve(in: workspace, recording: record)
            #expect(status == freshStatus, "seed \(seed)")
            guard status == CNP_OK else { continue }
            var expected = freshReport
            expected.recalled_blocks = report.recalled_blocks
            #expect(sameBits(system, fresh, report, expected), "seed \(seed)")
            recalled += Int(report.recalled_blocks)
            solvedAgain += Int(report.blocks - report.recalled_blocks)
        }
        #expect(recalled > 500 && solvedAgain > 500, "\(recalled) recalled, \(solvedAgain) solved again")
    }

    /// Random systems with dense blocks, solved through one record again and again with new
    /// constants (small and large changes): a block of the shape of one before is solved
    /// through the kept maps of its levels when its active sets hold, and afresh otherwise.
    /// Everything is what a solve without a record gives: values and row errors up to rounding;
    /// states, ambiguity, conflict groups and the counts exactly (but the active-set steps,
    /// which a reused block does not take). A block solved again starts its levels warm, from
    /// the outcomes of the maps that missed, and ends where a cold start ends.
    @Test func reusedBlocksGiveWhatSolvingGives() {
        let solver = SolverMemory()
        let (workspace, record) = (solver.workspace, solver.record)
        defer { withExtendedLifetime(solver) {} }
        var reused = 0, solvedAgain = 0, warm = 0
        let changes: [Double] = [0.125, -0.5, 3, -40, 250, 1e4]
        for seed in UInt64(0)..<1_500 {
            let random = SolverFuzzTests.RandomSystem(seed: seed)
            var system = CoreSystem(random)
            var generator = SplitMix64(seed: seed)
            for step in 0..<8 {
                for _ in 0...(step % 2) {
                    system.rows[Int.random(in: 0..<system.rows.count, using: &generator)].constant +=
                        changes.randomElement(using: &generator)!
                }
                var fresh = system
                let (freshStatus, freshReport) = fresh.solve(in: workspace)
                let (status, report) = system.solve(in: workspace, recording: record)
                let context = "seed \(seed) step \(step)"
                #expect(status == freshStatus, "\(context)")
                guard status == CNP_OK else { break }
                let far = (0..<system.variableCount).filter { !isClose(system.values[$0], fresh.values[$0]) }
                #expect(far.isEmpty, "\(context): \(far)")
                // A row's error is a difference of its terms: it is close on the terms' scale.
                let farErrors = (0..<system.rows.count).filter { r in
                    let row = system.rows[r], range = Int(row.first_term)..<Int(row.first_term + row.term_count)
                    let scale = range.reduce(abs(row.constant)) { $0 + abs(system.terms[$1].coefficient * system.values[Int(system.terms[$1].variable)]) }
                    return abs(system.errors[r] - fresh.errors[r]) > 1e-9 * max(1, scale)
                }
                #expect(farErrors.isEmpty, "\(context): row errors \(farErrors)")
                #expect(system.states == fresh.states && system.variableStates == fresh.variableStates, "\(context)")
                #expect(system.groups == fresh.groups, "\(context)")
                #expect(report.blocks == freshReport.blocks && report.levels == freshReport.levels, "\(context)")
                #expect(report.broken_rows == freshReport.broken_rows && report.largest_block == freshReport.largest_block)
                reused += Int(report.reused_blocks)
                solvedAgain += Int(report.blocks - report.recalled_blocks - report.reused_blocks)
                warm += Int(report.warm_started_levels)
            }
        }
        #expect(reused > 500 && solvedAgain > 500, "\(reused) reused, \(solvedAgain) solved again")
        // Blocks solved again start their levels from the kept maps' outcomes.
        #expect(warm > 1_000, "\(warm) levels started warm")
    }

    /// A block whose active set swings between two states (a soft bound met or not as a width
    /// grows): kept maps serve the state they were recorded in; a first miss keeps them, a
    /// second records the new state's. So a layout that swings back and forth is reused every
    /// other solve, and the answers are always a fresh solve's.
    @Test func levelMapsFollowTheActiveSet() {
        let solver = SolverMemory()
        let (workspace, record) = (solver.workspace, solver.record)
        defer { withExtendedLifetime(solver) {} }
        var system = CoreSystem(variableCount: 2)
        system.add([(0, 1), (1, 1)], CNP_RELATION_EQUAL, 0, priority: 750)  // x0 + x1 == width
        system.add([(0, 1)], CNP_RELATION_LESS_EQUAL, 100, priority: 500)     // x0 <= 100
        system.add([(0, 1), (1, -1)], CNP_RELATION_EQUAL, 0, priority: 250)  // x0 == x1
        var reused: [UInt32] = []
        for width in [150.0, 160, 170, 300, 310, 320, 150, 300, 150, 300] {
            system.rows[0].constant = width
            var fresh = system
            _ = fresh.solve(in: workspace)
            let (status, report) = system.solve(in: workspace, recording: record)
            #expect(status == CNP_OK && system.values.indices.allSatisfy { isClose(system.values[$0], fresh.values[$0]) })
            #expect(report.blocks == 1)
            reused.append(report.reused_blocks)
        }
        #expect(isClose(system.values[0], 100) && isClose(system.values[1], 200))
        #expect(reused == [0, 0, 1, 0, 0, 1, 0, 1, 0, 1])
    }

    /// A block of 40 unknowns (too many to map) with a required conflict, solved again and again
    /// as its soft targets move: its levels' outcomes are recorded at every solve, and from the
    /// second on its levels start from them, the required level once the conflict is broken
    /// again. The answers are a fresh solve's, with the same row broken.
    @Test func aLargeBlockStartsItsLevelsWarmPastAConflict() {
        let solver = SolverMemory()
        let (workspace, record) = (solver.workspace, solver.record)
        defer { withExtendedLifetime(solver) {} }
        let n = 40
        var system = CoreSystem(variableCount: n)
        for i in 0..<(n - 1) {
            system.add([(i + 1, 1), (i, -1)], CNP_RELATION_GREATER_EQUAL, 1)  // a chain of gaps
        }
        system.add([(0, 1), (1, 1), (2, 1)], CNP_RELATION_EQUAL, 10)
        system.add([(0, 1), (1, 1), (2, 1)], CNP_RELATION_EQUAL, 20)  // conflicts with the row before
        let firstTarget = system.rows.count
        for i in 0..<n {
            system.add([(i, 1)], CNP_RELATION_EQUAL, 0, priority: 900 - Float(i))  // one level each
        }
        var warm: [UInt32] = []
        for step in 0..<6 {
            for i in 0..<n { system.rows[firstTarget + i].constant = Double(3 * i + (step % 2 == 0 ? 0 : 5 * (i % 4))) }
            var fresh = system
            let (_, freshReport) = fresh.solve(in: workspace)
            let (status, report) = system.solve(in: workspace, recording: record)
            #expect(status == CNP_OK && report.largest_block == UInt32(n) && report.recalled_blocks == 0)
            #expect(system.values.indices.allSatisfy { isClose(system.values[$0], fresh.values[$0]) }, "step \(step)")
            #expect(system.states == fresh.states && report.broken_rows == 1 && freshReport.broken_rows == 1)
            warm.append(report.warm_started_levels)
        }
        #expect(warm[0] == 0 && warm.dropFirst().allSatisfy { $0 >= 20 }, "\(warm)")
    }

    /// A level whose violated rows tie (two pulls of one priority that cannot both hold) is
    /// not recorded: its ties come from a search the maps do not follow. Every new width is
    /// solved afresh, and the ties are reported as a fresh solve reports them.
    @Test func levelsWithTiesAreNotMapped() {
        let solver = SolverMemory()
        let (workspace, record) = (solver.workspace, solver.record)
        defer { withExtendedLifetime(solver) {} }
        var system = CoreSystem(variableCount: 2)
        system.add([(0, 1), (1, 1)], CNP_RELATION_EQUAL, 0, priority: 750)  // x0 + x1 == width
        system.add([(0, 1)], CNP_RELATION_EQUAL, 50, priority: 500)
        system.add([(1, 1)], CNP_RELATION_EQUAL, 60, priority: 500)
        for width in [150.0, 160, 170, 180, 190] {
            system.rows[0].constant = width
            var fresh = system
            _ = fresh.solve(in: workspace)
            let (status, report) = system.solve(in: workspace, recording: record)
            #expect(status == CNP_OK && report.blocks == 1 && report.reused_blocks == 0, "width \(width)")
            #expect(system.states == fresh.states && system.states.contains(UInt8(CNP_ROW_TIED.rawValue)), "width \(width)")
            #expect(system.values.indices.allSatisfy { isClose(system.values[$0], fresh.values[$0]) })
        }
    }

    /// Random systems solved again unchanged through one record solve no block at all: every
    /// pass of a solve that makes several (pins tried, rounds of relaxation, components solved
    /// again without substitution) keeps its blocks, blocks that broke conflicting rows and
    /// blocks that found their substituted rows in conflict included. The answers, states,
    /// conflict groups and counts are the same bits.
    @Test func everyPassRecallsItsBlocks() {
        let solver = SolverMemory()
        let (workspace, record) = (solver.workspace, solver.record)
        defer { withExtendedLifetime(solver) {} }
        var multiPass = 0, conflicts = 0
        for seed in UInt64(0)..<2_000 {
            let random = SolverFuzzTests.RandomSystem(seed: seed)
            var system = CoreSystem(random)
            let (status, first) = system.solve(in: workspace, recording: record)
            guard status == CNP_OK else { continue }
            var again = system
            let (_, second) = again.solve(in: workspace, recording: record)
            #expect(second.solved_blocks == 0, "seed \(seed): \(second.solved_blocks) solved again")
            var expected = first
            (expected.recalled_blocks, expected.solved_blocks) = (second.recalled_blocks, second.solved_blocks)
            #expect(sameBits(again, system, second, expected), "seed \(seed)")
            multiPass += first.solved_blocks > first.blocks ? 1 : 0
            conflicts += first.broken_rows > 0 ? 1 : 0
        }
        #expect(multiPass > 80 && conflicts > 250, "\(multiPass) solves of several passes, \(conflicts) with conflicts")
    }

    /// What a record cannot carry is refused, and the record is emptied.
    @Test func aRecordRefusesWhatItCannotCarry() {
        let solver = SolverMemory()
        let (workspace, record) = (solver.workspace, solver.record)
        defer { withExtendedLifetime(solver) {} }
        var system = CoreSystem(variableCount: 2)
        system.add([(0, 1)], CNP_RELATION_EQUAL, 10)
        system.add([(1, 1), (0, -1)], CNP_RELATION_EQUAL, 5)
        /// Solves and keeps `system`, then edits it and carries the edit through.
        func carried(_ rows: [UInt32], after edit: (inout CoreSystem) -> Void) -> cnp_status {
            var edited = system
            let kept = edited.isKept(in: workspace, by: record)
            edit(&edited)
            return kept ? edited.carry(rows, through: record).0 : CNP_ERROR_BAD_ARGUMENT
        }
        var unsolved = system
        #expect(unsolved.carry([0], through: record).0 == CNP_ERROR_STALE, "nothing kept yet")
        #expect(carried([2]) { _ in } == CNP_ERROR_BAD_INDEX)
        #expect(unsolved.carry([0], through: record).0 == CNP_ERROR_STALE, "an error empties the record")
        #expect(carried([1]) { $0.rows[1].constant = .nan } == CNP_ERROR_NON_FINITE)
        #expect(carried([1]) { $0.rows[1].priority = 500 } == CNP_ERROR_STALE, "a settled row made soft")
        #expect(carried([0]) { $0.add([(1, 1)], CNP_RELATION_LESS_EQUAL, 100) } == CNP_ERROR_STALE, "other counts")
        #expect(carried([0, 1]) { _ in } == CNP_OK)
        #expect(carried([0]) { $0.rows[1].first_term = 7 } == CNP_ERROR_STALE, "a row outside the terms")
        #expect(carried([0]) { $0.rows[1].term_count = 1 } == CNP_ERROR_STALE, "other rows of the same counts")
        // Once indexed, a visited row outside the terms is refused too.
        cnp_testing_set_record_indexing(record, CNP_TESTING_INDEXING_AT_ONCE)
        var indexed = system
        #expect(indexed.isKept(in: workspace, by: record) && indexed.carry([0], through: record).0 == CNP_OK)
        indexed.rows[1].first_term = 7
        #expect(indexed.carry([1], through: record).0 == CNP_ERROR_STALE)
        // Indexes built at a later change than the first refuse rows changed meanwhile.
        var late = system
        cnp_testing_set_record_indexing(record, CNP_TESTING_INDEXING_NEVER)
        #expect(late.isKept(in: workspace, by: record) && late.carry([0], through: record).0 == CNP_OK)
        cnp_testing_set_record_indexing(record, CNP_TESTING_INDEXING_AT_ONCE)
        late.rows[1].term_count = 1
        #expect(late.carry([0], through: record).0 == CNP_ERROR_STALE, "other rows of the same counts, later")
        cnp_testing_set_record_indexing(record, CNP_TESTING_INDEXING_BY_SHARE)

        // A repeated row's kept response refuses what a replay refuses.
        var repeated = system
        _ = repeated.isKept(in: workspace, by: record)
        repeated.rows[1].constant = 6
        let first = repeated.carry([1], through: record).0
        repeated.rows[1].constant = 7
        let again = repeated.carry([1], through: record).0
        #expect(first == CNP_OK && again == CNP_OK && repeated.values == [10, 17])
        repeated.rows[1].priority = 500
        repeated.rows[1].constant = 8
        #expect(repeated.carry([1], through: record).0 == CNP_ERROR_STALE, "a repeated row made soft")
        _ = repeated.isKept(in: workspace, by: record) // priority 500 is not kept: solve afresh
        var scaled = CoreSystem(variableCount: 2)  // v1 = 4 v0: a repeat can overflow
        scaled.add([(0, 1)], CNP_RELATION_EQUAL, 10)
        scaled.add([(1, 1), (0, -4)], CNP_RELATION_EQUAL, 0)
        _ = scaled.isKept(in: workspace, by: record)
        for constant in [6.0, 7, 1e308] {
            scaled.rows[0].constant = constant
            let status = scaled.carry([0], through: record).0
            #expect(status == (constant == 1e308 ? CNP_ERROR_NON_FINITE : CNP_OK), "constant \(constant)")
        }

        // Nothing changed: nothing moves.
        let kept = system.isKept(in: workspace, by: record)
        let (status, moved) = system.carry([0, 1], through: record)
        #expect(kept && status == CNP_OK && moved.isEmpty && system.values == [10, 15])
    }

    /// The caller gives each changed row's previous constant: the record keeps none. A row
    /// listed twice takes its first entry's; a previous constant the solve did not answer, one
    /// that is not a number, or none given, is refused.
    @Test func changesAreCarriedFromThePreviousConstantsGiven() {
        let solver = SolverMemory()
        defer { withExtendedLifetime(solver) {} }
        var system = CoreSystem(variableCount: 2)
        system.add([(0, 1)], CNP_RELATION_EQUAL, 10)
        system.add([(1, 1), (0, -1)], CNP_RELATION_EQUAL, 5)
        /// Solves `system` anew, sets row 1's constant to 8, and carries it from `previous`.
        func carried(_ rows: [UInt32], from previous: [Double]) -> (cnp_status, [Double]) {
            var edited = system
            let kept = edited.isKept(in: solver.workspace, by: solver.record)
            edited.rows[1].constant = 8
            let status = edited.carry(rows, through: solver.record, previous: previous).0
            return (kept ? status : CNP_ERROR_BAD_ARGUMENT, edited.values)
        }
        let twice = carried([1, 1], from: [5, 2])
        #expect(twice.0 == CNP_OK && twice.1 == [10, 18], "the first entry's: from 5 to 8")
        // Carried from a constant the solve did not answer (3), the row ends at 10, not 8: a
        // changed row is checked, and refused.
        #expect(carried([1], from: [3]).0 == CNP_ERROR_STALE)
        #expect(carried([1], from: [.nan]).0 == CNP_ERROR_NON_FINITE)
        var unknown = system
        let kept = unknown.isKept(in: solver.workspace, by: solver.record)
        let status = unknown.withCore { core, solution in
            var changed = [UInt32](repeating: 0, count: 2), count: UInt32 = 0
            let rows: [UInt32] = [1]
            return cnp_solve_changed_constants(solver.record, &core, rows, nil, 1, &solution, &changed, 2, &count, nil)
        }
        #expect(kept && status == CNP_ERROR_BAD_ARGUMENT)
    }

    /// A record keeps substitution's classes (representatives, scales, offsets, lists, the
    /// sizes its eliminations saw: 28 bytes a variable, and a 4-byte slot) and its
    /// eliminations (5 bytes a row here, where each row's is its own, in row order, and each
    /// divisor a half exactly: no row column, and the divisors in bytes): not the rows'
    /// constants or the classes' values, which the caller holds. A plain variable (a class of
    /// its own) keeps its slot alone: the pages the others' entries leave go back; when every
    /// variable is plain, the slots go too. Its change scratch keeps one delta a variable, and
    /// its indexes of rows by variable, built once a change moves few variables, one entry a
    /// term.
    @Test func aRecordKeepsTheClassesAndEliminationsAlone() {
        // Enough variables that 4 bytes more a row would be past the part pages' allowance.
        let count = 50_000
        // The chain's rows merge the classes before its first row fixes them all; listed from
        // its first row, each variable is fixed by a row of its own.
        let fixed = chain(count)
        var merged = CoreSystem(variableCount: count)
        for v in 1..<count { merged.add([(v, 1), (v - 1, -1)], CNP_RELATION_EQUAL, Double(v % 7)) }
        merged.add([(0, 1)], CNP_RELATION_EQUAL, 0)
        // Whole pages go back: each of the nine arrays given back keeps the part pages at its
        // two ends, where they fall depends on the block's address.
        let pages = 2 * 9 * 4096
        for (system, plain) in [(fixed, count), (merged, 0)] {
            var system = system
            let solver = SolverMemory()
            defer { withExtendedLifetime(solver) {} }
            let kept = system.isKept(in: solver.workspace, by: solver.record)
            let capacity = cnp_solve_record_capacity(solver.record)
            let expected = 37 * count - (plain == count ? 32 : 28) * plain
            #expect(kept && capacity >= expected && capacity <= expected + pages, "\(plain) plain: \(capacity) bytes")
            // The first change carves its scratch: 25 bytes a variable (one delta each, whether
            // of a class value or of an offset, two lists of moved ones, and the response's
            // base) and 13 and a bit a row (each row's elimination is its own, in row order, so
            // no map of them is built); a class's members are followed through its list's links.
            system.rows[1].constant += 1
            let carried = system.carry([1], through: solver.record).0
            let scratch = cnp_solve_record_capacity(solver.record) - capacity
            let carved = 25 * count + 13 * count + (count / 64 + 1) * 8
            #expect(carried == CNP_OK && scratch >= carved && scratch <= carved + 4096, "\(plain) plain: \(scratch) bytes")
            // A change of the row before last moves one variable or two: the next change builds
            // the indexes, 4 bytes a variable and a term but for a plain variable's term in the
            // row that fixed it.
            for row in [count - 2, count - 1] {
                system.rows[row].constant += 1
                #expect(system.carry([UInt32(row)], through: solver.record).0 == CNP_OK)
            }
            let indexes = cnp_solve_record_capacity(solver.record) - capacity - scratch
            let listed = 4 * (count + 1) + 4 * (2 * count - 1 - plain)
            #expect(indexes >= listed && indexes <= listed + 4096, "\(plain) plain: \(indexes) bytes")
        }
    }

    /// A record whose rows are not each their own elimination in row order (here a required
    /// inequality, which substitution leaves to be checked) indexes its eliminations by row:
    /// 4 bytes a row more at the first change, and its changes carry as a fresh solve gives.
    @Test func eliminationsOutOfRowOrderAreIndexedByRow() throws {
        let count = 50_000
        var indexBytes: [Int] = []
        for checked in [false, true] {
            var system = chain(count)
            if checked { system.add([(count - 1, 1)], CNP_RELATION_LESS_EQUAL, 1e6) }
            let solver = SolverMemory()
            defer { withExtendedLifetime(solver) {} }
            let isKept = system.isKept(in: solver.workspace, by: solver.record)
            #expect(isKept)
            let kept = cnp_solve_record_capacity(solver.record)
            system.rows[count / 2].constant += 3
            let matches = try carryMatchesAFreshSolve(
                &system, [count / 2], solver.workspace, solver.record, "checked \(checked)")
            #expect(matches)
            indexBytes.append(cnp_solve_record_capacity(solver.record) - kept)
        }
        let more = indexBytes[1] - indexBytes[0]
        #expect(more >= 4 * count && more <= 4 * count + 4096, "\(more) bytes more")
    }

    /// A solve the record does not keep ends the one it held: a change of constants is then
    /// refused, even where the arrays that solve wrote over read as the old ones (its first
    /// eliminations are the same).
    @Test func aSolveNotKeptEndsTheRecord() {
        let solver = SolverMemory()
        defer { withExtendedLifetime(solver) {} }
        func system(lastPriority: Float) -> CoreSystem {
            var system = CoreSystem(variableCount: 3)
            system.add([(0, 1)], CNP_RELATION_EQUAL, 10)
            system.add([(1, 1), (0, -1)], CNP_RELATION_EQUAL, 5)
            system.add([(2, 1)], CNP_RELATION_EQUAL, 7, priority: lastPriority)
            return system
        }
        var settled = system(lastPriority: 1000), soft = system(lastPriority: 500)
        let keptFirst = settled.isKept(in: solver.workspace, by: solver.record)
        let keptSecond = soft.isKept(in: solver.workspace, by: solver.record)
        #expect(keptFirst && !keptSecond)
        settled.rows[0].constant += 1
        let carried = settled.carry([0], through: solver.record).0
        #expect(carried == CNP_ERROR_STALE)
    }

    /// Only systems substitution settles whole are kept: not one with a dense block, a free
    /// variable or a conflict.
    @Test func onlySystemsSettledBySubstitutionAreKept() {
        let solver = SolverMemory()
        defer { withExtendedLifetime(solver) {} }
        func isKept(_ rows: [([(Int, Double)], Double, Float)], variables: Int) -> Bool {
            var system = CoreSystem(variableCount: variables)
            for (terms, constant, priority) in rows { system.add(terms, CNP_RELATION_EQUAL, constant, priority: priority) }
            return system.isKept(in: solver.workspace, by: solver.record)
        }
        #expect(isKept([([(0, 1)], 10, 1000), ([(1, 1), (0, -2)], 1, 1000)], variables: 2))
        #expect(!isKept([([(0, 1), (1, 1)], 10, 1000), ([(0, 1)], 3, 500), ([(1, 1)], 3, 500)], variables: 2), "a dense block")
        #expect(!isKept([([(0, 1)], 10, 1000)], variables: 2), "a free variable")
        #expect(!isKept([([(0, 1)], 10, 1000), ([(0, 1)], 20, 1000)], variables: 1), "a conflict")
    }
}
