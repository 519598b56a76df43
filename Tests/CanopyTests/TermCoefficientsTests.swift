import CCanopy
import Testing

@testable import Canopy

/// A system's coefficients as halves in a byte while each one is a half exactly, in single
/// precision while each one is a single exactly, in double precision from the first that is
/// neither; the core reads any of them and solves the same.
@Suite("Term coefficients as halves, singles or doubles")
struct TermCoefficientsTests {
    private func coefficients(_ values: [Double]) -> TermCoefficients {
        var coefficients = TermCoefficients()
        for value in values { coefficients.append(value) }
        return coefficients
    }

    private func bits(_ coefficients: TermCoefficients) -> [UInt64] {
        (0..<coefficients.count).map { coefficients[$0].bitPattern }
    }

    @Test func halvesTakeAByteEach() {
        let window = [1.0, -1.0, 0.5, -0.5, 2, 0, 63.5, -64]
        var kept = coefficients(window)
        #expect(kept.precision == .halves && bits(kept) == window.map(\.bitPattern))
        kept.reserveCapacity(100)
        // Room for 100 bytes (the allocator may round it up), where singles would take 400.
        #expect(kept.bytes >= 100 && kept.bytes < 100 * 4)
    }

    @Test func coefficientsThatSinglesHoldTakeFourBytesEach() {
        // Past the halves: a quarter, a length past ±64, and -0 (a half of 0 would be +0).
        for odd in [0.25, 320.0, -64.5, -0.0, 12.25] {
            var kept = coefficients([1, -0.5])
            kept.append(odd)
            #expect(kept.precision == .singles && bits(kept) == [1, -0.5, odd].map(\.bitPattern), "\(odd)")
            kept.append(1)
            #expect(kept.precision == .singles && kept[3] == 1)
        }
        var kept = coefficients([1, 0.25])
        kept.reserveCapacity(100)
        // Room for 100 singles (the allocator may round it up), where doubles would take 800.
        #expect(kept.bytes >= 100 * 4 && kept.bytes < 100 * 8)
    }

    @Test func theFirstCoefficientNoSingleHoldsWidensThemAll() {
        for odd in [0.1, 1.0 / 3, 1e300, Double.leastNonzeroMagnitude, Double.pi] {
            for start in [[1, -0.5, 44], [1, 0.25]] as [[Double]] {
                var kept = coefficients(start)
                kept.append(odd)
                #expect(kept.precision == .doubles && bits(kept) == (start + [odd]).map(\.bitPattern), "\(odd)")
            }
        }
        var written = coefficients([1, -1])
        written[1] = 0.25
        #expect(written.precision == .singles && bits(written) == [1, 0.25].map(\.bitPattern))
        written[1] = 1.0 / 3
        #expect(written.precision == .doubles && bits(written) == [1, 1.0 / 3].map(\.bitPattern))
        written[0] = 2
        #expect(written.precision == .doubles && written[0] == 2)
    }

    @Test func theSameBitsCompareEqualInEveryPrecision() {
        let narrow = coefficients([1, 0.5])
        var wide = coefficients([1, 0.5])
        wide[1] = 0.1
        wide[1] = 0.5
        #expect(wide.precision == .doubles && narrow.precision == .halves)
        #expect(narrow.hasTheBits(of: wide) && wide.hasTheBits(of: narrow))
        #expect(!coefficients([0]).hasTheBits(of: coefficients([-0.0])))
        #expect(!narrow.hasTheBits(of: coefficients([1])))
    }

    /// Random systems whose coefficients are singles, solved from singles and from doubles,
    /// and whose coefficients are halves, solved from halves and from doubles: the same
    /// outputs, bit for bit.
    @Test(arguments: [TermCoefficients.Precision.singles, .halves])
    func narrowCoefficientsSolveAsTheirDoublesDo(_ precision: TermCoefficients.Precision) throws {
        let workspace = try #require(cnp_workspace_create())
        defer { cnp_workspace_destroy(workspace) }
        for seed in UInt64(0)..<400 {
            let random = SolverFuzzTests.RandomSystem(seed: seed)
            let narrowed = random.terms.map {
                CoreTerm(
                    variable: $0.variable,
                    coefficient: precision == .singles
                        // + 0 makes -0 (which halves do not hold) +0.
                        ? Double(Float($0.coefficient)) : max(-64, min(63.5, ($0.coefficient * 2).rounded() / 2)) + 0)
            }
            var doubles = CoreSystem(variableCount: random.variableCount, rows: random.rows, terms: narrowed)
            var narrow = doubles
            narrow.precision = precision
            let (a, b) = (doubles.solve(in: workspace), narrow.solve(in: workspace))
            #expect(a.status == b.status && sameBits(doubles, narrow, a.report, b.report), "seed \(seed)")
        }
    }

    /// A chain settled by substitution, recorded and then carried a new constant, from halves,
    /// singles and doubles.
    @Test func narrowCoefficientsCarryAsTheirDoublesDo() throws {
        let workspace = try #require(cnp_workspace_create())
        defer { cnp_workspace_destroy(workspace) }
        var answers: [[UInt64]] = []
        for precision in [TermCoefficients.Precision.doubles, .singles, .halves] {
            let record = try #require(cnp_solve_record_create())
            defer { cnp_solve_record_destroy(record) }
            var chain = CoreSystem(variableCount: 20)
            chain.precision = precision
            chain.add([(0, 1)], CNP_RELATION_EQUAL, 10)
            for k in 1..<20 { chain.add([(k, 2), (k - 1, -0.5)], CNP_RELATION_EQUAL, 3) }
            #expect(chain.solve(in: workspace, recording: record).report.recorded == 1)
            chain.rows[0].constant = 12
            #expect(chain.carry([0], through: record).0 == CNP_OK)
            answers.append(chain.values.map(\.bitPattern))
        }
        #expect(answers[0] == answers[1] && answers[0] == answers[2])
    }

    @Test func aSystemWithoutCoefficientsOrWithANaNIsRefused() throws {
        let workspace = try #require(cnp_workspace_create())
        defer { cnp_workspace_destroy(workspace) }
        var system = CoreSystem(variableCount: 1)
        system.add([(0, .nan)], CNP_RELATION_EQUAL, 1)
        system.precision = .singles
        #expect(system.solve(in: workspace).status == CNP_ERROR_NON_FINITE)
        // The same row with none of the arrays of coefficients.
        let status = system.withCore { core, solution in
            var bare = core
            bare.term_coefficients = nil
            bare.term_coefficients_single = nil
            bare.term_coefficient_halves = nil
            return cnp_solve(workspace, &bare, &solution, nil)
        }
        #expect(status == CNP_ERROR_BAD_ARGUMENT)
        // And a carry through a record of the same system, given without them.
        let record = try #require(cnp_solve_record_create())
        defer { cnp_solve_record_destroy(record) }
        var kept = CoreSystem(variableCount: 1)
        kept.add([(0, 1)], CNP_RELATION_EQUAL, 1)
        #expect(kept.solve(in: workspace, recording: record).report.recorded == 1)
        kept.rows[0].constant = 2
        let carried = kept.withCore { core, solution in
            var bare = core
            bare.term_coefficients = nil
            var changed: [UInt32] = [0], count: UInt32 = 0
            let rows: [UInt32] = [0], previous = [1.0]
            return cnp_solve_changed_constants(record, &bare, rows, previous, 1, &solution, &changed, 1, &count, nil)
        }
        #expect(carried == CNP_ERROR_BAD_ARGUMENT)
    }
}
