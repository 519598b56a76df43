import Foundation

/// A view that turns touches into actions: the base of buttons, switches and sliders, with the
/// behaviour of UIKit's `UIControl`.
///
/// A control tracks one touch at a time. While the finger stays within ``touchTolerance`` points
/// of the bounds the touch counts as inside: the control is highlighted, lifting there sends
/// ``Event-swift.struct/touchUpInside``, and crossing that edge sends
/// ``Event-swift.struct/touchDragExit`` / ``Event-swift.struct/touchDragEnter``. A control keeps
/// its touches (it does not pass them along the responder chain); a disabled one ignores them.
///
/// ```swift
/// let control = Control(frame: CGRect(x: 0, y: 0, width: 44, height: 44))
/// control.addAction(for: .touchUpInside) { control, event in print("tapped") }
/// ```
open class Control: View {
    /// A control's state: `.normal` is the empty set, and combinations are distinct states.
    public struct State: OptionSet, Hashable, Sendable {
        /// The raw bits.
        public let rawValue: UInt
        /// Creates a state from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Enabled, not selected, not highlighted.
        public static let normal: State = []
        /// A touch is down inside the control.
        public static let highlighted = State(rawValue: 1 << 0)
        /// The control is disabled.
        public static let disabled = State(rawValue: 1 << 1)
        /// The control is selected.
        public static let selected = State(rawValue: 1 << 2)
    }

    /// The events a control sends to its actions.
    public struct Event: OptionSet, Hashable, Sendable {
        /// The raw bits.
        public let rawValue: UInt
        /// Creates an event set from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// A finger touched down in the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A repeated touch-down (a tap count above 1).
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// The finger moved while inside.
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// The finger moved while outside.
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// The finger came back inside.
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// The finger went outside.
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// The finger lifted inside.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// The finger lifted outside.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// The touch was cancelled.
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The control's value changed.
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's primary action happened (a button's tap).
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// Every touch event.
        public static let allTouchEvents = Event(rawValue: 0x0FFF)
    }

    /// Identifies an action added with ``addAction(for:_:)``, for ``removeAction(_:)``.
    public struct ActionIdentifier: Hashable, Sendable {
        fileprivate let value: Int
    }

    /// How far, in points, a touch may stray outside the bounds and still count as inside
    /// (UIKit's value).
    public static let touchTolerance: CGFloat = 70

    private var actions: [(id: ActionIdentifier, events: Event, handler: (Control, Canopy.Event?) -> Void)] = []
    private var nextActionID = 0
    // Weak: the window keeps a touch alive while its finger is down, and the touch holds its
    // view (this control), so a strong reference would be a cycle when a finger never lifts.
    private weak var trackedTouch: Touch?

    /// Whether the control responds to touches; a disabled control ignores them.
    open var isEnabled = true {
        didSet {
            if !isEnabled, let touch = trackedTouch { cancel(touch, with: nil) }
            stateDidChange()
        }
    }
    /// Whether the control is selected.
    open var isSelected = false {
        didSet { stateDidChange() }
    }
    /// Whether the control is highlighted (a tracked touch is inside).
    open var isHighlighted = false {
        didSet { stateDidChange() }
    }
    /// Whether a touch is being tracked.
    public private(set) var isTracking = false
    /// Whether the tracked touch is inside (within ``touchTolerance`` of the bounds).
    public private(set) var isTouchInside = false

    /// How the content is placed across the width; centered by default.
    public var contentHorizontalAlignment = ContentHorizontalAlignment.center {
        didSet { setNeedsLayout() }
    }
    /// How the content is placed across the height; centered by default.
    public var contentVerticalAlignment = ContentVerticalAlignment.center {
        didSet { setNeedsLayout() }
    }

    /// The control's current state, from ``isEnabled``, ``isSelected`` and ``isHighlighted``.
    public var state: State {
        var state: State = []
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    /// Called after ``isEnabled``, ``isSelected`` or ``isHighlighted`` is set: tells observers,
    /// and lets Canopy's controls that show their state (a button) update.
    func stateDidChange() {
        observedPropertiesDidChange()
    }

    // MARK: Actions

    /// Adds `handler`, called with the control and the triggering event for each of `events`.
    /// - Returns: An identifier for ``removeAction(_:)``.
    @discardableResult
    public func addAction(for events: Event, _ handler: @escaping (Control, Canopy.Event?) -> Void) -> ActionIdentifier {
        let id = ActionIdentifier(value: nextActionID)
        nextActionID += 1
        actions.append((id, events, handler))
        return id
    }

    /// Removes an action added with ``addAction(for:_:)``.
    public func removeAction(_ id: ActionIdentifier) {
        actions.removeAll { $0.id == id }
    }

    /// Calls the actions registered for any of `events`, in the order they were added.
    public func sendActions(for events: Event, with event: Canopy.Event? = nil) {
        for action in actions where !action.events.isDisjoint(with: events) {
            action.handler(self, event)
        }
    }

    // MARK: Tracking (override points)

    /// Called when a touch begins in the control; return whether to track it. The default
    /// tracks it.
    open func beginTracking(_ touch: Touch, with event: Canopy.Event?) -> Bool { true }

    /// Called as the tracked touch moves; return whether to go on tracking. The default goes on.
    open func continueTracking(_ touch: Touch, with event: Canopy.Event?) -> Bool { true }

    /// Called when the tracked touch lifts.
    open func endTracking(_ touch: Touch?, with event: Canopy.Event?) {}

    /// Called when tracking is cancelled.
    open func cancelTracking(with event: Canopy.Event?) {}

    /// The events sent when a tracked touch lifts inside: ``Event-swift.struct/touchUpInside``;
    /// a button adds ``Event-swift.struct/primaryActionTriggered``.
    open var eventsForTouchUpInside: Event { .touchUpInside }

    // MARK: Touches

    open override func touchesBegan(_ touches: Set<Touch>, with event: Canopy.Event?) {
        guard isEnabled, trackedTouch == nil, let touch = touches.first else { return }
        trackedTouch = touch
        isTouchInside = true
        isHighlighted = true
        isTracking = beginTracking(touch, with: event)
        sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown, with: event)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Canopy.Event?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        let wasInside = isTouchInside
        isTouchInside = isWithinTolerance(touch)
        isHighlighted = isTouchInside
        if isTracking { isTracking = continueTracking(touch, with: event) }
        var events: Event = isTouchInside ? .touchDragInside : .touchDragOutside
        if isTouchInside != wasInside { events.insert(isTouchInside ? .touchDragEnter : .touchDragExit) }
        sendActions(for: events, with: event)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Canopy.Event?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        let inside = isWithinTolerance(touch)
        finishTracking()
        if isTracking { endTracking(touch, with: event) }
        isTracking = false
        sendActions(for: inside ? eventsForTouchUpInside : .touchUpOutside, with: event)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Canopy.Event?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        cancel(touch, with: event)
    }

    private func cancel(_ touch: Touch, with event: Canopy.Event?) {
        finishTracking()
        if isTracking { cancelTracking(with: event) }
        isTracking = false
        sendActions(for: .touchCancel, with: event)
    }

    private func finishTracking() {
        trackedTouch = nil
        isTouchInside = false
        isHighlighted = false
    }

    private func isWithinTolerance(_ touch: Touch) -> Bool {
        bounds.insetBy(dx: -Self.touchTolerance, dy: -Self.touchTolerance).contains(touch.location(in: self))
    }
}
