/// An event delivered to views: the `with:` argument of hit testing and touch handling.
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

    /// Creates an event of `type` at `timestamp`.
    public init(type: EventType = .touches, timestamp: Double = 0) {
        self.type = type
        self.timestamp = timestamp
    }
}
