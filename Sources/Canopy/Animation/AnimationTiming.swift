import Foundation

/// When an animation runs and how its progress follows time, on its window's event clock.
struct AnimationTiming {
    /// When the animation starts: the window's event time when its block ended, plus the delay.
    let start: Double
    /// How long one pass takes, in seconds (above 0).
    let duration: Double
    let pace: Pace
    let repeats: Bool
    let autoreverses: Bool

    /// When the animation ends; never for one that repeats.
    var end: Double { repeats ? .infinity : start + duration * (autoreverses ? 2 : 1) }

    /// How much of the change is still to be shown at `time`: 1 until the start (a delayed
    /// animation shows the old value while it waits), falling to 0 at the end.
    func remaining(at time: Double) -> Double {
        if time <= start { return 1 }
        if time >= end { return 0 }
        var passes = (time - start) / duration
        if repeats { passes = passes.truncatingRemainder(dividingBy: autoreverses ? 2 : 1) }
        if autoreverses && passes > 1 { passes = 2 - passes }
        switch pace {
        case .curve(let function): return 1 - function.progress(atTime: passes)
        case .spring(let spring): return spring.remaining(atTime: passes * duration)
        }
    }

    /// How a pass's progress follows its time.
    enum Pace {
        case curve(MediaTimingFunction)
        case spring(SpringMotion)
    }
}
