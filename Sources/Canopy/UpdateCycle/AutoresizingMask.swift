import Foundation

/// Which parts of a view stretch when its superview's bounds size changes.
public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt
    /// Creates a mask from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The left margin stretches.
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    /// The width stretches.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// The right margin stretches.
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    /// The top margin stretches.
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    /// The height stretches.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    /// The bottom margin stretches.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
}

extension View {
    /// Resizes and moves this view after its superview's bounds size changed from `oldSize` to
    /// `newSize`: on each axis the change is shared among the flexible parts (leading margin,
    /// size, trailing margin) of the frame in proportion to their current sizes (negative parts
    /// count as 0; when all flexible parts are 0 the change is shared equally), as UIKit does.
    /// The size change goes to the bounds (never below 0) and the center moves with it, so a
    /// transformed view keeps its shape instead of growing into its bounding box. It runs when
    /// the size changes, so frames are current before the next layout pass.
    func autoresize(superviewSizeChangedFrom oldSize: CGSize, to newSize: CGSize) {
        let mask = autoresizingMask
        guard !mask.isEmpty, let superview else { return }
        let old = frame
        let origin = superview.bounds.origin
        let x = Self.share(
            newSize.width - oldSize.width, leading: old.minX - origin.x, size: old.width,
            trailing: origin.x + oldSize.width - old.maxX,
            flexible: (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin)))
        let y = Self.share(
            newSize.height - oldSize.height, leading: old.minY - origin.y, size: old.height,
            trailing: origin.y + oldSize.height - old.maxY,
            flexible: (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin)))
        guard x != (0, 0) || y != (0, 0) else { return }
        let size = geometry.bounds.size
        let grown = CGSize(width: max(0, size.width + x.size), height: max(0, size.height + y.size))
        let anchor = geometry.anchorPoint
        move(
            centerBy: CGPoint(
                x: x.leading + anchor.x * (grown.width - size.width), y: y.leading + anchor.y * (grown.height - size.height)),
            resizingBoundsTo: grown)
    }

    /// How much of `change` goes to the leading margin and to the size.
    private static func share(
        _ change: CGFloat, leading: CGFloat, size: CGFloat, trailing: CGFloat,
        flexible: (leading: Bool, size: Bool, trailing: Bool)
    ) -> (leading: CGFloat, size: CGFloat) {
        let weights = [
            flexible.leading ? max(leading, 0) : 0,
            flexible.size ? max(size, 0) : 0,
            flexible.trailing ? max(trailing, 0) : 0,
        ]
        let flexibleCount = [flexible.leading, flexible.size, flexible.trailing].filter { $0 }.count
        guard flexibleCount > 0, change != 0 else { return (0, 0) }
        let total = weights.reduce(0, +)
        func part(_ i: Int, _ isFlexible: Bool) -> CGFloat {
            guard isFlexible else { return 0 }
            return total > 0 ? change * weights[i] / total : change / CGFloat(flexibleCount)
        }
        return (part(0, flexible.leading), part(1, flexible.size))
    }
}
