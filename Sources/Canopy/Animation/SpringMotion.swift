import Foundation

/// A damped spring carrying a value to its target over an animation's duration, for
/// `View.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:)`.
///
/// The share of the change still to come, x, follows x'' + 2ζω x' + ω² x = 0 from x = 1, its
/// speed at the start the initial velocity (in changes a second). UIKit does not say how it
/// fits a spring to a duration; Canopy picks ω so that x stays within a thousandth of 0 from
/// the end of the duration on (the lowest ω a bound on x's swing allows), and that last
/// thousandth is made at the end.
struct SpringMotion {
    /// ζ: 1 settles without overshooting, less overshoots and oscillates.
    let dampingRatio: Double
    /// The speed toward the target at the start, in whole changes a second.
    let initialVelocity: Double
    /// ω, in radians a second.
    let frequency: Double

    /// The damping ratio is kept within 0.01...100 (0 and below would never settle), a
    /// non-finite velocity counts as 0.
    init(dampingRatio: Double, initialVelocity: Double, duration: Double) {
        let ratio = dampingRatio.isNaN ? 1 : min(max(dampingRatio, 0.01), 100)
        let velocity = initialVelocity.isFinite ? initialVelocity : 0
        self.dampingRatio = ratio
        self.initialVelocity = velocity
        // The slowest motion alone decays as exp(-rate · ω · t): ω is at least what takes it
        // to a thousandth, and the bound on x is searched up from there.
        let rate = ratio < 1 ? ratio : ratio - (ratio * ratio - 1).squareRoot()
        func settled(_ w: Double) -> Bool {
            Self.largestAfter(duration, dampingRatio: ratio, velocity: velocity, frequency: w) <= 1e-3
        }
        var (low, high) = (0.0, log(1000) / (rate * duration))
        while !settled(high) && high.isFinite { (low, high) = (high, high * 2) }
        for _ in 0..<60 where high.isFinite {
            let middle = (low + high) / 2
            if settled(middle) { high = middle } else { low = middle }
        }
        frequency = high
    }

    /// A bound on |x| from `time` on, which falls with time once ω · time is past a few.
    private static func largestAfter(_ time: Double, dampingRatio z: Double, velocity v: Double, frequency w: Double) -> Double {
        if z < 1 {
            let damped = w * (1 - z * z).squareRoot()
            let swing = (z * w - v) / damped
            return exp(-z * w * time) * (1 + swing * swing).squareRoot()
        }
        if z == 1 { return exp(-w * time) * (1 + abs(w - v) * time) }
        let spread = w * (z * z - 1).squareRoot()
        let (slow, fast) = (-z * w + spread, -z * w - spread)
        let slowShare = (-v - fast) / (slow - fast)
        return abs(slowShare) * exp(slow * time) + abs(1 - slowShare) * exp(fast * time)
    }

    /// The share of the change still to come at `time` seconds after the start: 1 at the
    /// start, below 0 while it overshoots.
    func remaining(atTime time: Double) -> Double {
        let (z, w, v) = (dampingRatio, frequency, initialVelocity)
        if z < 1 {
            let damped = w * (1 - z * z).squareRoot()
            return exp(-z * w * time) * (cos(damped * time) + (z * w - v) / damped * sin(damped * time))
        }
        if z == 1 { return exp(-w * time) * (1 + (w - v) * time) }
        let spread = w * (z * z - 1).squareRoot()
        let (slow, fast) = (-z * w + spread, -z * w - spread)
        let slowShare = (-v - fast) / (slow - fast)
        return slowShare * exp(slow * time) + (1 - slowShare) * exp(fast * time)
    }
}
