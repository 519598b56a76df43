import Canopy
import Foundation
import Testing

/// Asserts that `image`'s pixel at (`x`, `y`) is `expected`, each component within `tolerance`.
func assertPixel(_ image: Image, _ x: Int, _ y: Int, _ expected: Color, tolerance: Double = 0.02,
                 sourceLocation: SourceLocation = #_sourceLocation) {
    guard let got = image.pixelColor(x: x, y: y) else {
        Issue.record("no pixel at (\(x), \(y))", sourceLocation: sourceLocation)
        return
    }
    let pairs = [(got.red, expected.red), (got.green, expected.green), (got.blue, expected.blue), (got.alpha, expected.alpha)]
    // A transparent pixel has no colour to compare.
    let compared = expected.alpha == 0 ? [pairs[3]] : pairs
    #expect(compared.allSatisfy { abs($0 - $1) <= tolerance }, "pixel (\(x), \(y)) is \(got), expected \(expected)", sourceLocation: sourceLocation)
}

/// Draws with a 1× renderer of `width` × `height` points.
func drawn(_ width: CGFloat, _ height: CGFloat, scale: CGFloat = 1, _ actions: (GraphicsContext) -> Void) -> Image {
    GraphicsImageRenderer(size: CGSize(width: width, height: height), scale: scale).image(actions: actions)
}

@Suite("Paths: building, measuring, arcs, and points that cannot be drawn")
struct PathTests {
    @Test func aRectContainsItsInsideHalfOpen() {
        let path = Path(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(path.contains(CGPoint(x: 5, y: 5)))
        #expect(!(path.contains(CGPoint(x: 11, y: 5))))
        #expect(path.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    @Test func evenOddLeavesTheHoleOfARing() {
        var ring = Path(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100))
        ring.addEllipse(in: CGRect(x: 25, y: 25, width: 50, height: 50))
        #expect(!(ring.contains(CGPoint(x: 50, y: 50), using: .evenOdd)))
        #expect(ring.contains(CGPoint(x: 50, y: 50), using: .winding), "both circles turn the same way")
        #expect(ring.contains(CGPoint(x: 50, y: 10), using: .evenOdd))
    }

    @Test func aClockwiseQuarterArcEndsBelowItsCenter() {
        // y down: clockwise from angle 0 (right of the center) to π/2 ends straight below it.
        var path = Path()
        path.addArc(center: CGPoint(x: 50, y: 50), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(abs(path.currentPoint!.x - 50) <= 1e-9)
        #expect(abs(path.currentPoint!.y - 60) <= 1e-9)
        #expect(path.elements.first == .move(to: CGPoint(x: 60, y: 50)))
        // The arc's midpoint is on the circle, between the two ends (the lower-right quadrant).
        #expect(Path(ellipseIn: CGRect(x: 40, y: 40, width: 20.5, height: 20.5)).contains(CGPoint(x: 56.9, y: 56.9)))
    }

    @Test func aCounterClockwiseArcGoesTheOtherWayRound() {
        var path = Path()
        path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        // Three quarters of a turn: through the top (negative y) before arriving below.
        #expect(path.boundingBox.minY < -9.9)
        #expect(abs(path.currentPoint!.y - 10) <= 1e-9)
    }

    @Test func nonFinitePointsAreDroppedAndSaid() {
        var path = Path()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: CGFloat.nan, y: 1))
        path.addLine(to: CGPoint(x: 5, y: 5))
        path.addArc(center: .zero, radius: .infinity, startAngle: 0, endAngle: 1, clockwise: true)
        #expect(path.hasDroppedElements)
        #expect(path.elements == [.move(to: .zero), .line(to: CGPoint(x: 5, y: 5))])
        let image = drawn(10, 10) { context in
            context.addPath(path)
            context.setStrokeColor(.red)
            context.strokePath()
        }
        assertPixel(image, 3, 3, .red, tolerance: 0.6)
    }

    @Test func roundedRectCornersAreCut() {
        let path = Path(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 60), cornerWidth: 20, cornerHeight: 20)
        #expect(!(path.contains(CGPoint(x: 2, y: 2))))
        #expect(path.contains(CGPoint(x: 10, y: 10)))
        #expect(path.contains(CGPoint(x: 50, y: 1)))
    }
}

@Suite("Graphics contexts: fills, strokes, transforms, state, clipping, gradients, images")
struct GraphicsContextTests {
    @Test func fillPaintsInsideOnly() {
        let image = drawn(20, 20) { context in
            context.setFillColor(.red)
            context.fill(CGRect(x: 5, y: 5, width: 10, height: 10))
        }
        #expect(image.pixelSize.width == 20)
        assertPixel(image, 10, 10, .red)
        assertPixel(image, 2, 2, .clear)
        assertPixel(image, 15, 15, .clear, tolerance: 0)
    }

    @Test func scaleMultipliesThePixels() {
        let image = drawn(10, 10, scale: 3) { context in
            context.setFillColor(.blue)
            context.fill(CGRect(x: 0, y: 0, width: 5, height: 10))
        }
        #expect(image.size == CGSize(width: 10, height: 10))
        #expect(image.pixelSize.width == 30)
        assertPixel(image, 14, 20, .blue)
        assertPixel(image, 15, 20, .clear)
    }

    @Test func theTransformMovesWhatIsDrawn() {
        let image = drawn(40, 40) { context in
            context.translateBy(x: 20, y: 10)
            context.scaleBy(x: 2, y: 2)
            context.setFillColor(.green)
            context.fill(CGRect(x: 0, y: 0, width: 5, height: 5))  // 20...30 × 10...20 in pixels
        }
        assertPixel(image, 25, 15, .green)
        assertPixel(image, 2, 2, .clear)
        assertPixel(image, 31, 15, .clear)
    }

    @Test func strokeWidthIsInUserSpaceAtTheTimeOfTheStroke() {
        let image = drawn(40, 40) { context in
            context.move(to: CGPoint(x: 0, y: 20))
            context.addLine(to: CGPoint(x: 40, y: 20))
            context.scaleBy(x: 4, y: 4)  // after the path: only the pen grows, to 8 pixels
            context.setLineWidth(2)
            context.setStrokeColor(.black)
            context.strokePath()
        }
        assertPixel(image, 20, 17, .black)
        assertPixel(image, 20, 23, .black)
        assertPixel(image, 20, 26, .clear)
    }

    @Test func saveAndRestoreScopeTheClipAndColours() {
        let image = drawn(20, 10) { context in
            context.setFillColor(.red)
            context.saveGState()
            context.clip(to: CGRect(x: 0, y: 0, width: 10, height: 10))
            context.setFillColor(.blue)
            context.fill(CGRect(x: 0, y: 0, width: 20, height: 5))
            context.restoreGState()
            context.fill(CGRect(x: 0, y: 5, width: 20, height: 5))
        }
        assertPixel(image, 5, 2, .blue)
        assertPixel(image, 15, 2, .clear)
        assertPixel(image, 15, 7, .red)
        #expect(drawn(5, 5) { context in context.restoreGState() }.pixelSize.width == 5, "an extra restore is ignored")
    }

    @Test func evenOddFillLeavesTheHole() {
        let image = drawn(100, 100) { context in
            context.addEllipse(in: CGRect(x: 0, y: 0, width: 100, height: 100))
            context.addEllipse(in: CGRect(x: 25, y: 25, width: 50, height: 50))
            context.setFillColor(.black)
            context.fillPath(using: .evenOdd)
        }
        assertPixel(image, 50, 50, .clear)
        assertPixel(image, 50, 10, .black)
    }

    @Test func alphaFadesWhatIsDrawn() {
        let image = drawn(10, 10) { context in
            context.setAlpha(0.5)
            context.setFillColor(.white)
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        assertPixel(image, 5, 5, Color(white: 1, alpha: 0.5))
    }

    @Test func aLinearGradientRunsFromStartToEnd() {
        let image = drawn(101, 4) { context in
            let gradient = Gradient(colors: [.red, .blue])
            context.drawLinearGradient(gradient, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 101, y: 0))
        }
        assertPixel(image, 0, 1, .red)
        assertPixel(image, 100, 1, .blue)
        assertPixel(image, 50, 1, Color(red: 0.5, green: 0, blue: 0.5), tolerance: 0.03)
    }

    @Test func anImageIsDrawnStretchedIntoItsRect() {
        let dot = drawn(2, 2) { context in
            context.setFillColor(.red)
            context.fill(CGRect(x: 0, y: 0, width: 1, height: 2))
            context.setFillColor(.blue)
            context.fill(CGRect(x: 1, y: 0, width: 1, height: 2))
        }
        let image = drawn(20, 10) { context in context.draw(dot, in: CGRect(x: 0, y: 0, width: 20, height: 10)) }
        assertPixel(image, 2, 5, .red)
        assertPixel(image, 17, 5, .blue)
    }

    @Test func theCurrentContextIsTheRenderersOnlyWhileItDraws() {
        #expect(GraphicsGetCurrentContext() == nil)
        let image = drawn(10, 10) { context in
            #expect(GraphicsGetCurrentContext() === context)
            Color.red.setFill()
            BezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10)).fill()
        }
        #expect(GraphicsGetCurrentContext() == nil)
        assertPixel(image, 5, 5, .red)
    }

    @Test func bezierPathStrokesWithItsOwnPen() {
        let image = drawn(40, 40) { _ in
            let path = BezierPath()
            path.move(to: CGPoint(x: 0, y: 20))
            path.addLine(to: CGPoint(x: 40, y: 20))
            path.lineWidth = 10
            Color.black.setStroke()
            path.stroke()
            BezierPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4)).stroke()  // 1 wide: the pen was restored
        }
        assertPixel(image, 20, 16, .black)
        assertPixel(image, 20, 26, .clear)
        assertPixel(image, 2, 2, .clear)
    }

    @Test func dashesLeaveGaps() {
        let image = drawn(40, 10) { context in
            context.setLineDash(phase: 0, lengths: [10, 10])
            context.setLineWidth(4)
            context.setStrokeColor(.black)
            context.strokeLineSegments(between: [CGPoint(x: 0, y: 5), CGPoint(x: 40, y: 5)])
        }
        assertPixel(image, 5, 5, .black)
        assertPixel(image, 15, 5, .clear)
        assertPixel(image, 25, 5, .black)
    }
}

@Suite("Images: PNG files read and written, bad files refused")
struct ImageFileTests {
    @Test func pNGDataReadsBackToTheSamePixels() throws {
        let image = drawn(8, 6, scale: 2) { context in
            context.setFillColor(Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 1))
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 6))
        }
        let data = try #require(image.pngData())
        #expect(Array(data.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        let read = try #require(Image(data: data, scale: 2))
        #expect(read.size == image.size)
        #expect(read.pixelColor(x: 3, y: 3) == image.pixelColor(x: 3, y: 3))
        #expect(read.pixelColor(x: 12, y: 3) == image.pixelColor(x: 12, y: 3))
    }

    @Test func aFileNamedAt2xHasScaleTwo() throws {
        let image = drawn(4, 4, scale: 2) { context in context.fill(CGRect(x: 0, y: 0, width: 4, height: 4)) }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("canopy-icon-\(UUID())@2x.png")
        defer { try? FileManager.default.removeItem(at: url) }
        try #require(image.pngData()).write(to: url)
        let read = try #require(Image(contentsOfFile: url.path))
        #expect(read.scale == 2)
        #expect(read.size == CGSize(width: 4, height: 4))
    }

    @Test func badFilesAreRefusedWithoutCrashing() throws {
        #expect(Image(data: Data()) == nil)
        #expect(Image(data: Data("not a png at all, just some text".utf8)) == nil)
        let good = try #require(drawn(4, 4) { $0.fill(CGRect(x: 0, y: 0, width: 4, height: 4)) }.pngData())
        #expect(Image(data: good.prefix(good.count / 2)) == nil, "truncated")
        var corrupt = good
        for i in stride(from: 40, to: corrupt.count - 12, by: 3) { corrupt[i] ^= 0x5A }
        #expect(Image(data: corrupt) == nil, "corrupt compressed data")
        // A header that claims 100,000 × 100,000 pixels is refused before anything is allocated.
        var huge = good
        huge.replaceSubrange(16..<24, with: [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0])
        #expect(Image(data: huge) == nil)
        #expect(Image(contentsOfFile: "/nonexistent/canopy.png") == nil)
    }

    /// Bytes of a valid PNG file changed at random, cut short or repeated: each read either gives
    /// an image of the size its header states or `nil`, and never stops the process.
    @Test func mutatedFilesNeverCrash() throws {
        let picture = drawn(24, 16) { context in
            context.setFillColor(.red)
            context.fillEllipse(in: CGRect(x: 0, y: 0, width: 24, height: 16))
            context.setStrokeColor(.blue)
            context.stroke(CGRect(x: 2, y: 2, width: 20, height: 12))
        }
        let good = try #require(picture.pngData())
        var random = SystemRandomNumberGenerator()
        var read = 0
        for round in 0..<400 {
            var bytes = [UInt8](good)
            switch round % 4 {
            case 0:
                for _ in 0..<(1 + round % 7) { bytes[Int.random(in: 8..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random) }
            case 1: bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
            case 2: bytes.insert(contentsOf: bytes[20..<40], at: Int.random(in: 8..<bytes.count, using: &random))
            default:
                let at = Int.random(in: 16..<24, using: &random)  // the header's size fields
                bytes[at] = UInt8.random(in: 0...255, using: &random)
            }
            if let image = Image(data: Data(bytes)) {
                read += 1
                #expect(image.pixelSize.width > 0 && image.pixelSize.height > 0)
                #expect(image.pixelSize.width * image.pixelSize.height <= 1 << 26)
            }
        }
        #expect(read < 400, "some mutations must be refused")
    }

    @Test func aRendererPastTheLimitsGivesABlank() {
        let blank = GraphicsImageRenderer(size: CGSize(width: 100_000, height: 100_000)).image { context in
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        #expect(blank.size == CGSize(width: 100_000, height: 100_000))
        #expect(blank.pngData() == nil)
        #expect(blank.pixelColor(x: 0, y: 0) == nil)
    }
}
