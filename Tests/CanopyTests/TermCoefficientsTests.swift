import CCanopy
import Testing

@testable import Canopy

/// A system's coefficients in single precision while each one is a single exactly, in double
/// precision from the first that is not; the core reads either and solves the same.
@Suite("Term coefficients in single or double precision")
struct TermCoefficientsTests {
    private func coefficients(_ values: [Double]) -> TermCoefficients {
        var coefficients = TermCoefficients()
        for value in values { coefficients.append(value) }
        return coefficients
    }

    private func bits(_ coefficients: TermCoefficients) -> [UInt64] {
        (0..<coefficients.count).map { coefficients[$0].bitPattern }
    }

    @Test func coefficientsThatSinglesHoldTakeFourBytesEach() {
        let window = [1.0, -1.0, 0.5, -0.5, 320.0, -0.0, 12.25]
        var kept = coefficients(window)
        #expect(!kept.isWide && bits(kept) == window.map(\.bitPattern))
        kept.reserveCapacity(100)
        // Room for 100 singles (the allocator may round it up), where doubles would take 800.
        #expect(kept.bytes >= 100 * 4 && kept.bytes < 100 * 8)
    }

    @Test func theFirstCoefficientNoSingleHoldsWidensThemAll() {
        for odd in [0.1, 1.0 / 3, 1e300, Double.leastNonzeroMagnitude, Double.pi] {
            var kept = coefficients([1, -0.5, 44])
            kept.append(odd)
            #expect(kept.isWide && bits(kept) == [1, -0.5, 44, odd].map(\.bitPattern), "\(odd)")
        }
        var written = coefficients([1, -1])
        written[1] = 1.0 / 3
        #expect(written.isWide && bits(written) == [1, 1.0 / 3].map(\.bitPattern))
        written[0] = 2
        #expect(written.isWide && written[0] == 2)
    }

    @Test func theSameBitsCompareEqualInEitherPrecision() {
        let narrow = coefficients([1, 0.5])
        var wide = coefficients([1, 0.5])
        wide[1] = 0.1
        wide[1] = 0.5
        #expect(wide.isWide && !narrow.isWide)
        #expect(narrow.hasTheBits(of: wide) && wide.hasTheBits(of: narrow))
        #expect(!coefficients([0]).hasTheBits(of: coefficients([-0.0])))
        #expect(!narrow.hasTheBits(of: coefficients([1])))
    }

    /// Random systems whose coefficients are singles, solved from singles and from doubles:
    /// the same outputs, bit for bit.
    @Test func singlesSolveAsTheirDoublesDo() throws {
        let workspace = try #require(cnp_workspace_create())
        defer { cnp_workspace_destroy(workspace) }
        for seed in UInt64(0)..<400 {
            let random = SolverFuzzTests.RandomSystem(seed: seed)
            var doubles = CoreSystem(
                variableCount: random.variableCount, rows: random.rows,
                terms: random.terms.map { CoreTerm(variable: $0.variable, coefficient: Double(Float($0.coefficient))) })
            var singles = doubles
            singles.givesSingles = true
            let (a, b) = (doubles.solve(in: workspace), singles.solve(in: workspace))
            #expect(a.status == b.status && sameBits(doubles, singles, a.report, b.report), "seed \(seed)")
        }
    }

    /// A chain settled by substitution, recorded and then carried a new constant, from singles
    /// and from doubles.
    @Test func singlesCarryAsTheirDoublesDo() throws {
        let workspace = try #require(cnp_workspace_create())
        defer { cnp_workspace_destroy(workspace) }
        var answers: [[UInt64]] = []
        for givesSingles in [false, true] {
            let record = try #require(cnp_solve_record_create())
            defer { cnp_solve_record_destroy(record) }
            var chain = CoreSystem(variableCount: 20)
            chain.givesSingles = givesSingles
            chain.add([(0, 1)], CNP_RELATION_EQUAL, 10)
            for k in 1..<20 { chain.add([(k, 2), (k - 1, -0.5)], CNP_RELATION_EQUAL, 3) }
            #expect(chain.solve(in: workspace, recording: record).report.recorded == 1)
            chain.rows[0].constant = 12
            #expect(chain.carry([0], through: record).0 == CNP_OK)
            answers.append(chain.values.map(\.bitPattern))
        }
        #expect(answers[0] == answers[1])
    }

    @Test func aSystemWithoutCoefficientsOrWithANaNIsRefused() throws {
        let workspace = try #require(cnp_workspace_create())
        defer { cnp_workspace_destroy(workspace) }
        var system = CoreSystem(variableCount: 1)
        system.add([(0, .nan)], CNP_RELATION_EQUAL, 1)
        system.givesSingles = true
        #expect(system.solve(in: workspace).status == CNP_ERROR_NON_FINITE)
        // The same row with neither array of coefficients.
        let status = system.withCore { core, solution in
            var bare = core
            bare.term_coefficients = nil
            bare.term_coefficients_single = nil
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
            return cnp_solve_changed_constants(record, &bare, rows, previous, 1, &solution, &changed, &count, nil)
        }
        #expect(carried == CNP_ERROR_BAD_ARGUMENT)
    }
}
