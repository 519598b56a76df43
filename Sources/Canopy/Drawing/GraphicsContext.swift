import Foundation

/// A drawing destination with Core Graphics' model (`CGContext`): a current transformation matrix
/// (CTM), a current path, a clip, colours and a pen, saved and restored as one graphics state.
///
/// `draw(_:)` finds its context with ``GraphicsGetCurrentContext()``: user space is the view's
/// bounds space (origin at the bounds origin, y down), the clip is the rect being redrawn, and
/// the CTM scales by the view's `contentScaleFactor`. As in Core Graphics, points added to the
/// path are mapped through the CTM when they are added, and a stroke's pen (width, dashes) is
/// measured in user space at the time of the stroke.
///
/// The pixels behind a context are allocated by its first drawing call: a `draw(_:)` that draws
/// nothing costs no memory.
///
/// ```swift
/// final class Dot: View {
///     override func draw(_ rect: CGRect) {
///         guard let context = GraphicsGetCurrentContext() else { return }
///         context.setFillColor(.red)
///         context.fillEllipse(in: bounds.insetBy(dx: 2, dy: 2))
///     }
/// }
/// ```
public final class GraphicsContext {
    /// What saveGState keeps.
    struct State {
        var transform: CGAffineTransform
        var fillColor = Color.black
        var strokeColor = Color.black
        var stroke = StrokeStyle()
        var alpha: CGFloat = 1
        /// Clips added at this level, in device pixels, to replay if the pixels come later.
        var clips: [(Path, FillRule)] = []
        /// The bounding box of the clip in device pixels.
        var clipBox: CGRect
    }

    private var state: State
    private var saved: [State] = []
    /// The current path, in device pixels.
    private var devicePath = Path()
    private var target: Raster?
    private let makeTarget: () -> Raster?

    // The raster's own state stack holds one level per saved state plus a base level, which
    // ``finish()`` pops: whatever the drawing code leaves unbalanced never reaches the raster's
    // next user.

    /// A context that draws into `raster` with `transform` from user space to its pixels, until
    /// ``finish()``.
    init(raster: Raster, transform: CGAffineTransform) {
        target = raster
        makeTarget = { nil }
        state = State(transform: transform, clipBox: CGRect(x: 0, y: 0, width: raster.width, height: raster.height))
        raster.save()
    }

    /// A context whose pixels `makeTarget` makes at its first drawing call, of `pixelSize`.
    init(pixelSize: CGSize, transform: CGAffineTransform, makeTarget: @escaping () -> Raster?) {
        self.makeTarget = makeTarget
        state = State(transform: transform, clipBox: CGRect(origin: .zero, size: pixelSize))
    }

    /// The raster drawn into so far, or `nil` when nothing was drawn.
    var raster: Raster? { target }

    /// The raster to draw into, made now if it is not yet, with the clips so far applied.
    private func drawingTarget() -> Raster? {
        if let target { return target }
        guard let made = makeTarget() else { return nil }
        target = made
        made.save()
        for level in saved {
            for (path, rule) in level.clips { made.clip(to: path, rule: rule) }
            made.save()
        }
        for (path, rule) in state.clips { made.clip(to: path, rule: rule) }
        return made
    }

    /// Ends drawing: pops every state still saved, and the base level.
    func finish() {
        while !saved.isEmpty { restoreGState() }
        target?.restore()
    }

    // MARK: Graphics state

    /// Pushes a copy of the graphics state (transform, colours, pen, alpha, clip).
    public func saveGState() {
        saved.append(state)
        state.clips = []
        target?.save()
    }

    /// Pops the state the matching ``saveGState()`` pushed; ignored when none was.
    public func restoreGState() {
        guard let previous = saved.popLast() else { return }
        state = previous
        target?.restore()
    }

    /// The map from user space to device pixels.
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { state.transform }

    /// The current transformation matrix (the same as ``userSpaceToDeviceSpaceTransform``).
    public var ctm: CGAffineTransform { state.transform }

    /// Moves user space's origin by (`x`, `y`).
    public func translateBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(translationX: x, y: y)) }

    /// Scales user space.
    public func scaleBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(scaleX: x, y: y)) }

    /// Rotates user space by `angle` radians (clockwise on screen, y being down).
    public func rotate(by angle: CGFloat) { concatenate(CGAffineTransform(rotationAngle: angle)) }

    /// Applies `transform` to user space before the current one. A transform with a non-finite
    /// entry is ignored.
    public func concatenate(_ transform: CGAffineTransform) {
        let next = transform.concatenating(state.transform)
        guard [next.a, next.b, next.c, next.d, next.tx, next.ty].allSatisfy(\.isFinite) else { return }
        state.transform = next
    }

    /// Sets the colour fills paint with.
    public func setFillColor(_ color: Color) { state.fillColor = color }

    /// Sets the colour strokes paint with.
    public func setStrokeColor(_ color: Color) { state.strokeColor = color }

    /// Sets the pen's width, in user space (1 by default).
    public func setLineWidth(_ width: CGFloat) { if width.isFinite { state.stroke.lineWidth = max(0, width) } }

    /// Sets how open ends of strokes are drawn.
    public func setLineCap(_ cap: LineCap) { state.stroke.lineCap = cap }

    /// Sets how corners of strokes are drawn.
    public func setLineJoin(_ join: LineJoin) { state.stroke.lineJoin = join }

    /// Sets the ratio past which mitered joins are bevelled (10 by default).
    public func setMiterLimit(_ limit: CGFloat) { if limit.isFinite { state.stroke.miterLimit = limit } }

    /// Sets the dash pattern of strokes (empty: solid); lengths are in user space. A pattern
    /// with a negative or non-finite length, or whose lengths are all zero, draws solid.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        state.stroke.setDash(phase: phase, lengths: lengths)
    }

    /// Sets the opacity every later drawing call is multiplied by, 0 to 1.
    public func setAlpha(_ alpha: CGFloat) { if !alpha.isNaN { state.alpha = min(max(alpha, 0), 1) } }

    // MARK: The current path

    /// Empties the current path.
    public func beginPath() { devicePath = Path() }

    /// Starts a subpath at `point`.
    public func move(to point: CGPoint) { devicePath.move(to: point.applying(state.transform)) }

    /// Adds a line to `point`.
    public func addLine(to point: CGPoint) { devicePath.addLine(to: point.applying(state.transform)) }

    /// Adds lines through `points`, starting a new subpath at the first.
    public func addLines(between points: [CGPoint]) {
        devicePath.addLines(between: points.map { $0.applying(state.transform) })
    }

    /// Adds a cubic Bézier curve to `point`.
    public func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        let t = state.transform
        devicePath.addCurve(to: point.applying(t), control1: control1.applying(t), control2: control2.applying(t))
    }

    /// Adds a quadratic Bézier curve to `point`.
    public func addQuadCurve(to point: CGPoint, control: CGPoint) {
        devicePath.addQuadCurve(to: point.applying(state.transform), control: control.applying(state.transform))
    }

    /// Adds a circular arc (see ``Path/addArc(center:radius:startAngle:endAngle:clockwise:)``).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        var arc = Path()
        arc.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        devicePath.addPath(arc, transform: state.transform, continuing: true)
    }

    /// Adds a closed rectangle.
    public func addRect(_ rect: CGRect) { addPath(Path(rect: rect)) }

    /// Adds a closed ellipse inscribed in `rect`.
    public func addEllipse(in rect: CGRect) { addPath(Path(ellipseIn: rect)) }

    /// Adds `path`, mapped through the CTM.
    public func addPath(_ path: Path) { devicePath.addPath(path, transform: state.transform) }

    /// Closes the current subpath.
    public func closePath() { devicePath.closeSubpath() }

    /// The current point in user space, or `nil` when the path has none.
    public var currentPointOfPath: CGPoint? {
        devicePath.currentPoint.map { $0.applying(state.transform.inverted()) }
    }

    /// Whether the current path is empty.
    public var isPathEmpty: Bool { devicePath.isEmpty }

    /// The bounding box of the current path in user space (control points included).
    public var boundingBoxOfPath: CGRect {
        devicePath.isEmpty ? .null : devicePath.boundingBox.applying(state.transform.inverted())
    }

    // MARK: Painting

    /// Fills the current path under `rule`, then empties it.
    public func fillPath(using rule: FillRule = .winding) {
        let path = takePath()
        drawingTarget()?.fill(path, rule: rule, with: .color(faded(state.fillColor)))
    }

    /// Strokes the current path with the pen, then empties it.
    public func strokePath() {
        let path = takePath()
        guard state.stroke.lineWidth > 0 else { return }
        drawingTarget()?.stroke(path, style: state.stroke, penTransform: state.transform,
                                with: .color(faded(state.strokeColor)))
    }

    /// Fills, strokes or both, then empties the path.
    public func drawPath(using mode: PathDrawingMode) {
        let path = devicePath
        switch mode {
        case .fill, .eoFill: fillPath(using: mode == .eoFill ? .evenOdd : .winding)
        case .stroke: strokePath()
        case .fillStroke, .eoFillStroke:
            fillPath(using: mode == .eoFillStroke ? .evenOdd : .winding)
            devicePath = path
            strokePath()
        }
    }

    /// Fills `rect`.
    public func fill(_ rect: CGRect) { paint(Path(rect: rect), fill: true) }

    /// Strokes `rect`.
    public func stroke(_ rect: CGRect) { paint(Path(rect: rect), fill: false) }

    /// Strokes `rect` with a pen of `width`.
    public func stroke(_ rect: CGRect, width: CGFloat) {
        saveGState()
        setLineWidth(width)
        stroke(rect)
        restoreGState()
    }

    /// Fills the ellipse inscribed in `rect`.
    public func fillEllipse(in rect: CGRect) { paint(Path(ellipseIn: rect), fill: true) }

    /// Strokes the ellipse inscribed in `rect`.
    public func strokeEllipse(in rect: CGRect) { paint(Path(ellipseIn: rect), fill: false) }

    /// Strokes straight segments between each pair of `points`.
    public func strokeLineSegments(between points: [CGPoint]) {
        var path = Path()
        for pair in stride(from: 0, to: points.count - 1, by: 2) {
            path.move(to: points[pair])
            path.addLine(to: points[pair + 1])
        }
        paint(path, fill: false)
    }

    /// Makes `rect` transparent (the clip still applies).
    public func clear(_ rect: CGRect) {
        drawingTarget()?.clear(Path(rect: rect).applying(state.transform))
    }

    /// Narrows the clip to the current path under `rule`, then empties the path.
    public func clip(using rule: FillRule = .winding) {
        let path = takePath()
        state.clips.append((path, rule))
        state.clipBox = state.clipBox.intersection(path.boundingBox)
        target?.clip(to: path, rule: rule)
    }

    /// Narrows the clip to `rect`.
    public func clip(to rect: CGRect) {
        beginPath()
        addRect(rect)
        clip()
    }

    /// The bounding box of the clip, in user space.
    public var boundingBoxOfClipPath: CGRect {
        state.clipBox.isNull ? .null : state.clipBox.applying(state.transform.inverted())
    }

    /// Fills the clip with `gradient` along the line from `start` to `end` (user space); past
    /// the ends, the end colours extend when `options` says so.
    public func drawLinearGradient(_ gradient: Gradient, start: CGPoint, end: CGPoint,
                                   options: GradientDrawingOptions = []) {
        let (a, b) = (start.applying(state.transform), end.applying(state.transform))
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite, !state.clipBox.isNull else { return }
        let paint = Paint.linearGradient(gradient, start: a, end: b, alpha: state.alpha,
                                         extends: !options.isEmpty)
        drawingTarget()?.fill(Path(rect: state.clipBox), rule: .winding, with: paint)
    }

    /// Draws `image` stretched into `rect` (user space).
    public func draw(_ image: Image, in rect: CGRect) {
        guard let pixels = image.raster, rect.isFinite, !rect.isEmpty else { return }
        let toRect = CGAffineTransform(scaleX: rect.width / CGFloat(pixels.width), y: rect.height / CGFloat(pixels.height))
            .concatenating(CGAffineTransform(translationX: rect.minX, y: rect.minY))
        drawingTarget()?.draw(pixels, transform: toRect.concatenating(state.transform), alpha: state.alpha)
    }

    /// Draws glyphs placed in user space.
    func showGlyphs(_ glyphs: [PlacedGlyph], fontPath: String, size: CGFloat, color: Color) {
        drawingTarget()?.showGlyphs(glyphs, fontPath: fontPath, size: size, transform: state.transform,
                                    color: faded(color))
    }

    private func paint(_ path: Path, fill: Bool) {
        let saved = devicePath
        devicePath = Path()
        addPath(path)
        if fill { fillPath() } else { strokePath() }
        devicePath = saved
    }

    private func takePath() -> Path {
        defer { devicePath = Path() }
        return devicePath
    }

    private func faded(_ color: Color) -> Color {
        var color = color
        color.alpha *= Double(state.alpha)
        return color
    }
}

/// How the ends of open strokes are drawn.
public enum LineCap: Int, Sendable {
    /// Square, at the end point.
    case butt
    /// A half circle past the end.
    case round
    /// A half square past the end.
    case square
}

/// How the corners of strokes are drawn.
public enum LineJoin: Int, Sendable {
    /// A sharp corner, bevelled past the miter limit.
    case miter
    /// A rounded corner.
    case round
    /// A corner cut flat.
    case bevel
}

/// What ``GraphicsContext/drawPath(using:)`` does.
public enum PathDrawingMode: Sendable {
    /// Fill by the winding rule.
    case fill
    /// Fill by the even-odd rule.
    case eoFill
    /// Stroke.
    case stroke
    /// Fill by the winding rule, then stroke.
    case fillStroke
    /// Fill by the even-odd rule, then stroke.
    case eoFillStroke
}

/// Whether a gradient's end colours extend past its ends.
public struct GradientDrawingOptions: OptionSet, Sendable {
    /// The options' bits.
    public let rawValue: Int
    /// Creates options from their raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Extend the start colour before the start point.
    public static let drawsBeforeStartLocation = GradientDrawingOptions(rawValue: 1)
    /// Extend the end colour past the end point.
    public static let drawsAfterEndLocation = GradientDrawingOptions(rawValue: 2)
}

/// Colours at locations from 0 to 1 along a line, as Core Graphics' `CGGradient`.
public struct Gradient: Hashable, Sendable {
    /// One colour at one location.
    public struct Stop: Hashable, Sendable {
        /// The colour at the stop.
        public var color: Color
        /// Where the stop is along the gradient, 0 to 1.
        public var location: CGFloat
        /// Creates a stop.
        public init(color: Color, location: CGFloat) { (self.color, self.location) = (color, location) }
    }

    /// The stops, by location.
    public let stops: [Stop]

    /// Creates a gradient of `colors` at `locations` (spread evenly when `nil` or of another
    /// count). Locations are clamped to 0...1 (NaN: 0) and sorted.
    public init(colors: [Color], locations: [CGFloat]? = nil) {
        let spread = colors.indices.map { colors.count > 1 ? CGFloat($0) / CGFloat(colors.count - 1) : 0 }
        let places = locations?.count == colors.count ? locations! : spread
        stops = zip(colors, places).map { Stop(color: $0, location: $1.isNaN ? 0 : min(max($1, 0), 1)) }
            .enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
    }
}

/// A pen: width, caps, joins and dashes.
struct StrokeStyle: Equatable {
    var lineWidth: CGFloat = 1
    var lineCap = LineCap.butt
    var lineJoin = LineJoin.miter
    var miterLimit: CGFloat = 10
    var dashPhase: CGFloat = 0
    var dashLengths: [CGFloat] = []

    mutating func setDash(phase: CGFloat, lengths: [CGFloat]) {
        let usable = phase.isFinite && lengths.allSatisfy { $0.isFinite && $0 >= 0 } && lengths.contains { $0 > 0 }
        (dashPhase, dashLengths) = usable ? (phase, lengths) : (0, [])
    }
}
