import CCanopy
import Canopy
import CanopyWorkloads
import Foundation
import Testing

/// The sparse path (blocks of more than 512 unknowns, solved through sparse factorizations) on
/// scenes the dense path refused.
@Suite("Sparse blocks", .deadline(seconds: 300))
struct SparseSolverTests {
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
}
