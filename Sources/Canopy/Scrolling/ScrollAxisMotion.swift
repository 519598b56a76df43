import Foundation

/// One axis of content moving on its own after the finger lifts: exponential deceleration
/// inside the scrollable range, a critically damped spring back to the edge outside it.
///
/// Each step uses the exact solution over its interval, so the motion depends only on the
/// times it is sampled at.
struct ScrollAxisMotion {
    /// The offset along this axis.
    var position: CGFloat
    /// Points per second.
    var velocity: CGFloat
    /// Where a deceleration aimed at a chosen offset (a page, a delegate's target) stops, to
    /// the bit; `nil` stops where the decay ends.
    var target: CGFloat?
    /// Whether the motion has ended (the position is final).
    private(set) var isAtRest = false

    /// The spring's natural frequency (per second): back at the edge within about half a second.
    static let springFrequency: CGFloat = 12
    /// Below this distance (points) from where it would stop, the motion snaps there.
    static let restingDistance: CGFloat = 0.1

    /// Where an unobstructed deceleration from `position` at `velocity` comes to rest, with
    /// the velocity multiplied by `rate` each millisecond.
    static func restingPosition(from position: CGFloat, velocity: CGFloat, rate: CGFloat) -> CGFloat {
        position - velocity / 1000 / log(rate)
    }

    /// The velocity that makes a deceleration from `position` come to rest at `target`.
    static func velocity(from position: CGFloat, toRestAt target: CGFloat, rate: CGFloat) -> CGFloat {
        -(target - position) * log(rate) * 1000
    }

    /// Advances the motion by `seconds` within `range` (the offsets the content may rest at).
    /// Outside the range it springs back when `bounces`, else it stops at the edge.
    mutating func advance(by seconds: CGFloat, within range: ClosedRange<CGFloat>, rate: CGFloat, bounces: Bool) {
        guard !isAtRest else { return }
        if range.contains(position) {
            decelerate(by: seconds, rate: rate)
            if !range.contains(position) && !bounces { stop(at: position.clamped(to: range)) }
        } else if bounces {
            springBack(by: seconds, to: position.clamped(to: range))
        } else {
            stop(at: position.clamped(to: range))
        }
    }

    private mutating func decelerate(by seconds: CGFloat, rate: CGFloat) {
        let decay = pow(rate, seconds * 1000)
        let rest = Self.restingPosition(from: position, velocity: velocity, rate: rate)
        position = rest - (rest - position) * decay
        velocity *= decay
        if abs(rest - position) < Self.restingDistance { stop(at: target ?? rest) }
    }

    private mutating func springBack(by seconds: CGFloat, to edge: CGFloat) {
        let w = Self.springFrequency
        let offset = position - edge
        let drift = velocity + w * offset
        let decay = exp(-w * seconds)
        position = edge + (offset + drift * seconds) * decay
        velocity = (velocity - w * drift * seconds) * decay
        if abs(position - edge) < Self.restingDistance && abs(velocity) < w * Self.restingDistance * 10 {
            stop(at: edge)
        }
    }

    private mutating func stop(at final: CGFloat) {
        position = final
        velocity = 0
        isAtRest = true
    }
}

extension CGFloat {
    func clamped(to range: ClosedRange<CGFloat>) -> CGFloat {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
