import Canopy
import Foundation
import Testing

@Suite("The update cycle: what flags layout, call counts and orders (SPEC §4)")
struct UpdateCycleTests {
    /// A window holding `parent`, which holds `child`, all recording; the first cycle has run.
    private func settledTree() -> (window: Window, parent: RecordingView, child: RecordingView, log: CallLog) {
        let log = CallLog()
        let window = Window(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let parent = RecordingView("parent", log: log, frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let child = RecordingView("child", log: log, frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        window.addSubview(parent)
        parent.addSubview(child)
        window.runUpdateCycle()
        log.entries.removeAll()
        return (window, parent, child, log)
    }

    @Test func creatingAViewLaysNothingOut() {
        let log = CallLog()
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.runUpdateCycle()
        _ = RecordingView("loose", log: log)
        #expect(window.runUpdateCycle().layouts == 0)
        #expect(log.count("loose.layoutSubviews") == 0)
    }

    @Test func addSubviewFlagsTheViewAndTheReceiver() {
        let (window, parent, _, log) = settledTree()
        let newcomer = RecordingView("newcomer", log: log)
        parent.addSubview(newcomer)
        let report = window.runUpdateCycle()
        #expect(log.count("newcomer.layoutSubviews") == 1)
        #expect(log.count("parent.layoutSubviews") == 1)
        #expect(log.count("child.layoutSubviews") == 0)
        #expect(report.layouts == 2)
    }

    @Test func flagsCoalesce() {
        let (window, parent, _, log) = settledTree()
        for _ in 0..<100 { parent.setNeedsLayout() }
        #expect(window.runUpdateCycle().layouts == 1)
        #expect(log.count("parent.layoutSubviews") == 1)
        #expect(window.runUpdateCycle().layouts == 0)  // nothing left
    }

    @Test func aBoundsSizeChangeFlagsTheViewAndItsSuperview() {
        let (window, _, child, log) = settledTree()
        child.bounds.size = CGSize(width: 60, height: 50)
        window.runUpdateCycle()
        #expect(log.entries == ["parent.layoutSubviews", "child.layoutSubviews"])
        log.entries.removeAll()
        child.frame = CGRect(x: 0, y: 0, width: 70, height: 50)
        window.runUpdateCycle()
        #expect(log.count("child.layoutSubviews") == 1 && log.count("parent.layoutSubviews") == 1)
    }

    @Test func movingOrTransformingFlagsNothing() {
        let (window, _, child, log) = settledTree()
        child.center = CGPoint(x: 100, y: 100)
        child.frame.origin = CGPoint(x: 3, y: 4)
        child.transform = CGAffineTransform(rotationAngle: 1)
        child.anchorPoint = .zero
        #expect(window.runUpdateCycle().layouts == 0)
        #expect(log.entries.isEmpty)
    }

    @Test func scrollingFlagsTheScrolledViewOnly() {
        let (window, parent, _, log) = settledTree()
        parent.bounds.origin = CGPoint(x: 0, y: 30)
        window.runUpdateCycle()
        #expect(log.entries == ["parent.layoutSubviews"])
    }

    @Test func removingASubviewFlagsTheOldSuperview() {
        let (window, _, child, log) = settledTree()
        child.removeFromSuperview()
        window.runUpdateCycle()
        #expect(log.entries.filter { $0.hasSuffix("layoutSubviews") } == ["parent.layoutSubviews"])
    }

    @Test func layoutRunsTopDownAndConstraintsLeavesFirst() {
        let (window, parent, child, log) = settledTree()
        child.setNeedsLayout()
        parent.setNeedsLayout()
        child.setNeedsUpdateConstraints()
        parent.setNeedsUpdateConstraints()
        window.runUpdateCycle()
        #expect(
            log.entries == [
                "child.updateConstraints", "parent.updateConstraints", "parent.layoutSubviews", "child.layoutSubviews",
            ])
        #expect(!child.needsUpdateConstraints)
    }

    @Test func workFlaggedAheadDuringLayoutRunsInTheSameRound() {
        let (window, parent, child, log) = settledTree()
        parent.onLayout = { [unowned parent, unowned child] in child.frame.size = CGSize(width: parent.bounds.width / 2, height: 10) }
        parent.setNeedsLayout()
        let report = window.runUpdateCycle()
        #expect(report.rounds == 1)
        #expect(log.entries == ["parent.layoutSubviews", "child.layoutSubviews"])
        #expect(child.frame.size == CGSize(width: 100, height: 10))
    }

    /// Subviews are looked at as the pass reaches them, as UIKit's layout reads each layer's
    /// flag when it gets there: a sibling flagged by an earlier one's layout is laid out in the
    /// same round, and one removed before the pass reaches it is not (its old superview,
    /// behind the pass, is laid out in the next round).
    @Test func siblingsAheadAreReadWhenThePassReachesThem() {
        let (window, parent, child, log) = settledTree()
        let (later, removed) = (RecordingView("later", log: log), RecordingView("removed", log: log))
        for view in [later, removed] { parent.addSubview(view) }
        window.runUpdateCycle()
        log.entries.removeAll()
        child.onLayout = { [unowned later, unowned removed] in
            later.setNeedsLayout()
            removed.removeFromSuperview()
        }
        child.setNeedsLayout()
        removed.setNeedsLayout()
        let report = window.runUpdateCycle()
        #expect(report.rounds == 2 && report.didSettle)
        let layouts = log.entries.filter { $0.hasSuffix(".layoutSubviews") }
        #expect(layouts == ["child.layoutSubviews", "later.layoutSubviews", "parent.layoutSubviews"])
    }

    @Test func aViewFlaggingItselfDuringItsOwnLayoutIsNotLaidOutAgain() {
        let (window, parent, _, log) = settledTree()
        parent.onLayout = { [unowned parent] in parent.setNeedsLayout() }
        parent.setNeedsLayout()
        let report = window.runUpdateCycle()
        #expect(report.rounds == 1 && report.didSettle)
        #expect(log.entries == ["parent.layoutSubviews"])
    }

    @Test func workFlaggedBehindRunsInAnotherRound() {
        let (window, parent, child, log) = settledTree()
        var once = true
        child.onLayout = { [unowned parent] in
            if once { parent.setNeedsLayout() }
            once = false
        }
        child.setNeedsLayout()
        let report = window.runUpdateCycle()
        #expect(report.rounds == 2 && report.didSettle)
        #expect(log.entries == ["child.layoutSubviews", "parent.layoutSubviews"])
    }

    @Test func aCycleThatNeverSettlesStopsWithAReport() {
        let (window, parent, child, _) = settledTree()
        child.onLayout = { [unowned parent] in parent.setNeedsLayout() }
        parent.onLayout = { [unowned child] in child.setNeedsLayout() }
        parent.setNeedsLayout()
        let report = window.runUpdateCycle(maxRounds: 5)
        #expect(report.rounds == 5)
        #expect(!report.didSettle)
        #expect(report.description.contains("did not settle after 5 rounds"))
        #expect(report.description.contains("RecordingView"))
    }

    @Test func anUpdateConstraintsOverrideWithoutSuperIsReported() {
        final class Forgetful: View {
            override func updateConstraints() {}
        }
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let view = Forgetful()
        view.tag = 12
        window.addSubview(view)
        view.setNeedsUpdateConstraints()
        let report = window.runUpdateCycle()
        #expect(report.constraintUpdates == 1)
        #expect(report.problems.count == 1)
        #expect(report.description.contains("did not call super") && report.description.contains("tag = 12"))
    }

    @Test func layoutIfNeededRunsNowAfterAFlaggedAncestor() {
        let (_, parent, child, log) = settledTree()
        parent.setNeedsLayout()
        child.setNeedsLayout()
        child.setNeedsUpdateConstraints()
        child.layoutIfNeeded()
        #expect(log.entries == ["child.updateConstraints", "parent.layoutSubviews", "child.layoutSubviews"])
        log.entries.removeAll()
        child.layoutIfNeeded()
        #expect(log.entries.isEmpty)
    }

    @Test func layoutIfNeededWorksOutsideAWindow() {
        let log = CallLog()
        let view = RecordingView("loose", log: log)
        view.setNeedsLayout()
        view.layoutIfNeeded()
        #expect(log.entries == ["loose.layoutSubviews"])
        view.updateConstraintsIfNeeded()
        view.setNeedsUpdateConstraints()
        view.updateConstraintsIfNeeded()
        #expect(log.entries == ["loose.layoutSubviews", "loose.updateConstraints"])
    }

    @Test func viewsAreDrawnOnceWhenFirstShown() {
        let log = CallLog()
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let view = RecordingView("view", log: log, frame: CGRect(x: 0, y: 0, width: 10, height: 20))
        window.addSubview(view)
        #expect(window.runUpdateCycle().draws == 2)  // the window and the view
        #expect(log.entries.filter { $0.hasPrefix("view.draw") } == ["view.draw(\(CGRect(x: 0, y: 0, width: 10, height: 20)))"])
        #expect(window.runUpdateCycle().draws == 0)
    }

    @Test func drawGetsTheUnionOfTheDirtyRects() {
        let (window, parent, _, log) = settledTree()
        parent.setNeedsDisplay(CGRect(x: 0, y: 0, width: 10, height: 10))
        parent.setNeedsDisplay(CGRect(x: 20, y: 30, width: 10, height: 10))
        #expect(window.runUpdateCycle().draws == 1)
        #expect(log.entries == ["parent.draw(\(CGRect(x: 0, y: 0, width: 30, height: 40)))"])
    }

    /// A view is made dirty whole: its first `draw(_:)` gets the bounds it has then, not the
    /// ones it was made with (an empty rect for a view made without a frame).
    @Test func aViewSizedAfterItWasMadeFirstDrawsItsWholeBounds() {
        let log = CallLog()
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let view = RecordingView("view", log: log, frame: .zero)
        view.frame = CGRect(x: 5, y: 5, width: 30, height: 40)
        window.addSubview(view)
        window.runUpdateCycle()
        #expect(log.entries.filter { $0.hasPrefix("view.draw") } == ["view.draw(\(CGRect(x: 0, y: 0, width: 30, height: 40)))"])
    }

    @Test func aWholeFlagTakesInThePartsFlaggedBeforeOrAfter() {
        let (window, parent, _, log) = settledTree()
        parent.setNeedsDisplay(CGRect(x: 0, y: 0, width: 10, height: 10))
        parent.setNeedsDisplay()
        window.runUpdateCycle()
        parent.setNeedsDisplay()
        parent.setNeedsDisplay(CGRect(x: 0, y: 0, width: 10, height: 10))
        window.runUpdateCycle()
        let whole = "parent.draw(\(CGRect(x: 0, y: 0, width: 200, height: 200)))"
        #expect(log.entries == [whole, whole])
        // A part flagged after that draw is a part again.
        parent.setNeedsDisplay(CGRect(x: 1, y: 2, width: 3, height: 4))
        window.runUpdateCycle()
        #expect(log.entries.last == "parent.draw(\(CGRect(x: 1, y: 2, width: 3, height: 4)))")
    }

    @Test func hiddenViewsAreNotDrawnUntilShown() {
        let (window, parent, child, log) = settledTree()
        parent.isHidden = true
        child.setNeedsDisplay()
        parent.setNeedsDisplay()
        #expect(window.runUpdateCycle().draws == 0)
        parent.isHidden = false
        #expect(window.runUpdateCycle().draws == 2)
        #expect(log.entries.filter { $0.contains("draw") }.count == 2)
    }

    @Test func aSizeChangeRedrawsOnlyUnderContentModeRedraw() {
        let (window, _, child, log) = settledTree()
        child.frame.size = CGSize(width: 80, height: 80)
        window.runUpdateCycle()
        #expect(!log.entries.contains { $0.hasPrefix("child.draw") })
        child.contentMode = .redraw
        child.frame.origin = CGPoint(x: 1, y: 1)
        window.runUpdateCycle()
        #expect(!log.entries.contains { $0.hasPrefix("child.draw") })
        child.frame.size = CGSize(width: 90, height: 80)
        window.runUpdateCycle()
        #expect(log.count("child.draw(\(CGRect(x: 0, y: 0, width: 90, height: 80)))") == 1)
    }

    @Test func emptyViewsWaitForASizeBeforeDrawing() {
        let log = CallLog()
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let view = RecordingView("view", log: log, frame: .zero)
        window.addSubview(view)
        window.runUpdateCycle()
        #expect(!log.entries.contains { $0.hasPrefix("view.draw") })
        view.frame = CGRect(x: 0, y: 0, width: 5, height: 5)
        window.runUpdateCycle()
        #expect(log.entries.contains { $0.hasPrefix("view.draw") })
    }

    @Test func theCycleComputesWorldTransformsThatAgreeWithConversion() throws {
        let window = TreeGeneratorFixtures.balancedWindow(count: 500)
        let report = window.runUpdateCycle()
        #expect(report.problems.isEmpty)
        let tree = window.flattenedTree
        #expect(tree.count == 500)
        for row in stride(from: 0, to: tree.count, by: 7) {
            let view = tree.view(at: row)
            #expect(tree.index(of: view) == row)
            let p = CGPoint(x: 2, y: 3)
            #expect(isClose(p.applying(tree.worldTransform(at: row)), view.convert(p, to: nil), tolerance: 1e-9))
        }
    }

    @Test func geometryChangesRewriteOnlyTheirRows() throws {
        let window = TreeGeneratorFixtures.balancedWindow(count: 100)
        window.runUpdateCycle()
        let view = window.subviews[2].subviews[1]
        view.center.x += 13
        let tree = window.flattenedTree
        try tree.updateWorldTransforms()
        let row = try #require(tree.index(of: view))
        #expect(isClose(CGPoint.zero.applying(tree.worldTransform(at: row)), view.convert(CGPoint.zero, to: nil)))
    }
}
