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

    /// Runs pending constraint and layout work now for this view's subtree, after laying out
    /// the top-most ancestor that is itself flagged (its layout may resize this view).
    /// - Complexity: O(depth) plus the flagged paths below the view laid out.
    public func layoutIfNeeded() {
        var top: View = self
        var ancestor = superview
        while let view = ancestor {
            if view.pendingWork.contains(.layout) { top = view }
            ancestor = view.superview
        }
        var report = UpdateCycleReport()
        UpdatePasses.updateConstraints(under: top, into: &report)
        UpdatePasses.layout(under: top, into: &report)
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

    /// Flags the whole view for redrawing in the next update cycle.
    public func setNeedsDisplay() {
        setNeedsDisplay(bounds)
    }

    /// Flags `rect` (bounds coordinates) for redrawing; `draw(_:)` gets the union of all the
    /// rects flagged since it last ran.
    public func setNeedsDisplay(_ rect: CGRect) {
        dirtyRect = dirtyRect.union(rect)
        markPending(.display)
    }

    /// Resizes the view to `sizeThatFits(bounds.size)`, keeping the frame origin.
    public func sizeToFit() {
        let size = sizeThatFits(bounds.size)
        frame = CGRect(origin: frame.origin, size: size)
    }
}
