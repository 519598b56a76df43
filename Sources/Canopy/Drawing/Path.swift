import Foundation

/// A shape made of lines and Bézier curves, with the role of Core Graphics' `CGPath` and
/// `CGMutablePath`: subpaths that start with ``move(to:)`` and may be closed.
///
/// A point that is not finite (NaN or infinite) cannot be drawn: the element that carries it is
/// left out of the path and ``hasDroppedElements`` turns true, so drawing never sees it.
///
/// ```swift
/// var path = Path()
/// path.move(to: CGPoint(x: 0, y: 0))
/// path.addLine(to: CGPoint(x: 10, y: 0))
/// path.addLine(to: CGPoint(x: 0, y: 10))
/// path.closeSubpath()
/// path.contains(CGPoint(x: 2, y: 2))        // true
/// ```
public struct Path: Hashable, Sendable {
    /// One drawing step.
    public enum Element: Hashable, Sendable {
        /// Starts a subpath at a point.
        case move(to: CGPoint)
        /// A straight line to a point.
        case line(to: CGPoint)
        /// A quadratic Bézier curve to a point.
        case quadCurve(to: CGPoint, control: CGPoint)
        /// A cubic Bézier curve to a point.
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        /// A line back to the subpath's first point, closing it.
        case closeSubpath
    }

    /// The elements, in order.
    public private(set) var elements: [Element] = []
    /// Whether an element with a non-finite point was left out.
    public private(set) var hasDroppedElements = false
    /// The point the next element starts from, or `nil` before the first `move(to:)`.
    public private(set) var currentPoint: CGPoint?
    private var subpathStart: CGPoint?

    /// Creates an empty path.
    public init() {}

    /// Creates a path holding a rectangle.
    public init(rect: CGRect) { addRect(rect) }

    /// Creates a path holding the ellipse inscribed in `rect`.
    public init(ellipseIn rect: CGRect) { addEllipse(in: rect) }

    /// Creates a path holding a rectangle with rounded corners.
    public init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat) {
        addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight)
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    // MARK: Building

    /// Starts a new subpath at `point`.
    public mutating func move(to point: CGPoint) {
        guard accept(point) else { return }
        elements.append(.move(to: point))
        currentPoint = point
        subpathStart = point
    }

    /// Adds a line from the current point to `point` (a move when there is no current point).
    public mutating func addLine(to point: CGPoint) {
        guard currentPoint != nil else { return move(to: point) }
        guard accept(point) else { return }
        elements.append(.line(to: point))
        currentPoint = point
    }

    /// Adds straight lines through `points`, starting a new subpath at the first.
    public mutating func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }

    /// Adds a quadratic Bézier curve from the current point to `point`.
    public mutating func addQuadCurve(to point: CGPoint, control: CGPoint) {
        guard currentPoint != nil else { return move(to: point) }
        guard accept(point), accept(control) else { return }
        elements.append(.quadCurve(to: point, control: control))
        currentPoint = point
    }

    /// Adds a cubic Bézier curve from the current point to `point`.
    public mutating func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        guard currentPoint != nil else { return move(to: point) }
        guard accept(point), accept(control1), accept(control2) else { return }
        elements.append(.curve(to: point, control1: control1, control2: control2))
        currentPoint = point
    }

    /// Closes the current subpath with a line back to its start.
    public mutating func closeSubpath() {
        guard let start = subpathStart, currentPoint != nil else { return }
        elements.append(.closeSubpath)
        currentPoint = start
    }

    /// Adds a closed rectangle, drawn clockwise in a y-down space from its minimum corner.
    public mutating func addRect(_ rect: CGRect) {
        let r = rect.standardized
        addLines(between: [
            CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY), CGPoint(x: r.maxX, y: r.maxY),
            CGPoint(x: r.minX, y: r.maxY),
        ])
        closeSubpath()
    }

    /// Adds a closed ellipse inscribed in `rect`, as four cubic curves.
    public mutating func addEllipse(in rect: CGRect) {
        let r = rect.standardized
        let rx = r.width / 2, ry = r.height / 2, c = CGPoint(x: r.midX, y: r.midY)
        let kx = rx * Self.quarterArcHandle, ky = ry * Self.quarterArcHandle
        move(to: CGPoint(x: r.maxX, y: c.y))
        addCurve(to: CGPoint(x: c.x, y: r.maxY), control1: CGPoint(x: r.maxX, y: c.y + ky),
                 control2: CGPoint(x: c.x + kx, y: r.maxY))
        addCurve(to: CGPoint(x: r.minX, y: c.y), control1: CGPoint(x: c.x - kx, y: r.maxY),
                 control2: CGPoint(x: r.minX, y: c.y + ky))
        addCurve(to: CGPoint(x: c.x, y: r.minY), control1: CGPoint(x: r.minX, y: c.y - ky),
                 control2: CGPoint(x: c.x - kx, y: r.minY))
        addCurve(to: CGPoint(x: r.maxX, y: c.y), control1: CGPoint(x: c.x + kx, y: r.minY),
                 control2: CGPoint(x: r.maxX, y: c.y - ky))
        closeSubpath()
    }

    /// Adds a closed rectangle whose corners are quarter ellipses of the given radii (each at most
    /// half the rectangle's side).
    public mutating func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat) {
        addRoundedRect(in: rect, radii: CornerRadii(uniform: CGSize(width: cornerWidth, height: cornerHeight)))
    }

    /// Adds a closed rectangle with each corner rounded by its own radii (zero: square).
    mutating func addRoundedRect(in rect: CGRect, radii: CornerRadii) {
        let r = rect.standardized
        let fit = radii.fitted(to: r.size)
        guard !fit.isSquare else { return addRect(r) }
        move(to: CGPoint(x: r.minX + fit.topLeft.width, y: r.minY))
        addLine(to: CGPoint(x: r.maxX - fit.topRight.width, y: r.minY))
        addCorner(at: CGPoint(x: r.maxX, y: r.minY), radii: fit.topRight, from: 0)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - fit.bottomRight.height))
        addCorner(at: CGPoint(x: r.maxX, y: r.maxY), radii: fit.bottomRight, from: 1)
        addLine(to: CGPoint(x: r.minX + fit.bottomLeft.width, y: r.maxY))
        addCorner(at: CGPoint(x: r.minX, y: r.maxY), radii: fit.bottomLeft, from: 2)
        addLine(to: CGPoint(x: r.minX, y: r.minY + fit.topLeft.height))
        addCorner(at: CGPoint(x: r.minX, y: r.minY), radii: fit.topLeft, from: 3)
        closeSubpath()
    }

    /// A quarter ellipse turning clockwise (y down) around `corner`; `side` 0 is the top edge
    /// arriving at the top-right corner, then right, bottom and left.
    private mutating func addCorner(at corner: CGPoint, radii: CGSize, from side: Int) {
        guard radii.width > 0, radii.height > 0 else { return addLine(to: corner) }
        let (w, h) = (radii.width, radii.height)
        let k = Self.quarterArcHandle
        // Direction of travel along the edge, then along the next edge.
        let along: [(CGFloat, CGFloat)] = [(1, 0), (0, 1), (-1, 0), (0, -1)]
        let (ax, ay) = along[side], (bx, by) = along[(side + 1) % 4]
        let start = CGPoint(x: corner.x - ax * w, y: corner.y - ay * h)
        let end = CGPoint(x: corner.x + bx * w, y: corner.y + by * h)
        addCurve(to: end, control1: CGPoint(x: start.x + ax * w * k, y: start.y + ay * h * k),
                 control2: CGPoint(x: end.x - bx * w * k, y: end.y - by * h * k))
    }

    /// Adds a circular arc around `center` from `startAngle` to `endAngle` (radians, measured
    /// from the x axis towards y), `clockwise` as seen in a y-down space as UIKit's
    /// `addArc(withCenter:…)` is; a line joins the current point to the arc's start.
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                                clockwise: Bool) {
        guard accept(center), radius.isFinite, startAngle.isFinite, endAngle.isFinite else {
            hasDroppedElements = true
            return
        }
        let r = abs(radius)
        var sweep = endAngle - startAngle
        let fullTurn = 2 * CGFloat.pi
        if clockwise {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: fullTurn) + fullTurn }
            if sweep > fullTurn { sweep = fullTurn }
        } else {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: fullTurn) - fullTurn }
            if sweep < -fullTurn { sweep = -fullTurn }
        }
        let point = { (angle: CGFloat) in CGPoint(x: center.x + r * cos(angle), y: center.y + r * sin(angle)) }
        if currentPoint == nil { move(to: point(startAngle)) } else { addLine(to: point(startAngle)) }
        let pieces = max(1, Int((abs(sweep) / (CGFloat.pi / 2)).rounded(.up)))
        let step = sweep / CGFloat(pieces)
        let handle = 4 / 3 * tan(step / 4) * r
        var angle = startAngle
        for _ in 0..<pieces {
            let next = angle + step
            let (a, b) = (point(angle), point(next))
            addCurve(to: b, control1: CGPoint(x: a.x - handle * sin(angle), y: a.y + handle * cos(angle)),
                     control2: CGPoint(x: b.x + handle * sin(next), y: b.y - handle * cos(next)))
            angle = next
        }
    }

    /// Adds every element of `path`, mapped through `transform`.
    public mutating func addPath(_ path: Path, transform: CGAffineTransform = .identity) {
        addPath(path, transform: transform, continuing: false)
    }

    /// Adds `path`'s elements; with `continuing`, its first move becomes a line from the current
    /// point (when there is one), as an arc joins the path before it.
    mutating func addPath(_ path: Path, transform: CGAffineTransform, continuing: Bool) {
        for (index, element) in path.elements.enumerated() {
            switch element {
            case .move(let p) where index == 0 && continuing && currentPoint != nil: addLine(to: p.applying(transform))
            case .move(let p): move(to: p.applying(transform))
            case .line(let p): addLine(to: p.applying(transform))
            case .quadCurve(let p, let c): addQuadCurve(to: p.applying(transform), control: c.applying(transform))
            case .curve(let p, let c1, let c2):
                addCurve(to: p.applying(transform), control1: c1.applying(transform), control2: c2.applying(transform))
            case .closeSubpath: closeSubpath()
            }
        }
        hasDroppedElements = hasDroppedElements || path.hasDroppedElements
    }

    /// The path mapped through `transform`.
    public func applying(_ transform: CGAffineTransform) -> Path {
        var mapped = Path()
        mapped.addPath(self, transform: transform)
        return mapped
    }

    private mutating func accept(_ point: CGPoint) -> Bool {
        if point.x.isFinite && point.y.isFinite { return true }
        hasDroppedElements = true
        return false
    }

    /// The handle length, as a fraction of the radius, of a cubic curve that draws a quarter circle.
    static let quarterArcHandle: CGFloat = 0.552_284_749_830_793_4

    // MARK: Measuring

    /// The smallest rectangle holding every point of the path, control points included (as
    /// Core Graphics' `boundingBox`); `.null` for an empty path.
    public var boundingBox: CGRect {
        var box = CGRect.null
        for element in elements {
            for point in element.points { box = box.union(CGRect(origin: point, size: .zero)) }
        }
        return box
    }

    /// Whether `point` is inside the path's filled area under `rule` (every subpath closed).
    public func contains(_ point: CGPoint, using rule: FillRule = .winding) -> Bool {
        var winding = 0
        for (a, b) in flattenedSegments() where (a.y <= point.y) != (b.y <= point.y) {
            let x = a.x + (point.y - a.y) / (b.y - a.y) * (b.x - a.x)
            if x > point.x { winding += b.y > a.y ? 1 : -1 }
        }
        return rule == .evenOdd ? winding % 2 != 0 : winding != 0
    }

    /// The path as straight segments, curves split in sixteen, every subpath closed.
    func flattenedSegments() -> [(CGPoint, CGPoint)] {
        var segments: [(CGPoint, CGPoint)] = []
        var start = CGPoint.zero, current = CGPoint.zero
        func line(to p: CGPoint) {
            segments.append((current, p))
            current = p
        }
        func close() { if current != start { line(to: start) } }
        for element in elements {
            switch element {
            case .move(let p):
                close()
                start = p
                current = p
            case .line(let p): line(to: p)
            case .quadCurve(let p, let c):
                let p0 = current
                for i in 1...16 {
                    let t = CGFloat(i) / 16, u = 1 - t
                    line(to: CGPoint(x: u * u * p0.x + 2 * u * t * c.x + t * t * p.x,
                                     y: u * u * p0.y + 2 * u * t * c.y + t * t * p.y))
                }
            case .curve(let p, let c1, let c2):
                let p0 = current
                for i in 1...16 {
                    let t = CGFloat(i) / 16, u = 1 - t
                    let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                    line(to: CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p.x,
                                     y: a * p0.y + b * c1.y + c * c2.y + d * p.y))
                }
            case .closeSubpath: close()
            }
        }
        close()
        return segments
    }
}

extension Path.Element {
    /// The element's points, control points included.
    var points: [CGPoint] {
        switch self {
        case .move(let p), .line(let p): [p]
        case .quadCurve(let p, let c): [c, p]
        case .curve(let p, let c1, let c2): [c1, c2, p]
        case .closeSubpath: []
        }
    }
}

/// Which points a path's fill covers, as Core Graphics' `CGPathFillRule`.
public enum FillRule: Sendable {
    /// Points around which the path winds a non-zero number of times.
    case winding
    /// Points crossed an odd number of times by a ray from them.
    case evenOdd
}

/// The radii of a rectangle's four corners.
struct CornerRadii: Equatable {
    var topLeft, topRight, bottomRight, bottomLeft: CGSize

    init(topLeft: CGSize, topRight: CGSize, bottomRight: CGSize, bottomLeft: CGSize) {
        (self.topLeft, self.topRight, self.bottomRight, self.bottomLeft) = (topLeft, topRight, bottomRight, bottomLeft)
    }

    init(uniform radius: CGSize) {
        self.init(topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius)
    }

    /// `radius` at the corners `rounds` names (top left, top right, bottom right, bottom left),
    /// square elsewhere.
    init(_ radius: CGSize, rounding rounds: (topLeft: Bool, topRight: Bool, bottomRight: Bool, bottomLeft: Bool)) {
        self.init(topLeft: rounds.topLeft ? radius : .zero, topRight: rounds.topRight ? radius : .zero,
                  bottomRight: rounds.bottomRight ? radius : .zero, bottomLeft: rounds.bottomLeft ? radius : .zero)
    }

    var isSquare: Bool { [topLeft, topRight, bottomRight, bottomLeft].allSatisfy { $0.width <= 0 || $0.height <= 0 } }

    /// Each radius limited to half the side it runs along, as Core Animation limits `cornerRadius`;
    /// negative and non-finite radii become zero.
    func fitted(to size: CGSize) -> CornerRadii {
        func fit(_ r: CGSize) -> CGSize {
            let w = r.width.isFinite ? max(0, r.width) : 0, h = r.height.isFinite ? max(0, r.height) : 0
            return CGSize(width: min(w, size.width / 2), height: min(h, size.height / 2))
        }
        return CornerRadii(topLeft: fit(topLeft), topRight: fit(topRight), bottomRight: fit(bottomRight),
                           bottomLeft: fit(bottomLeft))
    }
}
