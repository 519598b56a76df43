/// How a view's drawn content adapts when its bounds change.
public enum ContentMode: Int, Sendable, CaseIterable {
    /// Stretch the content to fill the bounds (the default).
    case scaleToFill
    /// Scale the content to fit, keeping its aspect ratio.
    case scaleAspectFit
    /// Scale the content to fill, keeping its aspect ratio.
    case scaleAspectFill
    /// Redraw the content (call `draw(_:)` again) whenever the bounds size changes.
    case redraw
    /// Keep the content's size, centered.
    case center
    /// Keep the content's size, at the top.
    case top
    /// Keep the content's size, at the bottom.
    case bottom
    /// Keep the content's size, at the left.
    case left
    /// Keep the content's size, at the right.
    case right
    /// Keep the content's size, at the top left.
    case topLeft
    /// Keep the content's size, at the top right.
    case topRight
    /// Keep the content's size, at the bottom left.
    case bottomLeft
    /// Keep the content's size, at the bottom right.
    case bottomRight
}
