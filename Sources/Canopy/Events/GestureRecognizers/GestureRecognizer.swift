import Foundation

/// Answers a gesture recognizer asks its delegate; every method has a default.
public protocol GestureRecognizerDelegate: AnyObject {
    /// Whether `recognizer` may leave `.possible` (begin or recognize). Default: true.
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool
    /// Whether `recognizer` and `other` may recognize at the same time. Default: false.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool
    /// Whether `recognizer` should see `touch` at all. Default: true.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
    /// Whether `recognizer` must wait for `other` (a recognizer of the same touches) to fail
    /// before it begins or recognizes. Default: false.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool
    /// Whether `other` (a recognizer of the same touches) must wait for `recognizer` to fail.
    /// Default: false.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool
}

extension GestureRecognizerDelegate {
    /// Default: true.
    public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }
    /// Default: false.
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { false }
    /// Default: true.
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
    /// Default: false.
    public func gestureRecognizer(
        _ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer
    ) -> Bool { false }
    /// Default: false.
    public func gestureRecognizer(
        _ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer
    ) -> Bool { false }
}

/// Turns touches into a gesture, with the state machine and arbitration of UIKit's
/// `UIGestureRecognizer`.
///
/// A recognizer attached to a view (``View/addGestureRecognizer(_:)``) sees the touches that
/// begin in that view or its subviews, before the view does. A discrete gesture (a tap) goes
/// from `.possible` to `.ended` (recognized) or `.failed`; a continuous one (a pan) goes
/// `.possible` → `.began` → `.changed`… → `.ended` or `.cancelled`. Its actions run on each of
/// those transitions. When it begins or recognizes, the other recognizers of its touches fail
/// (unless a delegate lets them recognize simultaneously), and with ``cancelsTouchesInView``
/// the view's touches are cancelled.
///
/// Subclasses override the four touch methods and ``reset()``, and set ``state``.
open class GestureRecognizer: Archivable, Inspectable, PropertyObservable {
    /// A recognizer's state.
    public enum State: Sendable {
        /// Touches are being watched; nothing recognized yet.
        case possible
        /// A continuous gesture started.
        case began
        /// A continuous gesture changed.
        case changed
        /// The gesture ended (a discrete gesture: recognized).
        case ended
        /// A continuous gesture was cancelled.
        case cancelled
        /// The touches are not this gesture.
        case failed

        /// A discrete gesture's "recognized" is `.ended`.
        public static let recognized = State.ended

        var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }
    }

    private var actions: [(GestureRecognizer) -> Void] = []
    private var failureRequirements: [GestureRecognizer] = []
    /// A state this recognizer asked for while recognizers it requires to fail were undecided,
    /// and those recognizers. They are kept, because those named by delegates are found
    /// through shared touches, which have lifted by the time they decide.
    private var deferral: (state: State, requirements: [GestureRecognizer])?
    /// The touches this recognizer is watching, in the order they arrived.
    public private(set) var touches: [Touch] = []
    var owningWindow: Window? { view?.window }

    /// The view the recognizer is attached to.
    public internal(set) weak var view: View?
    /// The delegate, if any.
    public weak var delegate: GestureRecognizerDelegate?
    /// Whether the recognizer takes part; disabling it cancels a gesture under way.
    public var isEnabled = true {
        didSet { if !isEnabled { stopGesture() } }
    }
    /// Whether recognizing cancels the view's touches (`touchesCancelled`); true by default.
    public var cancelsTouchesInView = true
    /// Whether the view gets `touchesBegan` only once this recognizer has failed; false by default.
    public var delaysTouchesBegan = false
    /// Whether the view gets `touchesEnded` only once this recognizer has failed (and
    /// `touchesCancelled` if it recognizes); true by default.
    public var delaysTouchesEnded = true

    /// Creates a recognizer with an optional action.
    public init(action: ((GestureRecognizer) -> Void)? = nil) {
        if let action { actions.append(action) }
    }

    /// Creates a recognizer from an archive or an Interface Builder file: whether it is
    /// enabled, how it treats the view's touches, and its class's own settings. Its actions
    /// come from the nib's connections.
    public required init?(coder: Coder) {
        guard coder.attempt({ () throws(ArchiveError) in
            try coder.read("isEnabled") { (value: Bool) in isEnabled = value }
            try coder.read("cancelsTouchesInView") { (value: Bool) in cancelsTouchesInView = value }
            try coder.read("delaysTouchesBegan") { (value: Bool) in delaysTouchesBegan = value }
            try coder.read("delaysTouchesEnded") { (value: Bool) in delaysTouchesEnded = value }
            try decodeSettings(from: coder)
        }) else { return nil }
    }

    /// Writes what differs from a new recognizer; a subclass that overrides it calls `super`.
    open func encode(with coder: Coder) {
        coder.encode(isEnabled, forKey: "isEnabled", unless: true)
        coder.encode(cancelsTouchesInView, forKey: "cancelsTouchesInView", unless: true)
        coder.encode(delaysTouchesBegan, forKey: "delaysTouchesBegan", unless: false)
        coder.encode(delaysTouchesEnded, forKey: "delaysTouchesEnded", unless: true)
        encodeSettings(with: coder)
    }

    /// Reads the settings of a Canopy subclass (taps required, direction...).
    func decodeSettings(from coder: Coder) throws(ArchiveError) {}
    /// Writes the settings of a Canopy subclass.
    func encodeSettings(with coder: Coder) {}

    /// The properties reachable by name (see ``Inspectable``): the `delegate` outlet.
    open class var keyedProperties: [KeyedProperty] {
        [.outlet("delegate", \GestureRecognizer.delegate)]
    }

    /// Called on every object a nib or storyboard made, once all exist and their outlets are
    /// connected; the default does nothing.
    open func awakeFromNib() {}

    /// Adds an action, called after each transition to began, changed, ended or cancelled.
    public func addAction(_ action: @escaping (GestureRecognizer) -> Void) {
        actions.append(action)
    }

    /// The recognizer's state. Subclasses set it; the base class applies the rules:
    /// dependencies (``require(toFail:)``), the delegate, and arbitration with other recognizers.
    public var state: State {
        get { storedState }
        set { requestTransition(to: newValue) }
    }
    private var storedState = State.possible {
        didSet { if storedState != oldValue { observationRegistry.propertiesDidChange(of: self) } }
    }

    /// The observers of this recognizer's properties (its ``state``).
    public let observationRegistry = ObservationRegistry()

    /// Makes this recognizer wait for `other` to fail before it begins or recognizes; if
    /// `other` recognizes, this one fails.
    public func require(toFail other: GestureRecognizer) {
        precondition(other !== self, "Canopy: a gesture recognizer cannot require itself to fail")
        failureRequirements.append(other)
    }

    /// The number of touches being watched.
    public var numberOfTouches: Int { touches.count }

    /// The vector from the first finger to the second, in window space, while exactly two are
    /// watched: what two-finger gestures (pinch, rotation) measure.
    var twoFingerSpan: CGPoint? {
        guard touches.count == 2 else { return nil }
        let a = touches[0].location(in: nil), b = touches[1].location(in: nil)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }

    /// Where the touch at `index` (in the order the touches arrived) is, in the space of `view`
    /// (`nil`: the window).
    /// - Precondition: `index` is less than ``numberOfTouches``.
    public func location(ofTouch index: Int, in view: View?) -> CGPoint {
        precondition(
            touches.indices.contains(index), "Canopy: \(Self.self) has \(touches.count) touches, not a touch \(index)")
        return touches[index].location(in: view)
    }

    /// The centroid of the watched touches in the space of `view` (`nil`: the window).
    public func location(in view: View?) -> CGPoint {
        guard !touches.isEmpty else { return .zero }
        let points = touches.map { $0.location(in: view) }
        return CGPoint(
            x: points.map(\.x).reduce(0, +) / CGFloat(points.count), y: points.map(\.y).reduce(0, +) / CGFloat(points.count))
    }

    // MARK: Subclass override points

    /// Touches began. The default does nothing.
    open func touchesBegan(_ touches: Set<Touch>, with event: Event) {}
    /// Touches moved. The default does nothing.
    open func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
    /// Touches ended. The default does nothing.
    open func touchesEnded(_ touches: Set<Touch>, with event: Event) {}
    /// Touches were cancelled. The default cancels a gesture under way, or fails.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event) { cancelGesture() }
    /// Returns the recognizer to `.possible` after a gesture; subclasses clear their own state
    /// and call `super`.
    open func reset() {}
    /// Whether this recognizer must wait for `other`, a recognizer of the same touches, to fail.
    /// The default is false; a subclass overrides it to depend on kinds of recognizer.
    open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }
    /// Whether `other`, a recognizer of the same touches, must wait for this one to fail. The
    /// default is false.
    open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }

    /// Schedules `action` on the window's event clock, `delay` seconds after `event`; it runs
    /// when ``Window/advanceTime(to:)`` or a later event passes that time, if the recognizer is
    /// still `.possible` and watching touches from the same gesture.
    public func schedule(after delay: Double, from event: Event, _ action: @escaping (GestureRecognizer) -> Void) {
        let generation = self.generation
        owningWindow?.schedule(at: event.timestamp + delay) { [weak self] in
            guard let self, self.generation == generation, self.state == .possible else { return }
            action(self)
        }
    }

    // MARK: Transitions

    /// Counts gestures, so that a timer set during one does not fire into the next.
    private var generation = 0

    private func requestTransition(to newState: State, awaiting awaited: [GestureRecognizer]? = nil) {
        let leavesPossible = storedState == .possible && newState != .possible && newState != .failed
        if leavesPossible {
            let requirements = awaited ?? currentFailureRequirements
            if requirements.contains(where: { !$0.state.isFinished || $0.deferral != nil }) {
                if requirements.contains(where: { $0.state == .began || $0.state == .changed || $0.state == .ended }) {
                    return fail()
                }
                deferral = (newState, requirements)  // wait for them to fail
                return
            }
            if requirements.contains(where: { $0.state != .failed }) { return fail() }
            if delegate?.gestureRecognizerShouldBegin(self) == false || !viewsAgreeToBegin { return fail() }
            if let window = owningWindow, !window.recognizerMayStart(self) { return fail() }
        }
        apply(newState)
    }

    private func fail() {
        deferral = nil
        apply(.failed)
    }

    /// Cancels a gesture under way (or fails one that has not started).
    func cancelGesture() {
        switch storedState {
        case .began, .changed: apply(.cancelled)
        case .possible: fail()
        default: break
        }
    }

    private func apply(_ newState: State) {
        guard newState != storedState || newState == .changed else { return }
        let wasPossible = storedState == .possible
        storedState = newState
        if newState != .possible && newState != .failed {
            for action in actions { action(self) }
        }
        if let window = owningWindow {
            if wasPossible && (newState == .began || newState == .ended) { window.recognizerDidStart(self) }
            if newState == .failed { window.recognizerDidFail(self) }
        }
    }

    /// Ends a continuous gesture under way (`.ended`), or fails one that has not begun: what a
    /// continuous recognizer does when its fingers lift.
    public func endGesture() {
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .ended
        default: break
        }
    }

    /// Cancels or fails the gesture and, when no touches are left to wait for, resets at once.
    func stopGesture() {
        cancelGesture()
        resetIfFinished()
    }

    /// A recognizer this one required to fail has finished: take up a deferred state, or fail.
    func requirementDidFinish() {
        guard let waiting = deferral, !waiting.requirements.contains(where: { !$0.state.isFinished }) else { return }
        deferral = nil
        requestTransition(to: waiting.state, awaiting: waiting.requirements)
    }

    /// Whether this recognizer depends on `other` failing: by ``require(toFail:)``, or, for a
    /// recognizer of the same touches, by either one's overrides or delegate.
    func requiresFailure(of other: GestureRecognizer) -> Bool {
        failureRequirements.contains { $0 === other } || deferral?.requirements.contains { $0 === other } == true
            || requiresFailureDynamically(of: other)
    }

    private func requiresFailureDynamically(of other: GestureRecognizer) -> Bool {
        shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: self)
            || delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) == true
            || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) == true
    }

    /// The recognizers this one waits for now: those of ``require(toFail:)`` and those of the
    /// same touches that the overrides or delegates name.
    private var currentFailureRequirements: [GestureRecognizer] {
        var requirements = failureRequirements
        for other in owningWindow?.recognizers(sharingTouchesWith: self) ?? []
        where !requirements.contains(where: { $0 === other }) && requiresFailureDynamically(of: other) {
            requirements.append(other)
        }
        return requirements
    }

    /// Whether the attached view and the views of the touches let this recognizer begin.
    private var viewsAgreeToBegin: Bool {
        var asked: [View] = []
        for view in [self.view] + touches.map(\.view) {
            guard let view, !asked.contains(where: { $0 === view }) else { continue }
            if !view.gestureRecognizerShouldBegin(self) { return false }
            asked.append(view)
        }
        return true
    }

    /// Whether `self` and `other` may be active together.
    func canRecognizeSimultaneously(with other: GestureRecognizer) -> Bool {
        delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) == true
            || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) == true
    }

    // MARK: Touch bookkeeping (the window's delivery calls these)

    func watch(_ touch: Touch) { touches.append(touch) }

    func stopWatching(_ touch: Touch) { touches.removeAll { $0 === touch } }

    /// Forgets every touch and returns to `.possible` without actions (the window went away).
    func abandonTouches() {
        touches.removeAll()
        storedState = .possible
        deferral = nil
        generation += 1
        reset()
    }

    func isWatching(_ touch: Touch) -> Bool { touches.contains { $0 === touch } }

    /// Whether the recognizer has recognized and waits for a requirement to fail; it takes no
    /// new touches meanwhile.
    var hasDeferredState: Bool { deferral != nil }

    /// Whether the recognizer waits for something without touches: a requirement to fail, or
    /// (``expectsMoreTouches``) a next tap.
    var isWaiting: Bool { deferral != nil || expectsMoreTouches }

    /// Whether a recognizer with no touches left is still undecided on purpose (a multi-tap
    /// recognizer between taps). Subclasses that wait say so.
    var expectsMoreTouches: Bool { false }

    /// Back to `.possible` once a finished gesture has no touches left.
    func resetIfFinished() {
        guard storedState.isFinished, touches.isEmpty else { return }
        storedState = .possible
        deferral = nil
        generation += 1
        reset()
    }

    /// Whether the recognizer is undecided (still `.possible`, or waiting on a requirement).
    var isUndecided: Bool { storedState == .possible }
}
