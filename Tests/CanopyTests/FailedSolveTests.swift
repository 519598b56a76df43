import Canopy
import Foundation
import Testing

/// A solve the core cannot finish is reported, and the same system is not solved again until
/// something it reads changes.
@Suite("A failed solve is not repeated on the same input")
struct FailedSolveTests {
    /// Two views whose widths overflow: a.width = 1e300 × b.width, b.width = 1e300.
    private func overflowing() -> (Window, View, LayoutConstraint) {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let a = View(), b = View()
        for view in [a, b] {
            view.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(view)
            LayoutConstraint.activate([
                view.leftAnchor.constraint(equalTo: window.leftAnchor), view.topAnchor.constraint(equalTo: window.topAnchor),
                view.heightAnchor.constraint(equalToConstant: 10),
            ])
        }
        let width = b.widthAnchor.constraint(equalToConstant: 1e300)
        LayoutConstraint.activate([width, a.widthAnchor.constraint(equalTo: b.widthAnchor, multiplier: 1e300)])
        return (window, a, width)
    }

    private func failures(_ report: UpdateCycleReport) -> [String] {
        report.problems.compactMap { if case .layoutSolveFailed(let reason) = $0 { reason } else { nil } }
    }

    @Test func theSameSystemFailsAtOnceWithTheFirstReason() throws {
        let (window, a, _) = overflowing()
        let first = failures(window.runUpdateCycle())
        #expect(first.count == 1 && first[0].contains("nonFinite") && !first[0].contains("not solved again"))
        // Taken out and put back: the structure changed, the system did not.
        let held = try #require(a.constraints.first { $0.firstAttribute == .height })
        held.isActive = false
        held.isActive = true
        let again = failures(window.runUpdateCycle())
        #expect(again.count == 1 && again[0].contains("nonFinite") && again[0].contains("not solved again"))
        #expect(a.frame == .zero)
    }

    @Test func aChangedInputIsSolvedAgain() {
        let (window, a, width) = overflowing()
        #expect(failures(window.runUpdateCycle()).count == 1)
        width.constant = 2  // a.width = 2e300: finite
        let report = window.runUpdateCycle()
        #expect(failures(report).isEmpty)
        #expect(a.frame.width == 2e300)
        // A later failure is tried in full again, not answered from the first one.
        width.constant = 1e300
        let later = failures(window.runUpdateCycle())
        #expect(later.count == 1 && !later[0].contains("not solved again"))
    }
}
