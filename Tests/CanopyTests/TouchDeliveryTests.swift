import Canopy
import Foundation
import Testing

/// A view that records the touches it is sent and, unless told to forward, keeps them.
final class TouchRecorder: View {
    let name: String
    let log: CallLog
    var forwards = false

    init(_ name: String, log: CallLog, frame: CGRect) {
        self.name = name
        self.log = log
        super.init(frame: frame)
    }

    required init?(coder: Coder) { return nil }  // not archived

    private func record(_ phase: String, _ touches: Set<Touch>) {
        log.entries.append("\(name).\(phase)(\(touches.count))")
    }
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        record("began", touches)
        if forwards { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        record("moved", touches)
        if forwards { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        record("ended", touches)
        if forwards { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        record("cancelled", touches)
        if forwards { super.touchesCancelled(touches, with: event) }
    }
}

/// The end of the chain, recording what reaches it.
final class RecordingApplication: Application {
    let log: CallLog
    init(log: CallLog) { self.log = log }
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { log.entries.append("app.began") }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { log.entries.append("app.ended") }
}

@Suite("Touches are bound at touch-down and delivered along the responder chain")
struct TouchDeliveryTests {
    /// window ─ panel (0,0,200,200, records) ─ button (50,50,100,100, plain view)
    private func scene() -> (window: Window, panel: TouchRecorder, button: View, log: CallLog) {
        let log = CallLog()
        let window = Window(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        window.application = RecordingApplication(log: log)
        let panel = TouchRecorder("panel", log: log, frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let button = View(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        window.addSubview(panel)
        panel.addSubview(button)
        return (window, panel, button, log)
    }

    @Test func aTouchStaysWithTheViewItBeganIn() throws {
        let (window, panel, button, log) = scene()
        let down = try window.sendTouch(.began, at: CGPoint(x: 60, y: 70), time: 0)
        let touch = try #require(down.allTouches.first)
        #expect(touch.view === button && touch.window === window)
        #expect(touch.location(in: button) == CGPoint(x: 10, y: 20))
        try window.sendTouch(.moved, at: CGPoint(x: 300, y: 300), time: 0.1)  // far outside
        #expect(touch.view === button)
        #expect(touch.location(in: nil) == CGPoint(x: 300, y: 300))
        #expect(touch.previousLocation(in: panel) == CGPoint(x: 60, y: 70))
        #expect(touch.phase == .moved && touch.timestamp == 0.1)
        try window.sendTouch(.ended, at: CGPoint(x: 300, y: 300), time: 0.2)
        // The plain button forwards to the panel, which keeps the touches.
        #expect(log.entries == ["panel.began(1)", "panel.moved(1)", "panel.ended(1)"])
    }

    @Test func forwardingResponderPassesTouchesToTheApplication() throws {
        let (window, panel, _, log) = scene()
        panel.forwards = true
        try window.sendTouch(.began, at: CGPoint(x: 10, y: 10), time: 0)
        try window.sendTouch(.ended, at: CGPoint(x: 10, y: 10), time: 0.1)
        #expect(log.entries == ["panel.began(1)", "app.began", "panel.ended(1)", "app.ended"])
    }

    @Test func aViewControllerSitsInTheChain() throws {
        final class Controller: ViewController {
            var began = 0
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { began += 1 }
        }
        let log = CallLog()
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.application = RecordingApplication(log: log)
        let controller = Controller()
        controller.view.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        window.addSubview(controller.view)
        try window.sendTouch(.began, at: CGPoint(x: 5, y: 5), time: 0)
        #expect(controller.began == 1)
        #expect(log.entries.isEmpty)  // the controller kept it
    }

    @Test func touchesOutsideAnyViewGoNowhere() throws {
        let (window, _, _, log) = scene()
        let event = try window.sendTouch(.began, at: CGPoint(x: 900, y: 900), time: 0)
        #expect(event.allTouches.first?.view == nil)
        #expect(log.entries.isEmpty)
    }

    @Test func severalFingersAreGroupedByView() throws {
        let log = CallLog()
        let window = Window(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let left = TouchRecorder("left", log: log, frame: CGRect(x: 0, y: 0, width: 200, height: 400))
        let right = TouchRecorder("right", log: log, frame: CGRect(x: 200, y: 0, width: 200, height: 400))
        left.isMultipleTouchEnabled = true
        window.addSubview(left)
        window.addSubview(right)
        let event = try window.send(
            [
                TouchInput(finger: 1, phase: .began, location: CGPoint(x: 10, y: 10)),
                TouchInput(finger: 2, phase: .began, location: CGPoint(x: 250, y: 10)),
                TouchInput(finger: 3, phase: .began, location: CGPoint(x: 20, y: 10)),
            ], at: 0)
        #expect(log.entries == ["left.began(2)", "right.began(1)"])
        #expect(event.allTouches.count == 3 && event.touches(for: left).count == 2)
        #expect(event.touches(for: window).count == 3)
        log.entries.removeAll()
        let second = try window.send([TouchInput(finger: 2, phase: .moved, location: CGPoint(x: 260, y: 10))], at: 0.1)
        #expect(log.entries == ["right.moved(1)"])
        #expect(second.allTouches.count == 3)
        #expect(second.touches(for: left).allSatisfy { $0.phase == .stationary })
        try window.send(
            [
                TouchInput(finger: 1, phase: .cancelled, location: CGPoint(x: 10, y: 10)),
                TouchInput(finger: 2, phase: .ended, location: CGPoint(x: 260, y: 10)),
            ], at: 0.2)
        #expect(log.entries == ["right.moved(1)", "right.ended(1)", "left.cancelled(1)"])
    }

    @Test func quickTapsNearbyCountUp() throws {
        let (window, _, button, _) = scene()
        func tap(at x: CGFloat, time: Double) throws -> Int {
            let event = try window.sendTouch(.began, at: CGPoint(x: x, y: 60), time: time)
            try window.sendTouch(.ended, at: CGPoint(x: x, y: 60), time: time + 0.05)
            return event.allTouches.first!.tapCount
        }
        #expect(try tap(at: 60, time: 0) == 1)
        #expect(try tap(at: 65, time: 0.2) == 2)
        #expect(try tap(at: 62, time: 0.4) == 3)
        #expect(try tap(at: 62, time: 2.0) == 1)  // too late
        #expect(try tap(at: 140, time: 2.2) == 1)  // too far
        #expect(button.window === window)
    }

    @Test func impossibleInputIsRefusedAndChangesNothing() throws {
        let (window, _, _, log) = scene()
        try window.sendTouch(.began, at: CGPoint(x: 10, y: 10), time: 1)
        log.entries.removeAll()
        #expect(throws: TouchInputError.fingerAlreadyDown(finger: 0)) {
            try window.sendTouch(.began, at: CGPoint(x: 10, y: 10), time: 2)
        }
        #expect(throws: TouchInputError.fingerNotDown(finger: 7)) {
            try window.sendTouch(.moved, at: CGPoint(x: 10, y: 10), time: 2, finger: 7)
        }
        #expect(throws: TouchInputError.timeWentBackwards(timestamp: 0.5, latest: 1)) {
            try window.sendTouch(.moved, at: CGPoint(x: 10, y: 10), time: 0.5)
        }
        #expect(throws: TouchInputError.nonFiniteLocation(finger: 0)) {
            try window.sendTouch(.moved, at: CGPoint(x: CGFloat.nan, y: 10), time: 2)
        }
        #expect(throws: TouchInputError.stationaryIsNotAnInput(finger: 0)) {
            try window.sendTouch(.stationary, at: CGPoint(x: 10, y: 10), time: 2)
        }
        // A bad input anywhere in an event rejects the whole event.
        #expect(throws: TouchInputError.fingerRepeated(finger: 0)) {
            try window.send(
                [
                    TouchInput(finger: 0, phase: .moved, location: CGPoint(x: 11, y: 10)),
                    TouchInput(finger: 0, phase: .ended, location: CGPoint(x: 11, y: 10)),
                ], at: 2)
        }
        #expect(log.entries.isEmpty)
        try window.sendTouch(.ended, at: CGPoint(x: 10, y: 10), time: 2)  // finger 0 is still down
        #expect(log.entries == ["panel.ended(1)"])
    }
}

@Suite("First responders")
struct FirstResponderTests {
    final class Field: View {
        var accepts = true
        var resigns = true
        override var canBecomeFirstResponder: Bool { accepts }
        override var canResignFirstResponder: Bool { resigns }
    }

    @Test func onlyWillingRespondersInAWindowBecomeFirst() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let plain = View(), field = Field(), loose = Field()
        window.addSubview(plain)
        window.addSubview(field)
        #expect(!plain.becomeFirstResponder())
        #expect(!loose.becomeFirstResponder())  // in no window
        #expect(field.becomeFirstResponder() && field.isFirstResponder)
        #expect(window.firstResponder === field)
        #expect(field.resignFirstResponder() && !field.isFirstResponder && window.firstResponder == nil)
    }

    @Test func aNewFirstResponderAsksTheOldOneToResign() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let first = Field(), second = Field()
        window.addSubview(first)
        window.addSubview(second)
        first.becomeFirstResponder()
        first.resigns = false
        #expect(!second.becomeFirstResponder())
        #expect(first.isFirstResponder)
        first.resigns = true
        #expect(second.becomeFirstResponder() && !first.isFirstResponder)
    }

    @Test func leavingTheWindowResigns() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let container = View(), field = Field()
        window.addSubview(container)
        container.addSubview(field)
        field.becomeFirstResponder()
        container.removeFromSuperview()
        #expect(window.firstResponder == nil && !field.isFirstResponder)
    }
}
