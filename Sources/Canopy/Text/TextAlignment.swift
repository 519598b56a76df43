/// Where the lines of a text sit across its width, as UIKit's `NSTextAlignment`.
public enum TextAlignment: Sendable, Hashable, CaseIterable {
    /// Against the left edge.
    case left
    /// Centered.
    case center
    /// Against the right edge.
    case right
    /// Stretched to both edges, except the last line of a paragraph.
    case justified
    /// Against the leading edge: left in a left-to-right layout, right in a right-to-left one.
    case natural

    /// The alignment with `.natural` resolved for `direction`.
    public func resolved(for direction: UserInterfaceLayoutDirection) -> TextAlignment {
        guard self == .natural else { return self }
        return direction == .rightToLeft ? .right : .left
    }
}
