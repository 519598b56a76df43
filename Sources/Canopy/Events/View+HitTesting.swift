import Foundation

extension View {
    /// The default hit test: the C core walks this view's subtree in the window's flattened
    /// tree (or, outside any window, in a flattening of the subtree made for this call).
    func defaultHitTest(_ point: CGPoint, with event: Event?) -> View? {
        let tree: FlattenedTree
        if let window = storedWindow {
            tree = window.flattenedTreeStorage
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
