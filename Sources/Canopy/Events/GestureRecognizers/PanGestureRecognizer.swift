import Foundation

/// Recognizes dragging: it begins once the fingers' centroid has moved more than
/// ``hysteresis`` points, reports changes as it moves, and ends when too few fingers remain.
/// Continuous. ``translation(in:)`` and ``velocity(in:)`` describe the drag.
open class PanGestureRecognizer: GestureRecognizer {
    /// How far, in points, the centroid must move before the pan begins.
    public static let hysteresis: CGFloat = 10
    /// How long, in seconds, fingers may go without moving before the pan counts them at rest
    /// (zero velocity): a moving finger reports a movement every frame (1/60 s), so three
    /// frames without one mean it stopped.
    public static let restingInterval = 0.05

    /// The fewest fingers that pan; 1 by default.
    public var minimumNumberOfTouches = 1
    /// The most fingers that pan; unlimited by default.
    public var maximumNumberOfTouches = Int.max

    override func decodeSettings(from coder: Coder) throws(ArchiveError) {
        try coder.read("minimumNumberOfTouches", valid: { (value: Int) in value >= 1 }) { minimumNumberOfTouches = $0 }
        try coder.read("maximumNumberOfTouches", valid: { (value: Int) in value >= 1 }) { maximumNumberOfTouches = $0 }
    }

    override func encodeSettings(with coder: Coder) {
        coder.encode(minimumNumberOfTouches, forKey: "minimumNumberOfTouches", unless: 1)
        coder.encode(maximumNumberOfTouches, forKey: "maximumNumberOfTouches", unless: Int.max)
    }

    /// Where the translation is measured from, in window space.
    private var origin: CGPoint?
    /// The centroid, with the touch count it was computed from.
    private var lastCentroid: (point: CGPoint, count: Int)?
    /// The latest movement of the centroid, for the velocity.
    private var lastMove: (delta: CGPoint, seconds: Double, time: Double) = (.zero, 0, 0)
    private var lastTime = 0.0

    /// The drag so far, in the space of `view` (`nil`: the window).
    public func translation(in view: View?) -> CGPoint {
        guard let origin, let current = lastCentroid?.point else { return .zero }
        return vector(CGPoint(x: current.x - origin.x, y: current.y - origin.y), in: view)
    }

    /// Makes the current drag read as `translation` in the space of `view` (commonly zero, after
    /// applying it to a view's position).
    public func setTranslation(_ translation: CGPoint, in view: View?) {
        guard let current = lastCentroid?.point else { return }
        let inWindow = vectorToWindow(translation, from: view)
        origin = CGPoint(x: current.x - inWindow.x, y: current.y - inWindow.y)
    }

    /// The fingers' current speed, in points per second of `view`'s space: the centroid's
    /// speed over its latest movement, or zero once the fingers have rested for
    /// ``restingInterval`` (so a drag whose finger stops before lifting ends without velocity).
    public func velocity(in view: View?) -> CGPoint {
        let now = max(lastTime, owningWindow?.eventTime ?? lastTime)
        guard lastMove.seconds > 0, now - lastMove.time <= Self.restingInterval else { return .zero }
        let perSecond = CGPoint(x: lastMove.delta.x / lastMove.seconds, y: lastMove.delta.y / lastMove.seconds)
        return vector(perSecond, in: view)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if self.touches.count > maximumNumberOfTouches && state == .possible { return state = .failed }
        recentre(at: event.timestamp)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        guard let previous = lastCentroid, let origin else { return }
        let centroid = location(in: nil)
        lastMove = (
            CGPoint(x: centroid.x - previous.point.x, y: centroid.y - previous.point.y), event.timestamp - lastTime,
            event.timestamp
        )
        lastCentroid = (centroid, self.touches.count)
        lastTime = event.timestamp
        switch state {
        case .possible:
            let translation = CGPoint(x: centroid.x - origin.x, y: centroid.y - origin.y)
            if self.touches.count >= minimumNumberOfTouches && hypot(translation.x, translation.y) > Self.hysteresis {
                state = acceptsDrag(by: translation) ? .began : .failed
            }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        let remaining = self.touches.count - touches.count
        let isUnderWay = state == .began || state == .changed
        if state == .possible && remaining == 0 {
            state = .failed
        } else if isUnderWay && remaining < minimumNumberOfTouches {
            state = .ended
        } else {
            recentre(at: event.timestamp, without: touches)
        }
    }

    /// Whether a drag that has just passed the hysteresis, by `translation` in window space, is
    /// this recognizer's gesture; if not, the recognizer fails. Any drag is; subclasses that take
    /// only some directions override this.
    func acceptsDrag(by translation: CGPoint) -> Bool { true }

    /// Keeps the translation continuous when fingers join or leave: the centroid jumps, and the
    /// origin jumps with it.
    private func recentre(at time: Double, without leaving: Set<Touch> = []) {
        let staying = self.touches.filter { !leaving.contains($0) }
        guard !staying.isEmpty else { return }
        let points = staying.map { $0.location(in: nil) }
        let centroid = CGPoint(
            x: points.map(\.x).reduce(0, +) / CGFloat(points.count), y: points.map(\.y).reduce(0, +) / CGFloat(points.count))
        if let origin, let previous = lastCentroid?.point {
            self.origin = CGPoint(x: origin.x + centroid.x - previous.x, y: origin.y + centroid.y - previous.y)
        } else {
            origin = centroid
        }
        lastCentroid = (centroid, staying.count)
        lastTime = time
    }

    private func vector(_ v: CGPoint, in view: View?) -> CGPoint {
        guard let view else { return v }
        let a = view.convert(CGPoint.zero, from: nil), b = view.convert(v, from: nil)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }

    private func vectorToWindow(_ v: CGPoint, from view: View?) -> CGPoint {
        guard let view else { return v }
        let a = view.convert(CGPoint.zero, to: nil), b = view.convert(v, to: nil)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }

    open override func reset() {
        super.reset()
        origin = nil
        lastCentroid = nil
        lastMove = (.zero, 0, 0)
    }
}
