/// The three passes of an update cycle over the flagged paths of a subtree. Each walks only
/// views that are flagged or have flagged descendants, along an explicit path (no recursion,
/// so depth costs no call stack), and each finds work flagged during the pass itself when it
/// lies ahead; what it cannot reach in this pass stays flagged for the next round.
///
/// The paths hold the views the passes are under (an app's code may remove them); subviews are
/// read without counting references, which every view visited paid several times a pass.
enum UpdatePasses {
    /// `updateConstraints()` leaves first on every view flagged for it under `root`.
    static func updateConstraints(under root: View, into report: inout UpdateCycleReport) {
        var path = PassPath(root, for: .constraints)
        while let (view, childrenDone) = path.next() {
            if !childrenDone && view.pendingWorkBelow.contains(.constraints) {
                view.pendingWorkBelow.remove(.constraints)
                path.descend(into: view, returning: true)
                continue
            }
            guard view.pendingWork.contains(.constraints) else { continue }
            view.pendingWork.remove(.constraints)
            view.didCallSuperUpdateConstraints = false
            view.updateConstraints()
            report.constraintUpdates += 1
            if !view.didCallSuperUpdateConstraints {
                report.problems.append(.updateConstraintsDidNotCallSuper(view: view.description))
            }
        }
    }

    /// `layoutSubviews()` top down on every view flagged for it under `root`, wrapped in its
    /// view controller's `viewWillLayoutSubviews()` / `viewDidLayoutSubviews()`. Flags a view
    /// raises on itself during its own layout are absorbed.
    static func layout(under root: View, into report: inout UpdateCycleReport) {
        var path = PassPath(root, for: .layout)
        while let (view, _) = path.next() {
            if view.pendingWork.contains(.layout) {
                view.pendingWork.remove(.layout)
                let controller = view.owningViewController
                controller?.viewWillLayoutSubviews()
                view.isLayingOutSubviews = true
                view.layoutSubviews()
                view.isLayingOutSubviews = false
                controller?.viewDidLayoutSubviews()
                report.layouts += 1
            }
            guard view.pendingWorkBelow.contains(.layout) else { continue }
            view.pendingWorkBelow.remove(.layout)
            path.descend(into: view, returning: false)
        }
    }

    /// `draw(_:)` on every flagged view under `root` that can be seen: a hidden view's subtree
    /// and an empty view keep their flags until they are shown or sized.
    static func display(under root: View, into report: inout UpdateCycleReport) {
        var path = PassPath(root, for: .display)
        while let (view, _) = path.next() {
            guard !view.isHidden else { continue }
            if view.pendingWork.contains(.display) && !view.bounds.size.isEmptyArea {
                view.pendingWork.remove(.display)
                view.display(view.takeDirtyRect())
                report.draws += 1
            }
            guard view.pendingWorkBelow.contains(.display) else { continue }
            view.pendingWorkBelow.remove(.display)
            path.descend(into: view, returning: false)
        }
    }

    /// Where a pass is: the path from its root down to the view it is under, each view on it
    /// with the place of the next subview to look at. Subviews are read as the pass reaches
    /// them, so one removed meanwhile is not met, and one flagged meanwhile ahead of the place
    /// is. The path is as long as the tree is deep: a list of every flagged subview waiting
    /// took 16 bytes and a count each, under a window of a million subviews. The views on the
    /// path are held (an app's code may remove them while the pass is below them); the
    /// subviews looked at and passed over are read without counting references.
    private struct PassPath {
        private var root: View?
        private var path: [(view: View, next: Int, returning: Bool)] = []
        private let work: PendingWork

        init(_ root: View, for work: PendingWork) {
            self.root = root
            self.work = work
        }

        /// The next view, and whether it is one coming back after its subviews (see
        /// `descend(into:returning:)`); `nil` once the pass is done.
        mutating func next() -> (view: View, childrenDone: Bool)? {
            if let root {
                self.root = nil
                return (root, false)
            }
            while let (view, next, returning) = path.last {
                if let (child, place) = flaggedSubview(of: view, from: next) {
                    path[path.count - 1].next = place + 1
                    return (child, false)
                }
                path.removeLast()
                if returning { return (view, true) }
            }
            return nil
        }

        /// Goes on with `view`'s subviews flagged for the pass's work or with it below them,
        /// front to back, and then, when `returning`, with `view` again.
        mutating func descend(into view: View, returning: Bool) {
            path.append((view, 0, returning))
        }

        /// The first subview of `view` from `start` on that is flagged for the work or has it
        /// below, with its place.
        private func flaggedSubview(of view: View, from start: Int) -> (View, Int)? {
            let place = view.subviews.firstIndexLent(from: start) {
                $0.pendingWork.union($0.pendingWorkBelow).contains(work)
            }
            return place.map { (view.subviews[$0], $0) }
        }
    }

    /// Whether any flagged work under `root` can run now. Marks made during a pass can leave
    /// stale "work below" bits on ancestors the pass had already cleared; when no work is found,
    /// those bits are cleared, except inside hidden subtrees (their display waits for showing).
    static func hasRunnableWork(under root: View) -> Bool {
        var visited: [View] = []
        var stack: [(view: View, isHidden: Bool)] = [(root, false)]
        while let (view, ancestorHidden) = stack.popLast() {
            let isHidden = ancestorHidden || view.isHidden
            if !view.pendingWork.intersection([.constraints, .layout]).isEmpty { return true }
            if view.pendingWork.contains(.display) && !isHidden && !view.bounds.size.isEmptyArea { return true }
            guard !view.pendingWorkBelow.isEmpty else { continue }
            if !isHidden { visited.append(view) }
            for child in view.subviews where !child.pendingWork.union(child.pendingWorkBelow).isEmpty {
                stack.append((child, isHidden))
            }
        }
        for view in visited { view.pendingWorkBelow = [] }
        return false
    }

    /// Up to `limit` flagged views under `root`, described, for a report.
    static func flaggedViews(under root: View, limit: Int) -> [String] {
        var found: [String] = []
        var stack: [View] = [root]
        while let view = stack.popLast(), found.count < limit {
            if !view.pendingWork.subtracting(.display).isEmpty { found.append(view.description) }
            if !view.pendingWorkBelow.isEmpty { stack.append(contentsOf: view.subviews.reversed()) }
        }
        return found
    }
}
