import Foundation

/// Distances in from each edge of a rectangle, as UIKit's `UIEdgeInsets`: positive values
/// shrink the rectangle, negative ones grow it.
public struct EdgeInsets: Hashable, Sendable {
    /// The inset from the top edge.
    public var top: CGFloat
    /// The inset from the left edge.
    public var left: CGFloat
    /// The inset from the bottom edge.
    public var bottom: CGFloat
    /// The inset from the right edge.
    public var right: CGFloat

    /// Creates insets from the four distances.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No inset on any side.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// The left and right insets together.
    public var horizontal: CGFloat { left + right }
    /// The top and bottom insets together.
    public var vertical: CGFloat { top + bottom }

    /// Whether every distance is finite.
    public var isFinite: Bool { top.isFinite && left.isFinite && bottom.isFinite && right.isFinite }
}

extension CGRect {
    /// The rectangle with each edge moved in by `insets` (out, for negative insets).
    public func inset(by insets: EdgeInsets) -> CGRect {
        let r = standardized
        return CGRect(
            x: r.minX + insets.left, y: r.minY + insets.top,
            width: r.width - insets.horizontal, height: r.height - insets.vertical)
    }
}
