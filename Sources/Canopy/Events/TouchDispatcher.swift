import Foundation

/// A window's touch delivery: its event clock and timers, the fingers down, the gesture
/// recognizers each touch was offered to, and the view deliveries that wait for them.
///
/// Each event goes first to the recognizers (phase by phase), then to the views. A view
/// delivery waits while a recognizer of the touch that delays it (``GestureRecognizer/delaysTouchesBegan``,
/// ``GestureRecognizer/delaysTouchesEnded``) is undecided, and is dropped (or replaced by
/// `touchesCancelled`) once a recognizer that cancels touches in the view begins.
final class TouchDispatcher {
    /// One touch's way to its view.
    private final class Route {
        let touch: Touch
        let recognizers: [GestureRecognizer]
        var viewSawBegan = false
        var cancelledForView = false
        var isFinished = false
        /// View deliveries waiting for recognizers to decide, in order.
        var held: [(phase: Touch.Phase, event: Event)] = []

        init(touch: Touch, recognizers: [GestureRecognizer], deliversToView: Bool) {
            self.touch = touch
            self.recognizers = recognizers
            cancelledForView = !deliversToView
        }
    }

    unowned let window: Window
    private(set) var clock = -Double.infinity
    private var activeTouches: [Int: Touch] = [:]
    /// The last touch lifted, which a quick tap nearby continues (for tap counts).
    private var lastLiftedTouch: Touch?
    /// The timers set, with whether each was set for a time the clock had reached (`due`).
    private var timers: [(time: Double, order: Int, due: Bool, action: () -> Void)] = []
    private var timersScheduled = 0
    private var routes: [Route] = []
    private var engaged: [GestureRecognizer] = []

    init(window: Window) {
        self.window = window
    }

    /// Lets go of every touch, timer and recognizer (the window is going away).
    func releaseTouches() {
        for recognizer in engaged { recognizer.abandonTouches() }
        engaged.removeAll()
        routes.removeAll()
        activeTouches.removeAll()
        timers.removeAll()
        lastLiftedTouch = nil
    }

    // MARK: The clock

    func schedule(at time: Double, _ action: @escaping () -> Void) {
        timers.append((time, timersScheduled, time <= clock, action))
        timersScheduled += 1
    }

    func advanceTime(to time: Double) throws(TouchInputError) {
        guard time.isFinite else { throw .nonFiniteTime(timestamp: time) }
        guard time >= clock else { throw .timeWentBackwards(timestamp: time, latest: clock) }
        stepClock(through: time)
        clock = time
    }

    /// One step of the clock, once the input is known good: the animation completions that
    /// wait for any window's next step (see `AnimationThread`), then the timers due.
    private func stepClock(through time: Double) {
        AnimationThread.ifMade?.runWaiting()
        runTimers(through: time)
    }

    /// Fires the timers due by `time`, earliest first (in scheduling order for equal times).
    /// A timer set while they fire, for a time already reached, waits for the clock's next
    /// step: a handler that sets itself again at once (a completion starting an animation that
    /// ends at once) runs once a step, not forever.
    private func runTimers(through time: Double) {
        let firstSetMeanwhile = timersScheduled
        func waits(_ index: Int) -> Bool { timers[index].due && timers[index].order >= firstSetMeanwhile }
        while let next = timers.indices.lazy.filter({ !waits($0) }).min(by: { (timers[$0].time, timers[$0].order) < (timers[$1].time, timers[$1].order) }),
            timers[next].time <= time
        {
            let timer = timers.remove(at: next)
            clock = max(clock, timer.time)
            timer.action()
        }
        resetFinishedRecognizers()
    }

    // MARK: Events

    func send(_ inputs: [TouchInput], at timestamp: Double) throws(TouchInputError) -> Event {
        try validate(inputs, at: timestamp)
        stepClock(through: timestamp)
        clock = timestamp
        var changed: [Touch] = []
        for input in inputs {
            if input.phase == .began {
                let touch = beginTouch(at: input.location, timestamp: timestamp)
                activeTouches[input.finger] = touch
                changed.append(touch)
                continue
            }
            let touch = activeTouches[input.finger]!
            touch.previousLocationInWindow = touch.locationInWindow
            touch.locationInWindow = input.location
            touch.phase = input.phase
            touch.timestamp = timestamp
            changed.append(touch)
        }
        let changedSet = Set(changed)
        for touch in activeTouches.values where !changedSet.contains(touch) { touch.phase = .stationary }
        let event = Event(type: .touches, timestamp: timestamp, touches: Set(activeTouches.values))

        deliverToRecognizers(changed, event: event)
        deliverToViews(changed, event: event)
        for input in inputs where input.phase == .ended || input.phase == .cancelled {
            finish(activeTouches.removeValue(forKey: input.finger)!, lifted: input.phase == .ended)
        }
        resetFinishedRecognizers()
        return event
    }

    private func validate(_ inputs: [TouchInput], at timestamp: Double) throws(TouchInputError) {
        guard timestamp.isFinite else { throw .nonFiniteTime(timestamp: timestamp) }
        guard timestamp >= clock else { throw .timeWentBackwards(timestamp: timestamp, latest: clock) }
        var seen = Set<Int>()
        for input in inputs {
            guard seen.insert(input.finger).inserted else { throw .fingerRepeated(finger: input.finger) }
            guard input.location.x.isFinite, input.location.y.isFinite else {
                throw .nonFiniteLocation(finger: input.finger)
            }
            let isDown = activeTouches[input.finger] != nil
            switch input.phase {
            case .began: if isDown { throw .fingerAlreadyDown(finger: input.finger) }
            case .moved, .ended, .cancelled: if !isDown { throw .fingerNotDown(finger: input.finger) }
            case .stationary: throw .stationaryIsNotAnInput(finger: input.finger)
            }
        }
    }

    private func beginTouch(at location: CGPoint, timestamp: Double) -> Touch {
        let view = window.hitTest(location, with: Event(type: .touches, timestamp: timestamp))
        var tapCount = 1
        if let last = lastLiftedTouch, last.view === view, timestamp - last.timestamp <= Window.multipleTapInterval,
            hypot(location.x - last.locationInWindow.x, location.y - last.locationInWindow.y) <= Window.multipleTapRadius
        {
            tapCount = last.tapCount + 1
        }
        let touch = Touch(window: window, location: location, timestamp: timestamp, tapCount: tapCount)
        touch.view = view
        let admission = admission(of: view)
        let recognizers = admission == .refused ? [] : recognizers(offered: touch)
        for recognizer in recognizers {
            recognizer.watch(touch)
            if !engaged.contains(where: { $0 === recognizer }) { engaged.append(recognizer) }
        }
        routes.append(Route(touch: touch, recognizers: recognizers, deliversToView: admission == .admitted))
        return touch
    }

    /// How a new touch on `view` is taken, given the fingers already down.
    private enum Admission { case admitted, onlyRecognizers, refused }

    /// Exclusive touch refuses a touch outright: one on another view while an exclusive view
    /// has a finger down, or one on an exclusive view while other views have fingers down. A
    /// view without multiple touch gets only its first finger; its recognizers see them all.
    private func admission(of view: View?) -> Admission {
        guard let view else { return .admitted }
        let others = activeTouches.values.compactMap(\.view)
        if others.contains(where: { $0 !== view && ($0.isExclusiveTouch || view.isExclusiveTouch) }) { return .refused }
        if !view.isMultipleTouchEnabled && others.contains(where: { $0 === view }) { return .onlyRecognizers }
        return .admitted
    }

    /// The recognizers of the touch's view and its ancestors that take it, deepest first.
    private func recognizers(offered touch: Touch) -> [GestureRecognizer] {
        var found: [GestureRecognizer] = []
        var view = touch.view
        while let current = view {
            for recognizer in current.gestureRecognizers
            where recognizer.isEnabled && !recognizer.state.isFinished && !recognizer.hasDeferredState
                && recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) != false
            {
                found.append(recognizer)
            }
            view = current.superview
        }
        return found
    }

    private func finish(_ touch: Touch, lifted: Bool) {
        if lifted { lastLiftedTouch = touch }
        guard let route = route(of: touch) else { return }
        for recognizer in route.recognizers { recognizer.stopWatching(touch) }
        route.isFinished = true
        dropFinishedRoutes()
    }

    private func route(of touch: Touch) -> Route? {
        routes.first { $0.touch === touch }
    }

    // MARK: Recognizers

    private func deliverToRecognizers(_ changed: [Touch], event: Event) {
        for phase in [Touch.Phase.began, .moved, .ended, .cancelled] {
            var order: [GestureRecognizer] = []
            var touchesByRecognizer: [ObjectIdentifier: Set<Touch>] = [:]
            for touch in changed where touch.phase == phase {
                for recognizer in route(of: touch)?.recognizers ?? []
                where recognizer.isWatching(touch) && !recognizer.state.isFinished {
                    let key = ObjectIdentifier(recognizer)
                    if touchesByRecognizer[key] == nil { order.append(recognizer) }
                    touchesByRecognizer[key, default: []].insert(touch)
                }
            }
            for recognizer in order {
                let touches = touchesByRecognizer[ObjectIdentifier(recognizer)]!
                switch phase {
                case .began: recognizer.touchesBegan(touches, with: event)
                case .moved: recognizer.touchesMoved(touches, with: event)
                case .ended: recognizer.touchesEnded(touches, with: event)
                default: recognizer.touchesCancelled(touches, with: event)
                }
            }
        }
    }

    /// Whether `recognizer` may begin or recognize now: no recognizer of its touches is already
    /// under way, unless the two may recognize simultaneously.
    func recognizerMayStart(_ recognizer: GestureRecognizer) -> Bool {
        !engaged.contains { other in
            other !== recognizer && (other.state == .began || other.state == .changed) && shareTouches(other, recognizer)
                && !recognizer.canRecognizeSimultaneously(with: other)
        }
    }

    func recognizerDidStart(_ recognizer: GestureRecognizer) {
        // The views lose their touches first, so that the recognizers failing below do not
        // release to the views deliveries held for touches they will not keep.
        if recognizer.cancelsTouchesInView {
            for touch in recognizer.touches { cancelForView(touch) }
        }
        for other in engaged where other !== recognizer {
            if other.requiresFailure(of: recognizer) {
                other.requirementDidFinish()
            } else if other.isUndecided && shareTouches(other, recognizer)
                && !recognizer.canRecognizeSimultaneously(with: other)
            {
                other.cancelGesture()
            }
        }
        flushHeldDeliveries()
    }

    func recognizerDidFail(_ recognizer: GestureRecognizer) {
        for other in engaged where other !== recognizer && other.requiresFailure(of: recognizer) {
            other.requirementDidFinish()
        }
        flushHeldDeliveries()
    }

    /// The other engaged recognizers that watch a touch `recognizer` watches.
    func recognizers(sharingTouchesWith recognizer: GestureRecognizer) -> [GestureRecognizer] {
        engaged.filter { $0 !== recognizer && shareTouches($0, recognizer) }
    }

    /// The recognizers `touch` was offered to that still watch it.
    func recognizers(receiving touch: Touch) -> [GestureRecognizer] {
        route(of: touch)?.recognizers.filter { $0.isWatching(touch) } ?? []
    }

    /// Whether `touch`'s view has seen it begin and still has it.
    func viewHasTouch(_ touch: Touch) -> Bool {
        guard let route = route(of: touch) else { return false }
        return route.viewSawBegan && !route.cancelledForView
    }

    private func shareTouches(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        a.touches.contains { touch in b.isWatching(touch) }
    }

    private func resetFinishedRecognizers() {
        for recognizer in engaged { recognizer.resetIfFinished() }
        engaged.removeAll { $0.state == .possible && $0.touches.isEmpty && !$0.isWaiting }
    }

    // MARK: Views

    private func deliverToViews(_ changed: [Touch], event: Event) {
        for phase in [Touch.Phase.began, .moved, .ended, .cancelled] {
            var now: [Touch] = []
            for touch in changed where touch.phase == phase {
                guard let route = route(of: touch), !route.cancelledForView else { continue }
                if !route.held.isEmpty || isHeld(route, phase) {
                    route.held.append((phase, event))
                } else {
                    now.append(touch)
                }
            }
            deliver(now, phase: phase, event: event)
        }
    }

    /// Whether a recognizer of the route that delays `phase` is still undecided.
    private func isHeld(_ route: Route, _ phase: Touch.Phase) -> Bool {
        route.recognizers.contains { recognizer in
            recognizer.isUndecided && recognizer.isEnabled
                && ((phase == .began && recognizer.delaysTouchesBegan) || (phase == .ended && recognizer.delaysTouchesEnded))
        }
    }

    /// The view will not see this touch again; if it saw it begin, it is told it was cancelled.
    private func cancelForView(_ touch: Touch) {
        guard let route = route(of: touch), !route.cancelledForView else { return }
        route.cancelledForView = true
        route.held.removeAll()
        if route.viewSawBegan {
            deliver([touch], phase: .cancelled, event: Event(type: .touches, timestamp: clock, touches: [touch]))
        }
        dropFinishedRoutes()
    }

    private func flushHeldDeliveries() {
        for route in routes where !route.cancelledForView {
            while let (phase, event) = route.held.first, !isHeld(route, phase) {
                route.held.removeFirst()
                deliver([route.touch], phase: phase, event: event)
            }
        }
        dropFinishedRoutes()
    }

    private func dropFinishedRoutes() {
        routes.removeAll { $0.isFinished && $0.held.isEmpty }
    }

    /// Whether every scroll view that contains `view` lets the touch begin there
    /// (``ScrollView/touchesShouldBegin(_:with:in:)``).
    private func scrollViewsLetBegin(_ touch: Touch, in view: View, with event: Event) -> Bool {
        var ancestor = view.superview
        while let current = ancestor {
            if let scrollView = current as? ScrollView, !scrollView.touchesShouldBegin([touch], with: event, in: view) {
                return false
            }
            ancestor = current.superview
        }
        return true
    }

    /// Delivers touches of one phase, each view getting its own touches once, views in the
    /// order their first touch was listed. Plain views are skipped along the responder chain.
    private func deliver(_ touches: [Touch], phase: Touch.Phase, event: Event) {
        var views: [View] = []
        var touchesByView: [ObjectIdentifier: Set<Touch>] = [:]
        for touch in touches {
            guard let view = touch.view else { continue }
            if phase == .began && !scrollViewsLetBegin(touch, in: view, with: event) {
                route(of: touch)?.cancelledForView = true
                continue
            }
            if touchesByView[ObjectIdentifier(view)] == nil { views.append(view) }
            touchesByView[ObjectIdentifier(view), default: []].insert(touch)
            if phase == .began { route(of: touch)?.viewSawBegan = true }
        }
        for view in views {
            let touches = touchesByView[ObjectIdentifier(view)]!
            let responder: Responder? = view.onlyPassesTouchesOn ? view.nextTouchHandler : view
            switch phase {
            case .began: responder?.touchesBegan(touches, with: event)
            case .moved: responder?.touchesMoved(touches, with: event)
            case .ended: responder?.touchesEnded(touches, with: event)
            default: responder?.touchesCancelled(touches, with: event)
            }
        }
    }
}
