import CCanopy
import Foundation

/// What the core's hit-test delegate needs while one hit test runs.
private final class HitTestSession {
    let tree: FlattenedTree
    let event: Event?
    var answer: View?

    init(tree: FlattenedTree, event: Event?) {
        self.tree = tree
        self.event = event
    }

    /// The view in `row`, unless the hierarchy changed under the running test (an override
    /// that edits the tree): then the rows may name views that are gone, and none is used.
    func view(at row: Int32) -> View? {
        tree.isStructureStale ? nil : tree.view(at: Int(row))
    }
}

private func session(_ context: UnsafeMutableRawPointer?) -> HitTestSession {
    Unmanaged<HitTestSession>.fromOpaque(context!).takeUnretainedValue()
}

extension FlattenedTree {
    /// The front-most view under `point` (in `start`'s space) in `start`'s subtree, by the C
    /// core; views whose classes may override hit testing are asked through Swift.
    /// A non-finite point hits nothing.
    func hitTest(_ point: CGPoint, from start: View, with event: Event?) -> View? {
        guard let startRow = index(of: start) else { return nil }
        let context = HitTestSession(tree: self, event: event)
        var delegate = cnp_hit_delegate(
            context: Unmanaged.passUnretained(context).toOpaque(),
            hit_test: { context, row, point in
                let session = session(context)
                guard let view = session.view(at: row) else { return false }
                session.answer = view.hitTest(CGPoint(point), with: session.event)
                return session.answer != nil
            },
            point_inside: { context, row, point in
                let session = session(context)
                return session.view(at: row)?.point(inside: CGPoint(point), with: session.event) ?? false
            })
        var hit = cnp_hit()
        let status = withWorkspace { workspace in
            withCoreTree { tree in
                cnp_tree_hit_test(&tree, Int32(startRow), point.cnpPoint, &delegate, workspace.pointer, &hit)
            }
        }
        guard status == CNP_OK, hit.node >= 0, !isStructureStale else { return nil }
        return withExtendedLifetime(context) {
            hit.answered_by_delegate ? context.answer : view(at: Int(hit.node))
        }
    }
}
