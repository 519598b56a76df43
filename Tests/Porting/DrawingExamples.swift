import Canopy
import Foundation
import Testing

// Drawing examples from "Custom view lifecycle" (a K-line chart drawn in draw(_:)) and
// "Understanding iOS layout and view loading" (a round control, drawRect and CALayer), ported
// to Canopy by dropping the UI prefix.

// MARK: - A K-line chart drawn with a context

/// The article's chart, as written but for the prefix.
final class KLineChartView: View {
    var data: [KLineChartData] = []
    var config: KLineChartConfig = KLineChartConfig()
    var yAxisMaxValue: CGFloat = 0
    var yAxisMinValue: CGFloat = 0

    override func draw(_ rect: CGRect) {
        super.draw(rect)
        guard let context = GraphicsGetCurrentContext() else { return }
        context.setFillColor(config.backgroundColor.cgColor)
        context.fill(rect)
        calculateYAxisValue()
        drawYAxis(context: context)
        drawKLineChart(context: context)
    }

    private func calculateYAxisValue() {
        var maxValue: CGFloat = 0
        var minValue: CGFloat = CGFloat.greatestFiniteMagnitude
        for item in data {
            if item.high > maxValue { maxValue = item.high }
            if item.low < minValue { minValue = item.low }
        }
        yAxisMaxValue = maxValue
        yAxisMinValue = minValue
    }

    private func drawYAxis(context: GraphicsContext) {
        context.setStrokeColor(config.yAxisColor.cgColor)
        context.setLineWidth(config.yAxisLineWidth)
        let stepValue = (yAxisMaxValue - yAxisMinValue) / CGFloat(config.yAxisTickCount - 1)
        for i in 0..<config.yAxisTickCount {
            let y = bounds.height - CGFloat(i) / CGFloat(config.yAxisTickCount - 1) * bounds.height
            context.move(to: CGPoint(x: 0, y: y))
            context.addLine(to: CGPoint(x: config.yAxisTickLength, y: y))
            context.strokePath()
            let textRect = CGRect(x: 0, y: y - config.yAxisTickTextSize / 2, width: config.yAxisTickTextSize, height: config.yAxisTickTextSize)
            let text = String(format: "%.2f", Double(yAxisMinValue + CGFloat(i) * stepValue))
            let attributes: [NSAttributedString.Key: Any] = [.foregroundColor: config.yAxisTextColor, .font: Font.systemFont(ofSize: config.yAxisTickTextSize)]
            let attributedText = NSAttributedString(string: text, attributes: attributes)
            attributedText.draw(in: textRect)
        }
    }

    private func drawKLineChart(context: GraphicsContext) {
        let barWidth = bounds.width / CGFloat(data.count)
        for (index, item) in data.enumerated() {
            let x = CGFloat(index) * barWidth + barWidth / 2
            let highY = bounds.height - (item.high - yAxisMinValue) / (yAxisMaxValue - yAxisMinValue) * bounds.height
            let lowY = bounds.height - (item.low - yAxisMinValue) / (yAxisMaxValue - yAxisMinValue) * bounds.height
            let openY = bounds.height - (item.open - yAxisMinValue) / (yAxisMaxValue - yAxisMinValue) * bounds.height
            let closeY = bounds.height - (item.close - yAxisMinValue) / (yAxisMaxValue - yAxisMinValue) * bounds.height
            context.setStrokeColor(item.color.cgColor)
            context.setLineWidth(config.kLineWidth)
            context.move(to: CGPoint(x: x, y: highY))
            context.addLine(to: CGPoint(x: x, y: lowY))
            context.strokePath()
            if item.close > item.open {
                context.setFillColor(config.riseColor.cgColor)
            } else {
                context.setFillColor(config.fallColor.cgColor)
            }
            let bodyRect = CGRect(x: x - config.kLineBodyWidth / 2, y: min(openY, closeY), width: config.kLineBodyWidth, height: abs(openY - closeY))
            context.fill(bodyRect)
        }
    }
}

struct KLineChartData {
    var open: CGFloat = 0
    var close: CGFloat = 0
    var high: CGFloat = 0
    var low: CGFloat = 0
    var color: Color = .black
}

struct KLineChartConfig {
    var backgroundColor: Color = .white
    var yAxisColor: Color = .black
    var yAxisLineWidth: CGFloat = 1
    var yAxisTextColor: Color = .black
    var yAxisTickTextSize: CGFloat = 10
    var yAxisTickCount: Int = 5
    var yAxisTickLength: CGFloat = 5
    var kLineWidth: CGFloat = 1
    var kLineBodyWidth: CGFloat = 6
    var riseColor: Color = .red
    var fallColor: Color = .green
}

@Suite("Custom view lifecycle: a K-line chart drawn in draw(_:) with the current context")
struct KLineChartExamples {
    @Test("The article's seven candles: rising bodies red, falling ones green, wicks and ticks black")
    func theArticlesChartDraws() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let kLineChartView = KLineChartView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        kLineChartView.data = [
            KLineChartData(open: 100, close: 120, high: 125, low: 95, color: .black),
            KLineChartData(open: 120, close: 110, high: 135, low: 105, color: .black),
            KLineChartData(open: 110, close: 130, high: 140, low: 100, color: .black),
            KLineChartData(open: 130, close: 115, high: 145, low: 110, color: .black),
            KLineChartData(open: 115, close: 125, high: 130, low: 105, color: .black),
            KLineChartData(open: 125, close: 135, high: 140, low: 120, color: .black),
            KLineChartData(open: 135, close: 120, high: 145, low: 115, color: .black),
        ]
        kLineChartView.config.yAxisTickCount = 5
        kLineChartView.config.kLineBodyWidth = 4
        kLineChartView.config.riseColor = .red
        kLineChartView.config.fallColor = .green
        window.addSubview(kLineChartView)
        let image = try window.render(scale: 1)
        // The prices run from 95 (y 200) to 145 (y 0): 4 points per unit. The first candle
        // (x 21.4) rises from 100 (y 180) to 120 (y 100); the second (x 64.3) falls from 120 to
        // 110 (y 100 to 140); its wick runs from 135 (y 40) to 105 (y 160).
        #expect(image.pixelColor(x: 20, y: 140) == .red)
        #expect(image.pixelColor(x: 63, y: 120) == .green)
        // The second wick, 1 point wide at x 64.3, covers most of pixel column 64 above its body.
        #expect(image.pixelColor(x: 64, y: 60)!.red < 0.3)
        #expect(image.pixelColor(x: 64, y: 30) == .white)      // above its high
        // The lowest tick lies on the bottom edge: half of its width is inside the view.
        #expect(abs(image.pixelColor(x: 2, y: 199)!.red - 0.5) < 0.01)
        // Each tick carries its price, drawn by NSAttributedString.draw(in:) in 10-point text
        // into a 10-point square: the first line only ("1" of "120.00"), clipped. Its ink shows
        // above the tick line (which covers rows 99.5 to 100.5).
        let ink = (0..<8).flatMap { x in (95..<99).compactMap { y in image.pixelColor(x: x, y: y) } }
            .filter { $0.red < 0.5 }
        #expect(!ink.isEmpty, "the middle tick's price")
    }
}

// MARK: - A round control

@Suite("Custom controls: a round control drawn by its layer, tinted while tracked")
struct RoundControlExamples {
    /// The article's round button: its corner radius made half its width in layoutSubviews,
    /// grey while tracked, taking touches only inside the circle.
    final class RoundButton: Control {
        override init(frame: CGRect) {
            super.init(frame: frame)
            self.backgroundColor = .red
        }

        required init?(coder: Coder) { return nil }  // not archived

        override func layoutSubviews() {
            super.layoutSubviews()
            self.layer.cornerRadius = self.bounds.size.width / 2
        }

        override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
            self.backgroundColor = .gray
            return super.beginTracking(touch, with: event)
        }

        override func endTracking(_ touch: Touch?, with event: Event?) {
            super.endTracking(touch, with: event)
            self.backgroundColor = .red
        }

        override func point(inside point: CGPoint, with event: Event?) -> Bool {
            let inside = super.point(inside: point, with: event)
            if inside {
                let radius = self.layer.cornerRadius
                let dx = point.x - self.bounds.size.width / 2
                let dy = point.y - radius
                let distace = sqrt(dx * dx + dy * dy)
                return distace < radius
            }
            return inside
        }
    }

    @Test("The button is drawn as a red circle, grey while a finger is down on it")
    func roundButtonDrawsAndTints() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.backgroundColor = .white
        let button = RoundButton(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(button)
        var image = try window.render(scale: 1)
        #expect(image.pixelColor(x: 50, y: 50) == .red)
        #expect(image.pixelColor(x: 3, y: 3) == .white, "outside the circle, in the corner")
        #expect(window.hitTest(CGPoint(x: 3, y: 3), with: nil) === window)
        try window.sendTouch(.began, at: CGPoint(x: 50, y: 50), time: 0)
        image = try window.render(scale: 1)
        #expect(abs(image.pixelColor(x: 50, y: 50)!.red - Color.gray.red) < 0.01)  // 128 of 255
        try window.sendTouch(.ended, at: CGPoint(x: 50, y: 50), time: 0.1)
        image = try window.render(scale: 1)
        #expect(image.pixelColor(x: 50, y: 50) == .red)
    }
}

// MARK: - drawRect and CALayer

@Suite("drawRect and CALayer: who draws, and when draw(_:) is not called")
struct DrawRectAndLayerExamples {
    final class CountingImageView: ImageView {
        var draws = 0
        override func draw(_ rect: CGRect) { draws += 1 }
    }

    final class CountingView: View {
        var draws = 0
        override func draw(_ rect: CGRect) { draws += 1 }
    }

    @Test("An image view subclass's draw(_:) is never called")
    func imageViewsNeverDraw() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let imageView = CountingImageView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(imageView)
        imageView.setNeedsDisplay()
        window.runUpdateCycle()
        #expect(imageView.draws == 0)
    }

    @Test("A view whose layer has contents is not asked to draw; a layer with an image shows it")
    func contentsReplaceDrawing() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let view = CountingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let image = GraphicsImageRenderer(size: CGSize(width: 10, height: 10)).image { context in
            context.setFillColor(.blue)
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        view.layer.contents = image
        window.addSubview(view)
        window.runUpdateCycle()
        #expect(view.draws == 0)
        // The article's `imageLayer`: a CALayer given an image as contents, added as a sublayer.
        let imageLayer = Layer()
        imageLayer.frame = CGRect(x: 60, y: 60, width: 20, height: 20)
        imageLayer.contents = image
        window.layer.addSublayer(imageLayer)
        let pixels = try window.render(scale: 1)
        #expect(pixels.pixelColor(x: 50, y: 50) == .blue)
        #expect(pixels.pixelColor(x: 70, y: 70) == .blue)
    }
}
