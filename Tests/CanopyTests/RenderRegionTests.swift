import Canopy
import CanopyWorkloads
import Foundation
import Testing

/// A view that draws a bar as long as its value above a fixed one, with a partial redraw (the
/// bar's half) for a change of value.
private final class Gauge: View {
    var value: CGFloat = 0.5 {
        didSet { setNeedsDisplay(CGRect(x: 0, y: 0, width: bounds.width, height: bounds.height / 2)) }
    }

    override func draw(_ rect: CGRect) {
        guard let context = GraphicsGetCurrentContext() else { return }
        context.setFillColor(.blue)
        context.fill(CGRect(x: 0, y: 0, width: bounds.width * value, height: bounds.height / 2))
        context.setFillColor(.green)
        context.fill(CGRect(x: 0, y: bounds.height / 2, width: bounds.width / 3, height: bounds.height / 2))
    }
}

private func samePixels(_ a: Image, _ b: Image) -> Bool {
    guard a.pixelSize == b.pixelSize else { return false }
    for y in 0..<a.pixelSize.height {
        for x in 0..<a.pixelSize.width where a.pixelColor(x: x, y: y) != b.pixelColor(x: x, y: y) { return false }
    }
    return true
}

/// A 30 × 30-point picture: larger than the image views that show it centred, unclipped.
private let picture = GraphicsImageRenderer(size: CGSize(width: 30, height: 30), scale: 1).image { context in
    context.setFillColor(.purple)
    context.fill(CGRect(x: 0, y: 0, width: 30, height: 30))
}

/// A window of nested views of every kind the compositor draws, the same for a seed.
private func scene(seed: UInt64) -> Window {
    var random = SplitMix64(seed: seed)
    let window = Window(frame: CGRect(x: 0, y: 0, width: 120, height: 90))
    window.backgroundColor = .white
    var parents: [View] = [window]
    for index in 0..<24 {
        let view: View = index % 4 == 0 ? Gauge() : index % 4 == 1 ? ImageView(image: picture) : View()
        view.contentMode = .center
        view.frame = CGRect(x: CGFloat(random.next() % 80), y: CGFloat(random.next() % 60), width: 10 + CGFloat(random.next() % 40),
                            height: 10 + CGFloat(random.next() % 30))
        view.backgroundColor = Color(red: Double(index % 5) / 5, green: 0.3, blue: Double(index % 3) / 3, alpha: 0.9)
        parents[Int(random.next() % UInt64(parents.count))].addSubview(view)
        parents.append(view)
    }
    return window
}

/// Every view under `window`, depth first, in a fixed order.
private func allViews(_ window: Window) -> [View] {
    var found: [View] = [], stack: [View] = [window]
    while let view = stack.popLast() {
        found.append(view)
        stack.append(contentsOf: view.subviews.reversed())
    }
    return found
}

/// Change number `step` (chosen by `seed`) to `window`: a colour, a move, an opacity, hiding,
/// a redraw in part or whole, a removal, an addition, a new order, a layer's corners, border,
/// shadow, sublayer or shape sublayer reaching outside it, clipping.
private func change(_ window: Window, seed: UInt64, step: Int) {
    var random = SplitMix64(seed: seed &* 31 &+ UInt64(step))
    let views = allViews(window)
    let view = views[1 + Int(random.next() % UInt64(views.count - 1))]
    let amount = CGFloat(random.next() % 100) / 100
    switch random.next() % 13 {
    case 0: view.backgroundColor = Color(red: amount, green: 1 - amount, blue: 0.5, alpha: 1)
    case 1: view.frame.origin.x += amount * 20 - 10
    case 2: view.alpha = 0.3 + amount * 0.7
    case 3: view.isHidden.toggle()
    case 4: (view as? Gauge)?.value = amount
    case 5: view.setNeedsDisplay()
    case 6: view.removeFromSuperview()
    case 7:
        let added = View(frame: CGRect(x: amount * 30, y: 5, width: 15, height: 12))
        added.backgroundColor = .red
        view.addSubview(added)
    case 8: view.superview?.bringSubviewToFront(view)
    case 9:
        view.layer.cornerRadius = amount * 8
        view.layer.borderWidth = 2
        view.layer.borderColor = .black
    case 10:
        view.layer.shadowOpacity = 0.8
        view.layer.shadowRadius = 2 + amount * 4
        view.layer.shadowOffset = CGSize(width: 3, height: 3)
    case 11:
        let shape = ShapeLayer()
        shape.path = Path(ellipseIn: CGRect(x: -12, y: -8, width: 20 + amount * 20, height: 14))
        shape.fillColor = .orange
        shape.strokeColor = .black
        shape.lineWidth = 3
        view.layer.addSublayer(shape)
    default:
        view.clipsToBounds.toggle()
        let sublayer = Layer()
        sublayer.frame = CGRect(x: -5, y: -5, width: 20, height: 8)
        sublayer.backgroundColor = .black
        view.layer.addSublayer(sublayer)
    }
}

@Suite("Rendering again composites only what changed, and gives the pixels of a render from scratch")
struct RenderRegionTests {
    @Test func theFirstRenderCompositesTheWholeWindowAndAnUnchangedOneNothing() throws {
        let window = scene(seed: 1)
        let first = try window.render(scale: 2)
        #expect(window.lastRenderedRegion == window.bounds)
        let second = try window.render(scale: 2)
        #expect(window.lastRenderedRegion.isNull)
        #expect(samePixels(first, second))
        _ = try window.render(scale: 1)
        #expect(window.lastRenderedRegion == window.bounds, "a new scale starts again")
    }

    @Test func oneViewDrawnAgainCompositesItsRegionOnly() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.backgroundColor = .white
        let gauge = Gauge(frame: CGRect(x: 40, y: 50, width: 60, height: 20))
        window.addSubview(gauge)
        let before = try window.render(scale: 2)
        gauge.value = 0.2
        let after = try window.render(scale: 2)
        // The gauge's frame, grown by the pixel kept around every extent for smoothing.
        #expect(window.lastRenderedRegion == CGRect(x: 39.5, y: 49.5, width: 61, height: 21))
        #expect(!samePixels(before, after), "the earlier image is a copy the new render leaves alone")
        #expect(before.pixelColor(x: 2 * 60, y: 2 * 50 + 2) == Color.blue)
        #expect(after.pixelColor(x: 2 * 60, y: 2 * 50 + 2) == Color.white)
    }

    @Test func anyChangeRendersAsFromScratch() throws {
        // Thirteen kinds of change, sixty steps for each of three seeds: after every step, the
        // window rendered again equals the same window built afresh and rendered once.
        for seed: UInt64 in [1, 2, 3] {
            let window = scene(seed: seed)
            _ = try window.render(scale: 2)
            var partial = 0
            for step in 0..<60 {
                change(window, seed: seed, step: step)
                let again = try window.render(scale: 2)
                let fresh = scene(seed: seed)
                for earlier in 0...step { change(fresh, seed: seed, step: earlier) }
                #expect(samePixels(again, try fresh.render(scale: 2)), "seed \(seed), step \(step)")
                if window.lastRenderedRegion != window.bounds { partial += 1 }
            }
            #expect(partial > 30, "most changes composite part of the window (seed \(seed): \(partial) of 60)")
        }
    }
}
