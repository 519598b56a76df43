import Foundation

/// A layer that draws a path, as Core Animation's `CAShapeLayer`: filled, then stroked.
///
/// ```swift
/// let ring = ShapeLayer()
/// ring.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
/// ring.path = BezierPath(ovalIn: CGRect(x: 10, y: 10, width: 80, height: 80)).cgPath
/// ring.fillColor = nil
/// ring.strokeColor = Color.systemBlue.cgColor
/// ring.lineWidth = 6
/// view.layer.addSublayer(ring)
/// ```
open class ShapeLayer: Layer {
    /// The shape, in the layer's space, or `nil` for none.
    public var path: Path?
    /// The fill colour; opaque black by default, `nil` for no fill.
    public var fillColor: Color? = .black
    /// Which points the fill covers.
    public var fillRule = FillRule.winding
    /// The stroke colour; `nil` (the default) for no stroke.
    public var strokeColor: Color?
    /// The stroke's width; 1 by default.
    public var lineWidth: CGFloat = 1
    /// How open ends are drawn.
    public var lineCap = LineCap.butt
    /// How corners are drawn.
    public var lineJoin = LineJoin.miter
    /// The ratio past which mitered corners are bevelled.
    public var miterLimit: CGFloat = 10
    /// The dash lengths, or `nil` for a solid stroke.
    public var lineDashPattern: [CGFloat]?
    /// Where the dash pattern starts.
    public var lineDashPhase: CGFloat = 0

    /// Draws the path.
    open override func draw(in context: GraphicsContext) {
        guard let path, !path.isEmpty else { return }
        if let fillColor {
            context.setFillColor(fillColor)
            context.beginPath()
            context.addPath(path)
            context.fillPath(using: fillRule)
        }
        if let strokeColor, lineWidth > 0 {
            context.saveGState()
            context.setStrokeColor(strokeColor)
            context.setLineWidth(lineWidth)
            context.setLineCap(lineCap)
            context.setLineJoin(lineJoin)
            context.setMiterLimit(miterLimit)
            context.setLineDash(phase: lineDashPhase, lengths: lineDashPattern ?? [])
            context.beginPath()
            context.addPath(path)
            context.strokePath()
            context.restoreGState()
        }
    }
}

/// A layer that fills its bounds with a linear gradient, as Core Animation's `CAGradientLayer`.
///
/// ```swift
/// let fade = GradientLayer()
/// fade.frame = view.bounds
/// fade.colors = [Color.white.cgColor, Color.black.cgColor]
/// view.layer.insertSublayer(fade, at: 0)
/// ```
open class GradientLayer: Layer {
    /// The colours, spread by ``locations``; `nil` draws nothing.
    public var colors: [Color]?
    /// Each colour's place from 0 to 1, or `nil` to spread them evenly.
    public var locations: [CGFloat]?
    /// Where the gradient starts, in unit coordinates of the bounds; (0.5, 0) (the top) by default.
    public var startPoint = CGPoint(x: 0.5, y: 0)
    /// Where it ends; (0.5, 1) (the bottom) by default.
    public var endPoint = CGPoint(x: 0.5, y: 1)

    /// Fills the bounds with the gradient, the end colours extended past its ends.
    open override func draw(in context: GraphicsContext) {
        guard let colors, !colors.isEmpty else { return }
        let b = bounds
        let unit = { (p: CGPoint) in CGPoint(x: b.minX + p.x * b.width, y: b.minY + p.y * b.height) }
        context.saveGState()
        context.clip(to: b)
        context.drawLinearGradient(Gradient(colors: colors, locations: locations), start: unit(startPoint),
                                   end: unit(endPoint), options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        context.restoreGState()
    }
}
