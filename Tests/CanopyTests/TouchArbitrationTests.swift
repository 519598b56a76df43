import Canopy
import Foundation
import Testing

@Suite("Touch arbitration: multiple and exclusive touch, who may begin, failure requirements, velocity")
struct TouchArbitrationTests {
    /// A 400×400 window with two recording views side by side: left (0,0,200,400) and
    /// right (200,0,200,400).
    private func scene() -> (window: Window, left: TouchRecorder, right: TouchRecorder, log: CallLog) {
        let log = CallLog()
        let window = Window(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let left = TouchRecorder("left", log: log, frame: CGRect(x: 0, y: 0, width: 200, height: 400))
        let right = TouchRecorder("right", log: log, frame: CGRect(x: 200, y: 0, width: 200, height: 400))
        window.addSubview(left)
        window.addSubview(right)
        return (window, left, right, log)
    }

    private func tapOnce(_ window: Window, at point: CGPoint, time: Double) throws {
        try window.sendTouch(.began, at: point, time: time)
        try window.sendTouch(.ended, at: point, time: time + 0.05)
    }

    // MARK: Multiple and exclusive touch

    @Test func aViewWithoutMultipleTouchGetsOnlyItsFirstFinger() throws {
        for enabled in [false, true] {
            let (window, left, _, log) = scene()
            left.isMultipleTouchEnabled = enabled
            let pinch = PinchGestureRecognizer()
            pinch.cancelsTouchesInView = false
            left.addGestureRecognizer(pinch)
            try window.sendTouch(.began, at: CGPoint(x: 50, y: 50), time: 0, finger: 1)
            try window.sendTouch(.began, at: CGPoint(x: 150, y: 50), time: 0.1, finger: 2)
            #expect(pinch.numberOfTouches == 2)  // recognizers see every finger either way
            try window.sendTouch(.ended, at: CGPoint(x: 150, y: 50), time: 0.2, finger: 2)
            try window.sendTouch(.ended, at: CGPoint(x: 50, y: 50), time: 0.3, finger: 1)
            let expected =
                enabled
                ? ["left.began(1)", "left.began(1)", "left.ended(1)", "left.ended(1)"]
                : ["left.began(1)", "left.ended(1)"]
            #expect(log.entries == expected, "isMultipleTouchEnabled = \(enabled)")
        }
        #expect(!View().isMultipleTouchEnabled)
    }

    @Test func anExclusiveViewTakesTouchesOnlyAlone() throws {
        // An exclusive view with a finger down blocks a new finger on another view, and its
        // recognizers: the tap on the right never sees it.
        var (window, left, right, log) = scene()
        left.isExclusiveTouch = true
        var rightTaps = 0
        right.addGestureRecognizer(TapGestureRecognizer { _ in rightTaps += 1 })
        try window.sendTouch(.began, at: CGPoint(x: 50, y: 50), time: 0, finger: 1)
        try tapOnce(window, at: CGPoint(x: 250, y: 50), time: 0.1)
        #expect(log.entries == ["left.began(1)"] && rightTaps == 0)
        try window.sendTouch(.ended, at: CGPoint(x: 50, y: 50), time: 0.2, finger: 1)
        try tapOnce(window, at: CGPoint(x: 250, y: 50), time: 1)
        #expect(rightTaps == 1)  // alone again, the right view's tap works

        // An exclusive view gets no new finger while another view has one down.
        (window, left, right, log) = scene()
        left.isExclusiveTouch = true
        try window.sendTouch(.began, at: CGPoint(x: 250, y: 50), time: 0, finger: 1)
        try window.sendTouch(.began, at: CGPoint(x: 50, y: 50), time: 0.1, finger: 2)
        #expect(log.entries == ["right.began(1)"])
    }

    // MARK: Who may begin

    @Test func aViewCanRefuseRecognizersOfItsTouches() throws {
        final class Refusing: View {
            var refuses = true
            override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
                !(refuses && recognizer is PanGestureRecognizer)
            }
        }
        for refuses in [true, false] {
            let window = Window(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            let inner = Refusing(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            inner.refuses = refuses
            window.addSubview(inner)
            var began = 0
            let pan = PanGestureRecognizer { if $0.state == .began { began += 1 } }
            window.addGestureRecognizer(pan)
            try window.sendTouch(.began, at: CGPoint(x: 50, y: 50), time: 0)
            try window.sendTouch(.moved, at: CGPoint(x: 90, y: 50), time: 0.1)
            #expect(began == (refuses ? 0 : 1), "refuses = \(refuses)")
        }
    }

    /// UIKit's rule for buttons: a single tap on a control sends the control's action, not a
    /// tap recognizer of an ancestor; a double tap, a disabled control, or a recognizer on the
    /// control itself still recognizes.
    @Test func aControlsActionWinsOverAnAncestorsSingleTap() throws {
        func tapButton(
            enabled: Bool = true, taps: Int = 1, onButton: Bool = false
        ) throws -> (actions: Int, recognized: Int) {
            let window = Window(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            let card = View(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            let button = Button(frame: CGRect(x: 20, y: 20, width: 100, height: 44))
            button.isEnabled = enabled
            window.addSubview(card)
            card.addSubview(button)
            var actions = 0, recognized = 0
            button.addAction(for: .touchUpInside) { _, _ in actions += 1 }
            let tap = TapGestureRecognizer { _ in recognized += 1 }
            tap.numberOfTapsRequired = taps
            (onButton ? button : card).addGestureRecognizer(tap)
            for index in 0..<taps { try tapOnce(window, at: CGPoint(x: 50, y: 40), time: Double(index) * 0.15) }
            try window.advanceTime(to: 5)
            return (actions, recognized)
        }
        let single = try tapButton()
        #expect(single.actions == 1 && single.recognized == 0)
        let double = try tapButton(taps: 2)
        #expect(double.recognized == 1)
        let disabled = try tapButton(enabled: false)
        #expect(disabled.actions == 0 && disabled.recognized == 1)
        let own = try tapButton(onButton: true)
        #expect(own.recognized == 1)
    }

    // MARK: Failure requirements from delegates and subclasses

    @Test func delegatesAndSubclassesCanMakeARecognizerWaitForAnother() throws {
        final class WaitsForDoubleTaps: GestureRecognizerDelegate {
            func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool {
                (other as? TapGestureRecognizer)?.numberOfTapsRequired == 2
            }
        }
        final class RequiredBySingleTaps: GestureRecognizerDelegate {
            func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool {
                (other as? TapGestureRecognizer)?.numberOfTapsRequired == 1
            }
        }
        final class PatientTap: TapGestureRecognizer {
            override func shouldRequireFailure(of other: GestureRecognizer) -> Bool {
                (other as? TapGestureRecognizer)?.numberOfTapsRequired == 2
            }
        }
        let waits = WaitsForDoubleTaps(), required = RequiredBySingleTaps()
        for way in ["delegate of the single tap", "delegate of the double tap", "subclass", "none"] {
            let (window, left, _, _) = scene()
            var fired: [String] = []
            let single = way == "subclass" ? PatientTap { _ in fired.append("single") } : TapGestureRecognizer { _ in fired.append("single") }
            let double = TapGestureRecognizer { _ in fired.append("double") }
            double.numberOfTapsRequired = 2
            if way == "delegate of the single tap" { single.delegate = waits }
            if way == "delegate of the double tap" { double.delegate = required }
            left.addGestureRecognizer(single)
            left.addGestureRecognizer(double)
            try tapOnce(window, at: CGPoint(x: 50, y: 50), time: 0)
            try tapOnce(window, at: CGPoint(x: 52, y: 50), time: 0.15)
            try window.advanceTime(to: 5)
            // Without the requirement the single tap takes each tap at once.
            #expect(fired == (way == "none" ? ["single", "single"] : ["double"]), "\(way)")
        }
    }

    // MARK: Touches and recognizers

    @Test func recognizersReportEachTouchAndTouchesTheirRecognizers() throws {
        let (window, left, _, _) = scene()
        let inner = View(frame: CGRect(x: 20, y: 30, width: 100, height: 100))
        left.addSubview(inner)
        let pinch = PinchGestureRecognizer(), pan = PanGestureRecognizer()
        inner.addGestureRecognizer(pinch)
        left.addGestureRecognizer(pan)
        let event = try window.send(
            [
                TouchInput(finger: 1, phase: .began, location: CGPoint(x: 40, y: 50)),
                TouchInput(finger: 2, phase: .began, location: CGPoint(x: 100, y: 110)),
            ], at: 0)
        #expect(pinch.numberOfTouches == 2)
        let locations = [pinch.location(ofTouch: 0, in: inner), pinch.location(ofTouch: 1, in: inner)]
        #expect(locations.sorted { $0.x < $1.x } == [CGPoint(x: 20, y: 20), CGPoint(x: 80, y: 80)])
        for touch in event.allTouches {
            #expect(touch.gestureRecognizers?.map { ObjectIdentifier($0) } == [ObjectIdentifier(pinch), ObjectIdentifier(pan)])
        }
        let bare = try window.sendTouch(.began, at: CGPoint(x: 300, y: 300), time: 0.1, finger: 3)
        #expect(bare.allTouches.first { $0.view !== inner }?.gestureRecognizers == nil)
    }

    // MARK: Velocity

    @Test func aFingerThatRestsBeforeLiftingHasNoVelocity() throws {
        for rest in [0.0, 0.2] {
            let (window, left, _, _) = scene()
            var endVelocity: CGPoint?
            let pan = PanGestureRecognizer { recognizer in
                if recognizer.state == .ended { endVelocity = (recognizer as! PanGestureRecognizer).velocity(in: nil) }
            }
            left.addGestureRecognizer(pan)
            try window.sendTouch(.began, at: CGPoint(x: 50, y: 300), time: 0)
            try window.sendTouch(.moved, at: CGPoint(x: 50, y: 250), time: 0.05)
            try window.sendTouch(.moved, at: CGPoint(x: 50, y: 200), time: 0.1)
            try window.sendTouch(.ended, at: CGPoint(x: 50, y: 200), time: 0.1 + rest)
            // Moving: 50 points in 0.05 s, up. Resting for 0.2 s: stopped.
            #expect(endVelocity == (rest == 0 ? CGPoint(x: 0, y: -1000) : .zero), "rest \(rest)")
        }
    }

    @Test func aScrollViewDoesNotDecelerateAfterTheFingerRested() throws {
        for rest in [0.0, 0.3] {
            let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            let scrollView = ScrollView(frame: window.bounds)
            scrollView.contentSize = CGSize(width: 320, height: 4000)
            let recorder = ScrollRecorder()
            scrollView.delegate = recorder
            window.addSubview(scrollView)
            try window.sendTouch(.began, at: CGPoint(x: 160, y: 400), time: 0)
            for step in 1...5 {
                try window.sendTouch(.moved, at: CGPoint(x: 160, y: 400 - 40 * CGFloat(step)), time: Double(step) / 60)
            }
            try window.sendTouch(.ended, at: CGPoint(x: 160, y: 200), time: 5.0 / 60 + rest)
            #expect(recorder.calls.contains("didEndDragging(\(rest == 0))"), "rest \(rest)")
            #expect(scrollView.isDecelerating == (rest == 0))
        }
    }
}
