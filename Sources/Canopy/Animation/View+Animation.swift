import Foundation

extension View {
    /// Animates the changes `animations` makes, as UIKit's `UIView.animate`: every view
    /// changed keeps its new values (the model) at once, while what it shows (its layer's
    /// ``Layer/presentation()``) moves from the old values to the new ones over `duration`
    /// seconds of its window's event clock (``Window/eventTime``, moved by events and
    /// ``Window/advanceTime(to:)``), after `delay`.
    ///
    /// Animated: ``frame``, ``bounds``, ``center``, ``transform``, ``alpha``,
    /// ``backgroundColor`` and the layer's ``Layer/cornerRadius``, whether `animations` sets
    /// them or a layout pass it runs does (``layoutIfNeeded()``, Auto Layout's frames,
    /// autoresizing). A frame animates as its center and bounds; a transform as a translation,
    /// a turn, scales and a shear. A property animated again before its animation ends moves on
    /// smoothly from where it is: the animations add up, and each runs to its end. While its animations run, a view takes no
    /// touches unless `options` has `.allowUserInteraction`.
    ///
    /// `completion` runs from the clock once the block's last animation has ended or been
    /// removed: with `true` when all ran to their end, with `false` when one was removed
    /// (``Layer/removeAllAnimations()``, or its view was removed from its superview; a removal
    /// that leaves none running completes at the clock's next step). When nothing animated (the
    /// values set were the values there, or `duration` is not above 0) it runs with `true` at
    /// the clock's next step after `delay`; when no view set was in a window, at the next
    /// update cycle or clock step of any window on this thread.
    ///
    /// A block inside another's `animations` takes the outer duration and curve, and adds the
    /// outer `.repeat`, `.autoreverse` and `.allowUserInteraction`, unless its options override
    /// them; inside ``performWithoutAnimation(_:)`` nothing animates. Values that cannot be
    /// animated (so far apart that their difference is not finite, or a duration whose end is
    /// not) change at once.
    /// A negative or non-finite duration or delay counts as 0. A window whose clock has not
    /// started (no event yet) counts from 0.
    public static func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        run(.init(duration: duration, delay: delay, options: options), animations, completion)
    }

    /// Animates as ``animate(withDuration:delay:options:animations:completion:)`` does, each
    /// value carried by a damped spring rather than the options' curve: `dampingRatio` 1
    /// settles without overshooting, less overshoots and oscillates (kept within 0.01 to 100);
    /// `velocity` is the speed toward the new value at the start, 1 being the whole change in
    /// a second. The spring settles by the end of `duration`, when the completion handler
    /// runs: UIKit does not say how it fits one to a duration; Canopy's stays within a
    /// thousandth of the change from the end on, and makes that thousandth at the end.
    public static func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        run(.init(duration: duration, delay: delay, options: options, spring: (Double(dampingRatio), Double(velocity))),
            animations, completion)
    }

    /// Runs a block with `parameters` (as given: the outer block's may replace some).
    private static func run(
        _ parameters: AnimationCapture.Parameters, _ animations: () -> Void, _ completion: ((Bool) -> Void)?
    ) {
        let outer = AnimationCapture.current
        var parameters = parameters
        parameters.duration = parameters.duration.isFinite ? max(parameters.duration, 0) : 0
        parameters.delay = parameters.delay.isFinite ? max(parameters.delay, 0) : 0
        if let inherited = outer?.parameters {
            let options = parameters.options
            if !options.contains(.overrideInheritedDuration) { parameters.duration = inherited.duration }
            if !options.contains(.overrideInheritedCurve) {
                parameters.options = parameters.options.withCurve(of: inherited.options)
                parameters.spring = inherited.spring
            }
            if !options.contains(.overrideInheritedOptions) {
                parameters.options.formUnion(inherited.options.intersection(.inherited))
            }
        }
        // Inside performWithoutAnimation, or with animations turned off, nothing animates.
        let animates = areAnimationsEnabled && (outer == nil || outer?.parameters != nil)
        let capture = AnimationCapture(parameters: animates ? parameters : nil)
        AnimationCapture.run(capture, animations)
        let changes = changes(seenBy: capture)
        handOver(changes, from: capture)
        start(changes, of: capture, delay: parameters.delay, completion: completion)
    }

    /// Animates with no delay and the default options; see
    /// ``animate(withDuration:delay:options:animations:completion:)``.
    public static func animate(
        withDuration duration: TimeInterval, animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Whether animation blocks animate on this thread; true unless turned off with
    /// ``setAnimationsEnabled(_:)``.
    public static var areAnimationsEnabled: Bool { AnimationThread.ifMade?.animationsEnabled ?? true }

    /// Turns animation blocks on this thread on or off (tests turn them off to see final
    /// values at once). Off, a block changes its values at once and completes as a block that
    /// animated nothing; animations already running go on.
    public static func setAnimationsEnabled(_ enabled: Bool) {
        AnimationThread.onThisThread.animationsEnabled = enabled
    }

    /// Runs `actionsWithoutAnimation` with its changes made at once, even inside an
    /// animation block's `animations`.
    public static func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        let capture = AnimationCapture(parameters: nil)
        AnimationCapture.run(capture, actionsWithoutAnimation)
        handOver(changes(seenBy: capture), from: capture)
    }

    /// A view a block changed: its values before and after, and the properties that differ.
    private typealias Change = (view: View, old: AnimatedValues, new: AnimatedValues, changed: [AnimatedProperty])

    /// The changes of the views `capture` noted, each view's values compared once.
    private static func changes(seenBy capture: AnimationCapture) -> [Change] {
        capture.snapshots.map { view, old in
            let new = AnimatedValues(of: view)
            return (view, old, new, new.changedProperties(from: old))
        }
    }

    /// Tells the blocks `capture` is nested in that its `changes` are taken care of (animated
    /// by it, or not to be), so that they do not animate them again.
    private static func handOver(_ changes: [Change], from capture: AnimationCapture) {
        guard capture.outer != nil else { return }
        for change in changes where !change.changed.isEmpty {
            var enclosing = capture.outer
            while let block = enclosing {
                block.accept(change.changed, of: change.view)
                enclosing = block.outer
            }
        }
    }

    /// Starts the animations of the `changes` `capture` saw, in their windows.
    private static func start(
        _ changes: [Change], of capture: AnimationCapture, delay: Double, completion: ((Bool) -> Void)?
    ) {
        let group = AnimationGroup(completion: completion)
        // The same for every view of the block (a spring's fit is a search).
        let pace = capture.parameters.map { parameters in
            parameters.spring.map {
                AnimationTiming.Pace.spring(SpringMotion(dampingRatio: $0.dampingRatio, initialVelocity: $0.velocity, duration: parameters.duration))
            } ?? .curve(parameters.options.timingFunction)
        }
        var windows: [Window] = []
        for (view, old, new, changed) in changes {
            guard let window = view.storedWindow else { continue }
            if !windows.contains(where: { $0 === window }) { windows.append(window) }
            guard let parameters = capture.parameters, let pace, parameters.duration > 0, !changed.isEmpty else { continue }
            let animations = window.animations
            let options = parameters.options
            let timing = AnimationTiming(
                start: animations.now + delay, duration: parameters.duration, pace: pace,
                repeats: options.contains(.repeat), autoreverses: options.contains(.autoreverse))
            // An animation that would never end, or whose values are too far apart to subtract,
            // is not started: the change shows at once.
            guard timing.end.isFinite || timing.repeats else { continue }
            let running = changed.compactMap { property -> RunningAnimation? in
                let offset = property.offset(from: old.components(of: property), to: new.components(of: property))
                guard offset.allSatisfy(\.isFinite) else { return nil }
                return RunningAnimation(
                    property: property, offset: offset, timing: timing, group: group,
                    blocksTouches: !options.contains(.allowUserInteraction))
            }
            group.pending += running.count
            animations.add(running, to: view)
        }
        guard group.pending == 0 else { return }
        // Nothing animated: done at once, from the clock as UIKit's handler runs later.
        guard let window = windows.first else { return AnimationThread.onThisThread.wait { group.complete() } }
        let now = window.animations.now
        window.schedule(at: now + delay) { group.complete() }
    }

    /// Keeps this view's values for the animation block under way, if any, before one of
    /// them changes. Only a view in a window animates: a view being built (a scene's, say)
    /// skips the look-up.
    @inline(__always)
    func willChangeAnimatedValues() {
        if windowHandle != nil, let block = AnimationCapture.current { block.note(self) }
    }
}
