import Foundation

/// A path with its own pen, drawn into the current context, with the API of UIKit's
/// `UIBezierPath`.
///
/// ```swift
/// let ring = BezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 40, startAngle: -.pi / 2,
///                       endAngle: .pi, clockwise: true)
/// ring.lineWidth = 8
/// ring.lineCapStyle = .round
/// Color.blue.setStroke()
/// ring.stroke()                            // in draw(_:), or in a GraphicsImageRenderer
/// ```
open class BezierPath {
    /// The shape.
    public var path: Path
    /// The pen's width (1 by default).
    public var lineWidth: CGFloat = 1
    /// How open ends are drawn.
    public var lineCapStyle = LineCap.butt
    /// How corners are drawn.
    public var lineJoinStyle = LineJoin.miter
    /// The ratio past which mitered corners are bevelled.
    public var miterLimit: CGFloat = 10
    /// Whether fills and clips use the even-odd rule instead of winding.
    public var usesEvenOddFillRule = false
    private var dash = StrokeStyle()

    /// An empty path.
    public init() { path = Path() }

    /// A path holding `path`.
    public init(path: Path) { self.path = path }

    /// A closed rectangle.
    public convenience init(rect: CGRect) { self.init(path: Path(rect: rect)) }

    /// The ellipse inscribed in `rect`.
    public convenience init(ovalIn rect: CGRect) { self.init(path: Path(ellipseIn: rect)) }

    /// A rectangle whose corners are rounded by `cornerRadius` (at most half a side).
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(path: Path(roundedRect: rect, cornerWidth: cornerRadius, cornerHeight: cornerRadius))
    }

    /// A rectangle with only `corners` rounded, by `cornerRadii`.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: RectCorner, cornerRadii: CGSize) {
        var path = Path()
        let rounds = (corners.contains(.topLeft), corners.contains(.topRight), corners.contains(.bottomRight),
                      corners.contains(.bottomLeft))
        path.addRoundedRect(in: rect, radii: CornerRadii(cornerRadii, rounding: rounds))
        self.init(path: path)
    }

    /// A circular arc (see ``Path/addArc(center:radius:startAngle:endAngle:clockwise:)``).
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                            clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    // MARK: Building

    /// Starts a subpath at `point`.
    public func move(to point: CGPoint) { path.move(to: point) }
    /// Adds a line to `point`.
    public func addLine(to point: CGPoint) { path.addLine(to: point) }
    /// Adds a cubic curve to `point`.
    public func addCurve(to point: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: point, control1: controlPoint1, control2: controlPoint2)
    }
    /// Adds a quadratic curve to `point`.
    public func addQuadCurve(to point: CGPoint, controlPoint: CGPoint) {
        path.addQuadCurve(to: point, control: controlPoint)
    }
    /// Adds a circular arc, joined to the current point by a line.
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                       clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }
    /// Closes the current subpath.
    public func close() { path.closeSubpath() }
    /// Adds every element of `other`.
    public func append(_ other: BezierPath) { path.addPath(other.path) }
    /// Empties the path.
    public func removeAllPoints() { path = Path() }
    /// Maps every point through `transform`.
    public func apply(_ transform: CGAffineTransform) { path = path.applying(transform) }

    /// Sets the dash pattern (empty: solid).
    public func setLineDash(_ pattern: [CGFloat], phase: CGFloat) { dash.setDash(phase: phase, lengths: pattern) }

    // MARK: Reading

    /// The path's bounding box, control points included.
    public var bounds: CGRect { path.boundingBox }
    /// The point the next element starts from (zero when there is none).
    public var currentPoint: CGPoint { path.currentPoint ?? .zero }
    /// Whether the path has no elements.
    public var isEmpty: Bool { path.isEmpty }
    /// Whether `point` is inside the filled area, by the path's fill rule.
    public func contains(_ point: CGPoint) -> Bool { path.contains(point, using: fillRule) }
    /// The path (the role of UIKit's `cgPath`).
    public var cgPath: Path { path }

    // MARK: Drawing into the current context

    /// Fills the path with the current context's fill colour.
    public func fill() {
        guard let context = GraphicsGetCurrentContext() else { return }
        context.beginPath()
        context.addPath(path)
        context.fillPath(using: fillRule)
    }

    /// Strokes the path with this path's pen and the current context's stroke colour.
    public func stroke() {
        guard let context = GraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setLineWidth(lineWidth)
        context.setLineCap(lineCapStyle)
        context.setLineJoin(lineJoinStyle)
        context.setMiterLimit(miterLimit)
        context.setLineDash(phase: dash.dashPhase, lengths: dash.dashLengths)
        context.beginPath()
        context.addPath(path)
        context.strokePath()
        context.restoreGState()
    }

    /// Narrows the current context's clip to the path.
    public func addClip() {
        guard let context = GraphicsGetCurrentContext() else { return }
        context.beginPath()
        context.addPath(path)
        context.clip(using: fillRule)
    }

    private var fillRule: FillRule { usesEvenOddFillRule ? .evenOdd : .winding }
}

/// Corners of a rectangle, as UIKit's `UIRectCorner`.
public struct RectCorner: OptionSet, Sendable {
    /// The corners' bits.
    public let rawValue: UInt
    /// Creates a set from its raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top-left corner (y down).
    public static let topLeft = RectCorner(rawValue: 1)
    /// The top-right corner.
    public static let topRight = RectCorner(rawValue: 2)
    /// The bottom-left corner.
    public static let bottomLeft = RectCorner(rawValue: 4)
    /// The bottom-right corner.
    public static let bottomRight = RectCorner(rawValue: 8)
    /// All four corners.
    public static let allCorners: RectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}
