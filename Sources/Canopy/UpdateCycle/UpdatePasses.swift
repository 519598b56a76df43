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
        var stack: [(view: View, parent: View?, childrenDone: Bool)] = [(root, root.superview, false)]
        while let (view, parent, childrenDone) = stack.popLast() {
            guard view.hasSuperview(parent) else { continue }  // moved away during the pass
            if !childrenDone && view.pendingWorkBelow.contains(.constraints) {
                view.pendingWorkBelow.remove(.constraints)
                stack.append((view, parent, true))
                view.subviews.forEachLent(reversed: true) { child in
                    if child.pendingWork.union(child.pendingWorkBelow).contains(.constraints) { stack.append((child, view, false)) }
                }
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
        var stack: [(view: View, parent: View?)] = [(root, root.superview)]
        while let (view, parent) = stack.popLast() {
            guard view.hasSuperview(parent) else { continue }
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
            view.subviews.forEachLent(reversed: true) { child in
                if child.pendingWork.union(child.pendingWorkBelow).contains(.layout) { stack.append((child, view)) }
            }
        }
    }

    /// `draw(_:)` on every flagged view under `root` that can be seen: a hidden view's subtree
    /// and an empty view keep their flags until they are shown or sized.
    static func display(under root: View, into report: inout UpdateCycleReport) {
        var stack: [(view: View, parent: View?)] = [(root, root.superview)]
        while let (view, parent) = stack.popLast() {
            guard view.hasSuperview(parent), !view.isHidden else { continue }
            if view.pendingWork.contains(.display) && !view.bounds.size.isEmptyArea {
                view.pendingWork.remove(.display)
                view.display(view.takeDirtyRect())
                report.draws += 1
            }
            guard view.pendingWorkBelow.contains(.display) else { continue }
            view.pendingWorkBelow.remove(.display)
            view.subviews.forEachLent(reversed: true) { child in
                if child.pendingWork.union(child.pendingWorkBelow).contains(.display) { stack.append((child, view)) }
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
