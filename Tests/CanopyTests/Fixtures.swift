import Canopy
import CanopyWorkloads
import Foundation

enum TreeGeneratorFixtures {
    static func balancedWindow(count: Int, seed: UInt64 = 3) -> Window {
        TreeGenerator(shape: .balanced, count: count, seed: seed).makeWindow()
    }
}

extension View {
    /// Calls `body` on every view below this one, parents first.
    func forEachDescendant(_ body: (View) -> Void) {
        var stack = subviews.reversed() as [View]
        while let view = stack.popLast() {
            body(view)
            stack.append(contentsOf: view.subviews.reversed())
        }
    }
}
