import Canopy
import Foundation
import Testing

@Suite("Observation: typed, once per change, cancellable")
struct ObservationTests {
    @Test func aFrameChangeIsReportedOnceWithOldAndNewValues() {
        let view = View(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        var changes: [ObservedChange<CGRect>] = []
        let token = view.observe(\.frame) { _, change in changes.append(change) }
        view.frame = CGRect(x: 10, y: 20, width: 200, height: 50)  // moves the center and resizes the bounds
        #expect(changes.count == 1)
        #expect(changes.first?.oldValue == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(changes.first?.newValue == CGRect(x: 10, y: 20, width: 200, height: 50))
        view.frame = CGRect(x: 10, y: 20, width: 200, height: 50)  // the same value: no change
        #expect(changes.count == 1)
        token.cancel()
    }

    @Test func derivedPropertiesReportWhatTheyDeriveFrom() {
        let view = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        var frames: [CGRect] = [], bounds: [CGRect] = [], centers: [CGPoint] = []
        let tokens = [
            view.observe(\.frame) { _, c in frames.append(c.newValue) },
            view.observe(\.bounds) { _, c in bounds.append(c.newValue) },
            view.observe(\.center) { _, c in centers.append(c.newValue) },
        ]
        view.center = CGPoint(x: 100, y: 100)  // frame and center change; bounds do not
        view.transform = CGAffineTransform(scaleX: 2, y: 2)  // only the frame
        #expect(frames == [CGRect(x: 50, y: 50, width: 100, height: 100), CGRect(x: 0, y: 0, width: 200, height: 200)])
        #expect(centers == [CGPoint(x: 100, y: 100)])
        #expect(bounds.isEmpty)
        withExtendedLifetime(tokens) {}
    }

    @Test func appearanceAndControlStateAreObservable() {
        let control = Control(frame: CGRect(x: 0, y: 0, width: 44, height: 44))
        var log: [String] = []
        let tokens = [
            control.observe(\.alpha) { _, c in log.append("alpha \(c.oldValue)→\(c.newValue)") },
            control.observe(\.isHidden) { _, c in log.append("hidden \(c.newValue)") },
            control.observe(\.backgroundColor) { _, c in log.append("color \(c.newValue == .red)") },
            control.observe(\.state) { _, c in log.append("state \(c.newValue.rawValue)") },
        ]
        control.alpha = 0.5
        control.isHidden = true
        control.backgroundColor = .red
        control.isSelected = true
        control.isEnabled = false
        #expect(log == ["alpha 1.0→0.5", "hidden true", "color true", "state 4", "state 6"])
        withExtendedLifetime(tokens) {}
    }

    @Test func aGestureRecognizersStateIsObservable() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let tap = TapGestureRecognizer()
        window.addGestureRecognizer(tap)
        var states: [GestureRecognizer.State] = []
        let token = tap.observe(\.state) { _, c in states.append(c.newValue) }
        try window.sendTouch(.began, at: CGPoint(x: 10, y: 10), time: 0)
        try window.sendTouch(.ended, at: CGPoint(x: 10, y: 10), time: 0.05)
        #expect(states == [.ended, .possible])
        token.cancel()
    }

    @Test func cancellingOrReleasingTheTokenStopsTheObservation() {
        let view = View(frame: .zero)
        var calls = 0
        let token = view.observe(\.center) { _, _ in calls += 1 }
        view.center = CGPoint(x: 1, y: 1)
        token.cancel()
        token.cancel()
        view.center = CGPoint(x: 2, y: 2)
        #expect(calls == 1)
        do {
            _ = view.observe(\.center) { _, _ in calls += 1 }  // released at once
        }
        view.center = CGPoint(x: 3, y: 3)
        #expect(calls == 1)
        #expect(view.observationRegistry.isEmpty)
    }

    @Test func theInitialOptionReportsTheCurrentValueAtOnce() {
        let view = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        var changes: [ObservedChange<CGPoint>] = []
        let token = view.observe(\.center, options: .initial) { _, c in changes.append(c) }
        #expect(changes.count == 1)
        #expect(changes.first?.isInitial == true)
        #expect(changes.first?.oldValue == CGPoint(x: 5, y: 5) && changes.first?.newValue == CGPoint(x: 5, y: 5))
        withExtendedLifetime(token) {}
    }

    @Test func autoresizedSubviewsReportTheirOwnChanges() {
        let parent = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = View(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        child.autoresizingMask = .flexibleWidth
        parent.addSubview(child)
        var widths: [CGFloat] = []
        let token = child.observe(\.bounds) { _, c in widths.append(c.newValue.width) }
        parent.bounds.size = CGSize(width: 150, height: 100)
        #expect(widths == [150])
        withExtendedLifetime(token) {}
    }

    @Test func aHandlerMayCancelItselfAndChangeTheObject() {
        let view = View(frame: .zero)
        var seen: [CGFloat] = []
        var token: Observation?
        token = view.observe(\.center) { view, change in
            seen.append(change.newValue.x)
            if change.newValue.x < 10 { view.center.x += 10 } else { token?.cancel() }
        }
        view.center = CGPoint(x: 1, y: 0)
        view.center = CGPoint(x: 50, y: 0)
        #expect(seen == [1, 11])
        #expect(view.center.x == 50)
    }

    /// The reference documents' stretchy header: a header at the top of a scroll view watches
    /// the content offset; pulled down past the top, it stays pinned and grows.
    @Test func theStickyHeaderStretchesWhenPulledDown() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let scrollView = ScrollView(frame: window.bounds)
        scrollView.contentSize = CGSize(width: 320, height: 2000)
        window.addSubview(scrollView)
        let header = StickyHeader(minHeight: 100, width: 320)
        scrollView.addSubview(header)
        header.startObserving()

        try window.sendTouch(.began, at: CGPoint(x: 160, y: 200), time: 0)
        try window.sendTouch(.moved, at: CGPoint(x: 160, y: 215), time: 0.5)
        try window.sendTouch(.moved, at: CGPoint(x: 160, y: 415), time: 1)
        let pulled = -scrollView.contentOffset.y
        #expect(pulled > 50)
        #expect(header.frame == CGRect(x: 0, y: -pulled, width: 320, height: 100 + pulled))
        #expect(isClose(header.convert(header.bounds, to: nil).minY, 0))  // pinned to the top
        try window.sendTouch(.moved, at: CGPoint(x: 160, y: 415.001), time: 1.5)
        try window.sendTouch(.ended, at: CGPoint(x: 160, y: 415.001), time: 2)
        try window.advanceTime(to: 5)
        #expect(header.frame == CGRect(x: 0, y: 0, width: 320, height: 100))
    }
}

final class StickyHeader: View {
    let minHeight: CGFloat
    private var token: Observation?

    init(minHeight: CGFloat, width: CGFloat) {
        self.minHeight = minHeight
        super.init(frame: CGRect(x: 0, y: 0, width: width, height: minHeight))
    }

    required init?(coder: Coder) { return nil }  // not archived

    func startObserving() {
        let scrollView = superview as! ScrollView
        token = scrollView.observe(\.contentOffset) { [unowned self] scrollView, _ in
            let delta = abs(min(0, scrollView.contentOffset.y))
            var newFrame = frame
            newFrame.origin.y = -delta
            newFrame.size.height = minHeight + delta
            frame = newFrame
        }
    }
}
