import Foundation

/// An animation block under way on this thread: the views its `animations` change, with
/// their values from before the first change, so that the block's end can animate each value
/// that changed from old to new.
///
/// Blocks nest; the innermost is current. Each thread has its own, as views are confined to
/// one thread: the current block is a thread-specific value set for the length of the block,
/// read where a view's animated values change.
final class AnimationCapture {
    /// How the block animates; `nil` for `performWithoutAnimation`.
    let parameters: Parameters?
    /// The block this one is nested in.
    let outer: AnimationCapture?
    /// The views noted, with their values from before their first change.
    private(set) var snapshots: [(view: View, old: AnimatedValues)] = []
    private var noted: [ObjectIdentifier: Int] = [:]

    struct Parameters {
        var duration: Double
        var delay: Double
        var options: View.AnimationOptions
        /// A spring's damping ratio and initial velocity, in place of the options' curve.
        var spring: (dampingRatio: Double, velocity: Double)?
    }

    /// A block nested in the current one, if any.
    init(parameters: Parameters?) {
        self.parameters = parameters
        outer = Self.current
    }

    /// Keeps `view`'s values before its first change in the block.
    func note(_ view: View) {
        let id = ObjectIdentifier(view)
        guard noted[id] == nil else { return }
        noted[id] = snapshots.count
        snapshots.append((view, AnimatedValues(of: view)))
    }

    /// Takes `view`'s new values as its old ones for `properties`: changes made without
    /// animation inside this block are not animated at its end.
    func accept(_ properties: [AnimatedProperty], of view: View) {
        guard let index = noted[ObjectIdentifier(view)] else { return }
        let new = AnimatedValues(of: view)
        for property in properties { snapshots[index].old.take(property, from: new) }
    }

    // MARK: The current block

    /// The innermost block under way on this thread, if any.
    static var current: AnimationCapture? { AnimationThread.ifMade?.current }

    /// Runs `body` with `capture` current, then the block that was.
    static func run(_ capture: AnimationCapture, _ body: () -> Void) {
        let thread = AnimationThread.onThisThread
        let outer = thread.current
        thread.current = capture
        defer { thread.current = outer }
        body()
    }
}
