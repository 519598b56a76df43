import ArgumentParser

/// `canopy`: Canopy's profiling harness.
@main
struct CanopyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "canopy",
        abstract: "Profile Canopy's layout pipeline on generated view trees.",
        subcommands: [ProfileCommand.self])
}
