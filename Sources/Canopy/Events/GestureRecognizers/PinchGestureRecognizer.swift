import Foundation

/// Recognizes two fingers pinching: it begins once their distance has changed by more than
/// ``hysteresis`` points, reports ``scale`` (the distance over the distance when the second
/// finger came down) as they move, and ends when a finger lifts. Continuous.
open class PinchGestureRecognizer: GestureRecognizer {
    /// How much, in points, the distance must change before the pinch begins.
    public static let hysteresis: CGFloat = 8

    private var initialDistance: CGFloat?
    private var lastSample: (scale: CGFloat, time: Double)?
    private var latestVelocity: CGFloat = 0

    /// The distance between the fingers relative to the distance when the pinch was measured
    /// from; set it (commonly to 1) to measure from the current distance.
    public var scale: CGFloat {
        get {
            guard let initialDistance, initialDistance > 0, let distance = currentDistance else { return 1 }
            return distance / initialDistance
        }
        set {
            guard let distance = currentDistance, newValue > 0 else { return }
            initialDistance = distance / newValue
            // The velocity measures from the scale as it now reads, not as it read before.
            if let last = lastSample { lastSample = (newValue, last.time) }
        }
    }

    /// The scale's rate of change over the latest movement, per second.
    public var velocity: CGFloat { latestVelocity }

    private var currentDistance: CGFloat? { twoFingerSpan.map { hypot($0.x, $0.y) } }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        if self.touches.count > 2 { return state = .failed }
        if self.touches.count == 2 {
            initialDistance = currentDistance
            lastSample = (1, event.timestamp)
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let initialDistance, let distance = currentDistance else { return }
        if let last = lastSample, event.timestamp > last.time {
            latestVelocity = (scale - last.scale) / CGFloat(event.timestamp - last.time)
        }
        lastSample = (scale, event.timestamp)
        switch state {
        case .possible: if abs(distance - initialDistance) > Self.hysteresis { state = .began }
        case .began, .changed: state = .changed
        default: break
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        endGesture()
    }

    open override func reset() {
        super.reset()
        initialDistance = nil
        lastSample = nil
        latestVelocity = 0
    }
}
