import CCanopy
import Foundation

#if !canImport(CoreGraphics)
/// An affine transformation matrix for 2-D drawing and geometry, with Core Graphics' API.
///
/// Foundation on Linux has no `CGAffineTransform`; Canopy supplies it with Apple's fields and
/// semantics, so UIKit code that builds and composes transforms reads the same. The matrix is
///
///     | a  b  0 |
///     | c  d  0 |
///     | tx ty 1 |
///
/// and a point `(x, y)` maps to `(a*x + c*y + tx, b*x + d*y + ty)`.
///
/// The memory layout is six `CGFloat`s in declaration order, the same as the C core's
/// `cnp_affine`, so arrays of transforms pass to the core without copying.
public struct CGAffineTransform: Hashable, Sendable, Codable {
    /// The entry at position [1, 1].
    public var a: CGFloat
    /// The entry at position [1, 2].
    public var b: CGFloat
    /// The entry at position [2, 1].
    public var c: CGFloat
    /// The entry at position [2, 2].
    public var d: CGFloat
    /// The horizontal translation.
    public var tx: CGFloat
    /// The vertical translation.
    public var ty: CGFloat

    /// Creates a transform from its six entries.
    @inlinable
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// Creates the identity transform.
    @inlinable
    public init() {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    }
}

extension CGAffineTransform {
    /// The identity transform: it leaves every point where it is.
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Creates a transform that rotates by `angle` radians; positive angles turn the x axis
    /// towards the y axis (clockwise on a screen whose y axis points down).
    public init(rotationAngle angle: CGFloat) {
        let cosine = CGFloat(Foundation.cos(Double(angle)))
        let sine = CGFloat(Foundation.sin(Double(angle)))
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Creates a transform that scales x by `sx` and y by `sy`.
    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Creates a transform that translates by `(tx, ty)`.
    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// Whether this is the identity transform.
    public var isIdentity: Bool { self == .identity }

    /// Whether every entry has the identity's bits: unlike ``isIdentity``, a transform with a
    /// -0 entry (a turn by 0) is not, so storage that leaves the identity out reads back exactly.
    var hasIdentityBits: Bool {
        let one = CGFloat(1).bitPattern
        return a.bitPattern == one && d.bitPattern == one && b.bitPattern | c.bitPattern | tx.bitPattern | ty.bitPattern == 0
    }

    /// The transform that applies `self`, then `other`.
    public func concatenating(_ other: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(cnp_affine_concat(cnpAffine, other.cnpAffine))
    }

    /// The inverse of this transform, or the transform itself when it has no inverse
    /// (a determinant of 0), as Core Graphics does.
    public func inverted() -> CGAffineTransform {
        var inverse = cnp_affine()
        return cnp_affine_invert(cnpAffine, &inverse) ? CGAffineTransform(inverse) : self
    }

    /// The transform that rotates by `angle` radians, then applies `self`.
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The transform that scales by `(sx, sy)`, then applies `self`.
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
    }

    /// The transform that translates by `(tx, ty)`, then applies `self`.
    public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: tx, y: ty).concatenating(self)
    }
}

extension CGPoint {
    /// The point mapped by `t`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(cnp_affine_apply_point(t.cnpAffine, cnpPoint))
    }
}

extension CGSize {
    /// The size mapped by the linear part of `t` (its translation does not apply to a size);
    /// the result may be negative, as in Core Graphics.
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest rectangle that contains this rectangle mapped by `t` (a bounding box, so a
    /// rotated rectangle grows). The null rectangle maps to itself, as in Core Graphics.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull { return self }
        return CGRect(cnp_affine_apply_rect(t.cnpAffine, cnpRect))
    }
}
#endif
