import CCanopy
import Foundation

/// What the core's hit-test delegate needs while one hit test runs.
final class HitTestSession {
    let tree: FlattenedTree
    let event: Event?
    /// How many hit tests this one is nested in, plus one (a view's override asking `super`).
    let depth: Int
    var answer: View?
    /// The flagged row the core is asking about, and the point: when the view's
    /// ``View/hitTest(_:with:)`` reaches the default implementation with that very point, the
    /// row goes back to the core (``handBack(_:_:)``), which walks its subtree without nesting.
    var pendingRow: (row: Int32, point: CGPoint)?
    var handedBack = false

    init(tree: FlattenedTree, event: Event?, depth: Int) {
        self.tree = tree
        self.event = event
        self.depth = depth
    }

    /// The view in `row`, unless the hierarchy changed under the running test (an override
    /// that edits the tree): then the rows may name views that are gone, and none is used.
    func view(at row: Int32) -> View? {
        tree.isStructureStale ? nil : tree.view(at: Int(row))
    }

    /// Whether the default hit test of the view in `row`, at `point`, can be left to the core:
    /// it is the one the core asked about. Then the caller answers with the view itself, as a
    /// stand-in the core replaces.
    func handBack(_ row: Int, _ point: CGPoint) -> Bool {
        guard let pending = pendingRow, Int(pending.row) == row, pending.point == point else { return false }
        pendingRow = nil
        handedBack = true
        return true
    }

    /// The core's question about a flagged row: the view's own hit test, or the default rules
    /// when that is all the view does.
    func answer(row: Int32, point: CGPoint) -> cnp_hit_answer {
        guard let view = view(at: row) else { return CNP_HIT_MISS }
        pendingRow = (row, point)
        handedBack = false
        var found = view.hitTest(point, with: event)
        pendingRow = nil
        if handedBack {
            // The stand-in came back unchanged: the view follows the rules.
            if found === view { return CNP_HIT_BY_RULES }
            // An override changed the default's answer: ask again with the real one (UIKit,
            // too, may ask a view more than once per touch).
            found = view.hitTest(point, with: event)
        }
        answer = found
        return found != nil ? CNP_HIT_FOUND : CNP_HIT_MISS
    }
}

private func session(_ context: UnsafeMutableRawPointer?) -> HitTestSession {
    Unmanaged<HitTestSession>.fromOpaque(context!).takeUnretainedValue()
}

extension FlattenedTree {
    /// How many hit tests may nest: each is a view's override asking `super` for an answer it
    /// then changes. Past this a hit test would risk the call stack; it stops with a message.
    static let maximumHitTestNesting = 256

    /// The front-most view under `point` (in `start`'s space) in `start`'s subtree, by the C
    /// core; views whose classes may override hit testing are asked through Swift.
    /// A non-finite point hits nothing.
    func hitTest(_ point: CGPoint, from start: View, with event: Event?) -> View? {
        guard let startRow = index(of: start) else { return nil }
        let outer = hitTestSession
        let context = HitTestSession(tree: self, event: event, depth: (outer?.depth ?? 0) + 1)
        precondition(
            context.depth <= Self.maximumHitTestNesting,
            "Canopy: hit testing nested through \(Self.maximumHitTestNesting) views whose hitTest(_:with:) overrides change what super answers; the chain at \(start) is too deep to test without risking the call stack")
        hitTestSession = context
        defer { hitTestSession = outer }
        var delegate = cnp_hit_delegate(
            context: Unmanaged.passUnretained(context).toOpaque(),
            hit_test: { context, row, point in session(context).answer(row: row, point: CGPoint(point)) },
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
