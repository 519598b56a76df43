import Foundation

/// The display a window is shown on: its bounds in points and its scale (pixels per point).
public struct Screen: Hashable, Sendable {
    /// The screen's rectangle, in points.
    public var bounds: CGRect
    /// Pixels per point: 1, 2 or 3 on Apple's devices.
    public var scale: CGFloat

    /// Creates a screen.
    /// - Precondition: `bounds` is finite and `scale` is finite and positive.
    public init(bounds: CGRect, scale: CGFloat = 1) {
        precondition(bounds.isFinite, "Canopy: a screen needs finite bounds, got \(bounds)")
        precondition(scale.isFinite && scale > 0, "Canopy: a screen's scale must be positive, got \(scale)")
        self.bounds = bounds
        self.scale = scale
    }
}
