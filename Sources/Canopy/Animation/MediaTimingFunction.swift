import Foundation

/// How an animation's progress follows its time, as Core Animation's `CAMediaTimingFunction`:
/// a cubic Bézier curve from (0, 0) to (1, 1) whose two inner control points shape it. The
/// curve's x is the fraction of the duration gone, its y the fraction of the change made.
public struct MediaTimingFunction: Hashable, Sendable {
    /// The first inner control point.
    public let c1: CGPoint
    /// The second inner control point.
    public let c2: CGPoint

    /// A curve through the control points (0, 0), (c1x, c1y), (c2x, c2y), (1, 1). The x
    /// coordinates are clamped to 0...1 (so that time maps to one progress); a non-finite
    /// coordinate makes the curve linear.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        guard [c1x, c1y, c2x, c2y].allSatisfy(\.isFinite) else {
            self = .linear
            return
        }
        c1 = CGPoint(x: CGFloat(min(max(c1x, 0), 1)), y: CGFloat(c1y))
        c2 = CGPoint(x: CGFloat(min(max(c2x, 0), 1)), y: CGFloat(c2y))
    }

    private init(_ c1: CGPoint, _ c2: CGPoint) {
        (self.c1, self.c2) = (c1, c2)
    }

    /// Progress in step with time.
    public static let linear = MediaTimingFunction(CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1))
    /// Slow at first, then faster.
    public static let easeIn = MediaTimingFunction(CGPoint(x: 0.42, y: 0), CGPoint(x: 1, y: 1))
    /// Fast at first, then slower.
    public static let easeOut = MediaTimingFunction(CGPoint(x: 0, y: 0), CGPoint(x: 0.58, y: 1))
    /// Slow at both ends: a view animation's default curve.
    public static let easeInEaseOut = MediaTimingFunction(CGPoint(x: 0.42, y: 0), CGPoint(x: 0.58, y: 1))

    /// The fraction of the change made when `time` of the duration has gone (clamped to 0...1).
    public func progress(atTime time: Double) -> Double {
        let x = min(max(time.isNaN ? 0 : time, 0), 1)
        // A curve whose control points lie on the diagonal is the diagonal.
        if x == 0 || x == 1 || (c1.x == c1.y && c2.x == c2.y) { return x }
        return Self.bezier(parameter(forX: x), Double(c1.y), Double(c2.y))
    }

    /// The curve's parameter where its x is `x`: Newton's steps from x itself, bisection when a
    /// step leaves the bracket or the slope vanishes. x grows with the parameter, as both inner
    /// x coordinates lie in 0...1.
    private func parameter(forX x: Double) -> Double {
        let (x1, x2) = (Double(c1.x), Double(c2.x))
        var (low, high, s) = (0.0, 1.0, x)
        for _ in 0..<32 {
            let error = Self.bezier(s, x1, x2) - x
            if abs(error) < 1e-12 { return s }
            if error > 0 { high = s } else { low = s }
            let slope = Self.slope(s, x1, x2)
            let step = slope > 1e-9 ? s - error / slope : .nan
            s = step > low && step < high ? step : (low + high) / 2
        }
        return s
    }

    /// One coordinate of the curve at parameter `s`, its inner control values `p1` and `p2`.
    private static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let r = 1 - s
        return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
    }

    private static func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let r = 1 - s
        return 3 * r * r * p1 + 6 * r * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }
}
