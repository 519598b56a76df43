import Foundation
import Testing

/// A limit on a test's wall time that holds even when the test hangs in synchronous code.
///
/// Swift Testing's `.timeLimit` cancels a task, which a loop in the C solver never notices;
/// this trait ends the process with a message instead, so a solver that stops converging fails
/// within the limit rather than at the CI's timeout. Limits are generous: the suite also runs
/// under AddressSanitizer, several times slower.
struct Deadline: TestTrait, SuiteTrait, TestScoping {
    let seconds: Int

    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil || !test.isSuite else { return try await function() }
        let name = test.name
        let limit = seconds
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + .seconds(limit))
        timer.setEventHandler {
            FileHandle.standardError.write(Data("deadline: \(name) ran past \(limit) s; stopping the run\n".utf8))
            exit(3)
        }
        timer.resume()
        defer { timer.cancel() }
        try await function()
    }
}

extension Trait where Self == Deadline {
    /// Fails the run when one test (or one of its cases) takes longer than `seconds`.
    static func deadline(seconds: Int) -> Self { Deadline(seconds: seconds) }
}
