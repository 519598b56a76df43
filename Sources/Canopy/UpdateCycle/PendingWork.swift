/// Kinds of work the update cycle does for a view.
struct PendingWork: OptionSet {
    let rawValue: UInt8
    static let constraints = PendingWork(rawValue: 1 << 0)
    static let layout = PendingWork(rawValue: 1 << 1)
    static let display = PendingWork(rawValue: 1 << 2)
}

extension View {
    /// Flags `work` on this view and tells its ancestors, so that a pass finds it by walking
    /// down flagged paths only.
    ///
    /// A view inside its own `layoutSubviews()` cannot flag itself for layout again (resizing
    /// its subviews would), as with Core Animation, which clears the flag after the call.
    func markPending(_ work: PendingWork) {
        let work = isLayingOutSubviews ? work.subtracting(.layout) : work
        guard !work.isEmpty else { return }
        pendingWork.formUnion(work)
        superviewHandle?._withUnsafeGuaranteedRef { $0.markPendingBelow(work) }
    }

    /// Notes `work` somewhere below this view, up the ancestors. The walk stops at the first
    /// ancestor that already knows, which makes flagging amortized O(1).
    func markPendingBelow(_ work: PendingWork) {
        guard !work.isEmpty else { return }
        // Through handles: flagging each view of a large tree walks up from it.
        var current: Unmanaged<View>? = .passUnretained(self)
        while let handle = current {
            current = handle._withUnsafeGuaranteedRef { view in
                guard !view.pendingWorkBelow.isSuperset(of: work) else { return nil }
                view.pendingWorkBelow.formUnion(work)
                return view.superviewHandle
            }
        }
    }

    /// Called when this view became drawable again (shown, or given a non-empty size): display
    /// work that a pass had to leave here is announced to the ancestors again.
    func pendingDisplayBecameReachable() {
        if pendingWork.union(pendingWorkBelow).contains(.display) {
            superview?.markPendingBelow(.display)
        }
    }
}
