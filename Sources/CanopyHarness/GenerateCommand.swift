import ArgumentParser
import Canopy
import Foundation

/// `canopy generate`: writes a benchmark shape as a scene file.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write a generated view tree as a scene file.",
        discussion: """
            Auto Layout shapes: stack, tree, grid, feed, soft, random (UI-like random trees with a \
            unique solution, for fuzzing and differential tests). Autoresizing shapes: balanced, \
            deep, flat. The format is in docs/scene-format.md.
            """)

    @Option(help: "The shape: \(GeneratedShape.names).")
    var shape: GeneratedShape

    @Option(help: "The number of views, the window included.")
    var count: Int

    @Option(help: "The seed of the random variations.")
    var seed: UInt64 = 1

    @Option(name: .shortAndLong, help: "The scene file to write.")
    var output: String

    func validate() throws {
        try GeneratedShape.validate(count: count)
    }

    func run() throws {
        try shape.makeScene(count: count, seed: seed).write(to: URL(fileURLWithPath: output))
    }
}
