@testable import Canopy
import Foundation
import Testing

/// A completion handler's calls, in order.
private final class Completions {
    var calls: [Bool] = []
    func handler() -> (Bool) -> Void { { [self] in calls.append($0) } }
}

/// A window on a clock at 0 with one 100×100 view at the origin.
private func windowWithBox() throws -> (Window, View) {
    let window = Window(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
    let box = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    window.addSubview(box)
    try window.advanceTime(to: 0)
    return (window, box)
}

/// The y of the cubic Bézier timing curve (0,0) (x1,y1) (x2,y2) (1,1) where its x is `x`,
/// found by walking the parameter in small steps (independent of the library's solver).
private func sampledCurve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }
    var s = 0.0
    while coordinate(s, x1, x2) < x { s += 1e-7 }
    return coordinate(s, y1, y2)
}

/// The share of a change still to come after `time` seconds of a spring of damping ratio `z`,
/// initial velocity `v` and frequency `w`, by fourth-order Runge–Kutta steps of
/// x'' = -2zωx' - ω²x (independent of the closed forms the library uses).
private func integratedSpring(_ z: Double, _ v: Double, frequency w: Double, at time: Double) -> Double {
    func acceleration(_ x: Double, _ speed: Double) -> Double { -2 * z * w * speed - w * w * x }
    var (x, speed) = (1.0, -v)
    let steps = 20_000, h = time / Double(steps)
    for _ in 0..<steps {
        let (k1x, k1v) = (speed, acceleration(x, speed))
        let (k2x, k2v) = (speed + h / 2 * k1v, acceleration(x + h / 2 * k1x, speed + h / 2 * k1v))
        let (k3x, k3v) = (speed + h / 2 * k2v, acceleration(x + h / 2 * k2x, speed + h / 2 * k2v))
        let (k4x, k4v) = (speed + h * k3v, acceleration(x + h * k3x, speed + h * k3v))
        x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        speed += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
    return x
}

@Suite("View animations: model at once, presentation on the window's clock")
struct ViewAnimationTests {
    @Test func theModelChangesAtOnceAndThePresentationFollowsTheClock() throws {
        let (window, box) = try windowWithBox()
        let completions = Completions()
        View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            box.frame = CGRect(x: 100, y: 40, width: 200, height: 100)
        }, completion: completions.handler())
        #expect(box.frame == CGRect(x: 100, y: 40, width: 200, height: 100))
        #expect(box.layer.presentation()?.frame == CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(box.layer.animationKeys() == ["bounds", "position"])
        try window.advanceTime(to: 0.25)
        #expect(isClose(box.layer.presentation()!.frame, CGRect(x: 25, y: 10, width: 125, height: 100)))
        #expect(completions.calls.isEmpty)
        try window.advanceTime(to: 1)
        #expect(box.layer.presentation()?.frame == box.frame)
        #expect(box.layer.animationKeys() == nil)
        #expect(completions.calls == [true])
        try window.advanceTime(to: 2)
        #expect(completions.calls == [true])
    }

    @Test func theDefaultCurveEasesInAndOut() throws {
        let (window, box) = try windowWithBox()
        View.animate(withDuration: 2) { box.alpha = 0 }
        for time in [0.5, 1.0, 1.5] {
            try window.advanceTime(to: time)
            let expected = 1 - sampledCurve(0.42, 0, 0.58, 1, at: time / 2)
            #expect(abs(Double(box.layer.presentation()!.opacity) - expected) < 1e-5)
        }
        #expect(abs(sampledCurve(0.42, 0, 0.58, 1, at: 0.25) - MediaTimingFunction.easeInEaseOut.progress(atTime: 0.25)) < 1e-5)
    }

    @Test func aDelayHoldsTheOldValueUntilTheAnimationStarts() throws {
        let (window, box) = try windowWithBox()
        let completions = Completions()
        View.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { box.center.x = 150 },
                     completion: completions.handler())
        try window.advanceTime(to: 0.5)
        #expect(box.layer.presentation()?.position.x == 50)
        try window.advanceTime(to: 1)
        #expect(isClose(box.layer.presentation()!.position.x, 100))
        try window.advanceTime(to: 1.49)
        #expect(completions.calls.isEmpty)
        try window.advanceTime(to: 1.5)
        #expect(completions.calls == [true])
    }

    @Test func aPropertyAnimatedAgainMidFlightMovesOnSmoothlyAndBothFinish() throws {
        let (window, box) = try windowWithBox()
        let completions = Completions()
        View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { box.alpha = 0 },
                     completion: completions.handler())
        try window.advanceTime(to: 0.5)
        View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { box.alpha = 1 },
                     completion: completions.handler())
        #expect(isClose(CGFloat(box.layer.presentation()!.opacity), 0.5, tolerance: 1e-6))
        try window.advanceTime(to: 1)
        // The first has ended; the second has half of its change (0 to 1) still to show.
        #expect(completions.calls == [true])
        #expect(isClose(CGFloat(box.layer.presentation()!.opacity), 0.5, tolerance: 1e-6))
        try window.advanceTime(to: 1.5)
        #expect(completions.calls == [true, true])
        #expect(box.layer.presentation()?.opacity == 1)
    }

    @Test func removedAnimationsShowTheModelAndCompleteUnfinishedFromTheClock() throws {
        let (window, box) = try windowWithBox()
        let completions = Completions()
        View.animate(withDuration: 1, animations: { box.center = CGPoint(x: 200, y: 200) }, completion: completions.handler())
        try window.advanceTime(to: 0.3)
        box.layer.removeAllAnimations()
        #expect(box.layer.presentation()?.position == CGPoint(x: 200, y: 200))
        #expect(box.layer.animationKeys() == nil)
        #expect(completions.calls.isEmpty)  // not from inside the removal
        try window.advanceTime(to: 0.3)
        #expect(completions.calls == [false])
        try window.advanceTime(to: 2)
        #expect(completions.calls == [false])
    }

    @Test func removingOneKeyLeavesTheOthersRunning() throws {
        let (window, box) = try windowWithBox()
        View.animate(withDuration: 1) {
            box.alpha = 0.5
            box.backgroundColor = .red
        }
        box.layer.removeAnimation(forKey: "opacity")
        box.layer.removeAnimation(forKey: "no such key")
        #expect(box.layer.animationKeys() == ["backgroundColor"])
        try window.advanceTime(to: 0.5)
        #expect(box.layer.presentation()?.opacity == 0.5)
    }

    @Test func anAnimatingViewTakesNoTouchesUnlessAllowed() throws {
        let (window, box) = try windowWithBox()
        window.runUpdateCycle()
        #expect(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === box)
        View.animate(withDuration: 1) { box.alpha = 0.5 }
        #expect(box.isUserInteractionEnabled)
        #expect(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === window)
        try window.advanceTime(to: 1)
        #expect(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === box)
        View.animate(withDuration: 1, delay: 0, options: .allowUserInteraction, animations: { box.alpha = 1 })
        #expect(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === box)
    }

    @Test func framesAutoLayoutPlacesInTheBlockAnimate() throws {
        let (window, box) = try windowWithBox()
        let card = View()
        card.translatesAutoresizingMaskIntoConstraints = false
        box.addSubview(card)
        let height = card.heightAnchor.constraint(equalToConstant: 20)
        LayoutConstraint.activate([
            card.leadingAnchor.constraint(equalTo: box.leadingAnchor), card.topAnchor.constraint(equalTo: box.topAnchor),
            card.widthAnchor.constraint(equalToConstant: 50), height,
        ])
        window.layoutIfNeeded()
        #expect(card.frame == CGRect(x: 0, y: 0, width: 50, height: 20))
        View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            height.constant = 60
            window.layoutIfNeeded()
        })
        #expect(card.frame == CGRect(x: 0, y: 0, width: 50, height: 60))
        try window.advanceTime(to: 0.5)
        #expect(isClose(card.layer.presentation()!.frame, CGRect(x: 0, y: 0, width: 50, height: 40)))
    }

    @Test func aTurnAnimatesAsATurn() throws {
        let (window, box) = try windowWithBox()
        View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            box.transform = CGAffineTransform(rotationAngle: .pi / 2).scaledBy(x: 2, y: 2)
        })
        try window.advanceTime(to: 0.5)
        let shown = box.layer.presentation()!.transform
        let expected = CGAffineTransform(rotationAngle: .pi / 4).scaledBy(x: 1.5, y: 1.5)
        for (a, b) in zip([shown.a, shown.b, shown.c, shown.d, shown.tx, shown.ty],
                          [expected.a, expected.b, expected.c, expected.d, expected.tx, expected.ty]) {
            #expect(isClose(a, b, tolerance: 1e-9))
        }
        try window.advanceTime(to: 1)
        #expect(box.layer.presentation()?.transform == box.transform)
    }

    @Test func aColourAnimatesByComponents() throws {
        let (window, box) = try windowWithBox()
        box.backgroundColor = Color(red: 1, green: 0, blue: 0)
        View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            box.backgroundColor = Color(red: 0, green: 0, blue: 1)
        })
        try window.advanceTime(to: 0.25)
        let shown = try #require(box.layer.presentation()?.backgroundColor)
        #expect(isClose(shown.red, 0.75) && isClose(shown.blue, 0.25) && shown.green == 0 && shown.alpha == 1)
    }

    @Test func autoreverseGoesThereAndBackThenShowsTheModel() throws {
        let (window, box) = try windowWithBox()
        let completions = Completions()
        View.animate(withDuration: 1, delay: 0, options: [.curveLinear, .autoreverse], animations: { box.center.x = 150 },
                     completion: completions.handler())
        try window.advanceTime(to: 1)
        #expect(isClose(box.layer.presentation()!.position.x, 150))
        try window.advanceTime(to: 1.5)
        #expect(isClose(box.layer.presentation()!.position.x, 100))
        try window.advanceTime(to: 2)
        #expect(box.layer.presentation()?.position.x == 150)
        #expect(completions.calls == [true])
    }

    @Test func aRepeatingAnimationRunsUntilRemoved() throws {
        let (window, box) = try windowWithBox()
        let completions = Completions()
        View.animate(withDuration: 1, delay: 0, options: [.curveLinear, .repeat], animations: { box.center.x = 150 },
                     completion: completions.handler())
        try window.advanceTime(to: 100.25)
        #expect(isClose(box.layer.presentation()!.position.x, 75))
        #expect(completions.calls.isEmpty)
        box.layer.removeAllAnimations()
        try window.advanceTime(to: 101)
        #expect(completions.calls == [false])
    }

    @Test func aViewLeavingItsWindowLeavesItsAnimations() throws {
        let (window, box) = try windowWithBox()
        let completions = Completions()
        View.animate(withDuration: 1, animations: { box.alpha = 0 }, completion: completions.handler())
        box.removeFromSuperview()
        #expect(box.layer.animationKeys() == nil)
        #expect(box.layer.presentation()?.opacity == 0)
        try window.advanceTime(to: 0.1)
        #expect(completions.calls == [false])
    }

    @Test func withoutAWindowTheCompletionWaitsForAWindowsNextStep() throws {
        let box = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let completions = Completions()
        View.animate(withDuration: 1, animations: { box.alpha = 0.25 }, completion: completions.handler())
        #expect(completions.calls.isEmpty)
        #expect(box.layer.presentation()?.opacity == 0.25)
        #expect(box.layer.animationKeys() == nil)
        let window = Window(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.runUpdateCycle()
        #expect(completions.calls == [true])
        try window.advanceTime(to: 5)
        #expect(completions.calls == [true])
    }

    @Test func inputRefusedByTheClockRunsNoWaitingCompletion() throws {
        let box = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let completions = Completions()
        View.animate(withDuration: 1, animations: { box.alpha = 0.5 }, completion: completions.handler())
        let window = Window(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        try window.advanceTime(to: 2)
        #expect(completions.calls == [true])
        View.animate(withDuration: 1, animations: { box.alpha = 1 }, completion: completions.handler())
        #expect(throws: TouchInputError.self) { try window.advanceTime(to: 1) }  // backwards
        #expect(throws: TouchInputError.self) { try window.sendTouch(.moved, at: .zero, time: 3) }  // no touch down
        #expect(completions.calls == [true])
        try window.advanceTime(to: 3)
        #expect(completions.calls == [true, true])
    }

    /// The pulse idiom started before its view is in a window: each completion starts the
    /// next block, one a step, without recursing.
    @Test func aChainOfBlocksWithoutAWindowRunsOneAStep() throws {
        let box = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        var pulses = 0
        func pulse() {
            View.animate(withDuration: 0.5, animations: { box.alpha = box.alpha == 1 ? 0.5 : 1 }, completion: { _ in
                pulses += 1
                if pulses < 3 { pulse() }
            })
        }
        pulse()
        let window = Window(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        for step in 1...4 {
            try window.advanceTime(to: Double(step))
            #expect(pulses == min(step, 3))
        }
    }

    @Test func aChainOfBlocksThatEndAtOnceRunsOneAClockStep() throws {
        let (window, box) = try windowWithBox()
        var blocks = 0
        func again() {
            View.animate(withDuration: 0, animations: { box.alpha = 0.5 }, completion: { _ in
                blocks += 1
                if blocks < 100 { again() }  // a bound, so that a step that ran them all ends
            })
        }
        again()
        try window.advanceTime(to: 0)
        #expect(blocks == 1)
        try window.advanceTime(to: 0.1)
        #expect(blocks == 2)
    }

    @Test func aViewAnimatedOffScreenIsDrawnWhereItIsShown() throws {
        let (window, box) = try windowWithBox()
        window.backgroundColor = .white
        box.backgroundColor = .red
        _ = try window.render(scale: 1)
        View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { box.frame.origin.x = 500 })
        try window.advanceTime(to: 0.5)
        let midway = try window.render(scale: 1)
        assertPixel(midway, 260, 50, .red)
        assertPixel(midway, 50, 50, .white)
    }

    @Test func viewsThatOutliveTheirWindowTakeTouchesAgain() throws {
        let box = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        do {
            let first = Window(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            first.addSubview(box)
            try first.advanceTime(to: 0)
            View.animate(withDuration: 10, animations: { box.alpha = 0.5 })
        }
        let second = Window(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        second.addSubview(box)
        second.runUpdateCycle()
        #expect(second.hitTest(CGPoint(x: 50, y: 50), with: nil) === box)
    }

    @Test func aBlockOverTwoWindowsCompletesWhenBothHaveEnded() throws {
        let (first, box) = try windowWithBox()
        let (second, other) = try windowWithBox()
        let completions = Completions()
        View.animate(withDuration: 1, animations: {
            box.alpha = 0
            other.alpha = 0
        }, completion: completions.handler())
        try first.advanceTime(to: 1)
        #expect(completions.calls.isEmpty)
        try second.advanceTime(to: 1)
        #expect(completions.calls == [true])
    }

    @Test func aRemovedAnimationCompletesItsBlockWhenTheOthersEnd() throws {
        let (window, box) = try windowWithBox()
        let completions = Completions()
        View.animate(withDuration: 1, animations: {
            box.alpha = 0.5
            box.backgroundColor = .red
        }, completion: completions.handler())
        box.layer.removeAnimation(forKey: "opacity")
        try window.advanceTime(to: 0.5)
        #expect(completions.calls.isEmpty)
        try window.advanceTime(to: 1)
        #expect(completions.calls == [false])
    }

    @Test func aNestedBlockAddsTheOuterOptionsUnlessTold() throws {
        let (window, box) = try windowWithBox()
        window.runUpdateCycle()
        View.animate(withDuration: 1, delay: 0, options: .allowUserInteraction, animations: {
            View.animate(withDuration: 1) { box.alpha = 0.5 }
        })
        #expect(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === box)
        try window.advanceTime(to: 1)
        View.animate(withDuration: 1, delay: 0, options: .allowUserInteraction, animations: {
            View.animate(withDuration: 1, delay: 0, options: .overrideInheritedOptions, animations: { box.alpha = 1 })
        })
        #expect(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === window)
    }

    @Test func insidePerformWithoutAnimationABlockAnimatesNothing() throws {
        let (window, box) = try windowWithBox()
        let completions = Completions()
        View.performWithoutAnimation {
            View.animate(withDuration: 1, animations: { box.alpha = 0.5 }, completion: completions.handler())
        }
        #expect(box.layer.animationKeys() == nil && box.layer.presentation()?.opacity == 0.5)
        try window.advanceTime(to: 0)
        #expect(completions.calls == [true])
    }

    @Test func valuesThatCannotBeAnimatedChangeAtOnce() throws {
        let (window, box) = try windowWithBox()
        let completions = Completions()
        box.center.x = -1e308
        View.animate(withDuration: 1, animations: { box.center.x = 1e308 })  // a difference past the largest double
        #expect(box.layer.animationKeys() == nil)
        View.animate(withDuration: 1e308, delay: 0, options: .autoreverse, animations: { box.alpha = 0.5 },
                     completion: completions.handler())
        #expect(box.layer.animationKeys() == nil && box.layer.presentation()?.opacity == 0.5)
        try window.advanceTime(to: 0)
        #expect(completions.calls == [true])
    }

    @Test(arguments: [0.0, -1.0, Double.nan, -Double.infinity, Double.infinity])
    func aDurationNotAboveZeroAnimatesNothingAndCompletesFromTheClock(duration: Double) throws {
        let (window, box) = try windowWithBox()
        let completions = Completions()
        View.animate(withDuration: duration, delay: .nan, options: [], animations: { box.alpha = 0.25 },
                     completion: completions.handler())
        #expect(box.layer.animationKeys() == nil)
        #expect(box.layer.presentation()?.opacity == 0.25)
        #expect(completions.calls.isEmpty)
        try window.advanceTime(to: 0)
        #expect(completions.calls == [true])
    }

    @Test func aBlockThatChangesNothingCompletesAtTheClocksNextStep() throws {
        let (window, box) = try windowWithBox()
        let completions = Completions()
        View.animate(withDuration: 1, animations: { box.alpha = 1 }, completion: completions.handler())
        #expect(completions.calls.isEmpty)
        try window.advanceTime(to: 0)
        #expect(completions.calls == [true])
    }

    @Test func changesMadeWithoutAnimationInsideABlockDoNotAnimate() throws {
        let (window, box) = try windowWithBox()
        View.animate(withDuration: 1) {
            box.alpha = 0.5
            View.performWithoutAnimation { box.center = CGPoint(x: 300, y: 300) }
        }
        #expect(box.layer.animationKeys() == ["opacity"])
        #expect(box.layer.presentation()?.position == CGPoint(x: 300, y: 300))
        try window.advanceTime(to: 1)
        #expect(box.layer.animationKeys() == nil && box.layer.presentation()?.opacity == 0.5)
    }

    @Test func aNestedBlockTakesTheOuterDurationUnlessItOverridesIt() throws {
        let (window, box) = try windowWithBox()
        let other = View(frame: CGRect(x: 0, y: 200, width: 10, height: 10))
        window.addSubview(other)
        let completions = Completions()
        View.animate(withDuration: 2, delay: 0, options: .curveLinear, animations: {
            box.backgroundColor = .red  // the outer block keeps the box's values from here
            View.animate(withDuration: 0.5, animations: { box.alpha = 0 }, completion: completions.handler())
            View.animate(withDuration: 0.5, delay: 0, options: .overrideInheritedDuration,
                         animations: { other.alpha = 0 }, completion: completions.handler())
            box.alpha = 0  // already the inner block's change: not animated twice
        })
        #expect(box.layer.animationKeys() == ["opacity", "backgroundColor"])
        try window.advanceTime(to: 1)
        #expect(isClose(CGFloat(box.layer.presentation()!.opacity), 0.5, tolerance: 1e-6))
        #expect(other.layer.presentation()?.opacity == 0)
        #expect(completions.calls == [true])
        try window.advanceTime(to: 2)
        #expect(completions.calls == [true, true])
    }

    @Test func aRenderShowsWhatTheAnimationShowsThenTheModelAgain() throws {
        let (window, box) = try windowWithBox()
        window.backgroundColor = .white
        box.backgroundColor = .red
        let fading = View(frame: CGRect(x: 200, y: 200, width: 100, height: 100))
        fading.backgroundColor = .blue
        window.addSubview(fading)
        _ = try window.render(scale: 1)
        View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            box.center = CGPoint(x: 250, y: 50)
            fading.alpha = 0
        })
        try window.advanceTime(to: 0.5)
        let midway = try window.render(scale: 1)
        assertPixel(midway, 120, 50, .red)  // shown at x 100 to 200
        assertPixel(midway, 20, 50, .white)  // left behind
        assertPixel(midway, 250, 50, .white)  // the model's place, not reached yet
        assertPixel(midway, 250, 250, Color(red: 0.5, green: 0.5, blue: 1))  // half faded over white
        try window.advanceTime(to: 1)
        let ended = try window.render(scale: 1)
        assertPixel(ended, 250, 50, .red)
        assertPixel(ended, 120, 50, .white)
        assertPixel(ended, 250, 250, .white)
    }

    @Test func aWindowAnimatingItselfForeverIsStillFreed() throws {
        weak var freed: Window?
        do {
            let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            View.animate(withDuration: 1, delay: 0, options: .repeat, animations: { window.alpha = 0.5 })
            try window.advanceTime(to: 0.5)
            #expect(window.layer.animationKeys() == ["opacity"])
            freed = window
        }
        #expect(freed == nil)
    }

    @Test(arguments: [(1.0, 0.0), (0.3, 0.0), (0.5, 2.0), (2.0, 3.0), (1.0, 60.0)])
    func aSpringFollowsADampedOscillatorAndSettlesByTheEnd(damping: Double, velocity: Double) throws {
        let w = SpringMotion(dampingRatio: damping, initialVelocity: velocity, duration: 0.8).frequency
        // Within a thousandth of the change from the end on.
        for time in stride(from: 0.8, through: 2.4, by: 0.05) {
            #expect(abs(integratedSpring(damping, velocity, frequency: w, at: time)) <= 1e-3)
        }
        let (window, box) = try windowWithBox()
        let completions = Completions()
        View.animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: damping, initialSpringVelocity: velocity,
                     options: [], animations: { box.center.x = 250 }, completion: completions.handler())
        var overshot = false
        for time in stride(from: 0.05, to: 0.8, by: 0.05) {
            try window.advanceTime(to: time)
            let x = box.layer.presentation()!.position.x
            // 200 points of change still to come times the share, from the model's 250.
            #expect(abs(Double(x) - (250 - 200 * integratedSpring(damping, velocity, frequency: w, at: time))) < 1e-6)
            if x > 250 { overshot = true }
        }
        #expect(overshot == (damping < 1 || velocity > 10))
        #expect(completions.calls.isEmpty)
        try window.advanceTime(to: 0.8)
        #expect(completions.calls == [true] && box.layer.presentation()?.position.x == 250)
    }

    @Test func manyViewsInOneBlockEndTogether() throws {
        let (window, _) = try windowWithBox()
        let views = (0..<500).map { View(frame: CGRect(x: Double($0 % 20) * 20, y: Double($0 / 20) * 16, width: 10, height: 10)) }
        views.forEach(window.addSubview)
        let completions = Completions()
        View.animate(withDuration: 1, animations: { views.forEach { $0.alpha = 0.5 } }, completion: completions.handler())
        View.animate(withDuration: 2, animations: { views.prefix(10).forEach { $0.center.x += 5 } }, completion: completions.handler())
        try window.advanceTime(to: 1)
        #expect(completions.calls == [true])
        #expect(views.prefix(10).allSatisfy { $0.layer.animationKeys() == ["position"] })
        #expect(views.dropFirst(10).allSatisfy { $0.layer.animationKeys() == nil })
        try window.advanceTime(to: 2)
        #expect(completions.calls == [true, true])
    }

    @Test func aCornerRadiusAnimates() throws {
        let (window, box) = try windowWithBox()
        View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { box.layer.cornerRadius = 20 })
        #expect(box.layer.animationKeys() == ["cornerRadius"])
        try window.advanceTime(to: 0.25)
        #expect(isClose(box.layer.presentation()!.cornerRadius, 5))
    }

    @Test func withAnimationsTurnedOffABlockChangesAtOnce() throws {
        let (window, box) = try windowWithBox()
        let completions = Completions()
        View.setAnimationsEnabled(false)
        defer { View.setAnimationsEnabled(true) }
        #expect(!View.areAnimationsEnabled)
        View.animate(withDuration: 1, animations: { box.alpha = 0.5 }, completion: completions.handler())
        #expect(box.layer.animationKeys() == nil && box.layer.presentation()?.opacity == 0.5)
        try window.advanceTime(to: 0)
        #expect(completions.calls == [true])
        View.setAnimationsEnabled(true)
        View.animate(withDuration: 1, animations: { box.alpha = 1 })
        #expect(box.layer.animationKeys() == ["opacity"])
    }

    @Test func aLayerOfItsOwnPresentsItsOwnValues() {
        let layer = Layer()
        layer.frame = CGRect(x: 5, y: 6, width: 7, height: 8)
        layer.opacity = 0.5
        layer.cornerRadius = 3
        let shown = layer.presentation()
        #expect(shown !== layer)
        #expect(shown?.frame == layer.frame && shown?.opacity == 0.5 && shown?.cornerRadius == 3)
        #expect(layer.animationKeys() == nil)
    }

    @Test func timingFunctionsRunFromZeroToOneAndRefuseNonFinitePoints() {
        for function in [MediaTimingFunction.linear, .easeIn, .easeOut, .easeInEaseOut] {
            #expect(function.progress(atTime: 0) == 0 && function.progress(atTime: 1) == 1)
            #expect(function.progress(atTime: -3) == 0 && function.progress(atTime: 7) == 1 && function.progress(atTime: .nan) == 0)
            let samples = stride(from: 0.0, through: 1.0, by: 0.01).map { function.progress(atTime: $0) }
            #expect(zip(samples, samples.dropFirst()).allSatisfy { $0 <= $1 })
        }
        #expect(abs(MediaTimingFunction.easeIn.progress(atTime: 0.6) - sampledCurve(0.42, 0, 1, 1, at: 0.6)) < 1e-5)
        #expect(abs(MediaTimingFunction.easeOut.progress(atTime: 0.3) - sampledCurve(0, 0, 0.58, 1, at: 0.3)) < 1e-5)
        #expect(MediaTimingFunction(controlPoints: .nan, 0, 1, 1) == .linear)
    }
}
