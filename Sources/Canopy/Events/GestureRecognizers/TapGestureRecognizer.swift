import Foundation

/// Recognizes taps: ``numberOfTouchesRequired`` fingers touching down and lifting without
/// moving, ``numberOfTapsRequired`` times in quick succession. Discrete: it goes from
/// `.possible` to `.ended` when the last tap lifts.
open class TapGestureRecognizer: GestureRecognizer {
    /// How far, in points, a finger may move during a tap.
    public static let allowableMovement: CGFloat = 10

    /// Taps needed; 1 by default.
    public var numberOfTapsRequired = 1
    /// Fingers needed in each tap; 1 by default.
    public var numberOfTouchesRequired = 1

    override func decodeSettings(from coder: Coder) throws(ArchiveError) {
        try coder.read("numberOfTapsRequired", valid: { (value: Int) in value >= 1 }) { numberOfTapsRequired = $0 }
        try coder.read("numberOfTouchesRequired", valid: { (value: Int) in value >= 1 }) { numberOfTouchesRequired = $0 }
    }

    override func encodeSettings(with coder: Coder) {
        coder.encode(numberOfTapsRequired, forKey: "numberOfTapsRequired", unless: 1)
        coder.encode(numberOfTouchesRequired, forKey: "numberOfTouchesRequired", unless: 1)
    }

    private var tapsDone = 0
    private var fingersThisTap = 0
    private var firstTapLocation: CGPoint?
    private var startLocations: [ObjectIdentifier: CGPoint] = [:]

    override var expectsMoreTouches: Bool { state == .possible && tapsDone > 0 }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        for touch in touches {
            let location = touch.location(in: nil)
            startLocations[ObjectIdentifier(touch)] = location
            if let first = firstTapLocation,
                hypot(location.x - first.x, location.y - first.y) > Window.multipleTapRadius
            {
                return state = .failed
            }
        }
        fingersThisTap = max(fingersThisTap, self.touches.count)
        if fingersThisTap > numberOfTouchesRequired { state = .failed }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        for touch in touches {
            guard let start = startLocations[ObjectIdentifier(touch)] else { continue }
            let location = touch.location(in: nil)
            if hypot(location.x - start.x, location.y - start.y) > Self.allowableMovement { return state = .failed }
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        touchesMoved(touches, with: event)
        guard state == .possible, touches.count == self.touches.count else { return }  // all fingers up
        guard fingersThisTap == numberOfTouchesRequired else { return state = .failed }
        tapsDone += 1
        firstTapLocation = firstTapLocation ?? location(in: nil)
        fingersThisTap = 0
        if tapsDone == numberOfTapsRequired {
            state = .recognized
        } else {
            let taps = tapsDone
            schedule(after: Window.multipleTapInterval, from: event) { recognizer in
                guard let tap = recognizer as? TapGestureRecognizer, tap.tapsDone == taps, tap.touches.isEmpty else { return }
                tap.state = .failed  // the next tap did not come
            }
        }
    }

    open override func reset() {
        super.reset()
        tapsDone = 0
        fingersThisTap = 0
        firstTapLocation = nil
        startLocations = [:]
    }
}
