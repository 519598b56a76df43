import Benchmark
import CairoPeer
import Canopy
import Foundation

/// A 1000 × 1000-point window of 10,000 rounded, bordered boxes (a 100 × 100 grid) and 100 lines
/// of text, as Canopy views and as the same shapes for the plain C peer.
struct Board {
    static let side = 100
    static let pitch: CGFloat = 10
    static let fontSize: CGFloat = 8

    let window: Window
    let boxes: [peer_box]
    let texts: [(text: String, origin: CGPoint)]

    init() {
        window = Window(frame: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        window.backgroundColor = .white
        var boxes: [peer_box] = []
        for row in 0..<Self.side {
            for column in 0..<Self.side {
                let frame = CGRect(x: CGFloat(column) * Self.pitch + 1, y: CGFloat(row) * Self.pitch + 1, width: 8, height: 8)
                let fill = Color(red: Double(column) / 100, green: Double(row) / 100, blue: 0.6)
                let box = View(frame: frame)
                box.backgroundColor = fill
                box.layer.cornerRadius = 2
                box.layer.borderWidth = 0.5
                box.layer.borderColor = .black
                window.addSubview(box)
                boxes.append(peer_box(
                    x: frame.minX, y: frame.minY, width: 8, height: 8, radius: 2, border: 0.5,
                    fill: (fill.red, fill.green, fill.blue, 1), stroke: (0, 0, 0, 1)))
            }
        }
        var texts: [(String, CGPoint)] = []
        let font = Font.systemFont(ofSize: Self.fontSize)
        for row in 0..<Self.side {
            let label = Label(frame: CGRect(x: 4, y: CGFloat(row) * Self.pitch, width: 300, height: Self.pitch))
            label.text = "Row \(row): Canopy draws this line"
            label.font = font
            window.addSubview(label)
            // The label centres its one line vertically: the same baseline for the peer.
            let top = label.frame.minY + (label.frame.height - font.lineHeight) / 2
            texts.append((label.text!, CGPoint(x: 4, y: top + font.ascender)))
        }
        self.boxes = boxes
        self.texts = texts
        window.runUpdateCycle()
    }

    /// Draws the board with the peer: Cairo called directly.
    func drawWithPeer(scale: Double) -> UInt64 {
        let strings = texts.map { strdup($0.text)! }
        defer { strings.forEach { free($0) } }
        let lines = zip(strings, texts).map { peer_text(utf8: $0, x: Double($1.origin.x), y: Double($1.origin.y)) }
        return cairo_peer_draw(1000, 1000, scale, boxes, Int32(boxes.count), lines, Int32(lines.count), Double(Self.fontSize))
    }
}

/// Holds a board between a benchmark's setup and teardown.
final class BoardFixture: @unchecked Sendable {
    private(set) var board: Board?
    /// Counts the benchmark's iterations across samples.
    var count = 0
    func setUp() { board = Board() }
    func tearDown() { board = nil }
}

/// Each label's intrinsic size measured again, not the size it keeps.
func measureAgain(_ labels: [Label]) {
    for label in labels {
        label.invalidateIntrinsicContentSize()
        blackHole(label.intrinsicContentSize)
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock], timeUnits: .milliseconds, warmupIterations: 1, maxDuration: .seconds(5), maxIterations: 30)

    // The same 10,000 boxes and 100 lines of text at scale 2 (2000 × 2000 pixels): Canopy's
    // compositor through its view tree, and the plain C program drawing the shapes directly.
    // The window's background changes between two whites before each render, so that the
    // whole window is composited again (a window renders again only what changed).
    let canopy = BoardFixture()
    Benchmark(
        "Render 10k views at scale 2, Canopy",
        closure: { benchmark in
            let window = canopy.board!.window
            for _ in benchmark.scaledIterations {
                canopy.count += 1
                window.backgroundColor = canopy.count % 2 == 0 ? .white : Color(red: 0.99, green: 0.99, blue: 0.99)
                blackHole(try window.render(scale: 2))
            }
        }, setup: { canopy.setUp() }, teardown: { canopy.tearDown() })

    let peer = BoardFixture()
    Benchmark(
        "Render 10k views at scale 2, plain C with Cairo",
        closure: { benchmark in
            for _ in benchmark.scaledIterations { blackHole(peer.board!.drawWithPeer(scale: 2)) }
        }, setup: { peer.setUp() }, teardown: { peer.tearDown() })

    // What one view's setNeedsDisplay costs: its draw(_:) alone (the update cycle's display
    // pass), and its draw then a render, which composites again only the label's region.
    let drawOnly = BoardFixture()
    Benchmark(
        "Redraw one label, its draw only, 10k views at scale 2",
        configuration: .init(
            metrics: [.wallClock], timeUnits: .microseconds, warmupIterations: 1, maxDuration: .seconds(5), maxIterations: 30),
        closure: { benchmark in
            let label = drawOnly.board!.window.subviews.last as! Label
            for _ in benchmark.scaledIterations {
                drawOnly.count += 1
                label.text = "Row 99: redrawn \(drawOnly.count)"
                drawOnly.board!.window.runUpdateCycle()
            }
        }, setup: { drawOnly.setUp() }, teardown: { drawOnly.tearDown() })
    let redraw = BoardFixture()
    Benchmark(
        "Redraw one label, then render, 10k views at scale 2",
        closure: { benchmark in
            let label = redraw.board!.window.subviews.last as! Label
            for _ in benchmark.scaledIterations {
                redraw.count += 1
                label.text = "Row 99: redrawn \(redraw.count)"
                blackHole(try redraw.board!.window.render(scale: 2))
            }
        }, setup: { redraw.setUp() }, teardown: { redraw.tearDown() })

    // Measuring text: distinct single-line labels, and multi-line ones wrapped at 120 points.
    let words = ["layout", "view", "canopy", "anchor", "frame", "bounds", "layer", "draw", "glyph", "line"]
    Benchmark(
        "Measure 10k single-line labels",
        closure: { benchmark in
            let labels = (0..<10_000).map { i -> Label in
                let label = Label()
                label.text = "\(words[i % 10]) \(i) \(words[(i / 10) % 10])"
                return label
            }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { measureAgain(labels) }
        })
    Benchmark(
        "Measure 1k multi-line labels",
        closure: { benchmark in
            let labels = (0..<1_000).map { i -> Label in
                let label = Label()
                label.numberOfLines = 0
                label.preferredMaxLayoutWidth = 120
                label.text = (0..<12).map { words[($0 + i) % 10] }.joined(separator: " ") + " \(i)"
                return label
            }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { measureAgain(labels) }
        })
}
