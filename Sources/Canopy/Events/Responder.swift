/// An object that can take part in the responder chain: it handles touches or passes them on.
///
/// The chain runs from a view to its view controller (when it is one's root view), then to its
/// superview, and on up to the window and the window's ``Application``. Each of the four touch
/// methods forwards to ``next`` by default; an override that does not call `super` (or forward
/// itself) stops the touches there, as in UIKit.
open class Responder: Inspectable {
    /// Whether this responder's class is one of Canopy's that only pass touches on; forwarding
    /// skips such responders in a loop instead of calling them, so a long chain (a deep view
    /// tree) costs no call-stack depth.
    let onlyPassesTouchesOn: Bool

    /// Creates a responder.
    public init() {
        onlyPassesTouchesOn = Self.classOnlyPassesTouchesOn(Self.self)
    }

    /// Called on every object a nib or storyboard made, once all of them exist and every outlet
    /// is connected; the default does nothing. Overrides call `super`.
    open func awakeFromNib() {}

    /// Called instead of ``awakeFromNib()`` when a design tool shows the object; the default
    /// does nothing. Canopy's nibs never call it: it is here so that code written for Interface
    /// Builder compiles unchanged.
    open func prepareForInterfaceBuilder() {}

    /// The properties, outlets and actions reachable by name (see ``Inspectable``); none by
    /// default.
    open class var keyedProperties: [KeyedProperty] { [] }

    /// Whether `type` is one of Canopy's classes that only pass touches on. (Compared one by
    /// one: hashing the type into a set cost a fifth of making a view.)
    static func classOnlyPassesTouchesOn(_ type: Responder.Type) -> Bool {
        type == View.self || type == Window.self || type == ViewController.self || type == Application.self
    }

    /// The first responder after this one that may handle touches itself.
    var nextTouchHandler: Responder? {
        var responder = next
        while let current = responder, current.onlyPassesTouchesOn { responder = current.next }
        return responder
    }

    /// The next responder in the chain, or `nil` at its end.
    open var next: Responder? { nil }

    // MARK: Touches

    /// One or more fingers touched down in a view this responder handles. Forwards to ``next``.
    open func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        nextTouchHandler?.touchesBegan(touches, with: event)
    }

    /// Fingers moved. Forwards to ``next``.
    open func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        nextTouchHandler?.touchesMoved(touches, with: event)
    }

    /// Fingers lifted. Forwards to ``next``.
    open func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        nextTouchHandler?.touchesEnded(touches, with: event)
    }

    /// Touches were cancelled. Forwards to ``next``.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        nextTouchHandler?.touchesCancelled(touches, with: event)
    }

    // MARK: First responder

    /// Whether this responder accepts first-responder status; `false` by default.
    open var canBecomeFirstResponder: Bool { false }

    /// Whether this responder gives first-responder status up when asked; `true` by default.
    open var canResignFirstResponder: Bool { true }

    /// The window whose first responder this responder can be, if any.
    var windowForFirstResponder: Window? { nil }

    /// Whether this responder is its window's first responder.
    public var isFirstResponder: Bool {
        windowForFirstResponder?.firstResponder === self
    }

    /// Asks to become the window's first responder. Succeeds when ``canBecomeFirstResponder``
    /// is true, the responder is in a window, and the current first responder (if any) agrees to
    /// resign.
    /// - Returns: Whether this responder is now the first responder.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard let window = windowForFirstResponder, canBecomeFirstResponder else { return false }
        if window.firstResponder === self { return true }
        if let current = window.firstResponder, !current.resignFirstResponder() { return false }
        window.firstResponder = self
        return true
    }

    /// Gives first-responder status up, unless ``canResignFirstResponder`` is false.
    /// - Returns: Whether the responder gave it up (or did not have it).
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return true }
        guard canResignFirstResponder else { return false }
        windowForFirstResponder?.firstResponder = nil
        return true
    }
}

/// The end of the responder chain: an app's object that gets what no view handled.
open class Application: Responder {
    /// The window that ``Window/makeKey()`` named last among the windows that point here.
    public internal(set) weak var keyWindow: Window?

    /// Creates an application object.
    public override init() {}
}
