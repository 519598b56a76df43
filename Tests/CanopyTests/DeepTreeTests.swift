import Canopy
import Foundation
import Testing

@Suite("A 100,000-deep chain: nothing recurses")
struct DeepTreeTests {
    static let depth = 100_000

    /// A window holding a chain of views, each offset by (0.001, 0.002) inside the last.
    private func chain(mask: AutoresizingMask = []) -> (window: Window, leaf: View) {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        var parent: View = window
        for level in 1...Self.depth {
            let view = View(frame: CGRect(x: 0.001, y: 0.002, width: 500, height: 500))
            view.tag = level
            view.autoresizingMask = mask
            parent.addSubview(view)
            parent = view
        }
        return (window, parent)
    }

    @Test func everyOperationRunsOnADeepChain() throws {
        let (window, leaf) = chain()
        let report = window.runUpdateCycle()
        #expect(report.layouts == Self.depth + 1)
        #expect(report.problems.isEmpty)

        let inWindow = leaf.convert(CGPoint.zero, to: nil)
        #expect(isClose(inWindow, CGPoint(x: 0.001 * Double(Self.depth), y: 0.002 * Double(Self.depth)), tolerance: 1e-6))
        #expect(isClose(leaf.convert(inWindow, from: nil), .zero, tolerance: 1e-6))

        #expect(window.hitTest(CGPoint(x: 150, y: 250), with: nil) === leaf)
        #expect(window.viewWithTag(Self.depth) === leaf)
        #expect(leaf.isDescendant(of: window))
        let tree = window.flattenedTree
        try tree.updateWorldTransforms()
        #expect(tree.count == Self.depth + 1)
        #expect(isClose(CGPoint.zero.applying(tree.worldTransform(at: Self.depth)), inWindow, tolerance: 1e-6))

        let log = CallLog()
        window.application = RecordingApplication(log: log)
        try window.sendTouch(.began, at: CGPoint(x: 150, y: 250), time: 0)
        #expect(log.entries == ["app.began"])  // passed up 100,000 views without recursion

        leaf.setNeedsLayout()
        leaf.layoutIfNeeded()
        window.subviews[0].removeFromSuperview()
        #expect(leaf.window == nil)
        #expect(window.runUpdateCycle().problems.isEmpty)
    }

    @Test func autoresizingCascadesDownADeepChain() {
        // With only the width flexible, each level takes the whole change.
        let (window, leaf) = chain(mask: [.flexibleWidth])
        window.frame.size.width += 10
        #expect(leaf.bounds.width == 510)
        #expect(window.runUpdateCycle().layouts == Self.depth + 1)
    }

    @Test func aDeepChainIsReleasedWithoutRecursion() {
        weak var weakLeaf: View?
        do {
            let (_, leaf) = chain()
            weakLeaf = leaf
        }
        #expect(weakLeaf == nil)
    }
}
