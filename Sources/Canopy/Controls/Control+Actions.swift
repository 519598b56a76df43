import Foundation

extension Control {
    /// Sends the action named `action` (Interface Builder's name for it, as `"save:"`), with this
    /// control as its sender, as UIKit's `sendAction(_:to:for:)`: to `target` when given, else up
    /// the responder chain from the window's first responder (from this control when there is
    /// none) to the first responder that declares the action (see ``Inspectable``). An action
    /// whose argument is of another class than this control does not match.
    /// - Returns: Whether a receiver performed the action.
    @discardableResult
    public func sendAction(_ action: String, to target: AnyObject?, for event: Event? = nil) -> Bool {
        var candidate: AnyObject? = target ?? window?.firstResponder ?? self
        while let receiver = candidate {
            if let property = InspectableValues.property(action, of: receiver), property.role == .action,
                let call = property.bindAction?(receiver, self)
            {
                call()
                return true
            }
            guard target == nil else { return false }
            candidate = (receiver as? Responder)?.next
        }
        return false
    }
}
