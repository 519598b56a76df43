import Canopy
import Foundation

// MARK: Closeness

func isClose(_ a: CGFloat, _ b: CGFloat, tolerance: CGFloat = 1e-9) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

func isClose(_ a: CGPoint, _ b: CGPoint, tolerance: CGFloat = 1e-9) -> Bool {
    isClose(a.x, b.x, tolerance: tolerance) && isClose(a.y, b.y, tolerance: tolerance)
}

func isClose(_ a: CGSize, _ b: CGSize, tolerance: CGFloat = 1e-9) -> Bool {
    isClose(a.width, b.width, tolerance: tolerance) && isClose(a.height, b.height, tolerance: tolerance)
}

func isClose(_ a: CGRect, _ b: CGRect, tolerance: CGFloat = 1e-9) -> Bool {
    isClose(a.origin, b.origin, tolerance: tolerance) && isClose(a.size, b.size, tolerance: tolerance)
}

// MARK: An independent reference for SPEC §1–2

/// The SPEC's formulas written out directly with column vectors, sharing no code with Canopy:
/// p_super = center + M (p - (bounds.origin + anchor * bounds.size)) + t, where M = [[a, c], [b, d]].
struct ReferenceNode {
    var bounds: CGRect
    var center: CGPoint
    var anchor = CGPoint(x: 0.5, y: 0.5)
    var m = (a: 1.0, b: 0.0, c: 0.0, d: 1.0, tx: 0.0, ty: 0.0)

    func toSuperview(_ p: CGPoint) -> CGPoint {
        let vx = Double(p.x) - (Double(bounds.origin.x) + Double(anchor.x) * Double(bounds.width))
        let vy = Double(p.y) - (Double(bounds.origin.y) + Double(anchor.y) * Double(bounds.height))
        return CGPoint(
            x: Double(center.x) + m.a * vx + m.c * vy + m.tx,
            y: Double(center.y) + m.b * vx + m.d * vy + m.ty)
    }

    func fromSuperview(_ q: CGPoint) -> CGPoint {
        // Solve M v = q - center - t by Cramer's rule.
        let rx = Double(q.x) - Double(center.x) - m.tx
        let ry = Double(q.y) - Double(center.y) - m.ty
        let det = m.a * m.d - m.c * m.b
        let vx = (rx * m.d - m.c * ry) / det
        let vy = (m.a * ry - m.b * rx) / det
        return CGPoint(
            x: vx + Double(bounds.origin.x) + Double(anchor.x) * Double(bounds.width),
            y: vy + Double(bounds.origin.y) + Double(anchor.y) * Double(bounds.height))
    }

    /// Applies this node's geometry to a Canopy view.
    func configure(_ view: View) {
        view.bounds = bounds
        view.anchorPoint = anchor
        view.center = center
        view.transform = CGAffineTransform(a: m.a, b: m.b, c: m.c, d: m.d, tx: m.tx, ty: m.ty)
    }
}

/// The bounding box of four mapped corners.
func referenceBoundingBox(of rect: CGRect, _ map: (CGPoint) -> CGPoint) -> CGRect {
    let corners = [
        CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
        CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY),
    ].map(map)
    let xs = corners.map(\.x), ys = corners.map(\.y)
    return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
}

/// A reference node with a random geometry, from a seeded generator.
func randomReferenceNode(_ random: inout some RandomNumberGenerator) -> ReferenceNode {
    let angle = Double.random(in: -Double.pi...Double.pi, using: &random)
    let sx = Double.random(in: 0.5...2, using: &random), sy = Double.random(in: 0.5...2, using: &random)
    let shear = Double.random(in: -0.3...0.3, using: &random)
    return ReferenceNode(
        bounds: CGRect(
            x: Double.random(in: -20...20, using: &random), y: Double.random(in: -20...20, using: &random),
            width: Double.random(in: 10...200, using: &random), height: Double.random(in: 10...200, using: &random)),
        center: CGPoint(x: Double.random(in: 0...300, using: &random), y: Double.random(in: 0...300, using: &random)),
        anchor: CGPoint(x: Double.random(in: 0...1, using: &random), y: Double.random(in: 0...1, using: &random)),
        m: (
            a: cos(angle) * sx, b: sin(angle) * sx, c: -sin(angle) * sy + shear, d: cos(angle) * sy,
            tx: Double.random(in: -10...10, using: &random), ty: Double.random(in: -10...10, using: &random)
        ))
}

// MARK: Recording calls

/// A shared list of the callbacks that recording views and controllers receive.
final class CallLog {
    var entries: [String] = []
    func count(_ entry: String) -> Int { entries.filter { $0 == entry }.count }
}

/// A view that records its hierarchy and update-cycle callbacks as "name.callback".
final class RecordingView: View {
    let name: String
    let log: CallLog
    var onLayout: (() -> Void)?

    init(_ name: String, log: CallLog, frame: CGRect = CGRect(x: 0, y: 0, width: 100, height: 100)) {
        self.name = name
        self.log = log
        super.init(frame: frame)
    }

    required init?(coder: Coder) { return nil }  // not archived

    override func willMove(toSuperview newSuperview: View?) {
        log.entries.append("\(name).willMoveToSuperview(\(newSuperview.map(label) ?? "nil"))")
    }
    override func didMoveToSuperview() { log.entries.append("\(name).didMoveToSuperview") }
    override func willMove(toWindow newWindow: Window?) {
        log.entries.append("\(name).willMoveToWindow(\(newWindow == nil ? "nil" : "window"))")
    }
    override func didMoveToWindow() { log.entries.append("\(name).didMoveToWindow") }
    override func didAddSubview(_ subview: View) { log.entries.append("\(name).didAddSubview(\(label(subview)))") }
    override func willRemoveSubview(_ subview: View) {
        log.entries.append("\(name).willRemoveSubview(\(label(subview)))")
    }
    override func layoutSubviews() {
        log.entries.append("\(name).layoutSubviews")
        onLayout?()
    }
    override func updateConstraints() {
        log.entries.append("\(name).updateConstraints")
        super.updateConstraints()
    }
    override func draw(_ rect: CGRect) { log.entries.append("\(name).draw(\(rect))") }

    private func label(_ view: View) -> String {
        (view as? RecordingView)?.name ?? "\(type(of: view))"
    }
}
