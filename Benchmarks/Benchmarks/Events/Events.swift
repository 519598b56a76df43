import Benchmark
import Canopy
import CanopyWorkloads
import Foundation

/// A generated 100k-view window and a stream of one-finger gestures over it: touch-down at a
/// random point, two moves, lift-off; the event clock runs on across iterations.
final class TouchFixture: @unchecked Sendable {
    static let gestures = 250_000  // four events each: one million events per iteration
    private(set) var window: Window?
    private(set) var points: [CGPoint] = []
    var time = 0.0
    let withRecognizer: Bool

    init(withRecognizer: Bool) { self.withRecognizer = withRecognizer }

    func setUp() {
        let window = TreeGenerator(shape: .balanced, count: 100_000).makeWindow()
        if withRecognizer { window.addGestureRecognizer(PanGestureRecognizer()) }
        window.runUpdateCycle()
        var random = SplitMix64(seed: 11)
        points = (0..<Self.gestures).map { _ in CGPoint(x: Double(random.next() % 1024), y: Double(random.next() % 768)) }
        self.window = window
    }

    func tearDown() {
        window = nil
        points = []
    }

    /// Sends the million events: hit test at each touch-down, delivery along the responder chain
    /// (and through the recognizer, when there is one) for every event.
    func sendAll() throws {
        let window = window!
        for point in points {
            time += 1
            try window.sendTouch(.began, at: point, time: time)
            try window.sendTouch(.moved, at: CGPoint(x: point.x + 3, y: point.y), time: time + 0.01)
            try window.sendTouch(.moved, at: CGPoint(x: point.x + 6, y: point.y), time: time + 0.02)
            try window.sendTouch(.ended, at: CGPoint(x: point.x + 6, y: point.y), time: time + 0.03)
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock], timeUnits: .milliseconds, warmupIterations: 1, maxDuration: .seconds(20),
        maxIterations: 7)

    for withRecognizer in [false, true] {
        let fixture = TouchFixture(withRecognizer: withRecognizer)
        Benchmark(
            "1M touch events on a 100k-view tree\(withRecognizer ? ", pan recognizer on the window" : "")",
            closure: { _ in try fixture.sendAll() }, setup: { fixture.setUp() }, teardown: { fixture.tearDown() })
    }

    // The hit tests alone, at the same touch-down points: the share of dispatch that is hit testing.
    let hitTests = TouchFixture(withRecognizer: false)
    Benchmark(
        "250k hit tests at the touch-down points",
        closure: { _ in
            let window = hitTests.window!
            for point in hitTests.points { blackHole(window.hitTest(point, with: nil)) }
        }, setup: { hitTests.setUp() }, teardown: { hitTests.tearDown() })

    // A million-deep chain of subclasses that override point(inside:): the core walks it in one
    // pass, asking Swift only for each view's containment.
    let chain = DeepChainFixture()
    Benchmark(
        "100 hit tests through a 1M-deep chain of overriding subclasses",
        closure: { _ in
            let window = chain.window!
            for index in 0..<100 { blackHole(window.hitTest(CGPoint(x: 200 + index, y: 200), with: nil)) }
        }, setup: { chain.setUp() }, teardown: { chain.tearDown() })
}

/// A view whose touch area is a circle: a subclass the core must ask about.
final class RoundView: View {
    override func point(inside point: CGPoint, with event: Event?) -> Bool {
        hypot(point.x - bounds.midX, point.y - bounds.midY) <= bounds.width / 2
    }
}

final class DeepChainFixture: @unchecked Sendable {
    private(set) var window: Window?

    func setUp() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        var parent: View = window
        for _ in 0..<1_000_000 {
            let view = RoundView(frame: window.bounds)
            parent.addSubview(view)
            parent = view
        }
        window.runUpdateCycle()
        self.window = window
    }

    func tearDown() { window = nil }
}
