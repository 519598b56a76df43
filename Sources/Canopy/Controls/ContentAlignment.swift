import Foundation

extension Control {
    /// How a control places its content across its width.
    public enum ContentHorizontalAlignment: Sendable, CaseIterable {
        /// Centered.
        case center
        /// Against the left edge.
        case left
        /// Against the right edge.
        case right
        /// Stretched to the full width.
        case fill
        /// Against the leading edge (the right, when the control lays out right to left).
        case leading
        /// Against the trailing edge (the left, when the control lays out right to left).
        case trailing
    }

    /// How a control places its content across its height.
    public enum ContentVerticalAlignment: Sendable, CaseIterable {
        /// Centered.
        case center
        /// Against the top edge.
        case top
        /// Against the bottom edge.
        case bottom
        /// Stretched to the full height.
        case fill
    }
}

extension Control {
    /// ``contentHorizontalAlignment`` with leading and trailing resolved to left or right by
    /// the control's layout direction.
    public var effectiveContentHorizontalAlignment: ContentHorizontalAlignment {
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        switch contentHorizontalAlignment {
        case .leading: return rightToLeft ? .right : .left
        case .trailing: return rightToLeft ? .left : .right
        default: return contentHorizontalAlignment
        }
    }
}

extension Control.ContentHorizontalAlignment {
    /// Where a box of `length` goes in `available` (from `start`); `fill` takes it all.
    func place(_ length: CGFloat, from start: CGFloat, in available: CGFloat) -> (origin: CGFloat, length: CGFloat) {
        switch self {
        case .center: (start + (available - length) / 2, length)
        case .left, .leading: (start, length)
        case .right, .trailing: (start + available - length, length)
        case .fill: (start, available)
        }
    }
}

extension Control.ContentVerticalAlignment {
    /// Where a box of `length` goes in `available` (from `start`); `fill` takes it all.
    func place(_ length: CGFloat, from start: CGFloat, in available: CGFloat) -> (origin: CGFloat, length: CGFloat) {
        switch self {
        case .center: (start + (available - length) / 2, length)
        case .top: (start, length)
        case .bottom: (start + available - length, length)
        case .fill: (start, available)
        }
    }
}
