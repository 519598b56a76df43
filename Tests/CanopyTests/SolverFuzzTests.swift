import CCanopy
import CanopyWorkloads
import Foundation
import Testing

/// Thousands of random systems through the C solver: random priorities, relations,
/// multipliers, intrinsic sizes, cycles and conflicts. No crash, no hang, no error; required rows hold whenever
/// they can (every system built around a hidden point), and otherwise hold once the reported
/// broken rows are set aside; the same system gives the same bits.
@Suite("Auto Layout solver fuzzing", .deadline(seconds: 300))
struct SolverFuzzTests {
    /// A random system in the solver's own terms.
    struct RandomSystem {
        var variableCount: Int
        var rows: [cnp_row] = []
        var terms: [CoreTerm] = []
        /// Whether every required row holds at a hidden point.
        var satisfiable: Bool

        init(seed: UInt64) {
            var random = SplitMix64(seed: seed)
            // One system in sixteen is large enough for the solver to try pins first.
            variableCount = seed % 16 == 15 ? Int.random(in: 17...28, using: &random) : Int.random(in: 1...10, using: &random)
            satisfiable = seed % 2 == 0
            let point = (0..<variableCount).map { _ in Double(Int.random(in: -400...400, using: &random)) }
            for _ in 0..<Int.random(in: 1...3 * variableCount, using: &random) {
                addRandomRow(around: point, using: &random)
            }
            for variable in 0..<variableCount where random.next() % 3 == 0 {
                addIntrinsicSize(of: variable, using: &random)
            }
            if variableCount >= 2 && random.next() % 3 == 0 {
                addCycle(around: point, using: &random)
            }
        }

        private mutating func addRandomRow(around point: [Double], using random: inout SplitMix64) {
            let count = min(variableCount, Int.random(in: 1...3, using: &random))
            let variables = (0..<variableCount).shuffled(using: &random).prefix(count)
            let coefficients: [Double] = [1, -1, 2, -0.5, 0.5625, 1.5, -3]
            let row = variables.map {
                CoreTerm(variable: UInt32($0), coefficient: coefficients.randomElement(using: &random)!)
            }
            let relation = [CNP_RELATION_EQUAL, CNP_RELATION_LESS_EQUAL, CNP_RELATION_GREATER_EQUAL]
                .randomElement(using: &random)!
            let priorities: [Float] = [1000, 1000, 1000, 999, 750, 500, 251, 250, 50, 1]
            add(row, relation, priorities.randomElement(using: &random)!, around: point, using: &random)
        }

        /// `x <= c @hugging` and `x >= c @compression`, as an intrinsic size makes them.
        private mutating func addIntrinsicSize(of variable: Int, using random: inout SplitMix64) {
            let size = Double(Int.random(in: 0...200, using: &random))
            let priorities: [Float] = [250, 251, 750, 749, 50]
            for relation in [CNP_RELATION_LESS_EQUAL, CNP_RELATION_GREATER_EQUAL] {
                rows.append(cnp_row(first_term: UInt32(terms.count), term_count: 1, constant: size,
                                    priority: priorities.randomElement(using: &random)!, relation: Int32(relation.rawValue)))
                terms.append(CoreTerm(variable: UInt32(variable), coefficient: 1))
            }
        }

        /// `x0 - x1 == c0`, `x1 - x2 == c1`, ... back to x0: consistent around the hidden point.
        private mutating func addCycle(around point: [Double], using random: inout SplitMix64) {
            let length = Int.random(in: 2...variableCount, using: &random)
            for i in 0..<length {
                let terms = [CoreTerm(variable: UInt32(i), coefficient: 1),
                             CoreTerm(variable: UInt32((i + 1) % length), coefficient: -1)]
                add(terms, CNP_RELATION_EQUAL, 1000, around: point, using: &random)
            }
        }

        /// Adds a row whose constant makes it hold at `point` when the system is satisfiable
        /// and the row required (inequalities with some slack); any other row gets a random one.
        private mutating func add(_ rowTerms: [CoreTerm], _ relation: cnp_relation, _ priority: Float,
                                  around point: [Double], using random: inout SplitMix64) {
            var constant = Double(Int.random(in: -600...600, using: &random))
            if satisfiable && priority == 1000 {
                let value = rowTerms.reduce(0) { $0 + $1.coefficient * point[Int($1.variable)] }
                let slack = Double(Int.random(in: 0...20, using: &random))
                constant = relation == CNP_RELATION_EQUAL ? value : relation == CNP_RELATION_LESS_EQUAL ? value + slack : value - slack
            }
            rows.append(cnp_row(first_term: UInt32(terms.count), term_count: UInt32(rowTerms.count),
                                constant: constant, priority: priority, relation: Int32(relation.rawValue)))
            terms += rowTerms
        }

        /// Solves the system with the last level pulling toward `reference` (zeros when `nil`).
        func solve(in workspace: OpaquePointer, reference: [Double]? = nil) -> (status: cnp_status, core: CoreSystem) {
            var core = CoreSystem(variableCount: variableCount, rows: rows, terms: terms)
            core.reference = reference
            let status = core.solve(in: workspace).status
            return (status, core)
        }

        /// How far required row `r` misses at `values`, against a tolerance scaled to its terms.
        func requiredMiss(_ r: Int, at values: [Double]) -> (miss: Double, tolerance: Double) {
            let row = rows[r]
            var lhs = 0.0, magnitude = 0.0
            for term in terms[Int(row.first_term)..<Int(row.first_term + row.term_count)] {
                lhs += term.coefficient * values[Int(term.variable)]
                magnitude += abs(term.coefficient * values[Int(term.variable)])
            }
            let difference = lhs - row.constant
            let miss = switch cnp_relation(rawValue: UInt32(row.relation)) {
            case CNP_RELATION_LESS_EQUAL: max(0, difference)
            case CNP_RELATION_GREATER_EQUAL: max(0, -difference)
            default: abs(difference)
            }
            return (miss, 1e-7 * (1 + abs(row.constant) + magnitude))
        }
    }

    @Test
    func randomSystemsSolveAndKeepTheirRequiredRows() throws {
        let workspace = try #require(cnp_workspace_create())
        defer { cnp_workspace_destroy(workspace) }
        var broken = 0, conflicting = 0
        for seed in UInt64(0)..<4_000 {
            let system = RandomSystem(seed: seed)
            let (status, solved) = system.solve(in: workspace)
            let (values, states) = (solved.values, solved.states)
            try #require(status == CNP_OK, "seed \(seed): status \(status)")
            #expect(values.allSatisfy { $0.isFinite }, "seed \(seed)")
            for r in system.rows.indices where system.rows[r].priority == 1000 {
                let isBroken = states[r] == UInt8(CNP_ROW_BROKEN.rawValue)
                #expect(!(system.satisfiable && isBroken), "seed \(seed): row \(r) broken in a satisfiable system")
                broken += isBroken ? 1 : 0
                guard !isBroken else { continue }
                let (miss, tolerance) = system.requiredMiss(r, at: values)
                #expect(miss <= tolerance, "seed \(seed): required row \(r) misses by \(miss)")
            }
            conflicting += system.satisfiable || !states.contains(UInt8(CNP_ROW_BROKEN.rawValue)) ? 0 : 1
            let again = system.solve(in: workspace)
            #expect(again.core.values.map(\.bitPattern) == values.map(\.bitPattern), "seed \(seed): not deterministic")
        }
        // The unsatisfiable half must really exercise conflict breaking.
        #expect(conflicting > 500 && broken >= conflicting)
    }
    /// A variable the solver reports determined has one value in every answer the rows and
    /// priorities allow; one it reports ambiguous has more. So a determined variable stays put
    /// when pulled at a priority below every row's, or by its reference value, and an ambiguous
    /// one moves when pulled one way or the other, either way. This checks the cone analysis
    /// that tells them apart, and that a block left with no direction skips the reference level.
    @Test
    func onlyAmbiguousVariablesMoveWhenPulled() throws {
        let workspace = try #require(cnp_workspace_create())
        defer { cnp_workspace_destroy(workspace) }
        let ambiguous = UInt8(CNP_VARIABLE_AMBIGUOUS.rawValue)
        var counts = (determined: 0, ambiguous: 0)
        for seed in UInt64(0)..<1_000 {
            var system = RandomSystem(seed: seed)
            // Priority 1 is left for the pulls.
            system.rows = system.rows.map { row in
                var row = row
                row.priority = max(row.priority, 2)
                return row
            }
            let (status, base) = system.solve(in: workspace)
            try #require(status == CNP_OK, "seed \(seed): status \(status)")
            for v in 0..<system.variableCount {
                let value = base.values[v]
                let moves = [-1_000.0, 1_000].flatMap { pull in
                    var reference = base.values
                    reference[v] += pull
                    var lowest = system
                    lowest.rows.append(cnp_row(
                        first_term: UInt32(lowest.terms.count), term_count: 1, constant: value + pull, priority: 1,
                        relation: Int32(CNP_RELATION_EQUAL.rawValue)))
                    lowest.terms.append(CoreTerm(variable: UInt32(v), coefficient: 1))
                    return [system.solve(in: workspace, reference: reference), lowest.solve(in: workspace)].map {
                        abs($0.core.values[v] - value) > 1e-9 * (1 + abs(value))
                    }
                }
                if base.variableStates[v] == ambiguous {
                    counts.ambiguous += 1
                    #expect(moves[0] || moves[2], "seed \(seed): ambiguous variable \(v) stays put at its reference")
                    #expect(moves[1] || moves[3], "seed \(seed): ambiguous variable \(v) stays put at the lowest priority")
                } else {
                    counts.determined += 1
                    #expect(!moves.contains(true), "seed \(seed): determined variable \(v) moves")
                }
            }
        }
        // Both kinds must really occur.
        #expect(counts.determined > 3_000 && counts.ambiguous > 1_000, "\(counts)")
    }
}

extension CoreSystem {
    /// The random system `random`, not yet solved.
    init(_ random: SolverFuzzTests.RandomSystem) {
        self.init(variableCount: random.variableCount, rows: random.rows, terms: random.terms)
    }
}
