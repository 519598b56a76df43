import ArgumentParser
import Canopy
import CanopyWorkloads
import Foundation

/// `canopy profile`: builds a generated tree and times each phase of the layout pipeline.
struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Build a generated view tree, run update cycles on it and print a per-phase profile.",
        discussion: """
            Each pass resizes the window (every view autoresizes, so the whole tree is laid out), \
            runs one update cycle, flattens the tree from scratch, recomputes the world transforms, \
            and hit-tests random points. Times are medians and 90th percentiles over the passes.
            """)

    @Option(help: "The tree's shape: \(TreeShape.allCases.map(\.rawValue).joined(separator: ", ")).")
    var shape: TreeShape = .balanced

    @Option(help: "The number of views, the window included.")
    var count = 100_000

    @Option(help: "The number of measured passes.")
    var passes = 5

    @Option(help: "The seed of the generated variations.")
    var seed: UInt64 = 1

    @Option(help: "Hit tests per pass.")
    var hitTests = 10_000

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func validate() throws {
        guard (1...50_000_000).contains(count) else { throw ValidationError("--count must be between 1 and 50000000") }
        guard (1...10_000).contains(passes) else { throw ValidationError("--passes must be between 1 and 10000") }
        guard hitTests >= 0 else { throw ValidationError("--hit-tests must not be negative") }
    }

    func run() throws {
        var profile = Profile(shape: shape, count: count, passes: passes)
        let clock = ContinuousClock()
        var window: Window!
        profile.record("build", clock.measure { window = TreeGenerator(shape: shape, count: count, seed: seed).makeWindow() })
        let first = window.runUpdateCycle()
        profile.record("first update cycle", first.durations.total)
        var random = SplitMix64(seed: seed)
        let points = (0..<hitTests).map { _ in
            CGPoint(x: Double(random.next() % 1024), y: Double(random.next() % 768))
        }
        let progress = Progress(total: passes)
        for pass in 0..<passes {
            let width: CGFloat = pass % 2 == 0 ? 900 : 1024
            profile.record("resize (autoresizing)", clock.measure { window.frame.size.width = width })
            let report = window.runUpdateCycle()
            if !report.problems.isEmpty { FileHandle.standardError.write(Data("\(report)\n".utf8)) }
            profile.record("update constraints", report.durations.constraints)
            profile.record("layout", report.durations.layout)
            profile.record("display", report.durations.display)
            profile.record("flatten (changed rows)", report.durations.flatten)
            profile.record("world transforms", report.durations.worldTransforms)
            profile.record("full flatten", clock.measure { window.reflatten() })
            profile.record("world transforms (forced)", clock.measure { try? window.flattenedTree.recomputeWorldTransforms() })
            if hitTests > 0 {
                var hits = 0
                let elapsed = clock.measure {
                    for point in points where window.hitTest(point, with: nil) != nil { hits += 1 }
                }
                profile.record("hit test (\(hitTests) points)", elapsed)
            }
            progress.advance(to: pass + 1)
        }
        progress.finish()
        profile.peakMemoryBytes = peakResidentBytes()
        print(json ? profile.json() : profile.table())
    }
}

extension TreeShape: ExpressibleByArgument {}

extension UpdateCycleReport.Durations {
    var total: Duration { constraints + layout + display + flatten + worldTransforms }
}

/// The resident set's high-water mark, in bytes.
func peakResidentBytes() -> Int {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return usage.ru_maxrss * 1024  // Linux reports kilobytes
}
