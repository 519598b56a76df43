/// The three passes of an update cycle over the flagged paths of a subtree. Each walks only
/// views that are flagged or have flagged descendants, with an explicit stack (no recursion,
/// so depth costs no call stack), and each finds work flagged during the pass itself when it
/// lies ahead; what it cannot reach in this pass stays flagged for the next round.
///
/// The stacks hold the views they will call into (an app's code may remove them); superviews
/// are compared and subviews read without counting references, which every view visited
/// paid several times a pass.
enum UpdatePasses {
    /// `updateConstraints()` leaves first on every view flagged for it under `root`.
    static func updateConstraints(under root: View, into report: inout UpdateCycleReport) {
        var stack = PassStack(root)
        while let (view, parent, childrenDone) = stack.pop() {
            if !childrenDone && view.pendingWorkBelow.contains(.constraints) {
                view.pendingWorkBelow.remove(.constraints)
                stack.push(view, under: parent, childrenDone: true)
                stack.pushSubviews(of: view, flaggedFor: .constraints)
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
        var stack = PassStack(root)
        while let (view, _, _) = stack.pop() {
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
            stack.pushSubviews(of: view, flaggedFor: .layout)
        }
    }

    /// `draw(_:)` on every flagged view under `root` that can be seen: a hidden view's subtree
    /// and an empty view keep their flags until they are shown or sized.
    static func display(under root: View, into report: inout UpdateCycleReport) {
        var stack = PassStack(root)
        while let (view, _, _) = stack.pop() {
            guard !view.isHidden else { continue }
            if view.pendingWork.contains(.display) && !view.bounds.size.isEmptyArea {
                view.pendingWork.remove(.display)
                view.display(view.takeDirtyRect())
                report.draws += 1
            }
            guard view.pendingWorkBelow.contains(.display) else { continue }
            view.pendingWorkBelow.remove(.display)
            stack.pushSubviews(of: view, flaggedFor: .display)
        }
    }

    /// The views a pass has yet to visit, each with the superview it had when pushed: a view
    /// that has moved away since is skipped. Each such superview is held once, in `parents`,
    /// and named by its place there; held in each of its subviews' entries, it was counted
    /// once a subview (a window of 100,000 subviews, 100,000 times a pass).
    private struct PassStack {
        /// The root's superview (place −1), apart: a pass that finds nothing flagged below the
        /// root allocates no list of parents.
        private let rootSuperview: View?
        private var parents: [View] = []
        private var entries: [(view: View, parent: Int32, childrenDone: Bool)]

        init(_ root: View) {
            rootSuperview = root.superview
            entries = [(root, -1, false)]
        }

        /// The next view still under the superview it was pushed with, the place of that
        /// superview, and whether its subviews were pushed already.
        mutating func pop() -> (view: View, parent: Int32, childrenDone: Bool)? {
            // Compared in place: a parent read into a variable of its own was counted.
            while let entry = entries.popLast() {
                if entry.parent < 0 ? entry.view.hasSuperview(rootSuperview) : entry.view.hasSuperview(parents[Int(entry.parent)]) {
                    return entry
                }
            }
            return nil
        }

        mutating func push(_ view: View, under parent: Int32, childrenDone: Bool) {
            entries.append((view, parent, childrenDone))
        }

        /// Pushes the subviews of `view` flagged for `work` or with it below them, the
        /// back-most to be popped first.
        mutating func pushSubviews(of view: View, flaggedFor work: PendingWork) {
            let parent = Int32(parents.count)
            parents.append(view)
            view.subviews.forEachLent(reversed: true) { child in
                if child.pendingWork.union(child.pendingWorkBelow).contains(work) { entries.append((child, parent, false)) }
            }
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
