import Foundation

/// A damped spring carrying a value to its target over an animation's duration, for
/// `View.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:)`.
///
/// The share of the change still to come, x, follows x'' + 2ζω x' + ω² x = 0 from x = 1, its
/// speed at the start the initial velocity (in changes a second). UIKit does not say how it
/// fits a spring to a duration; Canopy picks ω so that the spring's slowest motion has shrunk
/// a thousandfold by the end, where the value then settles.
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
        self.dampingRatio = ratio
        self.initialVelocity = initialVelocity.isFinite ? initialVelocity : 0
        // The slowest motion decays as exp(-rate · ω · t).
        let rate = ratio < 1 ? ratio : ratio - (ratio * ratio - 1).squareRoot()
        frequency = log(1000) / (rate * duration)
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
