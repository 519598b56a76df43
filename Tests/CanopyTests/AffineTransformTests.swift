import CCanopy
import Canopy
import Foundation
import Testing

@Suite("CGAffineTransform has Core Graphics' API and semantics")
struct AffineTransformTests {
    @Test func identityLeavesPointsAlone() {
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(CGAffineTransform().isIdentity)
        #expect(CGPoint(x: 3, y: -4).applying(.identity) == CGPoint(x: 3, y: -4))
        #expect(!CGAffineTransform(translationX: 1, y: 0).isIdentity)
    }

    @Test func rotationTurnsXTowardsY() {
        // A quarter turn maps (1, 0) to (0, 1): clockwise on a y-down screen.
        let p = CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(isClose(p, CGPoint(x: 0, y: 1), tolerance: 1e-15))
        let t = CGAffineTransform(rotationAngle: .pi / 6)
        #expect(t.a == cos(.pi / 6) && t.b == sin(.pi / 6) && t.c == -sin(.pi / 6) && t.d == cos(.pi / 6))
    }

    @Test func concatenatingAppliesTheReceiverFirst() {
        let t = CGAffineTransform(translationX: 10, y: 0).concatenating(CGAffineTransform(scaleX: 2, y: 2))
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 22, y: 2))  // (1+10)*2, 1*2
        let u = CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(translationX: 10, y: 0))
        #expect(CGPoint(x: 1, y: 1).applying(u) == CGPoint(x: 12, y: 2))
    }

    @Test func scaledRotatedTranslatedApplyTheNewStepFirst() {
        let base = CGAffineTransform(translationX: 10, y: 0)
        #expect(CGPoint(x: 1, y: 1).applying(base.scaledBy(x: 2, y: 3)) == CGPoint(x: 12, y: 3))
        #expect(CGPoint(x: 1, y: 1).applying(base.translatedBy(x: 5, y: 6)) == CGPoint(x: 16, y: 7))
        let rotated = CGPoint(x: 1, y: 0).applying(base.rotated(by: .pi / 2))
        #expect(isClose(rotated, CGPoint(x: 10, y: 1), tolerance: 1e-15))
    }

    @Test func invertedUndoesAMap() {
        let t = CGAffineTransform(a: 2, b: 1, c: -1, d: 3, tx: 5, ty: -7)
        let p = CGPoint(x: 4, y: 9)
        let q = CGPoint(x: 2 * 4 + -1 * 9 + 5, y: 1 * 4 + 3 * 9 - 7)  // by hand
        #expect(p.applying(t) == q)
        #expect(isClose(q.applying(t.inverted()), p, tolerance: 1e-14))
    }

    @Test func aSingularTransformInvertsToItself() {
        let flat = CGAffineTransform(scaleX: 0, y: 2)
        #expect(flat.inverted() == flat)
    }

    @Test func sizesMapThroughTheLinearPartOnly() {
        let quarter = CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 100, ty: 100)
        #expect(CGSize(width: 10, height: 20).applying(quarter) == CGSize(width: -20, height: 10))
    }

    @Test func rectsMapToTheirBoundingBox() {
        let quarter = CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
        // Corners (0,0) (10,0) (0,20) (10,20) go to (0,0) (0,10) (-20,0) (-20,10).
        #expect(CGRect(x: 0, y: 0, width: 10, height: 20).applying(quarter) == CGRect(x: -20, y: 0, width: 20, height: 10))
        let turn = CGAffineTransform(rotationAngle: .pi / 4)
        let box = CGRect(x: -50, y: -50, width: 100, height: 100).applying(turn)
        let half = 50 * 2.0.squareRoot()
        #expect(isClose(box, CGRect(x: -half, y: -half, width: 2 * half, height: 2 * half)))
        #expect(CGRect.null.applying(quarter).isNull)
    }

    @Test func memoryLayoutMatchesTheCoreStruct() {
        #expect(MemoryLayout<CGAffineTransform>.size == MemoryLayout<cnp_affine>.size)
        #expect(MemoryLayout<CGAffineTransform>.stride == MemoryLayout<cnp_affine>.stride)
        #expect(MemoryLayout<CGAffineTransform>.offset(of: \.tx) == MemoryLayout<cnp_affine>.offset(of: \.tx))
        #expect(MemoryLayout<CGAffineTransform>.offset(of: \.d) == 3 * MemoryLayout<Double>.size)
        #expect(MemoryLayout<CGRect>.size == MemoryLayout<cnp_rect>.size)
        #expect(MemoryLayout<CGPoint>.size == MemoryLayout<cnp_point>.size)
    }

    @Test func transformsAreCodableAndHashable() throws {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let decoded = try JSONDecoder().decode(CGAffineTransform.self, from: JSONEncoder().encode(t))
        #expect(decoded == t)
        #expect(Set([t, t, .identity]).count == 2)
    }
}
