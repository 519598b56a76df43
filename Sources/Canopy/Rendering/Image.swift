import Foundation

/// A picture: a size in points at a scale (pixels per point), with pixels when it was drawn,
/// rendered or read from a PNG file, as UIKit's `UIImage`. An image made from a size alone is a
/// blank that lays out (controls and image views size to it) and draws nothing.
///
/// ```swift
/// let badge = GraphicsImageRenderer(size: CGSize(width: 20, height: 20), scale: 2).image { context in
///     context.setFillColor(.red)
///     context.fillEllipse(in: CGRect(x: 0, y: 0, width: 20, height: 20))
/// }
/// badge.pngData()?.count                   // a 40×40-pixel PNG file
/// ```
public struct Image: Hashable, Sendable {
    /// The size in points.
    public let size: CGSize
    /// Pixels per point.
    public let scale: CGFloat
    /// The pixels, or `nil` for a blank.
    let bitmap: Bitmap?

    /// Creates a blank image of `size` points at `scale`.
    /// - Precondition: the size is finite and not negative; the scale is finite and positive.
    public init(size: CGSize, scale: CGFloat = 1) {
        precondition(
            size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0,
            "Canopy: an image size must be finite and not negative, got \(size)")
        precondition(scale.isFinite && scale > 0, "Canopy: an image scale must be positive, got \(scale)")
        self.size = size
        self.scale = scale
        bitmap = nil
    }

    /// An image of `raster`'s pixels at `scale`.
    init(raster: Raster, scale: CGFloat) {
        self.scale = scale
        size = CGSize(width: CGFloat(raster.width) / scale, height: CGFloat(raster.height) / scale)
        bitmap = Bitmap(raster: raster)
    }

    /// Reads a PNG file's bytes, or returns `nil` when they are not a PNG file, or it has more
    /// than 32,767 pixels on a side or 2^26 pixels in all.
    public init?(data: Data, scale: CGFloat = 1) {
        guard scale.isFinite, scale > 0, let raster = Raster(pngData: data) else { return nil }
        self.init(raster: raster, scale: scale)
    }

    /// Reads a PNG file, or returns `nil` when it cannot be read or is not a PNG file Canopy
    /// takes (see ``init(data:scale:)``). A name ending in `@2x` or `@3x` (before the extension)
    /// gives the scale, as UIKit's asset names do.
    public init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let scale: CGFloat = name.hasSuffix("@3x") ? 3 : name.hasSuffix("@2x") ? 2 : 1
        self.init(data: data, scale: scale)
    }

    /// The image as a PNG file, or `nil` for a blank.
    public func pngData() -> Data? { bitmap?.raster.pngData() }

    /// The colour of the pixel at (`x`, `y`) (pixels from the top left), un-premultiplied;
    /// `nil` outside the image or for a blank.
    public func pixelColor(x: Int, y: Int) -> Color? { bitmap?.raster.pixel(x: x, y: y) }

    /// The image's pixel count along each axis (0 for a blank).
    public var pixelSize: (width: Int, height: Int) { (bitmap?.raster.width ?? 0, bitmap?.raster.height ?? 0) }

    var raster: Raster? { bitmap?.raster }
}

/// An image's pixels: a raster nothing draws into once the image holds it, compared by identity.
final class Bitmap: Hashable, @unchecked Sendable {
    let raster: Raster

    init(raster: Raster) { self.raster = raster }

    static func == (lhs: Bitmap, rhs: Bitmap) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
