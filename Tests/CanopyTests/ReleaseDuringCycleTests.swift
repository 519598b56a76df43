import Canopy
import Foundation
import Testing

@Suite("Callbacks that release views during a pass")
struct ReleaseDuringCycleTests {
    @Test func anObserverThatReleasesAnAmbiguousViewMidSolve() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let watched = View()
        var loose: View? = View()
        for view in [watched, loose!] {
            view.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(view)
        }
        LayoutConstraint.activate([
            watched.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
            watched.topAnchor.constraint(equalTo: window.topAnchor, constant: 10),
            watched.widthAnchor.constraint(equalToConstant: 50),
            watched.heightAnchor.constraint(equalToConstant: 50),
            loose!.widthAnchor.constraint(equalToConstant: 20),  // no place: ambiguous
        ])
        var token: Observation?
        token = watched.observe(\.frame) { _, _ in
            loose?.removeFromSuperview()
            loose = nil
        }
        window.runUpdateCycle()
        #expect(loose == nil)
        #expect(watched.frame == CGRect(x: 10, y: 10, width: 50, height: 50))
        #expect(window.subviews.count == 1)
        token?.cancel()
    }
}
