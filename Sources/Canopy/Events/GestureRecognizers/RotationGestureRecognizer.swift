import Foundation

/// Recognizes two fingers turning: it begins once the line between them has turned more than
/// ``hysteresis`` radians, reports ``rotation`` (the turn since the second finger came down) as
/// they move, and ends when a finger lifts. A third finger fails it. Continuous.
///
/// Angles are measured in window space, where y grows downward, so a positive rotation is
/// clockwise on screen, as in UIKit.
open class RotationGestureRecognizer: GestureRecognizer {
    /// How far, in radians, the line between the fingers must turn before the rotation begins:
    /// 5° (about 0.087), which for fingers 100 points apart is about the 8 points that begin a
    /// pinch, so a pinch is not taken for a rotation by a slight wobble.
    public static let hysteresis: CGFloat = .pi / 36

    /// The line's angle at the latest movement, and when it was.
    private var lastSample: (angle: CGFloat, time: Double)?
    private var latestVelocity: CGFloat = 0

    /// How far, in radians, the line between the fingers has turned since the second finger
    /// came down (positive: clockwise on screen); set it (commonly to 0) to measure from the
    /// current angle.
    public var rotation: CGFloat = 0

    /// The rotation's rate over the latest movement, in radians per second.
    public var velocity: CGFloat { latestVelocity }

    /// The angle of the line from the first finger to the second, in window space.
    private var currentAngle: CGFloat? { twoFingerSpan.map { atan2($0.y, $0.x) } }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        if self.touches.count > 2 { return state = .failed }
        if let angle = currentAngle {
            lastSample = (angle, event.timestamp)
            rotation = 0
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let last = lastSample, let angle = currentAngle else { return }
        let turn = Self.wrapped(angle - last.angle)
        if event.timestamp > last.time { latestVelocity = turn / CGFloat(event.timestamp - last.time) }
        lastSample = (angle, event.timestamp)
        rotation += turn
        switch state {
        case .possible: if abs(rotation) > Self.hysteresis { state = .began }
        case .began, .changed: state = .changed
        default: break
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        endGesture()
    }

    open override func reset() {
        super.reset()
        lastSample = nil
        latestVelocity = 0
        rotation = 0
    }

    /// `angle` brought into (-π, π]: the line's angle jumps by a full turn where it crosses ±π,
    /// while the fingers only turned a little.
    private static func wrapped(_ angle: CGFloat) -> CGFloat {
        let turn = angle.remainder(dividingBy: 2 * .pi)
        return turn <= -.pi ? turn + 2 * .pi : turn
    }
}
