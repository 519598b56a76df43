import ArgumentParser
import Canopy
import Foundation

/// `canopy`: Canopy's profiling harness.
@main
struct CanopyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "canopy",
        abstract: "Generate, profile, lay out and draw Canopy view trees.",
        subcommands: [GenerateCommand.self, ProfileCommand.self, LayoutCommand.self, RenderCommand.self])

    /// Runs the command; bad arguments and bad files end with one line on standard error and
    /// exit code 2 (help and version requests still exit 0).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as SceneError {
            fail("\(error)")
        } catch let error as HarnessError {
            fail(error.message)
        } catch let failure as LayoutFailure {
            // The output is written; the exit code and this line say it is not a layout.
            FileHandle.standardError.write(Data("canopy: the layout failed: \(failure.reason)\n".utf8))
            Foundation.exit(1)
        } catch {
            let code = exitCode(for: error)
            guard code != .success else { exit(withError: error) }
            // ArgumentParser lists the allowed values of an option on lines of their own.
            fail(message(for: error).split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
                .joined(separator: " "))
        }
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("canopy: error: \(message)\n".utf8))
        Foundation.exit(2)
    }
}

/// An Auto Layout solve that failed: the command writes what it has, then exits 1 with the reason.
struct LayoutFailure: Error {
    let reason: String

    /// The failure an update cycle reports, if any: a solve that failed, or geometry that is
    /// not finite.
    init?(_ cycle: UpdateCycleReport) {
        for problem in cycle.problems {
            switch problem {
            case .layoutSolveFailed, .nonFiniteGeometry:
                reason = "\(problem)"
                return
            default: continue
            }
        }
        return nil
    }
}

/// A problem with the harness's arguments or files, reported as one line.
struct HarnessError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
