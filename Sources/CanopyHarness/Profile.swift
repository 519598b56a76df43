import Foundation

/// Timings collected per phase, their summary, and the trace of every sample.
struct Profile {
    var title: String
    /// Views, for the per-view columns.
    var count: Int
    var peakMemoryBytes = 0
    /// The resident high-water mark when the first update cycle ended: the cold path's (the
    /// scene, the build and the first layout), before any resize keeps more.
    var coldPeakMemoryBytes = 0
    /// The resident memory each phase measured with `memory: true` added (resident bytes after
    /// it minus before), in the order measured.
    private(set) var memoryGrowth: [(phase: String, bytes: Int)] = []
    /// Lines printed under the table (solver counts, say).
    var notes: [String] = []
    private var phases: [String] = []
    private var samples: [String: [Duration]] = [:]
    private(set) var trace = Trace()

    init(title: String, count: Int) {
        self.title = title
        self.count = count
    }

    /// Adds a sample of `phase` that began at `start`.
    mutating func record(_ phase: String, _ duration: Duration, at start: ContinuousClock.Instant, depth: Int = 0) {
        if samples[phase] == nil { phases.append(phase) }
        samples[phase, default: []].append(duration)
        trace.add(phase, start: start, duration: duration, depth: depth)
    }

    /// Times `body` as a sample of `phase`; with `memory`, also notes how much resident memory it
    /// added (asked of one-off phases: the count is read from a file).
    mutating func measure<T>(_ phase: String, memory: Bool = false, _ body: () throws -> T) rethrows -> T {
        let residentBefore = memory ? residentBytes() : 0
        let clock = ContinuousClock()
        let start = clock.now
        let result = try body()
        record(phase, clock.now - start, at: start)
        if memory { memoryGrowth.append((phase, residentBytes() - residentBefore)) }
        return result
    }

    /// The samples of `phase` in the order taken, in seconds.
    func samples(of phase: String) -> [Double] { samples[phase, default: []].map(\.seconds) }

    /// The median and 90th percentile of a phase, in seconds (nearest-rank percentiles).
    func summary(of phase: String) -> (median: Double, p90: Double) {
        let sorted = samples[phase, default: []].map(\.seconds).sorted()
        func rank(_ q: Double) -> Double { sorted[min(sorted.count - 1, Int((q * Double(sorted.count)).rounded(.up)) - 1)] }
        return (rank(0.5), rank(0.9))
    }

    func table() -> String {
        var lines = [title]
        lines.append(pad("phase", 30) + pad("median", 12, right: true) + pad("p90", 12, right: true) + pad("ns/view", 10, right: true) + pad("views/s", 14, right: true))
        for phase in phases {
            let (median, p90) = summary(of: phase)
            let perView = median * 1e9 / Double(count)
            let rate = median > 0 ? String(format: "%.3g", Double(count) / median) : "-"
            lines.append(pad(phase, 30) + pad(format(median), 12, right: true) + pad(format(p90), 12, right: true) + pad(String(format: "%.1f", perView), 10, right: true) + pad(rate, 14, right: true))
        }
        lines += notes
        if !memoryGrowth.isEmpty {
            let parts = memoryGrowth.map { "\($0.phase) \(Int((Double($0.bytes) / Double(count)).rounded()))" }
            lines.append("resident memory added, bytes per view: " + parts.joined(separator: ", "))
        }
        lines.append(
            "peak memory: " + describe(peakMemoryBytes) + "; through the first update cycle: "
                + describe(coldPeakMemoryBytes))
        return lines.joined(separator: "\n")
    }

    func json(extra: [String: Any]) -> String {
        var phasesJSON: [[String: Any]] = []
        for phase in phases {
            let (median, p90) = summary(of: phase)
            let taken = samples[phase, default: []]
            phasesJSON.append([
                "phase": phase, "median_seconds": median, "p90_seconds": p90, "samples": taken.count,
                "samples_seconds": taken.map(\.seconds),
            ])
        }
        var object: [String: Any] = [
            "title": title, "views": count, "peak_memory_bytes": peakMemoryBytes,
            "cold_peak_memory_bytes": coldPeakMemoryBytes, "phases": phasesJSON,
            "resident_growth_bytes": memoryGrowth.map { ["phase": $0.phase, "bytes": $0.bytes] },
        ]
        object.merge(extra) { $1 }
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// `bytes` in MiB and per view.
    private func describe(_ bytes: Int) -> String {
        String(format: "%.1f MiB (%.0f bytes per view)", Double(bytes) / 1_048_576, Double(bytes) / Double(count))
    }

    func format(_ seconds: Double) -> String {
        switch seconds {
        case ..<1e-3: String(format: "%.1f µs", seconds * 1e6)
        case ..<1: String(format: "%.2f ms", seconds * 1e3)
        default: String(format: "%.3f s", seconds)
        }
    }

    func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}

/// Chrome trace-event JSON (complete events), which Perfetto and chrome://tracing open. Samples
/// are kept as they come and written out only when a trace is asked for: formatting each one as
/// it came cost more than the update cycles of small trees.
struct Trace {
    private struct Event {
        var name: String
        var start: Duration
        var duration: Duration
        var depth: Int
    }

    private var events: [Event] = []
    private let origin = ContinuousClock.now

    mutating func add(_ name: String, start: ContinuousClock.Instant, duration: Duration, depth: Int) {
        events.append(Event(name: name, start: start - origin, duration: duration, depth: depth))
    }

    func write(to path: String) throws {
        let lines = events.map { event in
            "{\"name\": \(jsonString(event.name)), \"cat\": \"\(event.depth == 0 ? "phase" : "step")\", \"ph\": \"X\", "
                + "\"ts\": \(String(format: "%.3f", event.start.seconds * 1e6)), "
                + "\"dur\": \(String(format: "%.3f", event.duration.seconds * 1e6)), \"pid\": 1, \"tid\": 1}"
        }
        let text = "{\"displayTimeUnit\": \"ms\", \"traceEvents\": [\n" + lines.joined(separator: ",\n") + "\n]}\n"
        do { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) } catch {
            throw HarnessError("cannot write the trace to \(path): \(error.localizedDescription)")
        }
    }
}

/// The process's resident set now, in bytes (0 where /proc cannot be read).
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
        let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

extension Duration {
    var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) * 1e-18
    }
}

/// A progress bar on standard error, shown only when it is a terminal.
final class Progress {
    private let total: Int
    private let isShown = isatty(STDERR_FILENO) != 0

    init(total: Int) { self.total = total }

    func advance(to done: Int) {
        guard isShown else { return }
        let width = 30
        let filled = width * done / max(total, 1)
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total) passes".utf8))
    }

    func finish() {
        if isShown { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
