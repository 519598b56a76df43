import Benchmark
import Canopy
import CanopyWorkloads
import Foundation

/// A constraint tree, built and solved once in setup.
final class LayoutFixture: @unchecked Sendable {
    /// The window, and its last constraint (a leaf's, in generated scenes).
    private let make: @Sendable () -> (Window, LayoutConstraint?)
    /// The most threads the solve uses (the targets are for one core).
    let threads: Int
    private(set) var window: Window?
    private var wide = false

    /// A generated scene.
    convenience init(_ shape: ConstraintShape, _ count: Int, threads: Int = 1) {
        self.init(threads: threads) {
            let instance = try! ConstraintTreeGenerator(shape: shape, count: count).makeScene().instantiate()
            let count = instance.constraintCount
            return (instance.window, count > 0 ? instance.constraint(at: count - 1) : nil)
        }
    }

    init(threads: Int = 1, make: @escaping @Sendable () -> (Window, LayoutConstraint?)) {
        self.threads = threads
        self.make = make
    }

    private var leafConstraint: LayoutConstraint?

    func setUp() {
        let (window, leaf) = make()
        window.maximumLayoutThreads = threads
        window.runUpdateCycle()
        self.window = window
        leafConstraint = leaf
    }

    func tearDown() {
        window = nil
        leafConstraint = nil
    }

    /// A full pass: the window changes width, so every frame changes; collect, solve, apply the
    /// frames, lay out, refresh the flattened tree and its world transforms.
    func resizeAndLayOut() {
        wide.toggle()
        window!.frame = CGRect(x: 0, y: 0, width: wide ? 1280 : 1024, height: 768)
        blackHole(window!.runUpdateCycle())
    }

    /// One constant changes (a leaf's constraint, by one point back and forth): the kept
    /// system takes the edit, the core carries the new constant through its record of the
    /// previous solve (or solves again where it cannot), and the frames that moved are set.
    func changeOneConstant() {
        wide.toggle()
        leafConstraint!.constant += wide ? 1 : -1
        blackHole(window!.runUpdateCycle())
    }

    /// The latest cycle's solve alone, in nanoseconds (a custom metric next to the whole cycle).
    func recordSolveTime(in benchmark: Benchmark) {
        let solve = window!.layoutReport.durations.solve.components
        benchmark.measurement(solveMetric, Int(solve.seconds * 1_000_000_000 + solve.attoseconds / 1_000_000_000))
    }
}

/// A generated scene made in setup, to be built and laid out from nothing.
final class ColdFixture: @unchecked Sendable {
    private let shape: ConstraintShape
    private let count: Int
    private var scene: Scene?

    init(_ shape: ConstraintShape, _ count: Int) {
        self.shape = shape
        self.count = count
    }

    func setUp() { scene = ConstraintTreeGenerator(shape: shape, count: count).makeScene() }

    func tearDown() { scene = nil }

    /// Builds the views and constraints from the scene and runs their first update cycle,
    /// measured; the window is torn down after the measurement.
    func buildAndLayOut(_ benchmark: Benchmark) {
        benchmark.startMeasurement()
        let window = try! scene!.instantiate().window
        window.maximumLayoutThreads = 1
        blackHole(window.runUpdateCycle())
        benchmark.stopMeasurement()
    }
}

/// `count` views in a row, each at least 8 after the one before and pulled at 500 toward a
/// place of its own, 40 apart give or take 20: one chain of required inequalities, pushed tight
/// in short runs, too long for one dense block.
func pushedRow(count: Int) -> (Window, LayoutConstraint?) {
    let window = Window(frame: CGRect(x: 0, y: 0, width: 1024, height: 768))
    var random = SplitMix64(seed: 9)
    var previous: View?
    for index in 0..<count {
        let view = View()
        view.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(view)
        let pull = view.leftAnchor.constraint(
            equalTo: window.leftAnchor, constant: CGFloat(40 * index + Int.random(in: -20...20, using: &random)))
        pull.priority = LayoutPriority(500)
        var constraints = [
            pull, view.widthAnchor.constraint(equalToConstant: 20), view.heightAnchor.constraint(equalToConstant: 20),
            view.topAnchor.constraint(equalTo: window.topAnchor),
        ]
        if let previous {
            constraints.append(view.leftAnchor.constraint(greaterThanOrEqualTo: previous.rightAnchor, constant: 8))
        }
        LayoutConstraint.activate(constraints)
        previous = view
    }
    return (window, nil)
}

/// The core's solve inside an update cycle, reported beside the cycle's wall clock.
let solveMetric = BenchmarkMetric.custom("Auto Layout solve (ns)")

private func label(_ count: Int) -> String {
    count >= 1_000_000 ? "\(count / 1_000_000)M" : "\(count / 1000)k"
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock], timeUnits: .milliseconds, warmupIterations: 1, maxDuration: .seconds(5),
        maxIterations: 30)

    /// A benchmark of one `step` of `fixture` per iteration, with the solve's time beside the
    /// cycle's; in microseconds, so that the per-view cost can be compared from 1k views up.
    /// Steps of microseconds take more than the default 30 samples, for steadier medians, and
    /// are shown in nanoseconds.
    func layoutBenchmark(
        _ name: String, _ fixture: LayoutFixture, samples: Int = 30,
        step: @escaping @Sendable (LayoutFixture) -> Void = { $0.resizeAndLayOut() }
    ) {
        Benchmark(
            name,
            configuration: .init(
                metrics: [.wallClock, solveMetric], timeUnits: samples > 30 ? .nanoseconds : .microseconds,
                maxIterations: samples),
            closure: { benchmark in
                step(fixture)
                fixture.recordSolveTime(in: benchmark)
            }, setup: { fixture.setUp() }, teardown: { fixture.tearDown() })
    }

    // `random` is for tests; the others have one solution each engine can be compared on.
    for shape in ConstraintShape.allCases where shape != .random {
        for count in [1_000, 10_000, 100_000, 1_000_000] {
            layoutBenchmark("Auto Layout full pass, \(shape) \(label(count))", LayoutFixture(shape, count))
        }
    }

    /// A generated scene built and laid out from nothing per iteration, with its peak memory.
    func coldBenchmark(_ shape: ConstraintShape, _ count: Int, timeUnits: BenchmarkTimeUnits, samples: Int) {
        let fixture = ColdFixture(shape, count)
        Benchmark(
            "Auto Layout cold, \(shape) \(label(count)): built and laid out",
            configuration: .init(
                metrics: [.wallClock, .peakMemoryResident], timeUnits: timeUnits, maxIterations: samples),
            closure: { fixture.buildAndLayOut($0) }, setup: { fixture.setUp() }, teardown: { fixture.tearDown() })
    }

    // Random scenes: coupled blocks of all sizes, the largest through the triangular path (about
    // 2,200 unknowns at 10k views, 22,000 at 100k); built and laid out cold, then resized.
    for count in [1_000, 10_000, 100_000] {
        coldBenchmark(.random, count, timeUnits: .milliseconds, samples: count >= 10_000 ? 3 : 30)
        layoutBenchmark("Auto Layout full pass, random \(label(count))", LayoutFixture(.random, count), samples: count >= 10_000 ? 5 : 30)
    }

    // The soft shape's many small dense blocks, solved on every core, beside its one-core run.
    let cores = ProcessInfo.processInfo.activeProcessorCount
    for count in [10_000, 100_000] {
        layoutBenchmark(
            "Auto Layout full pass on \(cores) threads, soft \(label(count))", LayoutFixture(.soft, count, threads: cores))
    }

    // A row of views pushing each other: one block of required inequalities past the dense
    // path, solved as a relaxation, round by round.
    for count in [1_000, 10_000, 100_000] {
        layoutBenchmark("Auto Layout full pass, pushed row \(label(count))", LayoutFixture { pushedRow(count: count) })
    }

    // A deep chain: before placing frames was made linear, 100k deep took over a minute.
    for depth in [100_000, 1_000_000] {
        layoutBenchmark("Auto Layout full pass, pinned chain \(label(depth)) deep", LayoutFixture { let chain = PinnedChain(depth: depth); return (chain.window, chain.constraints.last) })
    }

    for count in [1_000, 10_000, 100_000] {
        layoutBenchmark("Auto Layout one constant changed, tree \(label(count))", LayoutFixture(.tree, count)) {
            $0.changeOneConstant()
        }
    }

    // Large trees made from nothing: the views and constraints built from a scene, then the
    // first update cycle (collecting the system, solving, placing every frame).
    for shape in [ConstraintShape.tree, .stack] {
        for count in [1_000, 10_000, 100_000] {
            coldBenchmark(shape, count, timeUnits: .microseconds, samples: count >= 100_000 ? 10 : 30)
        }
    }

    // One feed cell (21 views): made and laid out from nothing, then re-laid out after a width change.
    let cell = ConstraintTreeGenerator(shape: .feed, count: 22).makeScene()
    let cold = Benchmark.Configuration(timeUnits: .microseconds, maxIterations: 1_000)
    Benchmark("Feed cell, built and laid out cold", configuration: cold) { benchmark in
        for _ in benchmark.scaledIterations {
            let window = try! cell.instantiate().window
            window.maximumLayoutThreads = 1
            blackHole(window.runUpdateCycle())
        }
    }
    // The same cell from a scene checked once (PreparedScene), as a list makes its cells.
    let prepared = try! PreparedScene(cell)
    Benchmark("Feed cell, built and laid out cold from a prepared scene", configuration: cold) { benchmark in
        for _ in benchmark.scaledIterations {
            let window = try! prepared.instantiate().window
            window.maximumLayoutThreads = 1
            blackHole(window.runUpdateCycle())
        }
    }
    layoutBenchmark("Feed cell, re-laid out after a width change", LayoutFixture(.feed, 22), samples: 2_000)
}
