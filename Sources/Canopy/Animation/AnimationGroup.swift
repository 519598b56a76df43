/// The animations one animation block started, and what runs when the last of them ends.
final class AnimationGroup {
    private let completion: ((Bool) -> Void)?
    /// The group's animations not yet ended or removed.
    var pending = 0
    /// False once one of them was removed before its end.
    private(set) var finished = true
    /// Where the group started among its window's, once it has started (see `WindowAnimations`).
    var order = -1

    init(completion: ((Bool) -> Void)?) {
        self.completion = completion
    }

    /// Counts one animation as ended (at its end) or removed (before it); true when it was the
    /// group's last.
    func settle(removed: Bool) -> Bool {
        if removed { finished = false }
        pending -= 1
        return pending == 0
    }

    /// Runs the completion handler with whether every animation ran to its end.
    func complete() {
        completion?(finished)
    }
}

/// One property of one view on its way from an old value to its model value.
struct RunningAnimation {
    let property: AnimatedProperty
    /// The old value less the new, in the property's components: what the presentation adds
    /// to the model value, times the part still to be shown.
    let offset: [Double]
    let timing: AnimationTiming
    let group: AnimationGroup
    /// Whether the view takes no touches while this runs.
    let blocksTouches: Bool
}
