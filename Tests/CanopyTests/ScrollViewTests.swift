import Canopy
import Foundation
import Testing

/// Records a scroll view's delegate calls in order.
final class ScrollRecorder: ScrollViewDelegate {
    var calls: [String] = []
    var offsets: [CGPoint] = []
    var lastVelocity = CGPoint.zero
    var chooseTarget: ((CGPoint) -> CGPoint)?

    func scrollViewDidScroll(_ scrollView: ScrollView) {
        if calls.last != "scroll" { calls.append("scroll") }
        offsets.append(scrollView.contentOffset)
    }
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { calls.append("willBeginDragging") }
    func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: CGPoint, targetContentOffset: inout CGPoint
    ) {
        calls.append("willEndDragging")
        lastVelocity = velocity
        if let chooseTarget { targetContentOffset = chooseTarget(targetContentOffset) }
    }
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        calls.append("didEndDragging(\(decelerate))")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { calls.append("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { calls.append("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { calls.append("didEndScrollingAnimation") }
}

@Suite("Scroll view: offset, dragging, deceleration, bouncing, tiling", .deadline(seconds: 300))
struct ScrollViewTests {
    /// A rate of 1 or more would never stop a fling (a test waiting for the end would hang);
    /// 0 or less would stop it at once or reverse it. Both are refused when made.
    @Test func decelerationRatesOutsideZeroToOneAreRefused() async {
        await #expect(processExitsWith: .failure) { _ = ScrollView.DecelerationRate(rawValue: 1) }
        await #expect(processExitsWith: .failure) { _ = ScrollView.DecelerationRate(rawValue: 0) }
        await #expect(processExitsWith: .failure) { _ = ScrollView.DecelerationRate(rawValue: .nan) }
        #expect(ScrollView.DecelerationRate(rawValue: 0.5).rawValue == 0.5)
    }

    /// A 320×480 window filled by a scroll view over 320×2000 of content.
    private func scene() -> (window: Window, scrollView: ScrollView, recorder: ScrollRecorder) {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let scrollView = ScrollView(frame: window.bounds)
        scrollView.contentSize = CGSize(width: 320, height: 2000)
        let recorder = ScrollRecorder()
        scrollView.delegate = recorder
        window.addSubview(scrollView)
        return (window, scrollView, recorder)
    }

    /// Drags one finger from `start` through `points`, one event every `step` seconds from
    /// `time`; lifts at the last point unless `lift` is false. Returns the time of the last event.
    @discardableResult
    private func drag(
        _ window: Window, from start: CGPoint, through points: [CGPoint], time: Double, step: Double = 0.01,
        lift: Bool = true
    ) throws -> Double {
        var now = time
        try window.sendTouch(.began, at: start, time: now)
        for point in points {
            now += step
            try window.sendTouch(.moved, at: point, time: now)
        }
        if lift {
            now += step
            try window.sendTouch(.ended, at: points.last ?? start, time: now)
        }
        return now
    }

    @Test func contentOffsetIsTheBoundsOrigin() throws {
        let (window, scrollView, recorder) = scene()
        let row = View(frame: CGRect(x: 0, y: 600, width: 320, height: 44))
        scrollView.addSubview(row)
        scrollView.contentOffset = CGPoint(x: 0, y: 550)
        #expect(scrollView.bounds.origin == CGPoint(x: 0, y: 550))
        #expect(row.convert(CGPoint.zero, to: nil) == CGPoint(x: 0, y: 50))
        #expect(window.hitTest(CGPoint(x: 10, y: 60), with: nil) === row)
        #expect(recorder.calls == ["scroll"])
        scrollView.contentOffset = CGPoint(x: 0, y: 550)  // no change, no call
        #expect(recorder.offsets.count == 1)
    }

    @Test func theScrollableRangeCountsTheInsets() {
        let (_, scrollView, _) = scene()
        scrollView.contentInset = EdgeInsets(top: 20, left: 0, bottom: 30, right: 0)
        #expect(scrollView.adjustedContentInset == scrollView.contentInset)
        #expect(scrollView.scrollableRange.y == -20...1550)  // 2000 + 30 - 480
        #expect(scrollView.scrollableRange.x == 0...0)
        scrollView.contentSize = CGSize(width: 100, height: 100)  // fits: the range is one point
        #expect(scrollView.scrollableRange.y == -20 ... -20)
    }

    @Test func aDragMovesTheContentWithTheFinger() throws {
        let (window, scrollView, recorder) = scene()
        // The pan begins past 10 points of movement and measures from there, so the content
        // does not jump: 15 points in, the finger then travels 100 more.
        try drag(
            window, from: CGPoint(x: 160, y: 400),
            through: [CGPoint(x: 160, y: 385), CGPoint(x: 160, y: 335), CGPoint(x: 160, y: 285)],
            time: 0, step: 0.5, lift: false)
        #expect(scrollView.isDragging)
        #expect(scrollView.contentOffset == CGPoint(x: 0, y: 100))
        #expect(recorder.calls == ["willBeginDragging", "scroll"])
    }

    @Test func draggingPastTheTopRubberBands() throws {
        let (window, scrollView, _) = scene()
        try drag(
            window, from: CGPoint(x: 160, y: 100), through: [CGPoint(x: 160, y: 115), CGPoint(x: 160, y: 215)],
            time: 0, step: 0.5, lift: false)
        // 100 points past the top of a 480-point view: (1 - 1/(100·0.55/480 + 1))·480 ≈ 49.346.
        #expect(isClose(scrollView.contentOffset.y, -49.346, tolerance: 1e-3))
        scrollView.bounces = false
        try window.sendTouch(.moved, at: CGPoint(x: 160, y: 315), time: 1.5)
        #expect(scrollView.contentOffset.y == 0)
    }

    @Test func releasingPastTheTopSpringsBack() throws {
        let (window, scrollView, recorder) = scene()
        // The last move is tiny and slow, so the release has almost no velocity.
        let end = try drag(
            window, from: CGPoint(x: 160, y: 100),
            through: [CGPoint(x: 160, y: 115), CGPoint(x: 160, y: 215), CGPoint(x: 160, y: 215.001)],
            time: 0, step: 0.5)
        #expect(scrollView.contentOffset.y < -49)
        #expect(scrollView.isDecelerating && !scrollView.isDragging)
        try window.advanceTime(to: end + 0.1)
        let midway = scrollView.contentOffset.y
        #expect(midway > -49 && midway < 0)
        try window.advanceTime(to: end + 3)
        #expect(scrollView.contentOffset.y == 0)
        #expect(!scrollView.isDecelerating)
        #expect(
            recorder.calls == [
                "willBeginDragging", "scroll", "willEndDragging", "didEndDragging(true)", "willBeginDecelerating",
                "scroll", "didEndDecelerating",
            ])
    }

    @Test func aFlingDeceleratesToWhereTheDelegateWasToldItWouldRest() throws {
        let (window, scrollView, recorder) = scene()
        // The finger moves 20 points up in the last 10 ms: 2000 points per second.
        let end = try drag(
            window, from: CGPoint(x: 160, y: 400),
            through: [CGPoint(x: 160, y: 385), CGPoint(x: 160, y: 365), CGPoint(x: 160, y: 345)], time: 0)
        let released = scrollView.contentOffset.y
        #expect(released == 40)
        #expect(isClose(recorder.lastVelocity.y, 2, tolerance: 1e-9))  // points per millisecond
        // Velocity u (points/ms) decaying by 0.998 each ms travels -u / ln(0.998) in all.
        let rest = released + 2 / -log(0.998)
        try window.advanceTime(to: end + 1)
        #expect(scrollView.isDecelerating)
        #expect(scrollView.contentOffset.y > released && scrollView.contentOffset.y < rest)
        try window.advanceTime(to: end + 10)
        #expect(!scrollView.isDecelerating)
        #expect(isClose(scrollView.contentOffset.y, rest, tolerance: 1e-9))
        #expect(recorder.calls.suffix(3) == ["willBeginDecelerating", "scroll", "didEndDecelerating"])
    }

    @Test func theDelegateCanChooseWhereAFlingRests() throws {
        let (window, scrollView, recorder) = scene()
        recorder.chooseTarget = { proposed in CGPoint(x: 0, y: (proposed.y / 480).rounded() * 480) }  // paging
        let end = try drag(
            window, from: CGPoint(x: 160, y: 400),
            through: [CGPoint(x: 160, y: 385), CGPoint(x: 160, y: 365), CGPoint(x: 160, y: 345)], time: 0)
        try window.advanceTime(to: end + 10)
        #expect(isClose(scrollView.contentOffset.y, 960, tolerance: 1e-9))  // 40 + 998 ≈ 1038 → page 2
    }

    @Test func aFlingPastTheEndBouncesBackToIt() throws {
        let (window, scrollView, recorder) = scene()
        scrollView.contentOffset = CGPoint(x: 0, y: 1400)  // 120 points from the end (1520)
        let end = try drag(
            window, from: CGPoint(x: 160, y: 400),
            through: [CGPoint(x: 160, y: 385), CGPoint(x: 160, y: 365), CGPoint(x: 160, y: 345)], time: 0)
        try window.advanceTime(to: end + 10)
        #expect(scrollView.contentOffset.y == 1520)
        #expect(recorder.offsets.contains { $0.y > 1520 })  // it went past the end first

        let (window2, stiff, recorder2) = scene()
        stiff.bounces = false
        stiff.contentOffset = CGPoint(x: 0, y: 1400)
        let end2 = try drag(
            window2, from: CGPoint(x: 160, y: 400),
            through: [CGPoint(x: 160, y: 385), CGPoint(x: 160, y: 365), CGPoint(x: 160, y: 345)], time: 0)
        try window2.advanceTime(to: end2 + 10)
        #expect(stiff.contentOffset.y == 1520)
        #expect(!recorder2.offsets.contains { $0.y > 1520 })
    }

    @Test func aTouchDownCatchesADeceleration() throws {
        let (window, scrollView, _) = scene()
        let end = try drag(
            window, from: CGPoint(x: 160, y: 400),
            through: [CGPoint(x: 160, y: 385), CGPoint(x: 160, y: 365), CGPoint(x: 160, y: 345)], time: 0)
        try window.advanceTime(to: end + 0.2)
        let caught = scrollView.contentOffset
        try window.sendTouch(.began, at: CGPoint(x: 100, y: 100), time: end + 0.2)
        #expect(!scrollView.isDecelerating)
        try window.advanceTime(to: end + 2)
        #expect(scrollView.contentOffset == caught)
    }

    @Test func animatedOffsetChangesFollowTheEventClock() throws {
        let (window, scrollView, recorder) = scene()
        try window.advanceTime(to: 1)
        scrollView.setContentOffset(CGPoint(x: 0, y: 300), animated: true)
        #expect(scrollView.contentOffset == .zero)
        try window.advanceTime(to: 1 + 0.15)  // halfway: the ease is symmetric
        #expect(isClose(scrollView.contentOffset.y, 150, tolerance: 1e-6))
        try window.advanceTime(to: 2)
        #expect(scrollView.contentOffset.y == 300)
        #expect(recorder.calls == ["scroll", "didEndScrollingAnimation"])
        #expect(recorder.offsets.count == 18)  // one per frame over 0.3 s
        scrollView.setContentOffset(CGPoint(x: 0, y: 10), animated: false)
        #expect(scrollView.contentOffset.y == 10)
    }

    @Test func aNewOffsetStopsAnAnimation() throws {
        let (window, scrollView, recorder) = scene()
        try window.advanceTime(to: 0)
        scrollView.setContentOffset(CGPoint(x: 0, y: 300), animated: true)
        try window.advanceTime(to: 0.1)
        scrollView.contentOffset = CGPoint(x: 0, y: 5)
        try window.advanceTime(to: 1)
        #expect(scrollView.contentOffset.y == 5)
        #expect(!recorder.calls.contains("didEndScrollingAnimation"))
    }

    @Test func disabledScrollingIgnoresDrags() throws {
        let (window, scrollView, recorder) = scene()
        scrollView.isScrollEnabled = false
        try drag(window, from: CGPoint(x: 160, y: 400), through: [CGPoint(x: 160, y: 300)], time: 0)
        #expect(scrollView.contentOffset == .zero)
        #expect(recorder.calls.isEmpty)
    }

    @Test func contentThatFitsDoesNotScrollUnlessItAlwaysBounces() throws {
        let (window, scrollView, _) = scene()
        scrollView.contentSize = CGSize(width: 320, height: 300)
        try drag(window, from: CGPoint(x: 160, y: 400), through: [CGPoint(x: 160, y: 385), CGPoint(x: 160, y: 300)], time: 0, lift: false)
        #expect(scrollView.contentOffset == .zero)
        try window.sendTouch(.ended, at: CGPoint(x: 160, y: 300), time: 1)
        scrollView.alwaysBounceVertical = true
        try drag(window, from: CGPoint(x: 160, y: 400), through: [CGPoint(x: 160, y: 385), CGPoint(x: 160, y: 300)], time: 2, lift: false)
        #expect(scrollView.contentOffset.y > 0)
    }

    @Test func aDragCancelsTheTouchesOfTheContent() throws {
        let (window, scrollView, _) = scene()
        let log = CallLog()
        let row = TouchRecorder("row", log: log, frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        scrollView.addSubview(row)
        scrollView.delaysContentTouches = false  // the row sees the touch at once
        try drag(window, from: CGPoint(x: 160, y: 400), through: [CGPoint(x: 160, y: 390), CGPoint(x: 160, y: 300)], time: 0)
        #expect(log.entries == ["row.began(1)", "row.moved(1)", "row.cancelled(1)"])
    }

    @Test func scrollingLaysOutTheScrollViewSoContentCanBeTiled() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let scrollView = TiledScrollView(frame: window.bounds)
        window.addSubview(scrollView)
        window.runUpdateCycle()
        scrollView.checkTiles()
        var time = 0.0
        // Twenty fast upward drags, each followed by its deceleration, with an update cycle
        // after every event and animation frame, as the run loop would.
        for _ in 0..<20 {
            try window.sendTouch(.began, at: CGPoint(x: 160, y: 450), time: time)
            for step in 1...8 {
                time += 0.01
                try window.sendTouch(.moved, at: CGPoint(x: 160, y: 450 - CGFloat(step) * 50), time: time)
                window.runUpdateCycle()
                scrollView.checkTiles()
            }
            time += 0.01
            try window.sendTouch(.ended, at: CGPoint(x: 160, y: 50), time: time)
            var frames = 0
            while scrollView.isDecelerating {
                frames += 1
                try #require(frames < 2_000, "the deceleration did not end")
                time += ScrollView.frameInterval
                try window.advanceTime(to: time)
                window.runUpdateCycle()
                scrollView.checkTiles()
            }
        }
        #expect(scrollView.contentOffset.y > 20_000)
        #expect(scrollView.tilesMade <= 6)  // 480 / 100 visible rows need at most 6 tiles
        #expect(scrollView.layouts > 100)
    }
}

/// The tiling pattern: a tall content of 100-point rows, of which only the visible ones exist,
/// drawn by a fixed pool of tile views reused as they scroll out of sight.
final class TiledScrollView: ScrollView {
    static let rowHeight: CGFloat = 100
    private var tiles: [Int: View] = [:]
    private var reusable: [View] = []
    private(set) var tilesMade = 0
    private(set) var layouts = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentSize = CGSize(width: frame.width, height: 1_000_000)
    }

    required init?(coder: Coder) { return nil }  // not archived

    override func layoutSubviews() {
        super.layoutSubviews()
        layouts += 1
        let visible = visibleRows
        for (row, tile) in tiles where !visible.contains(row) {
            tile.removeFromSuperview()
            reusable.append(tile)
            tiles[row] = nil
        }
        for row in visible where tiles[row] == nil {
            let tile = reusable.popLast() ?? makeTile()
            tile.frame = CGRect(x: 0, y: CGFloat(row) * Self.rowHeight, width: bounds.width, height: Self.rowHeight)
            tile.tag = row + 1  // tag 0 would find the scroll view itself
            addSubview(tile)
            tiles[row] = tile
        }
    }

    private var visibleRows: ClosedRange<Int> {
        let first = max(0, Int((bounds.minY / Self.rowHeight).rounded(.down)))
        let last = max(first, Int(((bounds.maxY - 0.001) / Self.rowHeight).rounded(.down)))
        return first...last
    }

    private func makeTile() -> View {
        tilesMade += 1
        return View()
    }

    /// Every visible row has its tile, in place, and no other tile is in the view.
    func checkTiles() {
        let visible = visibleRows
        #expect(subviews.count == visible.count)
        for row in visible {
            let tile = viewWithTag(row + 1)
            #expect(tile?.frame.minY == CGFloat(row) * Self.rowHeight)
        }
    }
}
