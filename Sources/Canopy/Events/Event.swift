/// An event delivered to views: the touches that changed together at one moment, and the
/// `with:` argument of hit testing and touch handling.
public final class Event {
    /// The kinds of event.
    public enum EventType: Sendable {
        /// A touch (finger) event.
        case touches
    }

    /// What kind of event this is.
    public let type: EventType
    /// When the event happened, in seconds on the caller's event clock.
    public let timestamp: Double
    /// Every touch of the event: those that changed and the fingers still down.
    public let allTouches: Set<Touch>

    /// Creates an event of `type` at `timestamp` holding `touches`.
    public init(type: EventType = .touches, timestamp: Double = 0, touches: Set<Touch> = []) {
        self.type = type
        self.timestamp = timestamp
        self.allTouches = touches
    }

    /// The event's touches bound to `view`.
    public func touches(for view: View) -> Set<Touch> {
        allTouches.filter { $0.view === view }
    }

    /// The event's touches in `window`.
    public func touches(for window: Window) -> Set<Touch> {
        allTouches.filter { $0.window === window }
    }
}
