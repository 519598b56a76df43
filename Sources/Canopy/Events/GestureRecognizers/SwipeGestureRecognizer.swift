import Foundation

/// Recognizes a quick, straight stroke in one of the allowed ``direction``s: at least
/// ``minimumDistance`` points along the axis, within ``maximumDuration`` seconds, with less
/// sideways motion than half the distance along it. Discrete: it recognizes as soon as the
/// stroke qualifies.
open class SwipeGestureRecognizer: GestureRecognizer {
    /// The directions a swipe may go.
    public struct Direction: OptionSet, Hashable, Sendable {
        /// The raw bits.
        public let rawValue: UInt
        /// Creates a direction set from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Towards +x.
        public static let right = Direction(rawValue: 1 << 0)
        /// Towards -x.
        public static let left = Direction(rawValue: 1 << 1)
        /// Towards -y.
        public static let up = Direction(rawValue: 1 << 2)
        /// Towards +y.
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// How far, in points, a swipe must travel.
    public static let minimumDistance: CGFloat = 50
    /// How long, in seconds, a swipe may take.
    public static let maximumDuration = 0.5

    /// The allowed directions; `.right` by default.
    public var direction: Direction = .right
    /// Fingers needed; 1 by default.
    public var numberOfTouchesRequired = 1

    private var start: (point: CGPoint, time: Double)?

    override func decodeSettings(from coder: Coder) throws(ArchiveError) {
        try coder.read("direction") { (value: UInt) in direction = Direction(rawValue: value) }
        try coder.read("numberOfTouchesRequired", valid: { (value: Int) in value >= 1 }) { numberOfTouchesRequired = $0 }
    }

    override func encodeSettings(with coder: Coder) {
        coder.encode(direction.rawValue, forKey: "direction", unless: Direction.right.rawValue)
        coder.encode(numberOfTouchesRequired, forKey: "numberOfTouchesRequired", unless: 1)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        if self.touches.count > numberOfTouchesRequired { return state = .failed }
        if self.touches.count == numberOfTouchesRequired {
            start = (location(in: nil), event.timestamp)
            schedule(after: Self.maximumDuration, from: event) { $0.state = .failed }
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible, let start else { return }
        let now = location(in: nil)
        let dx = now.x - start.point.x, dy = now.y - start.point.y
        let horizontal = abs(dx) >= abs(dy)
        let along = horizontal ? abs(dx) : abs(dy)
        let across = horizontal ? abs(dy) : abs(dx)
        let heading: Direction = horizontal ? (dx > 0 ? .right : .left) : (dy > 0 ? .down : .up)
        guard along >= Self.minimumDistance else { return }
        state = direction.contains(heading) && across < along / 2 ? .recognized : .failed
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        if state == .possible { state = .failed }
    }

    open override func reset() {
        super.reset()
        start = nil
    }
}
