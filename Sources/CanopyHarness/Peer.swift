import ArgumentParser
import Foundation

/// Another layout engine that `canopy profile --peer` lays the same tree out with, in a
/// process of its own after Canopy's passes, so that the two are read side by side.
enum PeerEngine: String, CaseIterable, ExpressibleByArgument {
    /// Yoga, React Native's flexbox engine, through the Python package poga: a flex tree shaped
    /// as the generated `stack` or `tree` scene (`Benchmarks/peers/yoga_peer.py`).
    case yoga

    /// The generated shapes the engine has a counterpart for.
    var shapes: [GeneratedShape] { [.stack, .tree] }

    /// The engine's name in a report, with the version it printed.
    func title(version: String) -> String {
        switch self {
        case .yoga: "Yoga \(version) via poga"
        }
    }
}

/// What a peer measured: medians of its runs, in seconds.
struct PeerTiming {
    var engine: PeerEngine
    var version: String
    var runs: Int
    /// A tree made from nothing and laid out once (Yoga: built, then laid out).
    var cold: Double
    /// A layout of a tree already built.
    var warm: Double
    /// The cold time with the tree built without Python (Yoga through its C API), when the
    /// peer measured it.
    var nativeCold: Double?

    /// Runs `script` (Yoga's peer) with Python on `shape` and `count` nodes, `runs` times.
    /// The interpreter is `$PYTHON`, or `python3`.
    static func measure(
        _ engine: PeerEngine, script: String, shape: GeneratedShape, count: Int, runs: Int
    ) throws -> PeerTiming {
        guard FileManager.default.isReadableFile(atPath: script) else {
            throw HarnessError("no \(engine.rawValue) peer script at \(script) (give its path with --peer-script)")
        }
        let python = ProcessInfo.processInfo.environment["PYTHON"] ?? "python3"
        let output = try run(
            ["/usr/bin/env", python, script, "--shape", shape.rawValue, "--sizes", String(count), "--runs", String(runs)])
        return try parse(output, engine: engine, count: count)
    }

    /// The peer's JSON: `{"yoga": VERSION, "results": [{"views": N, "runs": R,
    /// "cold_median_seconds": C, "median_seconds": W}]}`, and optionally
    /// `"native_cold_median_seconds"` in the result.
    static func parse(_ output: Data, engine: PeerEngine, count: Int) throws -> PeerTiming {
        guard let object = try? JSONSerialization.jsonObject(with: output) as? [String: Any],
            let result = (object["results"] as? [[String: Any]])?.first,
            result["views"] as? Int == count,
            let runs = result["runs"] as? Int,
            let cold = result["cold_median_seconds"] as? Double, cold >= 0,
            let warm = result["median_seconds"] as? Double, warm >= 0
        else {
            throw HarnessError("the \(engine.rawValue) peer printed no timing of \(count) views")
        }
        let nativeCold = result["native_cold_median_seconds"]
        guard nativeCold == nil || (nativeCold as? Double).map({ $0 >= 0 }) == true else {
            throw HarnessError("the \(engine.rawValue) peer printed a native cold time that is not a duration")
        }
        return PeerTiming(
            engine: engine, version: object[engine.rawValue] as? String ?? "unknown", runs: runs, cold: cold, warm: warm,
            nativeCold: nativeCold as? Double)
    }

    /// The command's standard output; its standard error's last line in the error when it fails.
    private static func run(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        let output = Pipe()
        // Standard error goes to a file: a pipe left unread could fill and stall the peer.
        let errorURL = FileManager.default.temporaryDirectory.appendingPathComponent("canopy-peer-\(UUID().uuidString).err")
        guard FileManager.default.createFile(atPath: errorURL.path, contents: nil),
            let errors = try? FileHandle(forWritingTo: errorURL)
        else { throw HarnessError("cannot write the peer's errors to \(errorURL.path)") }
        defer { try? FileManager.default.removeItem(at: errorURL) }
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch { throw HarnessError("cannot run \(arguments[1]): \(error.localizedDescription)") }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try? errors.close()
        guard process.terminationStatus == 0 else {
            let text = (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
            let last = text.split(separator: "\n").last.map(String.init) ?? "no message"
            let hint = text.contains("No module named 'poga'") ? " (install it: \(arguments[1]) -m pip install poga)" : ""
            throw HarnessError("the peer failed (exit \(process.terminationStatus)): \(last)\(hint)")
        }
        return data
    }

    /// The peer script kept beside the harness's sources.
    static func defaultScript(for engine: PeerEngine, source: String = #filePath) -> String {
        URL(fileURLWithPath: source).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Benchmarks/peers/\(engine.rawValue)_peer.py").path
    }
}

extension Profile {
    /// Canopy's cold time: the medians of the cold builds' sums (build and first update
    /// cycle) when there are any, else the one build and first cycle.
    var coldSeconds: Double {
        let builds = samples(of: "cold build"), cycles = samples(of: "cold first update cycle")
        guard !builds.isEmpty, builds.count == cycles.count else {
            return summary(of: "build").median + summary(of: "first update cycle").median
        }
        let sums = zip(builds, cycles).map { $0 + $1 }.sorted()
        let middle = sums.count / 2
        return sums.count % 2 == 1 ? sums[middle] : (sums[middle - 1] + sums[middle]) / 2
    }

    /// Canopy's warm time: the median update cycle after a resize.
    var warmSeconds: Double { summary(of: "update cycle").median }

    /// Lines comparing Canopy with `peer`, cold and warm (a ratio above 1 means Canopy took
    /// less time).
    func comparison(with peer: PeerTiming) -> [String] {
        func row(_ label: String, _ canopy: Double, _ other: Double, _ meaning: String) -> String {
            let ratio = canopy > 0 ? String(format: "%.3g×", other / canopy) : "-"
            return pad(label, 8) + pad(format(canopy), 12, right: true) + pad(format(other), 12, right: true)
                + pad(ratio, 14, right: true) + "   " + meaning
        }
        return [
            "side by side with \(peer.engine.title(version: peer.version)) (its medians of \(peer.runs) runs, the same shape and count):",
            pad("", 8) + pad("Canopy", 12, right: true) + pad("peer", 12, right: true) + pad("peer/Canopy", 14, right: true),
            row("cold", coldSeconds, peer.cold, "built from nothing and laid out once"),
        ] + (peer.nativeCold.map { [row("native", coldSeconds, $0, "the same, the peer's tree built without Python")] }
            ?? []) + [
            row("warm", warmSeconds, peer.warm, "Canopy's update cycle after a resize; the peer's layout of a built tree"),
        ]
    }
}
