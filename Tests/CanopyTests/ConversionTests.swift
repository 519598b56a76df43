import Canopy
import CanopyWorkloads
import Foundation
import Testing

@Suite("Conversion between views, windows and the screen (SPEC §2)")
struct ConversionTests {
    @Test func nestedTranslationsAddUp() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let a = View(frame: CGRect(x: 10, y: 20, width: 200, height: 200))
        let b = View(frame: CGRect(x: 5, y: 5, width: 50, height: 50))
        window.addSubview(a)
        a.addSubview(b)
        #expect(b.convert(CGPoint(x: 1, y: 1), to: nil) == CGPoint(x: 16, y: 26))
        #expect(b.convert(CGPoint(x: 1, y: 1), to: window) == CGPoint(x: 16, y: 26))
        #expect(b.convert(CGPoint(x: 16, y: 26), from: nil) == CGPoint(x: 1, y: 1))
        #expect(a.convert(CGPoint(x: 0, y: 0), to: b) == CGPoint(x: -5, y: -5))
        #expect(b.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: nil) == CGRect(x: 15, y: 25, width: 10, height: 10))
    }

    @Test func boundsOriginScrollsTheContent() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let parent = View(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let child = View(frame: CGRect(x: 50, y: 60, width: 10, height: 10))
        window.addSubview(parent)
        parent.addSubview(child)
        parent.bounds.origin = CGPoint(x: 30, y: 40)
        #expect(child.convert(CGPoint.zero, to: window) == CGPoint(x: 20, y: 20))
        #expect(child.convert(CGPoint.zero, to: parent) == CGPoint(x: 50, y: 60))
    }

    @Test func pointsMatchTheSpecFormulaThroughRandomChains() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<50 {
            // window ─ a ─ b ─ c   and   window ─ a ─ d  (c and d are cousins)
            let nodes = (0..<4).map { _ in randomReferenceNode(&random) }
            let window = Window(frame: CGRect(x: 0, y: 0, width: 500, height: 500))
            let views = nodes.map { node -> View in
                let view = View()
                node.configure(view)
                return view
            }
            window.addSubview(views[0])
            views[0].addSubview(views[1])
            views[1].addSubview(views[2])
            views[0].addSubview(views[3])
            let p = CGPoint(x: Double.random(in: -50...50, using: &random), y: Double.random(in: -50...50, using: &random))

            let inWindow = nodes[0].toSuperview(nodes[1].toSuperview(nodes[2].toSuperview(p)))
            #expect(isClose(views[2].convert(p, to: nil), inWindow, tolerance: 1e-9))
            #expect(isClose(views[2].convert(inWindow, from: nil), p, tolerance: 1e-7))

            let inCousin = nodes[3].fromSuperview(nodes[1].toSuperview(nodes[2].toSuperview(p)))
            #expect(isClose(views[2].convert(p, to: views[3]), inCousin, tolerance: 1e-9))
        }
    }

    @Test func rectsAreBoundingBoxesTakenAtTheCommonAncestorThenAtTheDestination() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 500, height: 500))
        let source = View(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        let destination = View(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        source.transform = CGAffineTransform(rotationAngle: .pi / 4)
        destination.transform = CGAffineTransform(rotationAngle: -.pi / 4)
        window.addSubview(source)
        window.addSubview(destination)
        let rect = CGRect(x: 10, y: 20, width: 30, height: 40)

        let s = ReferenceNode(bounds: source.bounds, center: source.center, m: (cos(.pi / 4), sin(.pi / 4), -sin(.pi / 4), cos(.pi / 4), 0, 0))
        let d = ReferenceNode(bounds: destination.bounds, center: destination.center, m: (cos(.pi / 4), -sin(.pi / 4), sin(.pi / 4), cos(.pi / 4), 0, 0))
        let atAncestor = referenceBoundingBox(of: rect, s.toSuperview)
        let twoStep = referenceBoundingBox(of: atAncestor, d.fromSuperview)
        let oneStep = referenceBoundingBox(of: rect) { d.fromSuperview(s.toSuperview($0)) }

        let converted = source.convert(rect, to: destination)
        #expect(isClose(converted, twoStep))
        #expect(!isClose(converted, oneStep, tolerance: 1e-3))  // the two rules really differ here
        #expect(isClose(destination.convert(rect, from: source), twoStep))
    }

    @Test func viewsInTwoWindowsConvertThroughScreenSpace() {
        let first = Window(frame: CGRect(x: 100, y: 0, width: 300, height: 300))
        let second = Window(frame: CGRect(x: 0, y: 500, width: 300, height: 300))
        let a = View(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        let b = View(frame: CGRect(x: 20, y: 30, width: 50, height: 50))
        first.addSubview(a)
        second.addSubview(b)
        // a's (0,0) is at (110, 10) on the screen; b's (0,0) is at (20, 530).
        #expect(a.convert(CGPoint.zero, to: b) == CGPoint(x: 90, y: -520))
        #expect(first.convert(CGPoint(x: 1, y: 2), to: nil as Window?) == CGPoint(x: 101, y: 2))
        #expect(first.convert(CGPoint(x: 101, y: 2), from: nil as Window?) == CGPoint(x: 1, y: 2))
        #expect(first.convert(CGPoint.zero, to: second) == CGPoint(x: 100, y: -500))
        #expect(second.convert(CGRect(x: 0, y: 0, width: 10, height: 10), from: first) == CGRect(x: 100, y: -500, width: 10, height: 10))
        #expect(first.convert(CGRect(x: 0, y: 0, width: 1, height: 1), to: nil as Window?) == CGRect(x: 100, y: 0, width: 1, height: 1))
    }

    @Test func aScaledWindowMapsToTheScreenThroughItsTransform() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.transform = CGAffineTransform(scaleX: 2, y: 2)  // about its center (50, 50)
        #expect(window.convert(CGPoint(x: 50, y: 50), to: nil as Window?) == CGPoint(x: 50, y: 50))
        #expect(window.convert(CGPoint(x: 60, y: 50), to: nil as Window?) == CGPoint(x: 70, y: 50))
    }

    @Test func rootsWithoutAWindowAreTheirOwnScreens() {
        let rootA = View(frame: CGRect(x: 1000, y: 1000, width: 100, height: 100))
        let rootB = View(frame: CGRect(x: -500, y: 0, width: 100, height: 100))
        let a = View(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        let b = View(frame: CGRect(x: 30, y: 30, width: 10, height: 10))
        rootA.addSubview(a)
        rootB.addSubview(b)
        #expect(a.convert(CGPoint.zero, to: b) == CGPoint(x: -20, y: -20))
        // nil means the root outside a window.
        #expect(a.convert(CGPoint(x: 1, y: 1), to: nil) == CGPoint(x: 11, y: 11))
    }

    @Test func convertingIntoAZeroScaleViewHasNoAnswer() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let flat = View(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        flat.transform = CGAffineTransform(scaleX: 0, y: 1)
        window.addSubview(flat)
        let point = flat.convert(CGPoint(x: 5, y: 5), from: window)
        #expect(point.x.isNaN && point.y.isNaN)
        #expect(flat.convert(CGRect(x: 0, y: 0, width: 1, height: 1), from: window).isNull)
        #expect(flat.convert([CGRect(x: 0, y: 0, width: 1, height: 1)], from: window).allSatisfy { $0.isNull })
        // Out of it is fine: everything collapses onto the vertical line x = 35.
        #expect(flat.convert(CGPoint(x: 5, y: 5), to: window) == CGPoint(x: 35, y: 15))
    }

    @Test func nullRectsStayNull() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let view = View(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        window.addSubview(view)
        #expect(view.convert(CGRect.null, to: window).isNull)
        #expect(view.convert([CGRect.null, CGRect(x: 0, y: 0, width: 1, height: 1)], to: window)[0].isNull)
    }

    @Test func batchesGiveTheSameBitsAsSingleConversions() {
        var random = SplitMix64(seed: 11)
        let window = Window(frame: CGRect(x: 0, y: 0, width: 500, height: 500))
        let a = View(), b = View()
        randomReferenceNode(&random).configure(a)
        randomReferenceNode(&random).configure(b)
        window.addSubview(a)
        a.addSubview(b)
        let points = (0..<1000).map { _ in
            CGPoint(x: Double.random(in: -100...100, using: &random), y: Double.random(in: -100...100, using: &random))
        }
        let rects = points.map { CGRect(origin: $0, size: CGSize(width: 3, height: 4)) }
        #expect(b.convert(points, to: window) == points.map { b.convert($0, to: window) })
        #expect(b.convert(points, from: window) == points.map { b.convert($0, from: window) })
        #expect(b.convert(rects, to: nil) == rects.map { b.convert($0, to: nil) })
        #expect(b.convert(rects, from: a) == rects.map { b.convert($0, from: a) })
        #expect(b.convert([CGPoint](), to: window).isEmpty)
    }

    @Test func onePointIntoManyViewsMatchesOneByOne() {
        let window = TreeGeneratorFixtures.balancedWindow(count: 341)
        window.runUpdateCycle()
        var views: [View] = []
        window.forEachDescendant { views.append($0) }
        let source = views[17]
        let p = CGPoint(x: 3, y: 4)
        let many = source.convert(p, to: views)
        for (view, converted) in zip(views, many) {
            #expect(isClose(converted, source.convert(p, to: view), tolerance: 1e-9))
        }
        let detached = View(frame: CGRect(x: 1, y: 1, width: 1, height: 1))
        #expect(source.convert(p, to: [detached]) == [source.convert(p, to: detached)])
    }
}

