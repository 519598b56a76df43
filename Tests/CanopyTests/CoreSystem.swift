import CCanopy

@testable import Canopy

/// One `coefficient * variable` of a row; the core takes the variables and the coefficients as
/// two arrays.
struct CoreTerm {
    var variable: UInt32
    var coefficient: Double
}

/// A system in the solver's own terms, kept with its latest outputs: solved in full, or carried
/// through a solve record.
struct CoreSystem {
    var variableCount: Int
    var rows: [cnp_row] = []
    var terms: [CoreTerm] = []
    var values: [Double] = []
    var errors: [Double] = []
    var states: [UInt8] = []
    var variableStates: [UInt8] = []
    var groups: [UInt32] = []
    /// Where the last level pulls each variable (`nil`: toward zero).
    var reference: [Double]?
    /// Whether the core is asked for the rows' errors (`errors` is left as it is without).
    var asksForErrors = true
    /// How the coefficients go to the core: in double or single precision (each rounded to a
    /// single), or as halves (each must be a half exactly, within ±64).
    var precision = TermCoefficients.Precision.doubles
    /// The rows' constants at the latest solve or carry: what a record's values answer.
    private var answeredConstants: [Double] = []

    init(variableCount: Int, rows: [cnp_row] = [], terms: [CoreTerm] = []) {
        self.variableCount = variableCount
        self.rows = rows
        self.terms = terms
    }

    mutating func add(_ row: [(Int, Double)], _ relation: cnp_relation, _ constant: Double, priority: Float = 1000) {
        rows.append(cnp_row(
            first_term: UInt32(terms.count), term_count: UInt32(row.count), constant: constant, priority: priority,
            relation: Int32(relation.rawValue)))
        terms += row.map { CoreTerm(variable: UInt32($0.0), coefficient: $0.1) }
    }

    mutating func withCore<R>(_ body: (inout cnp_system, inout cnp_solution) -> R) -> R {
        if values.count != variableCount || states.count != rows.count {
            values = Array(repeating: 0, count: variableCount)
            variableStates = Array(repeating: 0, count: variableCount)
            errors = Array(repeating: 0, count: rows.count)
            states = Array(repeating: 0, count: rows.count)
            groups = Array(repeating: 0, count: rows.count)
        }
        let (count, rows, reference) = (variableCount, rows, reference)
        let variables = terms.map(\.variable)
        let doubles = precision == .doubles ? terms.map(\.coefficient) : nil
        let singles = precision == .singles ? terms.map { Float($0.coefficient) } : nil
        let halves = precision == .halves ? terms.map { Int8(($0.coefficient * 2).rounded(.towardZero)) } : nil
        return rows.withUnsafeBufferPointer { rows in
            variables.withUnsafeBufferPointer { variables in
                withOptionalBuffer(doubles) { doubles in
                    withOptionalBuffer(singles) { singles in
                        withOptionalBuffer(halves) { halves in
                            withOptionalBuffer(reference) { reference in
                                var system = cnp_system(
                                    variable_count: UInt32(count), row_count: UInt32(rows.count),
                                    term_count: UInt32(variables.count), rows: rows.baseAddress,
                                    term_variables: variables.baseAddress, term_coefficients: doubles,
                                    term_coefficients_single: singles, term_coefficient_halves: halves,
                                    reference: reference)
                                return withOutputs { body(&system, &$0) }
                            }
                        }
                    }
                }
            }
        }
    }

    private mutating func withOutputs<R>(_ body: (inout cnp_solution) -> R) -> R {
        let asksForErrors = asksForErrors
        return values.withUnsafeMutableBufferPointer { values in
            errors.withUnsafeMutableBufferPointer { errors in
                states.withUnsafeMutableBufferPointer { states in
                    variableStates.withUnsafeMutableBufferPointer { variableStates in
                        groups.withUnsafeMutableBufferPointer { groups in
                            var solution = cnp_solution(
                                values: values.baseAddress, row_error: asksForErrors ? errors.baseAddress : nil,
                                row_state: states.baseAddress,
                                variable_state: variableStates.baseAddress, conflict_group: groups.baseAddress)
                            return body(&solution)
                        }
                    }
                }
            }
        }
    }

    /// Solves from nothing through `paths` only (cnp_testing_solve); `counts` are the paths that
    /// answered.
    mutating func solve(in workspace: OpaquePointer, paths: cnp_testing_paths)
        -> (status: cnp_status, report: cnp_solve_report, counts: cnp_testing_path_counts)
    {
        var report = cnp_solve_report()
        var counts = cnp_testing_path_counts()
        var paths = paths
        let status = withCore { cnp_testing_solve(workspace, &$0, &$1, &report, &paths, &counts) }
        return (status, report, counts)
    }

    /// Solves from nothing with blocks of more than `sparseFrom` unknowns tried by the sparse
    /// path first (the triangular path left out).
    mutating func solve(in workspace: OpaquePointer, sparseFrom: UInt32) -> (status: cnp_status, report: cnp_solve_report) {
        var paths = cnp_testing_default_paths()
        paths.triangular_from = .max
        paths.sparse_from = sparseFrom
        let solve = solve(in: workspace, paths: paths)
        return (solve.status, solve.report)
    }

    /// Solves from nothing, keeping the solve in `record` when given and when it can, on
    /// `lanes` when given.
    mutating func solve(
        in workspace: OpaquePointer, recording record: OpaquePointer? = nil,
        on lanes: UnsafePointer<cnp_solve_lanes>? = nil
    ) -> (status: cnp_status, report: cnp_solve_report) {
        var report = cnp_solve_report()
        let status = withCore { cnp_solve_on_lanes(workspace, &$0, &$1, &report, record, lanes) }
        answeredConstants = rows.map(\.constant)
        return (status, report)
    }

    /// Appends `other`'s variables and rows, which then share nothing with this system's.
    mutating func append(_ other: CoreSystem) {
        let (variableBase, termBase) = (UInt32(variableCount), UInt32(terms.count))
        rows += other.rows.map { row in
            var row = row
            row.first_term += termBase
            return row
        }
        terms += other.terms.map { CoreTerm(variable: $0.variable + variableBase, coefficient: $0.coefficient) }
        variableCount += other.variableCount
    }

    /// Carries the constants of `changedRows` through `record`, each from the constant it had
    /// at the latest solve or carry (or from `previous`, when given); returns the status and
    /// the variables the core says changed, listed in room for `capacity` (every variable's
    /// when `nil`: with less, the list may stop short of the count, `changedCount`).
    mutating func carry(
        _ changedRows: [UInt32], through record: OpaquePointer, previous: [Double]? = nil, capacity: Int? = nil
    ) -> (cnp_status, [Int]) {
        let result = carryCounting(changedRows, through: record, previous: previous, capacity: capacity)
        return (result.status, result.listed)
    }

    /// `carry(_:through:previous:capacity:)`, with the count of changed variables the core gave.
    mutating func carryCounting(
        _ changedRows: [UInt32], through record: OpaquePointer, previous: [Double]? = nil, capacity: Int? = nil
    ) -> (status: cnp_status, listed: [Int], changedCount: Int) {
        var changed = [UInt32](repeating: 0, count: capacity ?? variableCount)
        var count: UInt32 = 0
        let previous = previous ?? changedRows.map {
            answeredConstants.indices.contains(Int($0)) ? answeredConstants[Int($0)] : 0
        }
        let status = withCore { system, solution in
            cnp_solve_changed_constants(
                record, &system, changedRows, previous, UInt32(changedRows.count), &solution, &changed,
                UInt32(changed.count), &count, nil)
        }
        answeredConstants = rows.map(\.constant)
        return (status, changed.prefix(Int(count)).map(Int.init), Int(count))
    }
}

/// Calls `body` with the start of `array`, or with `nil` when there is no array.
private func withOptionalBuffer<Element, R>(_ array: [Element]?, _ body: (UnsafePointer<Element>?) -> R) -> R {
    guard let array else { return body(nil) }
    return array.withUnsafeBufferPointer { body($0.baseAddress) }
}

/// Whether two solves gave the same outputs and counts, bit for bit.
func sameBits(_ a: CoreSystem, _ b: CoreSystem, _ reportA: cnp_solve_report, _ reportB: cnp_solve_report)
    -> Bool
{
    a.values.map(\.bitPattern) == b.values.map(\.bitPattern) && a.errors.map(\.bitPattern) == b.errors.map(\.bitPattern)
        && a.states == b.states && a.variableStates == b.variableStates && a.groups == b.groups
        && reportA.blocks == reportB.blocks && reportA.levels == reportB.levels
        && reportA.active_set_iterations == reportB.active_set_iterations
        && reportA.largest_block == reportB.largest_block && reportA.broken_rows == reportB.broken_rows
        && reportA.dense_variables == reportB.dense_variables && reportA.substituted == reportB.substituted
        && reportA.recalled_blocks == reportB.recalled_blocks
}
