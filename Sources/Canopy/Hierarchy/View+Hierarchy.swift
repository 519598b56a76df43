/// Hierarchy operations.
///
/// Callbacks arrive in this order when a view moves: the old superview's
/// `willRemoveSubview(_:)`, the view's `willMove(toSuperview:)`, then — only when its window
/// changes — `willMove(toWindow:)` on the view and every descendant (parents first); the move
/// itself; `didMoveToWindow()` on the same views; the view's `didMoveToSuperview()`; and the new
/// superview's `didAddSubview(_:)`. Removing a view is the same without the last step.
///
/// Adding a view marks it and its new superview for layout; removing one marks the old
/// superview. Reordering siblings marks nothing and calls no callback.
extension View {
    /// The window this view is in (for a window, itself), or `nil`.
    public var window: Window? { storedWindow }

    /// Adds `view` as the front-most subview, moving it out of its old superview (as
    /// ``removeFromSuperview()`` does, with the constraints that tied it there).
    /// If it is already a subview, it is brought to the front.
    /// - Precondition: `view` is not this view, an ancestor of it, or a window.
    public func addSubview(_ view: View) {
        insert(view, at: view.superview === self ? subviews.count - 1 : subviews.count)
    }

    /// Inserts `view` into the subviews at `index` (0 is the back).
    /// - Precondition: `index` is in `0...subviews.count`; `view` is not this view, an ancestor
    ///   of it, or a window.
    public func insertSubview(_ view: View, at index: Int) {
        let limit = view.superview === self ? subviews.count - 1 : subviews.count
        precondition(
            index >= 0 && index <= limit,
            "Canopy: cannot insert \(view) into \(self) at index \(index): valid indices are 0...\(limit)")
        insert(view, at: index)
    }

    /// Inserts `view` just in front of `sibling`.
    /// - Precondition: `sibling` is a subview of this view.
    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        insert(view, beside: sibling, offset: 1)
    }

    /// Inserts `view` just behind `sibling`.
    /// - Precondition: `sibling` is a subview of this view.
    public func insertSubview(_ view: View, belowSubview sibling: View) {
        insert(view, beside: sibling, offset: 0)
    }

    /// Moves `subview` to the front. A view that is not a subview is ignored, as in UIKit.
    public func bringSubviewToFront(_ subview: View) {
        guard let index = indexOfSubview(subview) else { return }
        reorderSubview(from: index, to: subviews.count - 1)
    }

    /// Moves `subview` to the back. A view that is not a subview is ignored, as in UIKit.
    public func sendSubviewToBack(_ subview: View) {
        guard let index = indexOfSubview(subview) else { return }
        reorderSubview(from: index, to: 0)
    }

    /// Swaps the subviews at two indices.
    /// - Precondition: both indices are in `subviews.indices`.
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        precondition(
            subviews.indices.contains(index1) && subviews.indices.contains(index2),
            "Canopy: cannot exchange subviews \(index1) and \(index2) of \(self), which has \(subviews.count)")
        subviews.swapAt(index1, index2)
        storedWindow?.flattenedTreeStorage.structureDidChange()
    }

    /// Removes the view from its superview (and its window), deactivating the constraints
    /// between its subtree and views outside it. Does nothing without a superview.
    public func removeFromSuperview() {
        guard let oldSuperview = superview else { return }
        oldSuperview.willRemoveSubview(self)
        willMove(toSuperview: nil)
        if storedWindow != nil { forEachInSubtree { $0.willMove(toWindow: nil) } }
        // The callbacks may have moved the view already; go on only if it is still there.
        guard superview === oldSuperview else { return }
        let oldWindow = detachFromSuperview()
        if oldWindow != nil { forEachInSubtree { $0.didMoveToWindow() } }
        didMoveToSuperview()
    }

    /// Whether this view is `view` or one of its descendants.
    /// - Complexity: O(depth).
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// The nearest view that contains both `a` and `b` (either may be the other), or `nil`;
    /// read through uncounted handles, as activating a large tree's constraints asks it of
    /// each constraint.
    /// - Complexity: O(1) for the same view, parent and child, and siblings; else O(depth).
    static func nearestCommonAncestor(of a: Unmanaged<View>, and b: Unmanaged<View>) -> Unmanaged<View>? {
        func parent(_ view: Unmanaged<View>) -> Unmanaged<View>? { view._withUnsafeGuaranteedRef { $0.superviewHandle } }
        func same(_ x: Unmanaged<View>?, _ y: Unmanaged<View>) -> Bool { x?.toOpaque() == y.toOpaque() }
        let parentOfA = parent(a), parentOfB = parent(b)
        if same(a, b) || same(parentOfA, b) { return b }
        if same(parentOfB, a) { return a }
        if let parentOfA, same(parentOfB, parentOfA) { return parentOfA }
        var ancestors = Set<UnsafeMutableRawPointer>()
        var view: Unmanaged<View>? = a
        while let current = view {
            ancestors.insert(current.toOpaque())
            view = parent(current)
        }
        view = b
        while let current = view {
            if ancestors.contains(current.toOpaque()) { return current }
            view = parent(current)
        }
        return nil
    }

    /// The first view with `tag` in a depth-first search of this view and its descendants
    /// (this view first, then subviews back to front), or `nil`.
    /// - Complexity: O(n) in the subtree; no recursion.
    public func viewWithTag(_ tag: Int) -> View? {
        var stack: [View] = [self]
        while let view = stack.popLast() {
            if view.tag == tag { return view }
            stack.append(contentsOf: view.subviews.reversed())
        }
        return nil
    }

    // MARK: Implementation

    /// Whether `window` is this view's window (or both are `nil`), compared without counting a
    /// reference to either.
    func isInWindow(_ window: Window?) -> Bool { Self.isSame(windowHandle, window) }

    /// Whether `view` is this view's superview (or both are `nil`), compared as ``isInWindow(_:)``.
    func hasSuperview(_ view: View?) -> Bool { Self.isSame(superviewHandle, view) }

    private static func isSame<Object: AnyObject>(_ handle: Unmanaged<Object>?, _ object: Object?) -> Bool {
        handle?.toOpaque() == object.map { Unmanaged.passUnretained($0).toOpaque() }
    }

    func indexOfSubview(_ view: View) -> Int? {
        subviews.firstIndex { $0 === view }
    }

    /// Calls `body` on this view and every descendant, parents first, without recursion.
    func forEachInSubtree(_ body: (View) -> Void) {
        // A leaf (each view a scene adds, as its subviews come after it) makes no stack: three
        // walks of every view added allocated one each.
        guard !subviews.isEmpty else { return body(self) }
        var stack: [View] = [self]
        while let view = stack.popLast() {
            body(view)
            // Most views of a large tree are leaves: appending their empty lists was a call each.
            let children = view.subviews
            if !children.isEmpty { stack.append(contentsOf: children.reversed()) }
        }
    }

    /// Points this view and its descendants at `newWindow`; a first responder among them
    /// resigns from `oldWindow`.
    private func moveSubtree(from oldWindow: Window?, to newWindow: Window?) {
        var takesPartInLayout = false
        var moved = 0
        // A view that leaves its window leaves its animations there.
        let animations = oldWindow?.animationsStorage.flatMap { $0.isEmpty ? nil : $0 }
        forEachInSubtree { view in
            moved += 1
            animations?.remove(from: view)
            if let oldWindow, let first = oldWindow.firstResponder,
                first === view || first === view.owningViewController
            {
                oldWindow.firstResponder = nil
            }
            view.storedWindow = newWindow
            if view.takesPartInConstraintLayout { takesPartInLayout = true }
        }
        oldWindow?.viewCount -= moved
        newWindow?.viewCount += moved
        // Once for the subtree, not once a view: a large tree joins its window in one move.
        if takesPartInLayout { newWindow?.layoutEngine.markDirty() }
    }

    private func insert(_ view: View, beside sibling: View, offset: Int) {
        guard let siblingIndex = indexOfSubview(sibling) else {
            preconditionFailure("Canopy: cannot insert \(view) beside \(sibling): it is not a subview of \(self)")
        }
        if view === sibling { return }
        var index = siblingIndex + offset
        if let current = indexOfSubview(view), current < siblingIndex { index -= 1 }
        insert(view, at: index)
    }

    private func reorderSubview(from index: Int, to newIndex: Int) {
        guard index != newIndex else { return }
        let view = subviews.remove(at: index)
        subviews.insert(view, at: newIndex)
        storedWindow?.flattenedTreeStorage.structureDidChange()
    }

    /// Checks `view` may become a subview, refusing before anything changes.
    private func checkCanAdopt(_ view: View) {
        precondition(!(view is Window), "Canopy: cannot add \(view) to \(self): a window cannot be a subview")
        // A view without subviews cannot be an ancestor of this one, so building a deep tree
        // by adding leaves skips the O(depth) walk.
        precondition(
            view !== self && (view.subviews.isEmpty || !isDescendant(of: view)),
            "Canopy: cannot add \(view) to \(self): the view would become its own ancestor")
    }

    /// Takes this view out of its superview's subviews and out of its window, flagging the old
    /// superview for layout. Calls no callback.
    /// - Returns: The window the view left, if any.
    @discardableResult
    private func detachFromSuperview() -> Window? {
        guard let oldSuperview = superview, let index = oldSuperview.indexOfSubview(self) else { return nil }
        let oldWindow = storedWindow
        // While the subtree is still in the window, where the records' holders are found.
        makeWindowConstraintsObjects()
        oldSuperview.subviews.remove(at: index)
        superviewStorage = nil
        deactivateConstraintsLeavingSubtree()
        oldWindow?.flattenedTreeStorage.structureDidChange()
        oldWindow?.layoutEngineStorage?.retire(self)
        if oldWindow != nil { moveSubtree(from: oldWindow, to: nil) }
        oldSuperview.setNeedsLayout()
        return oldWindow
    }

    /// Moves `view` to `index` among the subviews (an index counted without `view`).
    private func insert(_ view: View, at index: Int) {
        checkCanAdopt(view)
        if view.hasSuperview(self) {
            reorderSubview(from: indexOfSubview(view)!, to: index)
            return
        }
        // The new window is compared through handles, and read (counted) only for the
        // callbacks: each read of a window counted a reference to it, a pair of atomic
        // operations a read and a view added.
        let windowBefore = view.storedWindow
        view.superview?.willRemoveSubview(view)
        view.willMove(toSuperview: self)
        if !isInWindow(windowBefore) {
            let windowToBe = storedWindow
            view.forEachInSubtree { $0.willMove(toWindow: windowToBe) }
        }

        // The callbacks may have changed the hierarchy: check again and work from what is
        // there now, so that every back pointer stays true.
        checkCanAdopt(view)
        view.detachFromSuperview()
        // Mostly appended: an insertion at the end went through the general replacement.
        if index >= subviews.count { subviews.append(view) } else { subviews.insert(view, at: index) }
        view.superviewStorage = self
        withWindow { window in
            window.flattenedTreeStorage.structureDidChange()
            window.layoutEngineStorage?.markDirty()
            view.moveSubtree(from: nil, to: window)
        }
        markPendingBelow(view.pendingWork.union(view.pendingWorkBelow))
        view.setNeedsLayout()
        setNeedsLayout()

        if !isInWindow(windowBefore) { view.forEachInSubtree { $0.didMoveToWindow() } }
        view.didMoveToSuperview()
        didAddSubview(view)
    }
}
