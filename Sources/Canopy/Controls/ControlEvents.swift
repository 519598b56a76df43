/// The events a control sends to its actions: UIKit's `UIControl.Event`, under its earlier
/// name `UIControlEvents` less the prefix.
///
/// The name is not `Control.Event` because, inside a `Control` subclass, `Event` must still mean
/// the touch event, so that UIKit's override signatures (`beginTracking(_:with event: Event?)`,
/// `touchesBegan(_:with:)`, `point(inside:with:)`) compile as written. Code that names the
/// events by their members (`for: .touchUpInside`) ports unchanged.
public struct ControlEvents: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt
    /// Creates an event set from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// A finger touched down in the control.
    public static let touchDown = ControlEvents(rawValue: 1 << 0)
    /// A repeated touch-down (a tap count above 1).
    public static let touchDownRepeat = ControlEvents(rawValue: 1 << 1)
    /// The finger moved while inside.
    public static let touchDragInside = ControlEvents(rawValue: 1 << 2)
    /// The finger moved while outside.
    public static let touchDragOutside = ControlEvents(rawValue: 1 << 3)
    /// The finger came back inside.
    public static let touchDragEnter = ControlEvents(rawValue: 1 << 4)
    /// The finger went outside.
    public static let touchDragExit = ControlEvents(rawValue: 1 << 5)
    /// The finger lifted inside.
    public static let touchUpInside = ControlEvents(rawValue: 1 << 6)
    /// The finger lifted outside.
    public static let touchUpOutside = ControlEvents(rawValue: 1 << 7)
    /// The touch was cancelled.
    public static let touchCancel = ControlEvents(rawValue: 1 << 8)
    /// The control's value changed.
    public static let valueChanged = ControlEvents(rawValue: 1 << 12)
    /// The control's primary action happened (a button's tap).
    public static let primaryActionTriggered = ControlEvents(rawValue: 1 << 13)
    /// Every touch event.
    public static let allTouchEvents = ControlEvents(rawValue: 0x0FFF)
}
