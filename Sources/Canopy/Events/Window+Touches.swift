import Foundation

/// One finger's change, for ``Window/send(_:at:)``.
public struct TouchInput: Hashable, Sendable {
    /// The caller's number for the finger; it names the same touch from touch-down to lift-off.
    public var finger: Int
    /// What the finger did: `.began`, `.moved`, `.ended` or `.cancelled`.
    public var phase: Touch.Phase
    /// Where the finger is, in window space.
    public var location: CGPoint

    /// Creates a finger change.
    public init(finger: Int = 0, phase: Touch.Phase, location: CGPoint) {
        self.finger = finger
        self.phase = phase
        self.location = location
    }
}

/// Why ``Window/send(_:at:)`` refused an event; nothing was delivered and nothing changed.
public enum TouchInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The event's time is earlier than an event already sent, or not finite.
    case timeWentBackwards(timestamp: Double, latest: Double)
    /// A finger touched down while it was already down.
    case fingerAlreadyDown(finger: Int)
    /// A finger moved, lifted or was cancelled without being down.
    case fingerNotDown(finger: Int)
    /// A finger appears twice in one event.
    case fingerRepeated(finger: Int)
    /// `.stationary` is what the window reports for fingers that did not change, not an input.
    case stationaryIsNotAnInput(finger: Int)
    /// A location is not finite.
    case nonFiniteLocation(finger: Int)

    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .timeWentBackwards(let timestamp, let latest):
            "touch event at time \(timestamp) is earlier than the latest event (\(latest))"
        case .fingerAlreadyDown(let finger): "finger \(finger) touched down while already down"
        case .fingerNotDown(let finger): "finger \(finger) changed without touching down first"
        case .fingerRepeated(let finger): "finger \(finger) appears twice in one event"
        case .stationaryIsNotAnInput(let finger): "finger \(finger): .stationary is not an input phase"
        case .nonFiniteLocation(let finger): "finger \(finger) has a non-finite location"
        }
    }
}

/// Injecting touches: the window's side of event delivery, on an event clock the caller
/// controls (for tests and tools).
///
/// At touch-down the window hit-tests the location and binds the touch to the view it finds;
/// the touch stays with that view until it ends. Each event is delivered view by view — the
/// touches that began, then those that moved, ended and were cancelled — to
/// `touchesBegan/Moved/Ended/Cancelled(_:with:)`, which pass them along the responder chain
/// unless a responder keeps them.
extension Window {
    /// A touch that begins within this many seconds of the last lift-off continues its tap count.
    public static let multipleTapInterval = 0.35
    /// ...and within this many points of it, on the same view.
    public static let multipleTapRadius: CGFloat = 20

    /// Delivers one event: the given fingers' changes at `timestamp` (seconds on the caller's
    /// clock, never earlier than the last event). Fingers down that are not listed are
    /// reported as `.stationary`.
    /// - Returns: The event delivered.
    /// - Throws: ``TouchInputError`` when the input cannot happen; nothing is delivered then.
    @discardableResult
    public func send(_ inputs: [TouchInput], at timestamp: Double) throws(TouchInputError) -> Event {
        try validate(inputs, at: timestamp)
        eventClock = timestamp
        var changed: [Touch] = []
        for input in inputs {
            let touch: Touch
            if input.phase == .began {
                touch = beginTouch(at: input.location, timestamp: timestamp)
                activeTouches[input.finger] = touch
            } else {
                touch = activeTouches[input.finger]!
                touch.previousLocationInWindow = touch.locationInWindow
                touch.locationInWindow = input.location
                touch.phase = input.phase
                touch.timestamp = timestamp
            }
            changed.append(touch)
        }
        let changedSet = Set(changed)
        for touch in activeTouches.values where !changedSet.contains(touch) { touch.phase = .stationary }
        let event = Event(type: .touches, timestamp: timestamp, touches: Set(activeTouches.values))
        for input in inputs where input.phase == .ended || input.phase == .cancelled {
            let touch = activeTouches.removeValue(forKey: input.finger)!
            if input.phase == .ended {
                lastLiftedTouch = (touch.locationInWindow, timestamp, touch.view, touch.tapCount)
            }
        }
        deliver(changed, in: event)
        return event
    }

    /// Sends one finger's change; see ``send(_:at:)``.
    @discardableResult
    public func sendTouch(
        _ phase: Touch.Phase, at location: CGPoint, time timestamp: Double, finger: Int = 0
    ) throws(TouchInputError) -> Event {
        try send([TouchInput(finger: finger, phase: phase, location: location)], at: timestamp)
    }

    private func validate(_ inputs: [TouchInput], at timestamp: Double) throws(TouchInputError) {
        guard timestamp.isFinite, timestamp >= eventClock else {
            throw .timeWentBackwards(timestamp: timestamp, latest: eventClock)
        }
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
        let view = hitTest(location, with: Event(type: .touches, timestamp: timestamp))
        var tapCount = 1
        if let last = lastLiftedTouch, last.view === view, timestamp - last.timestamp <= Self.multipleTapInterval,
            hypot(location.x - last.location.x, location.y - last.location.y) <= Self.multipleTapRadius
        {
            tapCount = last.tapCount + 1
        }
        let touch = Touch(window: self, location: location, timestamp: timestamp, tapCount: tapCount)
        touch.view = view
        return touch
    }

    /// Delivers the changed touches phase by phase, each view getting its own touches once per
    /// phase, views in the order their first touch was listed.
    private func deliver(_ changed: [Touch], in event: Event) {
        for phase in [Touch.Phase.began, .moved, .ended, .cancelled] {
            var views: [View] = []
            var touchesByView: [ObjectIdentifier: Set<Touch>] = [:]
            for touch in changed where touch.phase == phase {
                guard let view = touch.view else { continue }
                if touchesByView[ObjectIdentifier(view)] == nil { views.append(view) }
                touchesByView[ObjectIdentifier(view), default: []].insert(touch)
            }
            for view in views {
                let touches = touchesByView[ObjectIdentifier(view)]!
                // A plain view would only pass them on: start at the first that may not.
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
}
