import ArgumentParser
import Canopy
import CanopyWorkloads
import Foundation

/// `canopy profile`: builds a tree and times each phase of the layout pipeline.
struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Build a view tree, run update cycles on it and print a per-phase profile.",
        discussion: """
            The tree comes from a scene file, or is generated in memory from --shape and --count. \
            Each pass resizes the window (between its own size and --resize), runs one update \
            cycle (update constraints; Auto Layout: collect, solve, apply frames; layout; display; \
            flatten; world transforms), flattens the tree from scratch, recomputes the world \
            transforms and hit-tests random points. After the passes, the scene's last \
            constraint's constant changes by one point, back and forth, before each of as many \
            update cycles. The first update cycle's steps are shown apart, marked (first). Times \
            are medians and 90th percentiles over the passes. With --cold-builds, the tree is then built from the scene again that many \
            times and laid out once each, for the cost of a cold layout past the process's first. \
            With --peer yoga, Yoga then lays out a flex tree of the same shape and count (the \
            stack and tree shapes) in a process of its own, and the two are printed side by side, \
            cold and warm.
            """)

    @Argument(help: "A scene file (see docs/scene-format.md).")
    var scene: String?

    @Option(help: "Without a scene file, the shape to generate: \(GeneratedShape.names).")
    var shape: GeneratedShape = .balanced

    @Option(help: "Without a scene file, the number of views, the window included.")
    var count = 100_000

    @Option(help: "The seed of the generated variations and of the hit-test points.")
    var seed: UInt64 = 1

    @Option(help: "The number of measured passes.")
    var passes = 5

    @Option(help: "The size the window alternates with, as WxH (default: 124 points narrower).")
    var resize: SizeArgument?

    @Option(help: "How many more times to build the tree from the scene and lay it out once, timed.")
    var coldBuilds = 0

    @Option(help: "Hit tests per pass.")
    var hitTests = 10_000

    @Option(help: "The most threads the Auto Layout solve uses (default: every active processor).")
    var threads = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Write a Chrome trace-event file (for Perfetto or chrome://tracing).")
    var trace: String?

    @Option(help: "Also time a peer engine on the same generated shape and count: yoga (through the Python package poga).")
    var peer: PeerEngine?

    @Option(help: "The peer's script (default: Benchmarks/peers/yoga_peer.py beside the harness's sources).")
    var peerScript: String?

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func validate() throws {
        try GeneratedShape.validate(count: count)
        guard (1...10_000).contains(passes) else { throw ValidationError("--passes must be between 1 and 10000") }
        guard (0...10_000).contains(coldBuilds) else { throw ValidationError("--cold-builds must be between 0 and 10000") }
        guard hitTests >= 0 else { throw ValidationError("--hit-tests must not be negative") }
        guard threads >= 1 else { throw ValidationError("--threads must be at least 1") }
        if let peer, scene != nil || !peer.shapes.contains(shape) {
            let shapes = peer.shapes.map(\.rawValue).joined(separator: " and ")
            throw ValidationError("--peer \(peer.rawValue) lays out the generated \(shapes) shapes only")
        }
        if peerScript != nil, peer == nil { throw ValidationError("--peer-script needs --peer") }
    }

    /// What the run keeps of the built scene: the window, and the constraint whose constant it
    /// changes. The instance's lists of every view and constraint go, as an app that keeps
    /// the tree, not lists of it, would let them.
    private struct Built {
        let window: Window
        let lastConstraint: LayoutConstraint?
        let viewCount: Int
    }

    /// Loads or generates the scene and builds its window, naming the run in `profile`. The
    /// scene is returned only for the cold builds: otherwise its records go once the views are
    /// made, as an app's would.
    private func build(into profile: inout Profile) throws -> (Built, coldSource: Scene?) {
        let source: Scene
        if let scene {
            source = try profile.measure("load", memory: true) { try Scene.load(from: URL(fileURLWithPath: scene)) }
        } else {
            source = profile.measure("generate", memory: true) { shape.makeScene(count: count, seed: seed) }
        }
        let instance = try profile.measure("build", memory: true) { try source.instantiate() }
        profile.title = "canopy profile: \(scene ?? "\(shape.rawValue) tree") — \(source.views.count) views, "
            + "\(source.constraints.count) constraints, \(passes) passes, \(threads) threads"
        profile.count = source.views.count
        let built = Built(
            window: instance.window,
            lastConstraint: instance.constraintCount > 0 ? instance.constraint(at: instance.constraintCount - 1) : nil,
            viewCount: instance.views.count)
        return (built, coldBuilds > 0 ? source : nil)
    }

    func run() throws {
        let clock = ContinuousClock()
        var profile = Profile(title: "canopy profile", count: 1)
        let (built, coldSource) = try build(into: &profile)
        let window = built.window
        window.maximumLayoutThreads = threads
        let firstStart = ContinuousClock.now
        let first = profile.measure("first update cycle", memory: true) { window.runUpdateCycle() }
        profile.coldPeakMemoryBytes = peakResidentBytes()
        report(first)
        recordSteps(of: first, in: window, from: firstStart, into: &profile, suffix: " (first)")
        let failure = LayoutFailure(first)

        var random = SplitMix64(seed: seed)
        let points = (0..<hitTests).map { _ in
            CGPoint(x: Double(random.next() % 1024), y: Double(random.next() % 768))
        }
        let original = window.frame.size
        let other = resize?.size ?? CGSize(width: max(1, original.width - 124), height: original.height)
        let progress = Progress(total: passes)
        for pass in 0..<passes {
            profile.measure("resize") { window.frame.size = pass % 2 == 0 ? other : original }
            let start = clock.now
            let cycle = window.runUpdateCycle()
            profile.record("update cycle", clock.now - start, at: start)
            report(cycle)
            recordSteps(of: cycle, in: window, from: start, into: &profile)
            profile.measure("full flatten") { window.reflatten() }
            profile.measure("world transforms (forced)") { try? window.flattenedTree.recomputeWorldTransforms() }
            if hitTests > 0 {
                var hits = 0
                profile.measure("hit test (\(hitTests) points)") {
                    for point in points where window.hitTest(point, with: nil) != nil { hits += 1 }
                }
            }
            progress.advance(to: pass + 1)
        }
        progress.finish()
        // Apart from the passes, so that a kept change does not reach into their cycles.
        if let last = built.lastConstraint {
            for pass in 0..<passes {
                last.constant += pass % 2 == 0 ? 1 : -1
                report(profile.measure("one constant changed") { window.runUpdateCycle() })
            }
        }
        for _ in 0..<coldBuilds {
            guard let coldSource else { break }
            let rebuilt = try profile.measure("cold build") { try coldSource.instantiate().window }
            rebuilt.maximumLayoutThreads = threads
            report(profile.measure("cold first update cycle") { rebuilt.runUpdateCycle() })
        }
        let layout = window.layoutReport
        if layout.rows > 0 {
            profile.notes.append(
                "Auto Layout: \(layout.variables) variables, \(layout.rows) rows, \(layout.substituted) settled by substitution, "
                    + "\(layout.blocks) blocks (largest \(layout.largestBlock) unknowns, \(layout.recalledBlocks) recalled from the solve before, "
                    + "\(layout.reusedBlocks) solved through kept level maps), "
                    + "\(layout.activeSetIterations) active-set iterations (\(layout.warmStartedLevels) levels started warm); "
                    + (layout.reusedSystem ? "the last solve reused the kept system" : "the last solve collected the system anew")
                    + (layout.carriedConstants ? " and carried its new constants through the record of the solve before" : ""))
        }
        let memory = window.memory, objects = window.objectMemory, views = built.viewCount
        profile.notes.append(
            "held by the window, bytes per view: flattened tree \(memory.flattenedTree / views), "
                + "Auto Layout system \(memory.layoutSystem / views), solution \(memory.layoutSolution / views), "
                + "solve record \(memory.solveRecord / views), solver workspaces \(memory.solverWorkspaces / views)")
        profile.notes.append(
            "objects, bytes per view: views \(objects.views / views), layout state \(objects.layoutState / views), "
                + "constraints \(objects.constraints / views), lists \(objects.lists / views), "
                + "layers and extras \(objects.layersAndExtras / views); "
                + "with the window's parts, \((objects.total + memory.total) / views)")
        profile.peakMemoryBytes = peakResidentBytes()
        if let trace { try profile.trace.write(to: trace) }
        // After Canopy's peak is read: the peer runs in a process of its own.
        let peerTiming = try peer.map { engine in
            try PeerTiming.measure(
                engine, script: peerScript ?? PeerTiming.defaultScript(for: engine), shape: shape, count: count,
                runs: max(passes, coldBuilds))
        }
        print(
            json
                ? profile.json(extra: [
                    "variables": layout.variables, "rows": layout.rows, "blocks": layout.blocks,
                    "largest_block": layout.largestBlock, "recalled_blocks": layout.recalledBlocks,
                    "reused_blocks": layout.reusedBlocks,
                    "active_set_iterations": layout.activeSetIterations, "warm_started_levels": layout.warmStartedLevels,
                    "reused_system": layout.reusedSystem, "carried_constants": layout.carriedConstants,
                    "failure": failure.map { $0.reason as Any } ?? NSNull(),
                    "object_memory_bytes": [
                        "views": objects.views, "layout_state": objects.layoutState, "constraints": objects.constraints,
                        "lists": objects.lists, "layers_and_extras": objects.layersAndExtras,
                    ],
                    "peer": peerTiming.map { peerJSON($0, profile) } ?? NSNull(),
                ])
                : ([profile.table()] + (peerTiming.map(profile.comparison) ?? [])).joined(separator: "\n"))
        if let failure { throw failure }
    }

    /// The cycle's phases, laid end to end from its start in the order the cycle runs them
    /// (a cycle of several rounds adds its rounds together).
    /// `suffix` keeps the first cycle's steps apart from the passes' medians.
    private func recordSteps(
        of cycle: UpdateCycleReport, in window: Window, from start: ContinuousClock.Instant, into profile: inout Profile,
        suffix: String = ""
    ) {
        var at = start
        var steps: [(String, Duration)] = [("update constraints", cycle.durations.constraints)]
        let layout = window.layoutReport
        if layout.rows > 0 {
            steps += [
                ("  collect", layout.durations.collect), ("  solve", layout.durations.solve),
                ("  apply frames", layout.durations.apply), ("  diagnose", layout.durations.diagnose),
            ]
        }
        steps += [
            ("layout", cycle.durations.layout), ("display", cycle.durations.display),
            ("flatten (changed rows)", cycle.durations.flatten), ("world transforms", cycle.durations.worldTransforms),
        ]
        for (name, duration) in steps {
            profile.record(name + suffix, duration, at: at, depth: 1)
            at = at + duration
        }
    }

    private func peerJSON(_ peer: PeerTiming, _ profile: Profile) -> [String: Any] {
        [
            "engine": peer.engine.rawValue, "version": peer.version, "runs": peer.runs,
            "cold_seconds": peer.cold, "warm_seconds": peer.warm, "native_cold_seconds": peer.nativeCold ?? NSNull(),
            "canopy_cold_seconds": profile.coldSeconds, "canopy_warm_seconds": profile.warmSeconds,
        ]
    }

    private func report(_ cycle: UpdateCycleReport) {
        guard !cycle.problems.isEmpty else { return }
        let shown = cycle.problems.prefix(5).map { "  \($0)" }.joined(separator: "\n")
        let more = cycle.problems.count > 5 ? "\n  … and \(cycle.problems.count - 5) more" : ""
        FileHandle.standardError.write(Data("canopy: the update cycle found problems:\n\(shown)\(more)\n".utf8))
    }
}

/// The resident set's high-water mark, in bytes.
func peakResidentBytes() -> Int {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return usage.ru_maxrss * 1024  // Linux reports kilobytes
}
