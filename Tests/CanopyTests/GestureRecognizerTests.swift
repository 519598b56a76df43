import Canopy
import Foundation
import Testing

@Suite("Gesture recognizers: states, arbitration, delays and the event clock")
struct GestureRecognizerTests {
    /// A 400×400 window with `target`, a view at (0,0,300,300) that records its touches.
    private func scene() -> (window: Window, target: TouchRecorder, log: CallLog) {
        let log = CallLog()
        let window = Window(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let target = TouchRecorder("target", log: log, frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(target)
        return (window, target, log)
    }

    private func tapOnce(_ window: Window, at point: CGPoint, time: Double) throws {
        try window.sendTouch(.began, at: point, time: time)
        try window.sendTouch(.ended, at: point, time: time + 0.05)
    }

    @Test func aTapRecognizesAndCancelsTheViewsTouches() throws {
        let (window, target, log) = scene()
        var states: [GestureRecognizer.State] = []
        let tap = TapGestureRecognizer { states.append($0.state) }
        target.addGestureRecognizer(tap)
        #expect(tap.view === target && target.gestureRecognizers.count == 1)
        try tapOnce(window, at: CGPoint(x: 50, y: 50), time: 0)
        #expect(states == [.recognized])
        #expect(log.entries == ["target.began(1)", "target.cancelled(1)"])
        #expect(tap.state == .possible)  // reset for the next gesture
    }

    @Test func aTapThatDoesNotCancelLetsTheViewSeeItEnd() throws {
        let (window, target, log) = scene()
        let tap = TapGestureRecognizer()
        tap.cancelsTouchesInView = false
        var recognized = 0
        tap.addAction { _ in recognized += 1 }
        target.addGestureRecognizer(tap)
        try tapOnce(window, at: CGPoint(x: 50, y: 50), time: 0)
        #expect(recognized == 1)
        #expect(log.entries == ["target.began(1)", "target.ended(1)"])
    }

    @Test func aTapThatMovesFails() throws {
        let (window, target, log) = scene()
        var recognized = 0
        target.addGestureRecognizer(TapGestureRecognizer { _ in recognized += 1 })
        try window.sendTouch(.began, at: CGPoint(x: 50, y: 50), time: 0)
        try window.sendTouch(.moved, at: CGPoint(x: 70, y: 50), time: 0.05)
        try window.sendTouch(.ended, at: CGPoint(x: 70, y: 50), time: 0.1)
        #expect(recognized == 0)
        #expect(log.entries == ["target.began(1)", "target.moved(1)", "target.ended(1)"])
    }

    @Test func aSingleTapWaitsForTheDoubleTapToFail() throws {
        let (window, target, _) = scene()
        var fired: [String] = []
        let single = TapGestureRecognizer { _ in fired.append("single") }
        let double = TapGestureRecognizer { _ in fired.append("double") }
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        target.addGestureRecognizer(single)
        target.addGestureRecognizer(double)

        try tapOnce(window, at: CGPoint(x: 50, y: 50), time: 0)
        #expect(fired.isEmpty)  // the double tap might still come
        try window.advanceTime(to: 0.3)
        #expect(fired.isEmpty)
        try window.advanceTime(to: 0.5)  // the double tap gave up at 0.40
        #expect(fired == ["single"])

        fired.removeAll()
        try tapOnce(window, at: CGPoint(x: 50, y: 50), time: 10)
        try tapOnce(window, at: CGPoint(x: 52, y: 50), time: 10.15)
        try window.advanceTime(to: 12)
        #expect(fired == ["double"])
    }

    @Test func twoRecognizersOnlyRunTogetherWhenTheDelegateAllows() throws {
        final class Simultaneous: GestureRecognizerDelegate {
            func gestureRecognizer(_ r: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { true }
        }
        for allow in [false, true] {
            let (window, target, _) = scene()
            let inner = View(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            target.addSubview(inner)
            var began: [String] = []
            let innerPan = PanGestureRecognizer { if $0.state == .began { began.append("inner") } }
            let outerPan = PanGestureRecognizer { if $0.state == .began { began.append("outer") } }
            inner.addGestureRecognizer(innerPan)
            target.addGestureRecognizer(outerPan)
            let delegate = Simultaneous()
            if allow { outerPan.delegate = delegate }
            try window.sendTouch(.began, at: CGPoint(x: 50, y: 50), time: 0)
            try window.sendTouch(.moved, at: CGPoint(x: 80, y: 50), time: 0.1)
            #expect(began == (allow ? ["inner", "outer"] : ["inner"]))
            #expect(outerPan.state == (allow ? .began : .failed))
        }
    }

    @Test func aLongPressBeginsOnTheEventClock() throws {
        let (window, target, log) = scene()
        var states: [GestureRecognizer.State] = []
        let press = LongPressGestureRecognizer { states.append($0.state) }
        target.addGestureRecognizer(press)
        try window.sendTouch(.began, at: CGPoint(x: 50, y: 50), time: 0)
        try window.advanceTime(to: 0.4)
        #expect(states.isEmpty)
        try window.advanceTime(to: 0.6)
        #expect(states == [.began])
        try window.sendTouch(.moved, at: CGPoint(x: 90, y: 50), time: 0.7)
        try window.sendTouch(.ended, at: CGPoint(x: 90, y: 50), time: 0.8)
        #expect(states == [.began, .changed, .ended])
        #expect(log.entries == ["target.began(1)", "target.cancelled(1)"])
    }

    @Test func theEventClockOnlyMovesForward() throws {
        let (window, _, _) = scene()
        try window.advanceTime(to: 2)
        #expect(window.eventTime == 2)
        #expect(throws: TouchInputError.timeWentBackwards(timestamp: 1, latest: 2)) { try window.advanceTime(to: 1) }
        #expect(throws: TouchInputError.nonFiniteTime(timestamp: .infinity)) { try window.advanceTime(to: .infinity) }
        let nan = #expect(throws: TouchInputError.self) { try window.sendTouch(.began, at: .zero, time: .nan) }
        #expect(nan?.description == "touch event time nan is not a finite number")
        try window.sendTouch(.began, at: CGPoint(x: 10, y: 10), time: 3)
        #expect(window.eventTime == 3)
    }

    @Test func aLongPressFailsWhenTheFingerWanders() throws {
        let (window, target, _) = scene()
        var states: [GestureRecognizer.State] = []
        target.addGestureRecognizer(LongPressGestureRecognizer { states.append($0.state) })
        try window.sendTouch(.began, at: CGPoint(x: 50, y: 50), time: 0)
        try window.sendTouch(.moved, at: CGPoint(x: 70, y: 50), time: 0.2)
        try window.advanceTime(to: 1)
        #expect(states.isEmpty)
    }

    @Test func aPanReportsTranslationAndVelocity() throws {
        let (window, target, _) = scene()
        let scaled = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        scaled.transform = CGAffineTransform(scaleX: 2, y: 2)
        window.addSubview(scaled)
        window.sendSubviewToBack(scaled)
        var states: [GestureRecognizer.State] = []
        let pan = PanGestureRecognizer { states.append($0.state) }
        target.addGestureRecognizer(pan)
        try window.sendTouch(.began, at: CGPoint(x: 100, y: 100), time: 0)
        try window.sendTouch(.moved, at: CGPoint(x: 105, y: 100), time: 0.05)
        #expect(states.isEmpty)  // within the hysteresis
        try window.sendTouch(.moved, at: CGPoint(x: 130, y: 100), time: 0.1)
        #expect(states == [.began])
        #expect(pan.translation(in: nil) == CGPoint(x: 30, y: 0))
        #expect(isClose(pan.velocity(in: nil), CGPoint(x: 500, y: 0)))  // 25 points in 0.05 s
        try window.sendTouch(.moved, at: CGPoint(x: 160, y: 120), time: 0.2)
        #expect(pan.translation(in: target) == CGPoint(x: 60, y: 20))
        #expect(pan.translation(in: scaled) == CGPoint(x: 30, y: 10))
        #expect(isClose(pan.velocity(in: nil), CGPoint(x: 300, y: 200)))
        pan.setTranslation(.zero, in: nil)
        try window.sendTouch(.moved, at: CGPoint(x: 170, y: 120), time: 0.3)
        #expect(pan.translation(in: nil) == CGPoint(x: 10, y: 0))
        try window.sendTouch(.ended, at: CGPoint(x: 170, y: 120), time: 0.4)
        #expect(states == [.began, .changed, .changed, .ended])
    }

    @Test func aPinchReportsScale() throws {
        let (window, target, _) = scene()
        target.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        var states: [GestureRecognizer.State] = []
        let pinch = PinchGestureRecognizer { states.append($0.state) }
        target.addGestureRecognizer(pinch)
        try window.send(
            [
                TouchInput(finger: 1, phase: .began, location: CGPoint(x: 100, y: 100)),
                TouchInput(finger: 2, phase: .began, location: CGPoint(x: 200, y: 100)),
            ], at: 0)
        try window.send([TouchInput(finger: 2, phase: .moved, location: CGPoint(x: 300, y: 100))], at: 0.5)
        #expect(states == [.began])
        #expect(pinch.scale == 2)
        #expect(isClose(pinch.velocity, 2))  // from 1 to 2 in 0.5 s
        pinch.scale = 1
        try window.send([TouchInput(finger: 2, phase: .moved, location: CGPoint(x: 350, y: 100))], at: 1)
        #expect(pinch.scale == 1.25)
        #expect(isClose(pinch.velocity, 0.5))  // from 1 (as reset) to 1.25 in 0.5 s
        try window.send([TouchInput(finger: 2, phase: .ended, location: CGPoint(x: 350, y: 100))], at: 1.1)
        #expect(states == [.began, .changed, .ended])
    }

    @Test func aSwipeMustBeQuickStraightAndTheRightWay() throws {
        func swipe(to end: CGPoint, duration: Double, direction: SwipeGestureRecognizer.Direction) throws -> Bool {
            let (window, target, _) = scene()
            var recognized = false
            let swipe = SwipeGestureRecognizer { _ in recognized = true }
            swipe.direction = direction
            target.addGestureRecognizer(swipe)
            let start = CGPoint(x: 100, y: 100)
            try window.sendTouch(.began, at: start, time: 0)
            try window.sendTouch(.moved, at: CGPoint(x: (start.x + end.x) / 2, y: (start.y + end.y) / 2), time: duration / 2)
            try window.sendTouch(.moved, at: end, time: duration)
            try window.sendTouch(.ended, at: end, time: duration + 0.01)
            return recognized
        }
        #expect(try swipe(to: CGPoint(x: 170, y: 110), duration: 0.1, direction: .right))
        #expect(try swipe(to: CGPoint(x: 30, y: 100), duration: 0.1, direction: [.left, .right]))
        #expect(try !swipe(to: CGPoint(x: 30, y: 100), duration: 0.1, direction: .right))  // wrong way
        #expect(try !swipe(to: CGPoint(x: 170, y: 150), duration: 0.1, direction: .right))  // too crooked
        #expect(try !swipe(to: CGPoint(x: 170, y: 100), duration: 0.8, direction: .right))  // too slow
        #expect(try swipe(to: CGPoint(x: 100, y: 200), duration: 0.1, direction: .down))
    }

    @Test func delaysTouchesBeganHoldsTheViewsTouchesUntilTheRecognizerFails() throws {
        let (window, target, log) = scene()
        let tap = TapGestureRecognizer()
        tap.delaysTouchesBegan = true
        target.addGestureRecognizer(tap)
        try window.sendTouch(.began, at: CGPoint(x: 50, y: 50), time: 0)
        #expect(log.entries.isEmpty)
        try window.sendTouch(.moved, at: CGPoint(x: 90, y: 50), time: 0.1)  // the tap fails
        #expect(log.entries == ["target.began(1)", "target.moved(1)"])
        try window.sendTouch(.ended, at: CGPoint(x: 90, y: 50), time: 0.2)
        log.entries.removeAll()
        try tapOnce(window, at: CGPoint(x: 50, y: 50), time: 1)  // recognized: the view sees nothing
        #expect(log.entries.isEmpty)
    }

    @Test func delaysTouchesEndedHoldsTheEndUntilTheRecognizerFails() throws {
        let (window, target, log) = scene()
        let double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        target.addGestureRecognizer(double)
        try tapOnce(window, at: CGPoint(x: 50, y: 50), time: 0)
        #expect(log.entries == ["target.began(1)"])
        try window.advanceTime(to: 1)
        #expect(log.entries == ["target.began(1)", "target.ended(1)"])
    }

    @Test func theDelegateCanStopARecognizerOrHideTouchesFromIt() throws {
        final class Refusing: GestureRecognizerDelegate {
            var begin = true
            var receive = true
            func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { begin }
            func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { receive }
        }
        let (window, target, log) = scene()
        var recognized = 0
        let tap = TapGestureRecognizer { _ in recognized += 1 }
        let delegate = Refusing()
        tap.delegate = delegate
        target.addGestureRecognizer(tap)
        delegate.begin = false
        try tapOnce(window, at: CGPoint(x: 50, y: 50), time: 0)
        #expect(recognized == 0)
        #expect(log.entries == ["target.began(1)", "target.ended(1)"])
        delegate.begin = true
        delegate.receive = false
        try tapOnce(window, at: CGPoint(x: 50, y: 50), time: 1)
        #expect(recognized == 0)
        delegate.receive = true
        try tapOnce(window, at: CGPoint(x: 50, y: 50), time: 2)
        #expect(recognized == 1)
    }

    @Test func disabledRecognizersAndViewsWithoutInteractionGetNothing() throws {
        let (window, target, _) = scene()
        var recognized = 0
        let tap = TapGestureRecognizer { _ in recognized += 1 }
        target.addGestureRecognizer(tap)
        tap.isEnabled = false
        try tapOnce(window, at: CGPoint(x: 50, y: 50), time: 0)
        tap.isEnabled = true
        target.isUserInteractionEnabled = false
        try tapOnce(window, at: CGPoint(x: 50, y: 50), time: 1)
        #expect(recognized == 0)
        target.isUserInteractionEnabled = true
        try tapOnce(window, at: CGPoint(x: 50, y: 50), time: 2)
        #expect(recognized == 1)
        target.removeGestureRecognizer(tap)
        #expect(tap.view == nil && target.gestureRecognizers.isEmpty)
        try tapOnce(window, at: CGPoint(x: 50, y: 50), time: 3)
        #expect(recognized == 1)
    }

    @Test func aWindowReleasedWithAFingerDownFreesItsViews() throws {
        weak var weakTarget: View?
        weak var weakRecognizer: GestureRecognizer?
        do {
            let (window, target, _) = scene()
            let press = LongPressGestureRecognizer()
            target.addGestureRecognizer(press)
            try window.sendTouch(.began, at: CGPoint(x: 50, y: 50), time: 0)
            try window.sendTouch(.began, at: CGPoint(x: 350, y: 350), time: 0.1, finger: 1)  // on the window itself
            weakTarget = target
            weakRecognizer = press
        }
        #expect(weakTarget == nil && weakRecognizer == nil)
    }

    @Test func aRecognizerOnAnAncestorSeesTouchesInSubviews() throws {
        let (window, target, _) = scene()
        let child = View(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        target.addSubview(child)
        var location = CGPoint.zero
        target.addGestureRecognizer(TapGestureRecognizer { location = $0.location(in: child) })
        try tapOnce(window, at: CGPoint(x: 20, y: 30), time: 0)
        #expect(location == CGPoint(x: 10, y: 20))
    }
}
