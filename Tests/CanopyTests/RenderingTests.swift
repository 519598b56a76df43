import Canopy
import Foundation
import Testing

/// A white 100×100 window at scale 1.
private func whiteWindow() -> Window {
    let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    window.backgroundColor = .white
    return window
}

private func render(_ window: Window) throws -> Image { try window.render(scale: 1) }

@Suite("Rendering a window: backgrounds, opacity, clipping, corners, borders, shadows")
struct ViewCompositingTests {
    @Test func backgroundsDrawBackToFront() throws {
        let window = whiteWindow()
        let back = View(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        back.backgroundColor = .red
        let front = View(frame: CGRect(x: 30, y: 30, width: 50, height: 50))
        front.backgroundColor = .blue
        window.addSubview(back)
        window.addSubview(front)
        let image = try render(window)
        assertPixel(image, 5, 5, .white)
        assertPixel(image, 15, 15, .red)
        assertPixel(image, 45, 45, .blue)
        assertPixel(image, 75, 75, .blue)
    }

    @Test func hiddenAndTransparentViewsDrawNothing() throws {
        let window = whiteWindow()
        let hidden = View(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        hidden.backgroundColor = .red
        hidden.isHidden = true
        let clear = View(frame: CGRect(x: 50, y: 0, width: 50, height: 50))
        clear.backgroundColor = .red
        clear.alpha = 0
        window.addSubview(hidden)
        window.addSubview(clear)
        let image = try render(window)
        assertPixel(image, 25, 25, .white)
        assertPixel(image, 75, 25, .white)
    }

    @Test func alphaBlendsTheViewAndItsSubviewsAsOneGroup() throws {
        let window = whiteWindow()
        let group = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        group.alpha = 0.5
        let red = View(frame: CGRect(x: 0, y: 0, width: 60, height: 100))
        red.backgroundColor = .red
        let blue = View(frame: CGRect(x: 40, y: 0, width: 60, height: 100))
        blue.backgroundColor = .blue
        group.addSubview(red)
        group.addSubview(blue)
        window.addSubview(group)
        let image = try render(window)
        assertPixel(image, 20, 50, Color(red: 1, green: 0.5, blue: 0.5))
        // Where they overlap, blue hides red inside the group before the group fades.
        assertPixel(image, 50, 50, Color(red: 0.5, green: 0.5, blue: 1))
    }

    @Test func clipsToBoundsCutsSubviewsAtTheRoundedBounds() throws {
        let window = whiteWindow()
        let card = View(frame: CGRect(x: 20, y: 20, width: 60, height: 60))
        card.layer.cornerRadius = 20
        let fill = View(frame: CGRect(x: -20, y: -20, width: 100, height: 100))
        fill.backgroundColor = .green
        card.addSubview(fill)
        window.addSubview(card)
        assertPixel(try render(window), 10, 10, .green)
        card.clipsToBounds = true
        let image = try render(window)
        assertPixel(image, 10, 10, .white)
        assertPixel(image, 22, 22, .white, tolerance: 0.02)  // the corner is cut
        assertPixel(image, 50, 50, .green)
        assertPixel(image, 50, 21, .green)
    }

    @Test func cornerRadiusAndBorderShapeTheBackground() throws {
        let window = whiteWindow()
        let card = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        card.backgroundColor = .blue
        card.layer.cornerRadius = 30
        card.layer.borderWidth = 4
        card.layer.borderColor = Color.red.cgColor
        window.addSubview(card)
        let image = try render(window)
        assertPixel(image, 2, 2, .white)
        assertPixel(image, 50, 1, .red)
        assertPixel(image, 50, 6, .blue)
        assertPixel(image, 50, 50, .blue)
        // Only the corners `maskedCorners` names are rounded.
        card.layer.maskedCorners = [.layerMaxXMaxYCorner]
        let squared = try render(window)
        assertPixel(squared, 1, 1, .red)
        assertPixel(squared, 98, 98, .white)
    }

    @Test func theBorderIsDrawnOverSubviews() throws {
        let window = whiteWindow()
        let frame = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        frame.layer.borderWidth = 5
        let inside = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        inside.backgroundColor = .green
        frame.addSubview(inside)
        window.addSubview(frame)
        let image = try render(window)
        assertPixel(image, 2, 50, .black)
        assertPixel(image, 50, 50, .green)
    }

    @Test func transformsTurnAroundTheAnchorPoint() throws {
        let window = whiteWindow()
        let bar = View(frame: CGRect(x: 40, y: 10, width: 20, height: 80))
        bar.backgroundColor = .black
        bar.transform = CGAffineTransform(rotationAngle: .pi / 2)  // now 80 wide, 20 tall, same center
        window.addSubview(bar)
        let image = try render(window)
        assertPixel(image, 15, 50, .black)
        assertPixel(image, 50, 15, .white)
    }

    @Test func boundsOriginScrollsTheSubviews() throws {
        let window = whiteWindow()
        let scroller = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let item = View(frame: CGRect(x: 0, y: 50, width: 100, height: 10))
        item.backgroundColor = .red
        scroller.addSubview(item)
        scroller.bounds.origin = CGPoint(x: 0, y: 40)
        window.addSubview(scroller)
        let image = try render(window)
        assertPixel(image, 50, 15, .red)
        assertPixel(image, 50, 55, .white)
    }

    @Test func aShadowFallsOutsideByItsOffset() throws {
        let window = whiteWindow()
        let card = View(frame: CGRect(x: 20, y: 20, width: 60, height: 40))
        card.backgroundColor = .white
        card.layer.shadowOpacity = 1
        card.layer.shadowOffset = CGSize(width: 0, height: 10)
        card.layer.shadowRadius = 0
        window.addSubview(card)
        let image = try render(window)
        assertPixel(image, 50, 65, .black)
        assertPixel(image, 50, 40, .white)
        assertPixel(image, 50, 75, .white)
        // A blur spreads it past the shape, fading.
        card.layer.shadowRadius = 6
        let soft = try render(window)
        let edge = try #require(soft.pixelColor(x: 50, y: 72))
        #expect(edge.red > 0.05 && edge.red < 0.95, "the blurred edge is grey: \(edge)")
    }

    @Test func renderingTwiceGivesTheSameBytes() throws {
        let window = whiteWindow()
        for i in 0..<20 {
            let view = View(frame: CGRect(x: CGFloat(i * 4), y: CGFloat(i * 3), width: 30, height: 20))
            view.backgroundColor = Color(red: Double(i) / 20, green: 0.5, blue: 1 - Double(i) / 20, alpha: 0.7)
            view.layer.cornerRadius = CGFloat(i % 5) * 2
            view.transform = CGAffineTransform(rotationAngle: CGFloat(i) * 0.1)
            window.addSubview(view)
        }
        let (first, second) = (try render(window).pngData(), try render(window).pngData())
        #expect(first != nil && first == second)
    }

    @Test func sizesThatCannotBeRenderedThrow() throws {
        let empty = Window(frame: .zero)
        #expect(throws: (any Error).self) { try empty.render(scale: 1) }
        #expect(throws: (any Error).self) { try whiteWindow().render(scale: 1_000) }
        #expect(throws: (any Error).self) { try whiteWindow().render(scale: .nan) }
        #expect(try whiteWindow().render(scale: 3).pixelSize.width == 300)
    }
}

@Suite("Layers: a view's own state, sublayers, shapes, gradients, masks, contents")
struct LayerTests {
    @Test func aViewsLayerIsTheViewsOwnState() {
        let view = View(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(view.layer === view.layer)
        #expect(view.layer.frame == view.frame)
        #expect(view.layer.position == CGPoint(x: 25, y: 40))
        view.layer.backgroundColor = .red
        #expect(view.backgroundColor == .red)
        view.layer.opacity = 0.25
        #expect(view.alpha == 0.25)
        view.layer.masksToBounds = true
        #expect(view.clipsToBounds)
        view.layer.isHidden = true
        #expect(view.isHidden)
        view.contentMode = .center
        #expect(view.layer.contentsGravity == .center)
        view.layer.position = CGPoint(x: 100, y: 100)
        #expect(view.center == CGPoint(x: 100, y: 100))
    }

    @Test func aLayerOfItsOwnIsPlacedByFrame() {
        let layer = Layer()
        layer.frame = CGRect(x: 10, y: 10, width: 20, height: 40)
        #expect(layer.bounds == CGRect(x: 0, y: 0, width: 20, height: 40))
        #expect(layer.position == CGPoint(x: 20, y: 30))
        layer.anchorPoint = .zero
        #expect(layer.frame == CGRect(x: 20, y: 30, width: 20, height: 40))
    }

    @Test func sublayersKeepOrderAndRefuseCycles() {
        let root = Layer(), a = Layer(), b = Layer(), c = Layer()
        root.addSublayer(a)
        root.addSublayer(c)
        root.insertSublayer(b, below: c)
        #expect(root.sublayers?.map(ObjectIdentifier.init) == [a, b, c].map(ObjectIdentifier.init))
        a.addSublayer(root)  // root is above a: refused
        #expect(a.sublayers == nil)
        root.addSublayer(root)
        #expect(root.sublayers?.count == 3)
        b.removeFromSuperlayer()
        #expect(b.superlayer == nil)
        #expect(root.sublayers?.count == 2)
        let view = View()
        root.addSublayer(view.layer)  // a view's layer moves with its view, not as a sublayer
        #expect(root.sublayers?.count == 2)
    }

    @Test func shapeAndGradientLayersDrawOverTheViewUnderItsSubviews() throws {
        let window = whiteWindow()
        let host = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let gradient = GradientLayer()
        gradient.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        gradient.colors = [.red, .blue]
        host.layer.addSublayer(gradient)
        let dot = ShapeLayer()
        dot.frame = CGRect(x: 40, y: 40, width: 20, height: 20)
        dot.path = Path(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20))
        dot.fillColor = .green
        host.layer.addSublayer(dot)
        let corner = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        corner.backgroundColor = .black
        host.addSubview(corner)
        window.addSubview(host)
        let image = try render(window)
        assertPixel(image, 50, 0, .red, tolerance: 0.03)
        assertPixel(image, 50, 99, .blue, tolerance: 0.03)
        assertPixel(image, 50, 50, .green)
        assertPixel(image, 5, 5, .black)
        // zPosition brings a layer forward.
        gradient.zPosition = 1
        assertPixel(try render(window), 50, 50, Color(red: 0.5, green: 0, blue: 0.5), tolerance: 0.03)
    }

    @Test func aShapeLayerStrokes() throws {
        let window = whiteWindow()
        let ring = ShapeLayer()
        ring.frame = window.bounds
        ring.path = Path(ellipseIn: CGRect(x: 10, y: 10, width: 80, height: 80))
        ring.fillColor = nil
        ring.strokeColor = .red
        ring.lineWidth = 6
        window.layer.addSublayer(ring)
        let image = try render(window)
        assertPixel(image, 50, 10, .red)
        assertPixel(image, 50, 50, .white)
    }

    @Test func aMaskKeepsOnlyWhereItIsOpaque() throws {
        let window = whiteWindow()
        let view = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.backgroundColor = .red
        let mask = Layer()
        mask.frame = CGRect(x: 0, y: 0, width: 50, height: 100)
        mask.backgroundColor = .black
        view.layer.mask = mask
        window.addSubview(view)
        let image = try render(window)
        assertPixel(image, 25, 50, .red)
        assertPixel(image, 75, 50, .white)
    }

    @Test func layerClassBacksTheViewWithAShapeLayer() throws {
        final class Triangle: View {
            override class var layerClass: Layer.Type { ShapeLayer.self }
        }
        let window = whiteWindow()
        let triangle = Triangle(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let shape = try #require(triangle.layer as? ShapeLayer)
        var path = Path()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 0, y: 100)])
        path.closeSubpath()
        shape.path = path
        shape.fillColor = .blue
        window.addSubview(triangle)
        let image = try render(window)
        assertPixel(image, 20, 20, .blue)
        assertPixel(image, 80, 80, .white)
    }

    @Test func imageViewPlacesItsImageByContentMode() throws {
        let red = drawn(10, 10) { context in
            context.setFillColor(.red)
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        let window = whiteWindow()
        let imageView = ImageView(image: red)
        imageView.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        imageView.contentMode = .center
        window.addSubview(imageView)
        var image = try render(window)
        assertPixel(image, 20, 20, .red)
        assertPixel(image, 5, 5, .white)
        imageView.contentMode = .scaleToFill
        image = try render(window)
        assertPixel(image, 5, 5, .red)
        imageView.contentMode = .topLeft
        image = try render(window)
        assertPixel(image, 5, 5, .red)
        assertPixel(image, 20, 20, .white)
    }
}

/// A view that draws a filled circle in a colour, counting its draws.
private final class Disc: View {
    var color = Color.red
    var draws: [CGRect] = []

    override func draw(_ rect: CGRect) {
        draws.append(rect)
        guard let context = GraphicsGetCurrentContext() else { return }
        context.setFillColor(color)
        context.fillEllipse(in: bounds)
    }
}

/// Two bars meeting at half the height, which a bar's height of 15 puts inside a pixel; a new
/// value redraws the top one only.
private final class SplitBars: View {
    var value: CGFloat = 0.5 {
        didSet { setNeedsDisplay(CGRect(x: 0, y: 0, width: bounds.width, height: bounds.height / 2)) }
    }
    var draws: [CGRect] = []

    override func draw(_ rect: CGRect) {
        draws.append(rect)
        guard let context = GraphicsGetCurrentContext() else { return }
        context.setFillColor(.blue)
        context.fill(CGRect(x: 0, y: 0, width: bounds.width * value, height: bounds.height / 2))
        context.setFillColor(.green)
        context.fill(CGRect(x: 0, y: bounds.height / 2, width: bounds.width / 3, height: bounds.height / 2))
    }
}

@Suite("draw(_:) in the update cycle: current context, kept pixels, partial redraws")
struct DrawingCycleTests {
    @Test func aPartCutThroughAPixelIsRedrawnInWholePixels() throws {
        func window(value: CGFloat?) -> (Window, SplitBars) {
            let window = whiteWindow()
            let bars = SplitBars()
            bars.frame = CGRect(x: 10, y: 20, width: 40, height: 15)
            window.addSubview(bars)
            if let value { bars.value = value }
            return (window, bars)
        }
        let (redrawn, bars) = window(value: nil)
        _ = try render(redrawn)
        bars.value = 0.7
        let again = try render(redrawn)
        #expect(bars.draws == [CGRect(x: 0, y: 0, width: 40, height: 15), CGRect(x: 0, y: 0, width: 40, height: 8)])
        let fresh = try render(window(value: 0.7).0)
        var differing = 0
        for y in 0..<fresh.pixelSize.height {
            for x in 0..<fresh.pixelSize.width where again.pixelColor(x: x, y: y) != fresh.pixelColor(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0, "the pixels of a whole redraw")
    }

    @Test func drawRunsInTheUpdateCycleWithACurrentContext() throws {
        let window = whiteWindow()
        let disc = Disc(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(disc)
        window.runUpdateCycle()
        #expect(disc.draws == [CGRect(x: 0, y: 0, width: 100, height: 100)])
        let image = try render(window)
        assertPixel(image, 50, 50, .red)
        assertPixel(image, 2, 2, .white)
        #expect(disc.draws.count == 1, "rendering draws nothing again")
    }

    @Test func onlySetNeedsDisplayRedraws() throws {
        let window = whiteWindow()
        let disc = Disc(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(disc)
        assertPixel(try render(window), 50, 50, .red)
        disc.color = .blue
        assertPixel(try render(window), 50, 50, .red, tolerance: 0.02)  // the kept pixels
        disc.setNeedsDisplay()
        assertPixel(try render(window), 50, 50, .blue)
        #expect(disc.draws.count == 2)
    }

    @Test func aRedrawOfPartDrawsOnlyThatRect() throws {
        let window = whiteWindow()
        let disc = Disc(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(disc)
        _ = try render(window)
        disc.color = .blue
        disc.setNeedsDisplay(CGRect(x: 0, y: 0, width: 50, height: 100))
        let image = try render(window)
        #expect(disc.draws.last == CGRect(x: 0, y: 0, width: 50, height: 100))
        assertPixel(image, 30, 50, .blue)
        assertPixel(image, 70, 50, .red)
    }

    @Test func contentModeDecidesWhatAResizeDoes() throws {
        let window = whiteWindow()
        let disc = Disc(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(disc)
        _ = try render(window)
        disc.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let stretched = try render(window)
        #expect(disc.draws.count == 1, "scaleToFill stretches the kept pixels")
        assertPixel(stretched, 50, 50, .red)
        assertPixel(stretched, 85, 50, .red, tolerance: 0.1)
        disc.contentMode = .redraw
        disc.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        _ = try render(window)
        #expect(disc.draws.count == 2, "redraw draws again at the new size")
        disc.contentMode = .topLeft
        disc.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let pinned = try render(window)
        #expect(disc.draws.count == 2)
        assertPixel(pinned, 30, 30, .red)
        assertPixel(pinned, 80, 80, .white)
    }

    /// Interface Builder gives labels the `.left` content mode; a label still sets its text
    /// again at its new size, as UILabel does, instead of showing its old pixels cut off.
    @Test func aLabelRedrawsOnResizeWhateverItsContentMode() throws {
        let window = whiteWindow()
        let label = Label(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        label.contentMode = .left
        label.text = "Wide text"
        window.addSubview(label)
        _ = try render(window)
        label.frame.size.width = 100
        let report = window.runUpdateCycle()
        #expect(report.draws == 1)
        let disc = Disc(frame: CGRect(x: 0, y: 40, width: 20, height: 20))
        disc.contentMode = .left
        window.addSubview(disc)
        _ = try render(window)
        disc.frame.size.width = 100
        _ = try render(window)
        #expect(disc.draws.count == 1, "a view of its own keeps its pixels under .left")
    }

    @Test func aViewThatDrawsNothingKeepsNoPixels() throws {
        final class Plain: View {
            override func layoutSubviews() {}
        }
        let window = whiteWindow()
        let plain = Plain(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(plain)
        window.runUpdateCycle()
        assertPixel(try render(window), 50, 50, .white)
        #expect(plain.layer.contents == nil)
    }

    @Test func hiddenViewsDrawWhenShown() throws {
        let window = whiteWindow()
        let disc = Disc(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        disc.isHidden = true
        window.addSubview(disc)
        window.runUpdateCycle()
        #expect(disc.draws.isEmpty)
        disc.isHidden = false
        assertPixel(try render(window), 50, 50, .red)
        #expect(disc.draws.count == 1)
    }

    @Test func tintColorComesFromTheNearestAncestor() {
        let parent = View(), child = View()
        parent.addSubview(child)
        #expect(child.tintColor == .systemBlue)
        parent.tintColor = .red
        #expect(child.tintColor == .red)
        child.tintColor = .green
        #expect(child.tintColor == .green)
        child.tintColor = nil
        #expect(child.tintColor == .red)
    }
}

/// The columns of `image` between rows `top` and `bottom` that hold a pixel darker than 0.5.
private func inkedColumns(_ image: Image, rows: Range<Int>) -> [Int] {
    (0..<image.pixelSize.width).filter { x in
        rows.contains { y in (image.pixelColor(x: x, y: y)?.red ?? 1) < 0.5 }
    }
}

@Suite("Text drawing: labels, buttons and strings drawn with the font they measure with")
struct TextDrawingTests {
    @Test func aLabelDrawsItsTextWhereItsAlignmentPutsIt() throws {
        let window = whiteWindow()
        let label = Label(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        label.text = "Hi"
        window.addSubview(label)
        let width = Font.systemFont(ofSize: 17).width(of: "Hi")  // about 19.5 points
        let left = inkedColumns(try render(window), rows: 0..<30)
        #expect(!left.isEmpty)
        #expect(left.first! >= 0 && left.last! <= Int(width.rounded(.up)))
        label.textAlignment = .right
        let right = inkedColumns(try render(window), rows: 0..<30)
        #expect(right.first! >= 100 - Int(width.rounded(.up)) - 1 && right.last! <= 99)
        label.textAlignment = .center
        let center = inkedColumns(try render(window), rows: 0..<30)
        #expect(abs(CGFloat(center.first! + center.last!) / 2 - 50) <= 2)
    }

    @Test func textIsCentredVerticallyInTheLabel() throws {
        let window = whiteWindow()
        let label = Label(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        label.text = "x"
        window.addSubview(label)
        let image = try render(window)
        let rows = (0..<100).filter { y in (0..<100).contains { x in (image.pixelColor(x: x, y: y)?.red ?? 1) < 0.5 } }
        // A lower-case x sits between the baseline and the x-height, around the middle line.
        #expect(rows.first! > 40 && rows.last! < 60)
    }

    @Test func aLineTooLongIsCutWithAnEllipsisThatFits() throws {
        let font = Font.systemFont(ofSize: 17)
        let label = Label(frame: CGRect(x: 0, y: 0, width: 80, height: 30))
        label.text = "A line that cannot fit in eighty points"
        let window = whiteWindow()
        window.addSubview(label)
        let inked = inkedColumns(try render(window), rows: 0..<30)
        #expect(inked.last! < 80 && inked.last! > 60, "the ellipsis ends near the edge: \(inked.last!)")
        // The whole line would run past the edge.
        #expect(font.width(of: label.text!) > 200)
    }

    @Test func aButtonDrawsItsTitleInItsTitleColour() throws {
        let window = whiteWindow()
        let button = Button(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
        button.setTitle("Go", for: .normal)
        button.setTitleColor(.red, for: .normal)
        window.addSubview(button)
        let image = try render(window)
        let reds = (0..<100).flatMap { x in (0..<40).compactMap { y in image.pixelColor(x: x, y: y) } }
            .filter { $0.red > 0.9 && $0.green < 0.3 }
        #expect(reds.count > 20)
        // Made, the title label shows the title instead, in the same place.
        _ = button.titleLabel
        let again = try render(window)
        #expect(inkedColumns(again, rows: 0..<40) == inkedColumns(image, rows: 0..<40))
    }

    @Test func stringsMeasureAndDrawWithTheirAttributes() {
        let font = Font.systemFont(ofSize: 20)
        let size = "Two\nlines".size(withAttributes: [.font: font])
        #expect(size == CGSize(width: font.width(of: "lines"), height: 2 * font.lineHeight))
        let image = drawn(100, 60) { _ in
            "Ink".draw(at: CGPoint(x: 10, y: 10), withAttributes: [.font: font, .foregroundColor: Color.blue])
        }
        let blue = (0..<100).flatMap { x in (0..<60).compactMap { y in image.pixelColor(x: x, y: y) } }
            .filter { $0.blue > 0.9 && $0.alpha > 0.9 }
        #expect(blue.count > 20)
        #expect(image.pixelColor(x: 5, y: 5)?.alpha == 0)
    }
}
