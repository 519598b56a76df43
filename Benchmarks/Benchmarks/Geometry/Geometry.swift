import Benchmark
import Canopy
import CanopyWorkloads
import Foundation
import PlainLoops

/// A generated window, built in a benchmark's setup and released in its teardown.
final class Fixture: @unchecked Sendable {
    let shape: TreeShape
    let count: Int
    private(set) var window: Window?
    private(set) var peerOutput: UnsafeMutablePointer<Double>?

    init(_ shape: TreeShape, _ count: Int) {
        self.shape = shape
        self.count = count
    }

    func setUp() {
        let window = TreeGenerator(shape: shape, count: count).makeWindow()
        window.runUpdateCycle()
        self.window = window
        peerOutput = .allocate(capacity: 6 * count)
    }

    func tearDown() {
        window = nil
        peerOutput?.deallocate()
        peerOutput = nil
    }
}

private func label(_ count: Int) -> String {
    count >= 1_000_000 ? "\(count / 1_000_000)M" : "\(count / 1000)k"
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock], timeUnits: .microseconds, warmupIterations: 2, maxDuration: .seconds(3),
        maxIterations: 200)

    // World transforms: Canopy's pass (through its Swift API) beside a plain C loop over the
    // same columns. Bytes moved per view: 104 read (parent 4, bounds 32, center 16, turn 4, the
    // parent's world 48 mostly from cache; these trees turn no view) and 48 written.
    for shape in [TreeShape.balanced, .deep] {
        for count in [10_000, 100_000, 1_000_000] {
            let canopy = Fixture(shape, count)
            Benchmark(
                "World transforms, Canopy, \(shape) \(label(count))",
                closure: { benchmark in
                    let tree = canopy.window!.flattenedTree
                    for _ in benchmark.scaledIterations { try tree.recomputeWorldTransforms() }
                }, setup: { canopy.setUp() }, teardown: { canopy.tearDown() })

            let plain = Fixture(shape, count)
            Benchmark(
                "World transforms, plain C loop, \(shape) \(label(count))",
                closure: { benchmark in
                    let tree = plain.window!.flattenedTree
                    for _ in benchmark.scaledIterations {
                        tree.withUnsafeColumns { c in
                            plain_world_transforms(
                                Int32(c.count), c.parent.assumingMemoryBound(to: Int32.self),
                                c.bounds.assumingMemoryBound(to: Double.self),
                                c.center.assumingMemoryBound(to: Double.self),
                                c.turn.assumingMemoryBound(to: Int32.self), c.anchor.assumingMemoryBound(to: Double.self),
                                c.transform.assumingMemoryBound(to: Double.self), plain.peerOutput)
                        }
                        blackHole(plain.peerOutput![6 * (plain.count - 1)])
                    }
                }, setup: { plain.setUp() }, teardown: { plain.tearDown() })
        }
    }

    for count in [100_000, 1_000_000] {
        let fixture = Fixture(.balanced, count)
        Benchmark(
            "Full flatten, balanced \(label(count))",
            closure: { benchmark in
                for _ in benchmark.scaledIterations { fixture.window!.reflatten() }
            }, setup: { fixture.setUp() }, teardown: { fixture.tearDown() })
    }

    let conversion = Fixture(.balanced, 100_000)
    Benchmark(
        "Convert 1M points between two views",
        closure: { benchmark in
            let window = conversion.window!
            let source = window.subviews[3].subviews[2].subviews[1]
            let destination = window.subviews[0].subviews[1]
            var random = SplitMix64(seed: 9)
            let points = (0..<1_000_000).map { _ in CGPoint(x: Double(random.next() % 500), y: Double(random.next() % 500)) }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { blackHole(source.convert(points, to: destination)) }
        }, setup: { conversion.setUp() }, teardown: { conversion.tearDown() })

    let hitTesting = Fixture(.balanced, 100_000)
    Benchmark(
        "1M hit tests on a 100k-view tree",
        configuration: .init(metrics: [.wallClock], timeUnits: .milliseconds, maxDuration: .seconds(10), maxIterations: 7),
        closure: { benchmark in
            let window = hitTesting.window!
            var random = SplitMix64(seed: 4)
            let points = (0..<1_000_000).map { _ in CGPoint(x: Double(random.next() % 1024), y: Double(random.next() % 768)) }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                for point in points { blackHole(window.hitTest(point, with: nil)) }
            }
        }, setup: { hitTesting.setUp() }, teardown: { hitTesting.tearDown() })
}
