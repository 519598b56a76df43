/// The view animations running in a window, on its event clock (``Window/eventTime``).
///
/// Animations of the same property add up: each adds its old value less its new one, times
/// the part of its change still to be shown, to the model value; so a property animated
/// again mid-flight moves on smoothly, and every animation runs to its own end.
final class WindowAnimations {
    private unowned let window: Window
    private let windowID: ObjectIdentifier
    private var running: [ObjectIdentifier: Entry] = [:]
    /// The number the next block to start here is given: blocks that end together complete in
    /// the order they started.
    private var nextGroupOrder = 0
    /// The times a timer is set to end animations at.
    private var wakeTimes: Set<Double> = []

    /// A view's running animations. The view is not held: it is in the window while they run
    /// (it leaves them when it leaves), and a window animating itself would hold itself.
    private struct Entry {
        unowned let view: View
        var animations: [RunningAnimation]
    }

    init(window: Window) {
        self.window = window
        windowID = ObjectIdentifier(window)
    }

    var isEmpty: Bool { running.isEmpty }

    /// The clock's time, 0 before its first event.
    var now: Double { window.eventTime.isFinite ? window.eventTime : 0 }

    /// Starts `animations` on `view` (in this window), and wakes at their end.
    func add(_ animations: [RunningAnimation], to view: View) {
        guard let first = animations.first else { return }
        if first.group.order < 0 {
            first.group.order = nextGroupOrder
            nextGroupOrder += 1
        }
        running[ObjectIdentifier(view), default: Entry(view: view, animations: [])].animations += animations
        if animations.contains(where: \.blocksTouches) { view.blocksTouchesWhileAnimating = true }
        wake(at: first.timing.end)
    }

    /// Ends the animations due at `end` then: one timer for every animation that ends then
    /// (a block's views end together), none for those that never end.
    private func wake(at end: Double) {
        guard end.isFinite, wakeTimes.insert(end).inserted else { return }
        window.schedule(at: end) { [unowned self] in
            wakeTimes.remove(end)
            endAnimations()
        }
    }

    /// What `view` shows now, or `nil` when it is not animating.
    func presentation(of view: View) -> AnimatedValues? {
        guard let animations = running[ObjectIdentifier(view)]?.animations else { return nil }
        let time = now
        var shown = AnimatedValues(of: view)
        for property in AnimatedProperty.allCases {
            var components = shown.components(of: property)
            var moved = false
            for animation in animations where animation.property == property {
                let remaining = animation.timing.remaining(at: time)
                guard remaining != 0 else { continue }  // below 0 while a spring overshoots
                moved = true
                for i in components.indices { components[i] += animation.offset[i] * remaining }
            }
            if moved { shown.set(property, to: components) }
        }
        return shown
    }

    /// `view`'s layer as it is shown now, or `nil` when it is not animating; a plain layer for
    /// a view that has made none (drawing makes none).
    func presentationLayer(of view: View) -> Layer? {
        guard let shown = presentation(of: view) else { return nil }
        return (view.layerStorage ?? Layer()).copy(showing: shown, anchorPoint: view.anchorPoint)
    }

    /// The key paths of `view`'s running animations, each once, in the order they started.
    func keys(of view: View) -> [String] {
        var keys: [String] = []
        for animation in running[ObjectIdentifier(view)]?.animations ?? [] where !keys.contains(animation.property.rawValue) {
            keys.append(animation.property.rawValue)
        }
        return keys
    }

    /// Removes `view`'s animations of `property` (all of them for `nil`); their blocks finish
    /// unfinished, their completion handlers running from the clock's next step.
    func remove(from view: View, property: AnimatedProperty? = nil) {
        let id = ObjectIdentifier(view)
        guard let entry = running[id] else { return }
        let (removed, kept) = entry.animations.split { property == nil || $0.property == property }
        guard !removed.isEmpty else { return }
        keep(kept, of: view)
        let completed = removed.map(\.group).filter { $0.settle(removed: true) }
        guard !completed.isEmpty else { return }
        window.schedule(at: window.eventTime) { completed.forEach { $0.complete() } }
    }

    /// Leaves `view` with the animations `kept`, taking touches again when none keeps them away.
    private func keep(_ kept: [RunningAnimation], of view: View) {
        running[ObjectIdentifier(view)] = kept.isEmpty ? nil : Entry(view: view, animations: kept)
        view.blocksTouchesWhileAnimating = kept.contains(where: \.blocksTouches)
    }

    /// Lets the views go as the window dies: each takes touches again (its completion
    /// handlers never run, as the clock they waited for is gone).
    func windowWillDie() {
        // Not the window itself, which is going: an unowned reference to it cannot be read now.
        for (id, entry) in running where id != windowID { entry.view.blocksTouchesWhileAnimating = false }
        running = [:]
    }

    /// Ends the animations whose end the clock has reached, then runs the completion handlers
    /// of the blocks whose last animation that was, in the order the blocks ended.
    private func endAnimations() {
        let time = now
        var completed: [(end: Double, group: AnimationGroup)] = []
        for entry in running.values {
            let (ended, kept) = entry.animations.split { $0.timing.end <= time }
            guard !ended.isEmpty else { continue }
            keep(kept, of: entry.view)
            for animation in ended where animation.group.settle(removed: false) {
                completed.append((animation.timing.end, animation.group))
            }
        }
        for entry in completed.sorted(by: { ($0.end, $0.group.order) < ($1.end, $1.group.order) }) { entry.group.complete() }
    }
}

extension Array {
    /// The elements that match and those that do not, each in order.
    fileprivate func split(_ matches: (Element) -> Bool) -> (matching: [Element], rest: [Element]) {
        var matching: [Element] = [], rest: [Element] = []
        for element in self {
            if matches(element) { matching.append(element) } else { rest.append(element) }
        }
        return (matching, rest)
    }
}
