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
    /// The event's time is earlier than an event already sent.
    case timeWentBackwards(timestamp: Double, latest: Double)
    /// The event's time is NaN or infinite.
    case nonFiniteTime(timestamp: Double)
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
        case .nonFiniteTime(let timestamp): "touch event time \(timestamp) is not a finite number"
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
/// the touch stays with that view until it ends. Each event goes first to the gesture
/// recognizers of that view and its ancestors, then view by view — the touches that began, then
/// those that moved, ended and were cancelled — to `touchesBegan/Moved/Ended/Cancelled(_:with:)`,
/// which pass them along the responder chain unless a responder keeps them.
extension Window {
    /// A touch that begins within this many seconds of the last lift-off continues its tap count.
    public static let multipleTapInterval = 0.35
    /// ...and within this many points of it, on the same view.
    public static let multipleTapRadius: CGFloat = 20

    /// Delivers one event: the given fingers' changes at `timestamp` (seconds on the caller's
    /// clock, never earlier than the last event). Timers due by then fire first. Fingers down
    /// that are not listed are reported as `.stationary`.
    /// - Returns: The event delivered.
    /// - Throws: ``TouchInputError`` when the input cannot happen; nothing is delivered then.
    @discardableResult
    public func send(_ inputs: [TouchInput], at timestamp: Double) throws(TouchInputError) -> Event {
        try dispatcher.send(inputs, at: timestamp)
    }

    /// Sends one finger's change; see ``send(_:at:)``.
    @discardableResult
    public func sendTouch(
        _ phase: Touch.Phase, at location: CGPoint, time timestamp: Double, finger: Int = 0
    ) throws(TouchInputError) -> Event {
        try send([TouchInput(finger: finger, phase: phase, location: location)], at: timestamp)
    }

    /// Moves the event clock to `time` without touches, firing the timers due by then (a long
    /// press recognizes, a double-tap recognizer gives up waiting, animations end), after the
    /// completion handlers of animation blocks that waited for a window's next step.
    /// - Throws: ``TouchInputError/timeWentBackwards(timestamp:latest:)`` for an earlier time.
    public func advanceTime(to time: Double) throws(TouchInputError) {
        try dispatcher.advanceTime(to: time)
    }

    /// The event clock: the time of the latest event or ``advanceTime(to:)``.
    public var eventTime: Double { dispatcher.clock }

    func schedule(at time: Double, _ action: @escaping () -> Void) {
        dispatcher.schedule(at: time, action)
    }

    func recognizers(sharingTouchesWith recognizer: GestureRecognizer) -> [GestureRecognizer] {
        dispatcherStorage == nil ? [] : dispatcher.recognizers(sharingTouchesWith: recognizer)
    }
    func recognizers(receiving touch: Touch) -> [GestureRecognizer] {
        dispatcherStorage?.recognizers(receiving: touch) ?? []
    }
    func viewHasTouch(_ touch: Touch) -> Bool { dispatcher.viewHasTouch(touch) }
    func recognizerMayStart(_ recognizer: GestureRecognizer) -> Bool { dispatcher.recognizerMayStart(recognizer) }
    func recognizerDidStart(_ recognizer: GestureRecognizer) { dispatcher.recognizerDidStart(recognizer) }
    func recognizerDidFail(_ recognizer: GestureRecognizer) { dispatcher.recognizerDidFail(recognizer) }
}
