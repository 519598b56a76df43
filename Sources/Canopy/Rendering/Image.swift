import Foundation

/// A picture's size, in points, at a scale (pixels per point): what controls and image views
/// lay out with. Pixel content arrives with rendering; an image made here is a blank of its size.
public struct Image: Hashable, Sendable {
    /// The size in points.
    public let size: CGSize
    /// Pixels per point.
    public let scale: CGFloat

    /// Creates an image of `size` points at `scale`.
    /// - Precondition: the size is finite and not negative; the scale is finite and positive.
    public init(size: CGSize, scale: CGFloat = 1) {
        precondition(
            size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0,
            "Canopy: an image size must be finite and not negative, got \(size)")
        precondition(scale.isFinite && scale > 0, "Canopy: an image scale must be positive, got \(scale)")
        self.size = size
        self.scale = scale
    }
}
