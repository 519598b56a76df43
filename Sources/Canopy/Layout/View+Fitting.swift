import Foundation

extension View {
    /// The smallest size worth asking ``systemLayoutSizeFitting(_:)`` for: the most compressed layout.
    public static let layoutFittingCompressedSize = CGSize.zero
    /// The largest size worth asking for: the most expanded layout.
    public static let layoutFittingExpandedSize = CGSize(width: 10_000_000, height: 10_000_000)

    /// The size the view's own constraints (those held in its subtree) give it when pulled
    /// toward `targetSize` at the lowest priority (``LayoutPriority/fittingSizeLevel``).
    public func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(
            targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }

    /// The size the view's own constraints give it when its width and height are pulled toward
    /// `targetSize` at the given priorities (`.required` fixes a dimension: the usual way to
    /// ask for a cell's height at a given width). Nothing is laid out or changed. When the core
    /// cannot solve the system (a block too large for it), the answer is the current size.
    /// - Precondition: the target is finite and not negative; the priorities are within 1...1000.
    public func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontal: LayoutPriority,
        verticalFittingPriority vertical: LayoutPriority
    ) -> CGSize {
        precondition(
            targetSize.width.isFinite && targetSize.height.isFinite && targetSize.width >= 0 && targetSize.height >= 0,
            "Canopy: systemLayoutSizeFitting needs a finite, non-negative target size, got \(targetSize)")
        precondition(horizontal.isValid && vertical.isValid, "Canopy: fitting priorities must be 1...1000")
        let system = LayoutSystem(
            root: self, fitting: LayoutSystem.Fitting(size: targetSize, horizontal: horizontal, vertical: vertical))
        let workspace = storedWindow?.layoutEngine.workspace ?? Workspace()
        guard let solution = try? LayoutEngine.solve(system, in: workspace), let root = system.index(of: self) else {
            return bounds.size
        }
        let scale = contentScaleFactor
        // Up to the pixel grid; a value within rounding of a pixel line is on it (105 + 1e-13
        // is 105, not 106).
        func snapped(_ value: Double) -> CGFloat {
            let pixels = CGFloat(value) * scale, nearest = pixels.rounded()
            return (abs(pixels - nearest) <= 1e-9 * max(1, abs(pixels)) ? nearest : pixels.rounded(.up)) / scale
        }
        return CGSize(
            width: snapped(solution.values[system.variable(root, 1)]), height: snapped(solution.values[system.variable(root, 3)]))
    }
}
