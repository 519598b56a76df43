import Foundation

extension View {
    /// The default hit test: the C core walks this view's subtree in the window's flattened
    /// tree (or, outside any window, in a flattening of the subtree made for this call). When
    /// the core is asking about this very view at this point, the view hands itself back
    /// instead, and the core walks the subtree in the same pass: a chain of subclasses that
    /// override nothing, or only `point(inside:with:)`, costs no call-stack depth.
    func defaultHitTest(_ point: CGPoint, with event: Event?) -> View? {
        let tree: FlattenedTree
        if let window = storedWindow {
            tree = window.flattenedTreeStorage
            if let session = tree.hitTestSession, session.handBack(Int(flatIndex), point) { return self }
            tree.refresh(from: window)
        } else {
            tree = FlattenedTree(retainsViews: true)
            tree.flatten(from: self)
        }
        return tree.hitTest(point, from: self, with: event)
    }

    /// The answers of ``hitTest(_:with:)`` for each of `points`, given in this view's space.
    /// - Complexity: one hit test per point; between them the window's flattened tree is
    ///   already current, so refreshing it costs nothing.
    public func hitTest(_ points: [CGPoint], with event: Event?) -> [View?] {
        points.map { hitTest($0, with: event) }
    }
}
