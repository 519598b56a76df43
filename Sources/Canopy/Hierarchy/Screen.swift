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

    /// The screen a window is on when none is named: a phone's, 390 × 844 points at scale 3.
    ///
    /// Canopy draws on no real display, so this is a fixed value, not a query; a window made
    /// with ``Window/init(frame:screen:)`` and no screen gets a screen of scale 1 as large as
    /// its frame instead.
    public static let main = Screen(bounds: CGRect(x: 0, y: 0, width: 390, height: 844), scale: 3)

    /// The screen's rectangle in pixels: ``bounds`` times ``scale``.
    public var nativeBounds: CGRect {
        CGRect(x: bounds.minX * scale, y: bounds.minY * scale, width: bounds.width * scale, height: bounds.height * scale)
    }

    /// Pixels per point of the physical display: the same as ``scale``.
    public var nativeScale: CGFloat { scale }
}
