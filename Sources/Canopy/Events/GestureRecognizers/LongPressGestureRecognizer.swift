import Foundation

/// Recognizes fingers held down: after ``minimumPressDuration`` seconds without moving more
/// than ``allowableMovement`` points it begins, then reports changes as the fingers move and
/// ends when they lift. With ``numberOfTapsRequired``, the press must follow that many quick
/// taps at about the same place. Continuous. Time passes on the window's event clock
/// (``Window/advanceTime(to:)`` or a later event).
open class LongPressGestureRecognizer: GestureRecognizer {
    /// Seconds the fingers must stay down; 0.5 by default.
    public var minimumPressDuration = 0.5
    /// How far, in points, the fingers may move before the press begins; 10 by default.
    public var allowableMovement: CGFloat = 10
    /// Fingers needed; 1 by default.
    public var numberOfTouchesRequired = 1
    /// Full taps needed before the press; 0 by default. With 1, a finger taps, lifts, and comes
    /// down again to press within ``Window/multipleTapInterval`` seconds and
    /// ``Window/multipleTapRadius`` points of where it lifted: the window counts such taps in
    /// ``Touch/tapCount``.
    public var numberOfTapsRequired = 0

    private var startLocations: [ObjectIdentifier: CGPoint] = [:]

    override func decodeSettings(from coder: Coder) throws(ArchiveError) {
        try coder.read("minimumPressDuration", valid: { (value: Double) in value.isFinite && value >= 0 }) { minimumPressDuration = $0 }
        try coder.read("allowableMovement", valid: ArchiveChecks.notNegative) { (value: CGFloat) in allowableMovement = value }
        try coder.read("numberOfTouchesRequired", valid: { (value: Int) in value >= 1 }) { numberOfTouchesRequired = $0 }
        try coder.read("numberOfTapsRequired", valid: { (value: Int) in value >= 0 }) { numberOfTapsRequired = $0 }
    }

    override func encodeSettings(with coder: Coder) {
        coder.encode(minimumPressDuration, forKey: "minimumPressDuration", unless: 0.5)
        coder.encode(allowableMovement, forKey: "allowableMovement", unless: 10)
        coder.encode(numberOfTouchesRequired, forKey: "numberOfTouchesRequired", unless: 1)
        coder.encode(numberOfTapsRequired, forKey: "numberOfTapsRequired", unless: 0)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        for touch in touches { startLocations[ObjectIdentifier(touch)] = touch.location(in: nil) }
        if self.touches.count > numberOfTouchesRequired { return state = .failed }
        if self.touches.count == numberOfTouchesRequired {
            guard followsRequiredTaps else { return state = .failed }
            schedule(after: minimumPressDuration, from: event) { $0.state = .began }
        }
    }

    /// Whether the fingers pressing came down after exactly ``numberOfTapsRequired`` taps: then
    /// their tap count, which includes the press, is one more. Only the finger near the last
    /// lift continues the window's count, so the highest count decides. Without taps required
    /// any press will do, even one right after a tap, as in UIKit.
    private var followsRequiredTaps: Bool {
        numberOfTapsRequired == 0 || touches.map(\.tapCount).max() == numberOfTapsRequired + 1
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        switch state {
        case .possible:
            for touch in touches {
                guard let start = startLocations[ObjectIdentifier(touch)] else { continue }
                let location = touch.location(in: nil)
                if hypot(location.x - start.x, location.y - start.y) > allowableMovement { return state = .failed }
            }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        endGesture()
    }

    open override func reset() {
        super.reset()
        startLocations = [:]
    }
}
