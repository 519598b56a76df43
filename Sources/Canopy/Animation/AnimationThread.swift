import Foundation

/// What animation keeps for each thread, as views are confined to one: the block under way
/// (read where a view's animated values change) and the completion handlers that wait for a
/// window's next step.
final class AnimationThread {
    /// The innermost animation block under way.
    var current: AnimationCapture?
    /// False after `View.setAnimationsEnabled(false)`: blocks then change values at once.
    var animationsEnabled = true
    /// Completion handlers of blocks that set no view in a window: they run at the next update
    /// cycle or clock step of a window on this thread, as UIKit's run at the run loop's next
    /// turn (a handler that starts the same block again then runs once a step).
    private var waiting: [() -> Void] = []

    /// Holds `completion` for the next ``runWaiting()``.
    func wait(_ completion: @escaping () -> Void) {
        waiting.append(completion)
    }

    /// Runs the handlers waiting, in the order they came; those they add wait for the next time.
    func runWaiting() {
        guard !waiting.isEmpty else { return }
        let due = waiting
        waiting = []
        for completion in due { completion() }
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        // The thread's record goes with the thread.
        let status = pthread_key_create(&key) { raw in
            if let raw { Unmanaged<AnimationThread>.fromOpaque(raw).release() }
        }
        precondition(status == 0, "Canopy: no thread-specific key for animations (error \(status))")
        return key
    }()

    /// This thread's record, if any animation made it.
    static var ifMade: AnimationThread? {
        pthread_getspecific(key).map { Unmanaged<AnimationThread>.fromOpaque($0).takeUnretainedValue() }
    }

    /// This thread's record, made on first use.
    static var onThisThread: AnimationThread {
        if let made = ifMade { return made }
        let made = AnimationThread()
        pthread_setspecific(key, Unmanaged.passRetained(made).toOpaque())
        return made
    }
}
