import CCanopy
import Foundation

// The C core's geometry structs have the same fields, in the same order, as the Swift values;
// these conversions are field copies that the optimizer turns into plain moves.

extension CGPoint {
    init(_ p: cnp_point) { self.init(x: p.x, y: p.y) }
    var cnpPoint: cnp_point { cnp_point(x: Double(x), y: Double(y)) }
}

extension CGRect {
    init(_ r: cnp_rect) {
        self.init(x: r.origin.x, y: r.origin.y, width: r.size.width, height: r.size.height)
    }
    var cnpRect: cnp_rect {
        cnp_rect(
            origin: cnp_point(x: Double(origin.x), y: Double(origin.y)),
            size: cnp_size(width: Double(size.width), height: Double(size.height)))
    }
    /// Whether every coordinate is finite.
    var isFinite: Bool {
        origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite
    }
}

extension CGAffineTransform {
    init(_ t: cnp_affine) {
        self.init(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
    }
    var cnpAffine: cnp_affine {
        cnp_affine(a: Double(a), b: Double(b), c: Double(c), d: Double(d), tx: Double(tx), ty: Double(ty))
    }
    /// Whether every entry is finite.
    var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }
}

extension CGPoint {
    /// Whether both coordinates are finite.
    var isFinite: Bool { x.isFinite && y.isFinite }
}
