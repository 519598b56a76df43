import Foundation

/// Flagging work for the update cycle, and running it early.
///
/// Flags coalesce: any number of `setNeedsLayout()` calls before a cycle mean one
/// `layoutSubviews()`. What flags layout: adding a subview (the subview and the receiver),
/// removing one (the old superview), a change of bounds size (the view and its superview), a
/// change of bounds origin, i.e. scrolling (the view). Moving a view (center, frame origin) or
/// changing its transform flags nothing; creating one flags nothing.
extension View {
    /// Flags the view for `layoutSubviews()` in the next update cycle.
    public func setNeedsLayout() {
        markPending(.layout)
    }

    /// Runs pending constraint and layout work now, as UIKit does: `updateConstraints()` where
    /// flagged in the whole tree, then Auto Layout's solve (so that a constant changed just
    /// before moves the views at once), then `layoutSubviews()` in this view's subtree, starting
    /// from the top-most ancestor that is itself flagged (its layout may resize this view).
    ///
    /// In a window, the window's kept system is solved, as in an update cycle; when a
    /// `layoutSubviews()` resizes a view whose frame constrains others, the solve and layout run
    /// again (up to ``Window/defaultMaximumRounds`` times), so the frames are settled on return.
    /// A tree outside any window is solved in full on each call, from its top-most view, which
    /// keeps its frame.
    /// - Complexity: O(depth) plus the flagged paths; plus the solve when one is due (a tree
    ///   outside any window: every view in it).
    public func layoutIfNeeded() {
        var report = UpdateCycleReport()
        guard let window = storedWindow else {
            var root: View = self
            while let superview = root.superview { root = superview }
            UpdatePasses.updateConstraints(under: root, into: &report)
            LayoutEngine.layOutDetachedTree(root)
            UpdatePasses.layout(under: topFlaggedAncestor, into: &report)
            return
        }
        // A layoutSubviews() that resizes a view whose frame feeds constraints (a content view
        // set to its superview's bounds) makes another solve due: UIKit's engine answers it
        // as the pass goes down, so rounds run until none is due, as many as an update cycle's.
        for _ in 0..<Window.defaultMaximumRounds {
            UpdatePasses.updateConstraints(under: window, into: &report)
            window.solveConstraints(into: &report)
            UpdatePasses.layout(under: topFlaggedAncestor, into: &report)
            guard window.layoutEngineStorage?.canSolve == true else { break }
        }
    }

    /// The top-most ancestor flagged for layout (its layout may resize this view), or this view.
    private var topFlaggedAncestor: View {
        var top: View = self
        var ancestor = superview
        while let view = ancestor {
            if view.pendingWork.contains(.layout) { top = view }
            ancestor = view.superview
        }
        return top
    }

    /// Flags the view for `updateConstraints()` in the next update cycle.
    public func setNeedsUpdateConstraints() {
        markPending(.constraints)
    }

    /// Runs pending `updateConstraints()` calls in this view's subtree now, leaves first.
    public func updateConstraintsIfNeeded() {
        var report = UpdateCycleReport()
        UpdatePasses.updateConstraints(under: self, into: &report)
    }

    /// Whether the view is flagged for `updateConstraints()`.
    public var needsUpdateConstraints: Bool { pendingWork.contains(.constraints) }

    /// Flags the whole view for redrawing in the next update cycle: `draw(_:)` then gets the
    /// bounds the view has when it draws.
    public func setNeedsDisplay() {
        partialDirtyRect = nil
        markPending(.display)
    }

    /// Flags `rect` (bounds coordinates) for redrawing; `draw(_:)` gets the union of all the
    /// rects flagged since it last ran, or its bounds when the whole view was flagged too.
    public func setNeedsDisplay(_ rect: CGRect) {
        // A view flagged whole stays whole: only a part flagged alone is kept.
        let partial = partialDirtyRect
        if !pendingWork.contains(.display) || partial != nil { partialDirtyRect = (partial ?? .null).union(rect) }
        markPending(.display)
    }

    /// What the next `draw(_:)` gets: the part flagged alone, or the bounds. Forgets the part.
    func takeDirtyRect() -> CGRect {
        guard let partial = partialDirtyRect else { return bounds }
        partialDirtyRect = nil
        return partial
    }

    /// Resizes the view to `sizeThatFits(bounds.size)`, keeping the frame origin.
    public func sizeToFit() {
        let size = sizeThatFits(bounds.size)
        frame = CGRect(origin: frame.origin, size: size)
    }
}
