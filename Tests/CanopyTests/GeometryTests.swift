import Canopy
import Foundation
import Testing

@Suite("Frame, bounds, center, anchor point and transform keep SPEC §1's relations")
struct GeometryTests {
    @Test func frameSetsCenterAndBounds() {
        let view = View(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.center == CGPoint(x: 60, y: 45))
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(view.frame == CGRect(x: 10, y: 20, width: 100, height: 50))
    }

    @Test func plainInitIsAZeroFrame() {
        #expect(View().frame == .zero)
    }

    @Test func boundsSizeGrowsAroundTheCenter() {
        let view = View(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        view.bounds.size = CGSize(width: 200, height: 50)
        #expect(view.center == CGPoint(x: 60, y: 45))
        #expect(view.frame == CGRect(x: -40, y: 20, width: 200, height: 50))
    }

    @Test func centerMovesTheFrame() {
        let view = View(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        view.center = CGPoint(x: 0, y: 0)
        #expect(view.frame == CGRect(x: -50, y: -25, width: 100, height: 50))
    }

    @Test func anchorPointIsWhereTheCenterSits() {
        let view = View(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        view.anchorPoint = .zero
        #expect(view.center == CGPoint(x: 50, y: 25))  // kept
        #expect(view.frame == CGRect(x: 50, y: 25, width: 100, height: 50))
        view.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        #expect(view.center == CGPoint(x: 10, y: 20))
    }

    @Test func boundsOriginDoesNotMoveTheFrame() {
        let view = View(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        view.bounds.origin = CGPoint(x: 30, y: 40)
        #expect(view.frame == CGRect(x: 10, y: 20, width: 100, height: 50))
    }

    @Test func rotatedFrameIsTheBoundingBox() {
        // The View Programming Guide's figure 3-3 case: 100×100 at (150, 150) turned 45°.
        let view = View(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        view.transform = CGAffineTransform(rotationAngle: .pi / 4)
        let half = 50 * 2.0.squareRoot()  // 70.7107
        #expect(isClose(view.frame, CGRect(x: 150 - half, y: 150 - half, width: 2 * half, height: 2 * half)))
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(view.center == CGPoint(x: 150, y: 150))
    }

    @Test func rotationTurnsAboutTheAnchorPoint() {
        let view = View(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        view.anchorPoint = .zero  // center is now (50, 25), the top-left corner's place
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        // Corners relative to the anchor: (0,0) (100,0) (0,50) (100,50) turn to (0,0) (0,100) (-50,0) (-50,100).
        #expect(isClose(view.frame, CGRect(x: 0, y: 25, width: 50, height: 100)))
    }

    @Test func translationInTheTransformMovesTheFrame() {
        let view = View(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        view.transform = CGAffineTransform(translationX: 5, y: -3)
        #expect(view.frame == CGRect(x: 15, y: 7, width: 20, height: 20))
    }

    @Test func settingTheFrameUnderAScaleSizesBoundsThroughTheInverse() {
        let view = View(frame: .zero)
        view.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
        view.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        #expect(view.bounds.size == CGSize(width: 200, height: 200))
        #expect(view.center == CGPoint(x: 50, y: 50))
        #expect(view.transform == CGAffineTransform(scaleX: 0.5, y: 0.5))
        #expect(isClose(view.frame, CGRect(x: 0, y: 0, width: 100, height: 100)))
    }

    @Test func settingTheFrameUnderAQuarterTurnSwapsWidthAndHeight() {
        let view = View(frame: .zero)
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        view.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        #expect(isClose(view.bounds.size, CGSize(width: 50, height: 100)))
        #expect(isClose(view.frame, CGRect(x: 0, y: 0, width: 100, height: 50)))
    }

    @Test func settingTheFrameKeepsTheBoundsOrigin() {
        let view = View(frame: .zero)
        view.bounds.origin = CGPoint(x: 7, y: 8)
        view.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(view.bounds == CGRect(x: 7, y: 8, width: 3, height: 4))
    }

    @Test func settingTheFrameUnderAZeroScaleKeepsTheBoundsSize() {
        let view = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.transform = CGAffineTransform(scaleX: 0, y: 1)
        view.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        #expect(view.bounds.size == CGSize(width: 10, height: 10))
        #expect(view.center == CGPoint(x: 20, y: 20))
    }

    @Test func negativeFrameSizesAreStandardized() {
        let view = View(frame: CGRect(x: 10, y: 10, width: -4, height: -6))
        #expect(view.frame == CGRect(x: 6, y: 4, width: 4, height: 6))
    }

    @Test func sizeToFitUsesSizeThatFitsAndKeepsTheOrigin() {
        final class Label: View {
            override func sizeThatFits(_ size: CGSize) -> CGSize {
                CGSize(width: size.width, height: super.sizeThatFits(size).height + 17)
            }
        }
        let label = Label(frame: CGRect(x: 5, y: 6, width: 100, height: 40))
        #expect(View(frame: CGRect(x: 0, y: 0, width: 30, height: 20)).sizeThatFits(.zero) == CGSize(width: 30, height: 20))
        label.sizeToFit()
        #expect(label.frame == CGRect(x: 5, y: 6, width: 100, height: 57))
        label.sizeToFit()
        #expect(label.frame == CGRect(x: 5, y: 6, width: 100, height: 74))
    }

    @Test func screensKeepBoundsAndScale() {
        let screen = Screen(bounds: CGRect(x: 0, y: 0, width: 390, height: 844), scale: 3)
        let window = Window(frame: CGRect(x: 0, y: 0, width: 390, height: 844), screen: screen)
        #expect(window.screen.scale == 3)
        #expect(Window(frame: CGRect(x: 0, y: 0, width: 10, height: 20)).screen.bounds.size == CGSize(width: 10, height: 20))
        #expect(Window.Level.normal < Window.Level.statusBar && Window.Level.statusBar < Window.Level.alert)
    }
}
