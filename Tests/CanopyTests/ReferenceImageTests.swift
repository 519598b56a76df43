import Canopy
import Foundation
import Testing

/// Where the committed reference images are, beside this file.
private let referenceFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References")

/// The README's example scene and the picture its `canopy render` command made.
private let docsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs")

/// Compares `image` with the committed `References/<name>.png`: every channel within `tolerance`
/// on all but `allowed` of the pixels. On a mismatch, the rendered image and a diff image (red
/// where pixels differ) are written to the temporary folder and named in the failure. With
/// `CANOPY_RECORD_REFERENCES=1` in the environment, the reference is written instead.
private func expectMatchesReference(_ image: Image, _ name: String, in folder: URL = referenceFolder, tolerance: Int = 8,
                                    allowed: Double = 0.002, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let file = folder.appendingPathComponent("\(name).png")
    if ProcessInfo.processInfo.environment["CANOPY_RECORD_REFERENCES"] == "1" {
        try image.pngData()!.write(to: file)
        return
    }
    let reference = try #require(Image(contentsOfFile: file.path), "no reference image \(file.path)", sourceLocation: sourceLocation)
    #expect(reference.pixelSize == image.pixelSize, sourceLocation: sourceLocation)
    guard reference.pixelSize == image.pixelSize else { return }
    let (width, height) = image.pixelSize
    var differing: [(Int, Int)] = []
    for y in 0..<height {
        for x in 0..<width {
            let a = image.pixelColor(x: x, y: y)!, b = reference.pixelColor(x: x, y: y)!
            let channels = [(a.red * a.alpha, b.red * b.alpha), (a.green * a.alpha, b.green * b.alpha),
                            (a.blue * a.alpha, b.blue * b.alpha), (a.alpha, b.alpha)]
            if channels.contains(where: { abs($0 - $1) * 255 > Double(tolerance) }) { differing.append((x, y)) }
        }
    }
    let share = Double(differing.count) / Double(width * height)
    guard share > allowed else { return }
    let scratch = FileManager.default.temporaryDirectory
    let rendered = scratch.appendingPathComponent("\(name)-rendered.png"), diff = scratch.appendingPathComponent("\(name)-diff.png")
    try image.pngData()!.write(to: rendered)
    let marked = Set(differing.map { $0.1 * width + $0.0 })
    let diffImage = GraphicsImageRenderer(size: CGSize(width: width, height: height)).image { context in
        context.draw(reference, in: CGRect(x: 0, y: 0, width: width, height: height))
        context.setFillColor(Color(red: 1, green: 0, blue: 0, alpha: 0.8))
        for index in marked { context.fill(CGRect(x: index % width, y: index / width, width: 1, height: 1)) }
    }
    try diffImage.pngData()!.write(to: diff)
    Issue.record("\(name): \(differing.count) pixels differ (\(share * 100)%); see \(rendered.path) and \(diff.path)",
                 sourceLocation: sourceLocation)
}

/// A 2× window of `size` on a light grey background.
private func canvas(_ width: CGFloat, _ height: CGFloat) -> Window {
    let window = Window(frame: CGRect(x: 0, y: 0, width: width, height: height))
    window.backgroundColor = Color(white: 0.94)
    return window
}

@Suite("Reference images: whole renders compared with committed PNGs, pixel by pixel")
struct ReferenceImageTests {
    /// Looks like: on light grey, left to right, a white card with rounded corners and a soft
    /// shadow below it; a blue square with a thick red border and only its bottom-right corner
    /// rounded; a half-transparent green circle over an orange bar (the bar shows through); a
    /// dashed purple ring (a shape layer) with a top-to-bottom yellow-to-teal gradient square
    /// beneath it, turned 15°; and a clipped card whose red child is cut at the rounded corner.
    @Test func layerProperties() throws {
        let window = canvas(400, 120)
        let card = View(frame: CGRect(x: 10, y: 10, width: 70, height: 90))
        card.backgroundColor = .white
        card.layer.cornerRadius = 12
        card.layer.shadowOpacity = 0.4
        card.layer.shadowOffset = CGSize(width: 0, height: 4)
        card.layer.shadowRadius = 6
        let square = View(frame: CGRect(x: 95, y: 20, width: 70, height: 70))
        square.backgroundColor = .blue
        square.layer.borderWidth = 6
        square.layer.borderColor = .red
        square.layer.cornerRadius = 24
        square.layer.maskedCorners = [.layerMaxXMaxYCorner]
        let bar = View(frame: CGRect(x: 175, y: 45, width: 80, height: 20))
        bar.backgroundColor = .orange
        let circle = View(frame: CGRect(x: 190, y: 20, width: 60, height: 60))
        circle.backgroundColor = .green
        circle.layer.cornerRadius = 30
        circle.alpha = 0.5
        let host = View(frame: CGRect(x: 265, y: 20, width: 60, height: 60))
        host.transform = CGAffineTransform(rotationAngle: .pi / 12)
        let gradient = GradientLayer()
        gradient.frame = host.bounds
        gradient.colors = [.yellow, .systemTeal]
        host.layer.addSublayer(gradient)
        let ring = ShapeLayer()
        ring.frame = host.bounds
        ring.path = Path(ellipseIn: host.bounds.insetBy(dx: 6, dy: 6))
        ring.fillColor = nil
        ring.strokeColor = .purple
        ring.lineWidth = 4
        ring.lineDashPattern = [6, 4]
        host.layer.addSublayer(ring)
        let clipper = View(frame: CGRect(x: 335, y: 20, width: 55, height: 80))
        clipper.backgroundColor = .white
        clipper.layer.cornerRadius = 16
        clipper.clipsToBounds = true
        let child = View(frame: CGRect(x: 20, y: -10, width: 60, height: 40))
        child.backgroundColor = .red
        clipper.addSubview(child)
        for view in [card, square, bar, circle, host, clipper] { window.addSubview(view) }
        try expectMatchesReference(try window.render(scale: 2), "layers")
    }

    /// Looks like: five 40-point frames each holding the same 20 × 10-point image (a blue band
    /// over a red one): stretched to fill, fitted (letterboxed, centred), filled (cropped sides
    /// cut by the clip), centred at its own size, and at the top left.
    @Test func contentModes() throws {
        let window = canvas(260, 60)
        let picture = GraphicsImageRenderer(size: CGSize(width: 20, height: 10), scale: 2).image { context in
            context.setFillColor(.blue)
            context.fill(CGRect(x: 0, y: 0, width: 20, height: 5))
            context.setFillColor(.red)
            context.fill(CGRect(x: 0, y: 5, width: 20, height: 5))
        }
        let modes: [ContentMode] = [.scaleToFill, .scaleAspectFit, .scaleAspectFill, .center, .topLeft]
        for (index, mode) in modes.enumerated() {
            let frame = ImageView(image: picture)
            frame.frame = CGRect(x: 10 + CGFloat(index) * 50, y: 10, width: 40, height: 40)
            frame.contentMode = mode
            frame.backgroundColor = .white
            frame.clipsToBounds = true
            window.addSubview(frame)
        }
        try expectMatchesReference(try window.render(scale: 2), "content-modes")
    }

    /// Looks like: black text "Canopy draws labels" at the top left; below, a paragraph in dark
    /// grey wrapped over two lines, the second cut with an ellipsis ("room f…") where the text
    /// runs on; a right-aligned red line; a line cut with an ellipsis at its end ("far t…"); a
    /// rounded, bordered "Tap me" button with its title in system blue, centred, the T kerned
    /// under the a; at the bottom right, "مرحبا بالعالم" in joined Arabic letters, right to
    /// left; and below it, on the left, "画布绘制文字" in Chinese characters from the fallback face.
    @Test func text() throws {
        let window = canvas(240, 250)
        let title = Label(frame: CGRect(x: 10, y: 10, width: 220, height: 24))
        title.text = "Canopy draws labels"
        let paragraph = Label(frame: CGRect(x: 10, y: 40, width: 220, height: 44))
        paragraph.text = "A label wraps its words over two lines when it has room for them."
        paragraph.numberOfLines = 2
        paragraph.font = Font.systemFont(ofSize: 14)
        paragraph.textColor = .darkGray
        let right = Label(frame: CGRect(x: 10, y: 90, width: 220, height: 20))
        right.text = "Aligned right"
        right.textAlignment = .right
        right.textColor = .red
        let cut = Label(frame: CGRect(x: 10, y: 115, width: 150, height: 20))
        cut.text = "This line is far too long to fit"
        let button = Button(frame: CGRect(x: 10, y: 145, width: 120, height: 36))
        button.setTitle("Tap me", for: .normal)
        button.setTitleColor(.systemBlue, for: .normal)
        button.layer.borderWidth = 1
        button.layer.borderColor = .systemBlue
        button.layer.cornerRadius = 8
        let arabic = Label(frame: CGRect(x: 10, y: 190, width: 220, height: 24))
        arabic.text = "مرحبا بالعالم"
        arabic.textAlignment = .right
        let chinese = Label(frame: CGRect(x: 10, y: 220, width: 220, height: 24))
        chinese.text = "画布绘制文字"
        for view in [title, paragraph, right, cut, button, arabic, chinese] { window.addSubview(view) }
        try expectMatchesReference(try window.render(scale: 2), "text")
    }

    /// Looks like: "Big" in large red letters then "and small" in small blue ones, both on one
    /// baseline; below, three black lines "one", "two", "three" spaced apart by 8 points; a
    /// line reading, from the left, "Canopy" then the Hebrew word שלום with its first letter ש
    /// rightmost, then "!"; a right-aligned Hebrew line whose words run right to left, with
    /// "123" as digits left to right between them; and a line wrapped after "well-", with
    /// "known" beginning the next line.
    @Test func attributedAndBidirectionalText() throws {
        let window = canvas(240, 260)
        let runs = NSMutableAttributedString(
            string: "Big ", attributes: [.font: Font.boldSystemFont(ofSize: 28), .foregroundColor: Color.red])
        runs.append(NSAttributedString(string: "and small", attributes: [.font: Font.systemFont(ofSize: 12), .foregroundColor: Color.blue]))
        let mixed = Label(frame: CGRect(x: 10, y: 10, width: 220, height: 36))
        mixed.attributedText = runs
        let style = MutableParagraphStyle()
        style.lineSpacing = 8
        let spaced = Label(frame: CGRect(x: 10, y: 50, width: 220, height: 80))
        spaced.numberOfLines = 0
        spaced.attributedText = NSAttributedString(string: "one\ntwo\nthree", attributes: [.paragraphStyle: style])
        let latinFirst = Label(frame: CGRect(x: 10, y: 135, width: 220, height: 24))
        latinFirst.text = "Canopy שלום!"
        let hebrewFirst = Label(frame: CGRect(x: 10, y: 165, width: 220, height: 24))
        hebrewFirst.text = "שלום 123 עולם"
        hebrewFirst.textAlignment = .right
        let hyphen = Label(frame: CGRect(x: 10, y: 195, width: 70, height: 50))
        hyphen.numberOfLines = 0
        hyphen.text = "well-known"
        for view in [mixed, spaced, latinFirst, hebrewFirst, hyphen] { window.addSubview(view) }
        try expectMatchesReference(try window.render(scale: 2), "attributed-text")
    }

    /// Looks like the README's picture: three cards (Anna, Ben, Chloe) under a blue "People
    /// nearby" bar, each with a coloured circle, a name, a role and a button. The README's
    /// command made the committed picture; this keeps the two in step.
    @Test func theReadmePictureIsWhatItsCommandMakes() throws {
        let scene = try Scene.load(from: docsFolder.appendingPathComponent("examples/cards.json"))
        try expectMatchesReference(try scene.instantiate().window.render(scale: 2), "cards",
                                   in: docsFolder.appendingPathComponent("images"))
    }

    /// Looks like: a white candlestick chart of eight days on light grey: dashed grey grid
    /// lines at prices 10, 20 and 30 labelled on the left; each day a thin black wick from its
    /// low to its high and a body from open to close, green where the price rose (days 1, 2, 4,
    /// 6 and 7, counting from 0) and red where it fell (days 0, 3 and 5); the last day's body
    /// is green and the tallest, reaching above the 30 line.
    @Test func aDrawnChart() throws {
        let window = canvas(240, 160)
        let chart = CandleChart(frame: CGRect(x: 10, y: 10, width: 220, height: 140))
        chart.backgroundColor = .white
        window.addSubview(chart)
        try expectMatchesReference(try window.render(scale: 2), "chart")
    }
}

/// A chart drawn in `draw(_:)`: price lines, and a candle per day (open, high, low, close).
private final class CandleChart: View {
    let days: [(open: CGFloat, high: CGFloat, low: CGFloat, close: CGFloat)] = [
        (20, 24, 15, 16), (16, 22, 14, 21), (21, 27, 20, 26), (26, 28, 18, 19),
        (19, 25, 17, 24), (24, 25, 12, 13), (13, 20, 11, 19), (19, 33, 18, 31),
    ]

    /// Prices 8…34 fill the height between 10 points of margin; days share the width after 30.
    private func y(_ price: CGFloat) -> CGFloat { bounds.height - 10 - (price - 8) / 26 * (bounds.height - 20) }

    override func draw(_ rect: CGRect) {
        guard let context = GraphicsGetCurrentContext() else { return }
        context.setStrokeColor(.lightGray)
        context.setLineWidth(0.5)
        context.setLineDash(phase: 0, lengths: [4, 3])
        for price: CGFloat in [10, 20, 30] {
            context.move(to: CGPoint(x: 30, y: y(price)))
            context.addLine(to: CGPoint(x: bounds.width - 4, y: y(price)))
            context.strokePath()
            "\(Int(price))".draw(at: CGPoint(x: 6, y: y(price) - 7), withAttributes: [.font: Font.systemFont(ofSize: 10)])
        }
        context.setLineDash(phase: 0, lengths: [])
        let step = (bounds.width - 34) / CGFloat(days.count)
        for (index, day) in days.enumerated() {
            let middle = 30 + step * (CGFloat(index) + 0.5)
            context.setStrokeColor(.black)
            context.setLineWidth(1)
            context.move(to: CGPoint(x: middle, y: y(day.high)))
            context.addLine(to: CGPoint(x: middle, y: y(day.low)))
            context.strokePath()
            context.setFillColor(day.close >= day.open ? .systemGreen : .systemRed)
            let top = y(max(day.open, day.close)), bottom = y(min(day.open, day.close))
            context.fill(CGRect(x: middle - step * 0.3, y: top, width: step * 0.6, height: bottom - top))
        }
    }
}
