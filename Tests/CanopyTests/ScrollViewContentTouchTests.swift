import Canopy
import Foundation
import Testing

/// Records a scroll view's zooming calls.
private final class ZoomRecorder: ScrollViewDelegate {
    let content: View
    var calls: [String] = []
    init(content: View) { self.content = content }
    func viewForZooming(in scrollView: ScrollView) -> View? { content }
    func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?) { calls.append("willBegin") }
    func scrollViewDidZoom(_ scrollView: ScrollView) {
        if calls.last != "didZoom" { calls.append("didZoom") }
    }
    func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: CGFloat) {
        calls.append("didEnd(\(scale))")
    }
}

@Suite("Scroll view: content touches, tracking, paging, directional lock, showing rects, zooming")
struct ScrollViewContentTouchTests {
    /// A 320×480 window filled by a scroll view over 320×2000 of content, with a button at
    /// (20,380,200,60) whose control events are logged.
    private func scene() -> (window: Window, scrollView: ScrollView, button: Button, log: CallLog) {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let scrollView = ScrollView(frame: window.bounds)
        scrollView.contentSize = CGSize(width: 320, height: 2000)
        window.addSubview(scrollView)
        let button = Button(frame: CGRect(x: 20, y: 380, width: 200, height: 60))
        scrollView.addSubview(button)
        let log = CallLog()
        button.addAction(for: .touchDown) { _, _ in log.entries.append("down") }
        button.addAction(for: .touchUpInside) { _, _ in log.entries.append("upInside") }
        button.addAction(for: .touchCancel) { _, _ in log.entries.append("cancel") }
        return (window, scrollView, button, log)
    }

    /// One finger from (100,400) up by `distance`, in steps of 10 points every 1/60 s from `time`.
    private func dragUp(_ window: Window, by distance: CGFloat, from time: Double, lift: Bool = true) throws {
        var y: CGFloat = 400, now = time
        while y > 400 - distance {
            y -= 10
            now += 1.0 / 60
            try window.sendTouch(.moved, at: CGPoint(x: 100, y: y), time: now)
        }
        if lift { try window.sendTouch(.ended, at: CGPoint(x: 100, y: y), time: now) }
    }

    // MARK: Content touches

    /// Without the delay the button has the touch at once, and a tracking control keeps it:
    /// the drag does not scroll (UIKit's behaviour, and the reason for the delay).
    @Test func aQuickDragFromAButtonScrollsWithoutHighlightingIt() throws {
        for delays in [true, false] {
            let (window, scrollView, _, log) = scene()
            scrollView.delaysContentTouches = delays
            try window.sendTouch(.began, at: CGPoint(x: 100, y: 400), time: 0)
            try dragUp(window, by: 100, from: 0)
            #expect((scrollView.contentOffset.y > 0) == delays, "delays = \(delays)")
            #expect(log.entries == (delays ? [] : ["down"]), "delays = \(delays)")
        }
    }

    @Test func contentSeesAHeldTouchAfterTheDelayAndAQuickTapOnLift() throws {
        let (window, _, button, log) = scene()
        try window.sendTouch(.began, at: CGPoint(x: 100, y: 400), time: 0)
        try window.advanceTime(to: 0.1)
        #expect(log.entries.isEmpty && !button.isHighlighted)
        try window.advanceTime(to: 0.2)
        #expect(log.entries == ["down"] && button.isHighlighted)
        try window.sendTouch(.ended, at: CGPoint(x: 100, y: 400), time: 0.3)
        #expect(log.entries == ["down", "upInside"])

        log.entries.removeAll()
        try window.sendTouch(.began, at: CGPoint(x: 100, y: 400), time: 1)
        try window.sendTouch(.ended, at: CGPoint(x: 100, y: 400), time: 1.05)
        #expect(log.entries == ["down", "upInside"])
    }

    @Test func aTrackingControlKeepsItsTouchUnlessTheScrollViewMayCancelIt() throws {
        final class Greedy: ScrollView {
            override func touchesShouldCancel(in view: View) -> Bool { true }
        }
        // A button that has the touch keeps it: no scrolling, and its tap still counts.
        var (window, scrollView, _, log) = scene()
        try window.sendTouch(.began, at: CGPoint(x: 100, y: 400), time: 0)
        try window.advanceTime(to: 0.2)
        try dragUp(window, by: 40, from: 0.2)
        #expect(scrollView.contentOffset == .zero)
        #expect(log.entries == ["down", "upInside"])

        // A scroll view that may cancel controls takes the touch and scrolls.
        window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        scrollView = Greedy(frame: window.bounds)
        scrollView.contentSize = CGSize(width: 320, height: 2000)
        window.addSubview(scrollView)
        let button = Button(frame: CGRect(x: 20, y: 380, width: 200, height: 60))
        scrollView.addSubview(button)
        log = CallLog()
        button.addAction(for: [.touchDown, .touchCancel]) { _, _ in log.entries.append("event") }
        try window.sendTouch(.began, at: CGPoint(x: 100, y: 400), time: 0)
        try window.advanceTime(to: 0.2)
        try dragUp(window, by: 40, from: 0.2)
        #expect(scrollView.contentOffset.y > 0)
        #expect(log.entries == ["event", "event"])  // touch-down, then cancel
    }

    @Test func withoutCanCancelContentTouchesATouchContentHasNeverScrolls() throws {
        for canCancel in [true, false] {
            let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            let scrollView = ScrollView(frame: window.bounds)
            scrollView.contentSize = CGSize(width: 320, height: 2000)
            scrollView.canCancelContentTouches = canCancel
            window.addSubview(scrollView)
            let log = CallLog()
            scrollView.addSubview(TouchRecorder("row", log: log, frame: CGRect(x: 0, y: 0, width: 320, height: 2000)))
            try window.sendTouch(.began, at: CGPoint(x: 100, y: 400), time: 0)
            try window.advanceTime(to: 0.2)
            try dragUp(window, by: 100, from: 0.2)
            #expect((scrollView.contentOffset.y > 0) == canCancel, "canCancel = \(canCancel)")
            #expect(log.entries.last == (canCancel ? "row.cancelled(1)" : "row.ended(1)"))
        }
    }

    @Test func touchesShouldBeginCanKeepATouchFromTheContent() throws {
        final class Refusing: ScrollView {
            override func touchesShouldBegin(_ touches: Set<Touch>, with event: Event?, in view: View) -> Bool {
                !(view is Button)
            }
        }
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let scrollView = Refusing(frame: window.bounds)
        scrollView.contentSize = CGSize(width: 320, height: 2000)
        window.addSubview(scrollView)
        let button = Button(frame: CGRect(x: 20, y: 380, width: 200, height: 60))
        scrollView.addSubview(button)
        var events = 0
        button.addAction(for: .allTouchEvents) { _, _ in events += 1 }
        try window.sendTouch(.began, at: CGPoint(x: 100, y: 400), time: 0)
        try window.sendTouch(.ended, at: CGPoint(x: 100, y: 400), time: 0.3)
        #expect(events == 0)
        try window.sendTouch(.began, at: CGPoint(x: 100, y: 400), time: 1)
        try dragUp(window, by: 100, from: 1)
        #expect(scrollView.contentOffset.y > 0)  // the scroll view still drags
    }

    /// A scroll view keeps its touches, so a subclass that hands them to `next` as well (a
    /// pattern for letting a superview see taps) delivers each one once.
    @Test func aScrollViewThatForwardsToNextDeliversEachTouchOnce() throws {
        final class Forwarding: ScrollView {
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
                if !isDragging { next?.touchesBegan(touches, with: event) }
                super.touchesBegan(touches, with: event)
            }
        }
        let log = CallLog()
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let container = TouchRecorder("container", log: log, frame: window.bounds)
        window.addSubview(container)
        let scrollView = Forwarding(frame: container.bounds)
        container.addSubview(scrollView)
        try window.sendTouch(.began, at: CGPoint(x: 100, y: 100), time: 0)
        try window.advanceTime(to: ScrollView.contentTouchDelay)
        #expect(log.entries == ["container.began(1)"])
    }

    // MARK: Tracking

    @Test func trackingLastsWhileAFingerIsDown() throws {
        let (window, scrollView, _, _) = scene()
        #expect(!scrollView.isTracking)
        try window.sendTouch(.began, at: CGPoint(x: 100, y: 100), time: 0)
        #expect(scrollView.isTracking && !scrollView.isDragging)
        try window.sendTouch(.moved, at: CGPoint(x: 100, y: 50), time: 0.05)
        #expect(scrollView.isTracking && scrollView.isDragging)
        try window.sendTouch(.ended, at: CGPoint(x: 100, y: 50), time: 0.5)
        #expect(!scrollView.isTracking)
    }

    // MARK: Paging

    @Test func pagingComesToRestOnAPageNoFurtherThanTheNext() throws {
        func page(afterDragging distance: CGFloat, restFirst: Bool) throws -> CGFloat {
            let (window, scrollView, _, _) = scene()
            scrollView.isPagingEnabled = true
            try window.sendTouch(.began, at: CGPoint(x: 100, y: 400), time: 0)
            try dragUp(window, by: distance, from: 0, lift: !restFirst)
            if restFirst { try window.sendTouch(.ended, at: CGPoint(x: 100, y: 400 - distance), time: 1) }
            try window.advanceTime(to: 20)
            return scrollView.contentOffset.y
        }
        let slowShort = try page(afterDragging: 100, restFirst: true)
        let slowLong = try page(afterDragging: 300, restFirst: true)
        let quickShort = try page(afterDragging: 100, restFirst: false)
        let quickLong = try page(afterDragging: 300, restFirst: false)
        #expect(slowShort == 0)  // under half a page: back
        #expect(slowLong == 480)  // over half: the next page
        #expect(quickShort == 480)  // a fling: the next page
        #expect(quickLong == 480)  // never two pages
    }

    // MARK: Directional lock

    @Test func aDragThatStartsAlongAnAxisKeepsToIt() throws {
        for locks in [true, false] {
            let (window, scrollView, _, _) = scene()
            scrollView.contentSize = CGSize(width: 2000, height: 2000)
            scrollView.isDirectionalLockEnabled = locks
            try window.sendTouch(.began, at: CGPoint(x: 200, y: 400), time: 0)
            try window.sendTouch(.moved, at: CGPoint(x: 195, y: 380), time: 0.02)  // mostly up
            try window.sendTouch(.moved, at: CGPoint(x: 150, y: 300), time: 0.04)
            #expect(scrollView.contentOffset.y == 80)
            #expect((scrollView.contentOffset.x == 0) == locks, "locks = \(locks)")
        }
    }

    // MARK: Showing a rect

    @Test func scrollRectToVisibleScrollsAsLittleAsNeeded() {
        let (_, scrollView, _, _) = scene()
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 100, width: 50, height: 50), animated: false)
        #expect(scrollView.contentOffset == .zero)  // already visible
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 900, width: 50, height: 100), animated: false)
        #expect(scrollView.contentOffset == CGPoint(x: 0, y: 520))  // its bottom at the bottom edge
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 200, width: 50, height: 100), animated: false)
        #expect(scrollView.contentOffset == CGPoint(x: 0, y: 200))  // its top at the top edge
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 1950, width: 50, height: 200), animated: false)
        #expect(scrollView.contentOffset == CGPoint(x: 0, y: 1520))  // no further than the end
    }

    // MARK: Zooming

    @Test func zoomingScalesTheDelegatesViewWithinTheLimits() {
        let (_, scrollView, _, _) = scene()
        let content = View(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        scrollView.addSubview(content)
        let recorder = ZoomRecorder(content: content)
        scrollView.delegate = recorder
        #expect(scrollView.pinchGestureRecognizer == nil)  // no zooming while the limits are equal
        scrollView.zoomScale = 2
        #expect(scrollView.zoomScale == 1)
        scrollView.minimumZoomScale = 0.5
        scrollView.maximumZoomScale = 4
        #expect(scrollView.pinchGestureRecognizer != nil)
        scrollView.zoomScale = 2
        #expect(content.frame == CGRect(x: 0, y: 0, width: 640, height: 960))
        #expect(scrollView.contentSize == CGSize(width: 640, height: 960))
        scrollView.zoomScale = 10
        #expect(scrollView.zoomScale == 4 && content.frame.size == CGSize(width: 1280, height: 1920))
        scrollView.maximumZoomScale = 3
        #expect(scrollView.zoomScale == 3)
        #expect(recorder.calls == ["didZoom"])
    }

    @Test func aPinchZoomsAboutThePointBetweenTheFingers() throws {
        let (window, scrollView, _, _) = scene()
        let content = View(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        scrollView.addSubview(content)
        scrollView.contentSize = content.frame.size
        let recorder = ZoomRecorder(content: content)
        scrollView.delegate = recorder
        scrollView.maximumZoomScale = 4
        try window.send(
            [
                TouchInput(finger: 1, phase: .began, location: CGPoint(x: 100, y: 200)),
                TouchInput(finger: 2, phase: .began, location: CGPoint(x: 200, y: 200)),
            ], at: 0)
        try window.send(
            [
                TouchInput(finger: 1, phase: .moved, location: CGPoint(x: 95, y: 200)),
                TouchInput(finger: 2, phase: .moved, location: CGPoint(x: 205, y: 200)),
            ], at: 0.05)
        #expect(scrollView.isZooming)
        try window.send(
            [
                TouchInput(finger: 1, phase: .moved, location: CGPoint(x: 50, y: 200)),
                TouchInput(finger: 2, phase: .moved, location: CGPoint(x: 250, y: 200)),
            ], at: 0.1)
        // Twice the distance: scale 2; the content point (150, 200) stays under the fingers.
        #expect(scrollView.zoomScale == 2)
        #expect(scrollView.contentOffset == CGPoint(x: 150, y: 200))
        #expect(isClose(content.convert(CGPoint(x: 150, y: 200), to: window), CGPoint(x: 150, y: 200)))
        try window.send(
            [
                TouchInput(finger: 1, phase: .ended, location: CGPoint(x: 50, y: 200)),
                TouchInput(finger: 2, phase: .ended, location: CGPoint(x: 250, y: 200)),
            ], at: 0.15)
        #expect(!scrollView.isZooming)
        #expect(recorder.calls == ["willBegin", "didZoom", "didEnd(2.0)"])
    }
}
