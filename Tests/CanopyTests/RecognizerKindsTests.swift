import Canopy
import Foundation
import Testing

@Suite("Recognizer kinds: rotation, screen-edge pans and long presses after taps")
struct RecognizerKindsTests {
    typealias State = GestureRecognizer.State

    /// A 400×400 window filled by `target`.
    private func scene() -> (window: Window, target: View) {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let target = View(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        window.addSubview(target)
        return (window, target)
    }

    /// Puts fingers 1 and 2 down together at `first` and `second`.
    private func putDown(_ window: Window, _ first: CGPoint, _ second: CGPoint) throws {
        try window.send(
            [
                TouchInput(finger: 1, phase: .began, location: first),
                TouchInput(finger: 2, phase: .began, location: second),
            ], at: 0)
    }

    private func tapOnce(_ window: Window, at point: CGPoint, time: Double) throws {
        try window.sendTouch(.began, at: point, time: time)
        try window.sendTouch(.ended, at: point, time: time + 0.05)
    }

    // MARK: Rotation

    @Test func aTwoFingerTwistReportsTheTurnOfTheLineBetweenTheFingers() throws {
        let (window, target) = scene()
        var states: [State] = []
        let twist = RotationGestureRecognizer { states.append($0.state) }
        target.addGestureRecognizer(twist)
        try putDown(window, CGPoint(x: 100, y: 100), CGPoint(x: 200, y: 100))  // the line points right
        try window.sendTouch(.moved, at: CGPoint(x: 200, y: 104), time: 0.1, finger: 2)
        #expect(states.isEmpty)  // atan(4/100) ≈ 2.3°, within the hysteresis
        try window.sendTouch(.moved, at: CGPoint(x: 200, y: 200), time: 0.5, finger: 2)
        #expect(states == [.began])
        #expect(isClose(twist.rotation, .pi / 4))  // down-right: 45° clockwise on screen
        try window.sendTouch(.moved, at: CGPoint(x: 100, y: 200), time: 1, finger: 2)
        #expect(isClose(twist.rotation, .pi / 2))  // straight down
        #expect(isClose(twist.velocity, .pi / 2))  // a further π/4 in 0.5 s
        try window.sendTouch(.ended, at: CGPoint(x: 100, y: 200), time: 1.1, finger: 2)
        #expect(states == [.began, .changed, .ended])
    }

    @Test func settingTheRotationMeasuresFromTheCurrentAngle() throws {
        let (window, target) = scene()
        let twist = RotationGestureRecognizer()
        target.addGestureRecognizer(twist)
        try putDown(window, CGPoint(x: 100, y: 100), CGPoint(x: 200, y: 100))
        try window.sendTouch(.moved, at: CGPoint(x: 200, y: 200), time: 0.5, finger: 2)
        #expect(isClose(twist.rotation, .pi / 4))
        twist.rotation = 0
        #expect(twist.rotation == 0)
        try window.sendTouch(.moved, at: CGPoint(x: 100, y: 200), time: 1, finger: 2)
        #expect(isClose(twist.rotation, .pi / 4))  // π/2 from touch-down, π/4 from the reset
        #expect(isClose(twist.velocity, .pi / 2))  // the rate does not see the reset
    }

    @Test func theVelocityIsNegativeCounterclockwiseAndFollowsTheLatestMovement() throws {
        let (window, target) = scene()
        var states: [State] = []
        let twist = RotationGestureRecognizer { states.append($0.state) }
        target.addGestureRecognizer(twist)
        try putDown(window, CGPoint(x: 100, y: 100), CGPoint(x: 200, y: 100))
        try window.sendTouch(.moved, at: CGPoint(x: 200, y: 0), time: 0.5, finger: 2)  // up-right
        #expect(states == [.began])
        #expect(isClose(twist.rotation, -.pi / 4))
        #expect(isClose(twist.velocity, -.pi / 2))
        try window.sendTouch(.moved, at: CGPoint(x: 200, y: 100), time: 0.75, finger: 2)  // back
        #expect(isClose(twist.rotation, 0))
        #expect(isClose(twist.velocity, .pi))  // π/4 clockwise in 0.25 s
    }

    @Test func aTwistAcrossTheLeftPointingLineDoesNotJumpByAFullTurn() throws {
        let (window, target) = scene()
        var states: [State] = []
        let twist = RotationGestureRecognizer { states.append($0.state) }
        target.addGestureRecognizer(twist)
        try putDown(window, CGPoint(x: 200, y: 200), CGPoint(x: 100, y: 300))  // down-left: 3π/4
        try window.sendTouch(.moved, at: CGPoint(x: 100, y: 200), time: 0.5, finger: 2)  // left: π
        #expect(states == [.began])
        #expect(isClose(twist.rotation, .pi / 4))
        try window.sendTouch(.moved, at: CGPoint(x: 100, y: 100), time: 1, finger: 2)  // up-left: -3π/4
        #expect(isClose(twist.rotation, .pi / 2))  // not π/4 - 7π/4
        #expect(isClose(twist.velocity, .pi / 2))
        try window.sendTouch(.moved, at: CGPoint(x: 100, y: 300), time: 1.5, finger: 2)  // back across ±π
        #expect(isClose(twist.rotation, 0))  // not π/2 + 3π/2
        #expect(isClose(twist.velocity, -.pi))
    }

    @Test func aThirdFingerFailsTheRotation() throws {
        let (window, target) = scene()
        var states: [State] = []
        let twist = RotationGestureRecognizer { states.append($0.state) }
        target.addGestureRecognizer(twist)
        try putDown(window, CGPoint(x: 100, y: 100), CGPoint(x: 200, y: 100))
        try window.sendTouch(.began, at: CGPoint(x: 150, y: 250), time: 0.1, finger: 3)
        #expect(twist.state == .failed)
        try window.sendTouch(.ended, at: CGPoint(x: 150, y: 250), time: 0.2, finger: 3)
        try window.sendTouch(.moved, at: CGPoint(x: 200, y: 200), time: 0.5, finger: 2)
        #expect(states.isEmpty)
    }

    @Test func oneFingerNeverBeginsARotation() throws {
        let (window, target) = scene()
        var states: [State] = []
        let twist = RotationGestureRecognizer { states.append($0.state) }
        target.addGestureRecognizer(twist)
        try window.sendTouch(.began, at: CGPoint(x: 100, y: 100), time: 0)
        try window.sendTouch(.moved, at: CGPoint(x: 200, y: 100), time: 0.2)  // round a quarter circle
        try window.sendTouch(.moved, at: CGPoint(x: 200, y: 200), time: 0.4)
        try window.sendTouch(.moved, at: CGPoint(x: 100, y: 200), time: 0.6)
        #expect(states.isEmpty && twist.state == .possible)
        try window.sendTouch(.ended, at: CGPoint(x: 100, y: 200), time: 0.8)
        #expect(states.isEmpty)
    }

    // MARK: Screen-edge pan

    /// Drags one finger from `start` to `end` (in two equal moves) in a fresh scene whose edge
    /// pan takes `edges`; returns the pan's state just after touch-down, and the states its
    /// actions saw.
    private func edgeDrag(
        _ edges: RectEdge, from start: CGPoint, to end: CGPoint
    ) throws -> (atTouchDown: State, states: [State]) {
        let (window, target) = scene()
        var states: [State] = []
        let pan = ScreenEdgePanGestureRecognizer { states.append($0.state) }
        pan.edges = edges
        target.addGestureRecognizer(pan)
        try window.sendTouch(.began, at: start, time: 0)
        let atTouchDown = pan.state
        try window.sendTouch(.moved, at: CGPoint(x: (start.x + end.x) / 2, y: (start.y + end.y) / 2), time: 0.05)
        try window.sendTouch(.moved, at: end, time: 0.1)
        try window.sendTouch(.ended, at: end, time: 0.15)
        return (atTouchDown, states)
    }

    @Test func anEdgePanBeginsFromTheLeftEdgeMovingRight() throws {
        let (window, target) = scene()
        var states: [State] = []
        let pan = ScreenEdgePanGestureRecognizer { states.append($0.state) }
        pan.edges = .left
        target.addGestureRecognizer(pan)
        try window.sendTouch(.began, at: CGPoint(x: 5, y: 200), time: 0)
        try window.sendTouch(.moved, at: CGPoint(x: 12, y: 201), time: 0.05)
        #expect(states.isEmpty)  // within the pan's hysteresis
        try window.sendTouch(.moved, at: CGPoint(x: 45, y: 205), time: 0.1)
        #expect(states == [.began])
        #expect(pan.translation(in: nil) == CGPoint(x: 40, y: 5))
        try window.sendTouch(.moved, at: CGPoint(x: 90, y: 205), time: 0.15)
        try window.sendTouch(.ended, at: CGPoint(x: 90, y: 205), time: 0.2)
        #expect(states == [.began, .changed, .ended])
    }

    @Test func anEdgePanFailsAtTouchDownAwayFromTheEdge() throws {
        let away = try edgeDrag(.left, from: CGPoint(x: 50, y: 200), to: CGPoint(x: 130, y: 200))
        #expect(away.atTouchDown == .failed)
        #expect(away.states.isEmpty)
        let near = try edgeDrag(.left, from: CGPoint(x: 18, y: 200), to: CGPoint(x: 98, y: 200))
        #expect(near.atTouchDown == .possible)
        #expect(near.states.first == .began)
    }

    @Test func anEdgePanFailsAlongTheEdgeOrOutOfIt() throws {
        let along = try edgeDrag(.left, from: CGPoint(x: 5, y: 200), to: CGPoint(x: 9, y: 260))
        #expect(along.atTouchDown == .possible)
        #expect(along.states.isEmpty)
        // More along the edge than across it.
        let slanted = try edgeDrag(.left, from: CGPoint(x: 5, y: 200), to: CGPoint(x: 45, y: 280))
        #expect(slanted.states.isEmpty)
        let outward = try edgeDrag(.left, from: CGPoint(x: 18, y: 200), to: CGPoint(x: 0, y: 200))
        #expect(outward.states.isEmpty)
    }

    @Test func anEdgePanTakesOnlyItsEdges() throws {
        #expect(ScreenEdgePanGestureRecognizer().edges.isEmpty)
        let rightward = (CGPoint(x: 5, y: 200), CGPoint(x: 85, y: 200))
        #expect(try edgeDrag([], from: rightward.0, to: rightward.1).atTouchDown == .failed)
        #expect(try edgeDrag(.right, from: rightward.0, to: rightward.1).atTouchDown == .failed)
        #expect(try edgeDrag(.right, from: CGPoint(x: 395, y: 200), to: CGPoint(x: 315, y: 200)).states.first == .began)
        #expect(try edgeDrag(.all, from: CGPoint(x: 200, y: 5), to: CGPoint(x: 200, y: 85)).states.first == .began)
        #expect(try edgeDrag(.all, from: CGPoint(x: 200, y: 395), to: CGPoint(x: 200, y: 315)).states.first == .began)
        // In the top-left corner a rightward drag goes into the window from the left edge only.
        let fromCorner = (CGPoint(x: 5, y: 5), CGPoint(x: 85, y: 10))
        #expect(try edgeDrag(.all, from: fromCorner.0, to: fromCorner.1).states.first == .began)
        #expect(try edgeDrag(.top, from: fromCorner.0, to: fromCorner.1).states.isEmpty)
    }

    // MARK: Long press after taps

    @Test func aLongPressAfterATapRecognizesTheTapThenThePress() throws {
        let (window, target) = scene()
        var states: [State] = []
        let press = LongPressGestureRecognizer { states.append($0.state) }
        press.numberOfTapsRequired = 1
        target.addGestureRecognizer(press)
        try tapOnce(window, at: CGPoint(x: 50, y: 50), time: 0)
        let down = try window.sendTouch(.began, at: CGPoint(x: 52, y: 50), time: 0.2)
        #expect(down.allTouches.first?.tapCount == 2)
        try window.advanceTime(to: 0.6)
        #expect(states.isEmpty)  // pressed for 0.4 s so far
        try window.advanceTime(to: 0.8)
        #expect(states == [.began])
        try window.sendTouch(.ended, at: CGPoint(x: 52, y: 50), time: 0.9)
        #expect(states == [.began, .ended])
    }

    @Test func aLongPressAfterATapRefusesAPlainPressAndOneAfterTwoTaps() throws {
        let (window, target) = scene()
        var states: [State] = []
        let press = LongPressGestureRecognizer { states.append($0.state) }
        press.numberOfTapsRequired = 1
        target.addGestureRecognizer(press)
        try window.sendTouch(.began, at: CGPoint(x: 50, y: 50), time: 0)
        #expect(press.state == .failed)
        try window.advanceTime(to: 1)
        try window.sendTouch(.ended, at: CGPoint(x: 50, y: 50), time: 1)
        #expect(states.isEmpty)

        try tapOnce(window, at: CGPoint(x: 50, y: 50), time: 10)
        try tapOnce(window, at: CGPoint(x: 51, y: 50), time: 10.2)
        let down = try window.sendTouch(.began, at: CGPoint(x: 52, y: 50), time: 10.4)
        #expect(down.allTouches.first?.tapCount == 3)
        try window.advanceTime(to: 11.5)
        #expect(states.isEmpty)
    }

    @Test func aLongPressWithoutTapsTakesAPlainPressOrOneRightAfterATap() throws {
        let (window, target) = scene()
        var states: [State] = []
        let press = LongPressGestureRecognizer { states.append($0.state) }
        #expect(press.numberOfTapsRequired == 0)
        target.addGestureRecognizer(press)
        try window.sendTouch(.began, at: CGPoint(x: 50, y: 50), time: 0)
        try window.advanceTime(to: 0.6)
        try window.sendTouch(.ended, at: CGPoint(x: 50, y: 50), time: 0.7)
        #expect(states == [.began, .ended])

        states.removeAll()
        try tapOnce(window, at: CGPoint(x: 50, y: 50), time: 10)
        let down = try window.sendTouch(.began, at: CGPoint(x: 52, y: 50), time: 10.2)
        #expect(down.allTouches.first?.tapCount == 2)
        try window.advanceTime(to: 10.8)
        #expect(states == [.began])
    }
}
