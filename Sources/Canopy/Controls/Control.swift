import Foundation

/// A view that turns touches into actions: the base of buttons, switches and sliders, with the
/// behaviour of UIKit's `UIControl`.
///
/// A control tracks one touch at a time. While the finger stays within ``touchTolerance`` points
/// of the bounds the touch counts as inside: the control is highlighted, lifting there sends
/// ``ControlEvents/touchUpInside``, and crossing that edge sends
/// ``ControlEvents/touchDragExit`` / ``ControlEvents/touchDragEnter``. A control keeps
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

    /// Identifies an action added with ``addAction(for:_:)``, for ``removeAction(_:)``.
    public struct ActionIdentifier: Hashable, Sendable {
        fileprivate let value: Int
    }

    /// How far, in points, a touch may stray outside the bounds and still count as inside
    /// (UIKit's value).
    public static let touchTolerance: CGFloat = 70

    private var actions: [(id: ActionIdentifier, events: ControlEvents, handler: (Control, Event?) -> Void)] = []
    private var nextActionID = 0
    // Weak: the window keeps a touch alive while its finger is down, and the touch holds its
    // view (this control), so a strong reference would be a cycle when a finger never lifts.
    private weak var trackedTouch: Touch?

    /// Creates a control with the given frame.
    public override init(frame: CGRect) { super.init(frame: frame) }

    /// Creates a control from an archive: the view's values, then whether it is enabled and
    /// selected and how its content is aligned.
    public required init?(coder: Coder) {
        super.init(coder: coder)
        guard coder.attempt({ () throws(ArchiveError) in try decodeControlProperties(from: coder) }) else { return nil }
    }

    /// Writes the view's values and the control's.
    open override func encode(with coder: Coder) {
        super.encode(with: coder)
        encodeControlProperties(with: coder)
    }

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
    public func addAction(for events: ControlEvents, _ handler: @escaping (Control, Event?) -> Void) -> ActionIdentifier {
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
    public func sendActions(for events: ControlEvents, with event: Event? = nil) {
        for action in actions where !action.events.isDisjoint(with: events) {
            action.handler(self, event)
        }
    }

    // MARK: Tracking (override points)

    /// Called when a touch begins in the control; return whether to track it. The default
    /// tracks it.
    open func beginTracking(_ touch: Touch, with event: Event?) -> Bool { true }

    /// Called as the tracked touch moves; return whether to go on tracking. The default goes on.
    open func continueTracking(_ touch: Touch, with event: Event?) -> Bool { true }

    /// Called when the tracked touch lifts.
    open func endTracking(_ touch: Touch?, with event: Event?) {}

    /// Called when tracking is cancelled.
    open func cancelTracking(with event: Event?) {}

    /// The events sent when a tracked touch lifts inside: ``ControlEvents/touchUpInside``;
    /// a button adds ``ControlEvents/primaryActionTriggered``.
    open var eventsForTouchUpInside: ControlEvents { .touchUpInside }

    // MARK: Arbitration with gesture recognizers

    /// Refuses a recognizer of another view that would take the control's own gesture, so
    /// that the control's action wins, as UIKit's controls do: an enabled control refuses
    /// single-finger single taps. A recognizer attached to the control itself may always begin.
    open override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        guard recognizer.view !== self, isEnabled else { return true }
        return !takesOwnGesture(recognizer)
    }

    /// Whether `recognizer` would take the gesture this control acts on: a single tap of one
    /// finger. A slider or a switch would add its pans and swipes.
    func takesOwnGesture(_ recognizer: GestureRecognizer) -> Bool {
        guard let tap = recognizer as? TapGestureRecognizer else { return false }
        return tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1
    }

    // MARK: Touches

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        guard isEnabled, trackedTouch == nil, let touch = touches.first else { return }
        trackedTouch = touch
        isTouchInside = true
        isHighlighted = true
        isTracking = beginTracking(touch, with: event)
        sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown, with: event)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        let wasInside = isTouchInside
        isTouchInside = isWithinTolerance(touch)
        isHighlighted = isTouchInside
        if isTracking { isTracking = continueTracking(touch, with: event) }
        var events: ControlEvents = isTouchInside ? .touchDragInside : .touchDragOutside
        if isTouchInside != wasInside { events.insert(isTouchInside ? .touchDragEnter : .touchDragExit) }
        sendActions(for: events, with: event)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        let inside = isWithinTolerance(touch)
        finishTracking()
        if isTracking { endTracking(touch, with: event) }
        isTracking = false
        sendActions(for: inside ? eventsForTouchUpInside : .touchUpOutside, with: event)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        cancel(touch, with: event)
    }

    private func cancel(_ touch: Touch, with event: Event?) {
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
