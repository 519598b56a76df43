import ArgumentParser
import Canopy
import Foundation

/// `canopy layout`: the solved frames and the diagnostics of a scene, as JSON.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Lay out a scene and print its frames and diagnostics as JSON.",
        discussion: """
            For each view: "frame", its untransformed frame in window space after the update \
            cycle (rounded to the pixel grid), and "solved", the Auto Layout solution before \
            rounding (views in the solve only). Then the ambiguous views and attributes, the \
            conflicts (with the constraint broken to recover) and the priority ties. A scene \
            file and this output together make a reproducible bug report. When the solve \
            fails, "failure" gives the reason and the command exits 1.
            """)

    @Argument(help: "A scene file (see docs/scene-format.md), or an Interface Builder .xib or .storyboard file.")
    var scene: String

    @Option(name: .customLong("scene"), help: "For a .xib, the id of a top-level view; for a .storyboard, a view controller's storyboard identifier or id.")
    var identifier: String?

    func run() throws {
        let loaded = try LoadedScene(path: scene, identifier: identifier)
        loaded.reportWarnings()
        let window = loaded.window
        // Diagnostics name views by their ids.
        for (view, id) in loaded.views where view.accessibilityIdentifier == nil {
            view.accessibilityIdentifier = id
        }
        let failure = LayoutFailure(window.runUpdateCycle())
        let report = window.layoutReport
        let ids = loaded.ids()
        var lines: [String] = []
        var origins = ContentOrigins()  // a bounded walk per view, however deep the tree
        for (view, id) in loaded.views {
            var line = "{\"id\": \(jsonString(id)), \"frame\": \(jsonRect(origins.layoutRect(of: view)))"
            if let solved = report.solvedRect(of: view) { line += ", \"solved\": \(jsonRect(solved))" }
            lines.append(line + "}")
        }
        let ambiguous = report.ambiguities.map { ambiguity in
            let name = ambiguity.layoutItem.flatMap { ids[ObjectIdentifier($0)] } ?? ambiguity.item
            return "{\"view\": \(jsonString(name)), \"attributes\": [\(ambiguity.attributes.map { jsonString("\($0)") }.joined(separator: ", "))]}"
        }
        let conflicts = report.conflicts.map { conflict in
            "{\"constraints\": [\(conflict.descriptions.map(jsonString).joined(separator: ", "))], "
                + "\"broken\": \(jsonString(conflict.brokenDescription)), \"log\": \(jsonString(conflict.logMessage))}"
        }
        let ties = report.tiedConstraints.map { "[" + $0.map(jsonString).joined(separator: ", ") + "]" }
        print(
            """
            {"format": "canopy-layout", "version": 1,
            "views": [
            \(lines.joined(separator: ",\n"))
            ],
            "ambiguous": [\(ambiguous.joined(separator: ", "))],
            "conflicts": [\(conflicts.joined(separator: ", "))],
            "tiedConstraints": [\(ties.joined(separator: ", "))],
            "failure": \(failure.map { jsonString($0.reason) } ?? "null")}
            """)
        if let failure { throw failure }
    }
}
