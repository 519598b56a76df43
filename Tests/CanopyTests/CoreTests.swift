import CCanopy
import Foundation
import Testing

/// The C core through its own API: exact answers on small hand-checked trees, and an error
/// code (never a crash) for bad input.
@Suite("The C core", .deadline(seconds: 300))
struct CoreTests {
    /// Columns for a small tree, with the sibling links filled in.
    struct Columns {
        var parent: [Int32]
        var bounds: [cnp_rect]
        var center: [cnp_point]
        var anchor: [cnp_point]
        var transform: [cnp_affine]
        var flags: [UInt32]
        var lastChild: [Int32]
        var previousSibling: [Int32]
        /// Each node's index into `anchor` and `transform` (-1 for the defaults), or `nil` for
        /// columns indexed by node.
        var turn: [Int32]?

        init(parent: [Int32], frames: [(Double, Double, Double, Double)]) {
            self.parent = parent
            bounds = frames.map { cnp_rect(origin: cnp_point(x: 0, y: 0), size: cnp_size(width: $0.2, height: $0.3)) }
            center = frames.map { cnp_point(x: $0.0 + $0.2 / 2, y: $0.1 + $0.3 / 2) }
            anchor = Array(repeating: cnp_point(x: 0.5, y: 0.5), count: parent.count)
            transform = Array(repeating: cnp_affine_identity(), count: parent.count)
            flags = Array(repeating: 0, count: parent.count)
            lastChild = Array(repeating: 0, count: parent.count)
            previousSibling = Array(repeating: 0, count: parent.count)
            let status = cnp_tree_link_siblings(self.parent, Int32(parent.count), &lastChild, &previousSibling, nil)
            precondition(status == CNP_OK)
        }

        /// Calls `body` with a tree over these columns; the pointers live only inside `body`.
        func withTree<R>(_ body: (inout cnp_tree) -> R) -> R {
            parent.withUnsafeBufferPointer { parent in
                lastChild.withUnsafeBufferPointer { lastChild in
                    previousSibling.withUnsafeBufferPointer { previousSibling in
                        bounds.withUnsafeBufferPointer { bounds in
                            center.withUnsafeBufferPointer { center in
                                anchor.withUnsafeBufferPointer { anchor in
                                    transform.withUnsafeBufferPointer { transform in
                                        flags.withUnsafeBufferPointer { flags in
                                            (turn ?? []).withUnsafeBufferPointer { turnColumn in
                                                var tree = cnp_tree(
                                                    count: Int32(parent.count), parent: parent.baseAddress,
                                                    last_child: lastChild.baseAddress,
                                                    previous_sibling: previousSibling.baseAddress,
                                                    bounds: bounds.baseAddress, center: center.baseAddress,
                                                    anchor: anchor.baseAddress, transform: transform.baseAddress,
                                                    flags: flags.baseAddress, turn: turn == nil ? nil : turnColumn.baseAddress,
                                                    turned_count: Int32(anchor.count))
                                                return body(&tree)
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// root (0,0,100,100) ─ a (10,10,50,50) ─ c (5,5,10,10)
    ///                    └ b (40,40,50,50)
    private func sample() -> Columns {
        Columns(parent: [-1, 0, 1, 0], frames: [(0, 0, 100, 100), (10, 10, 50, 50), (5, 5, 10, 10), (40, 40, 50, 50)])
    }

    @Test func siblingLinksRunFrontToBack() {
        let columns = sample()
        #expect(columns.lastChild == [3, 2, -1, -1])
        #expect(columns.previousSibling == [-1, -1, -1, 1])
    }

    @Test func siblingLinksRejectAParentAfterItsChild() {
        var last = [Int32](repeating: 0, count: 3), previous = last
        var failed: Int32 = -1
        #expect(cnp_tree_link_siblings([-1, 2, 0], 3, &last, &previous, &failed) == CNP_ERROR_BAD_INDEX)
        #expect(failed == 1)
        #expect(cnp_tree_link_siblings(nil, 3, &last, &previous, nil) == CNP_ERROR_BAD_ARGUMENT)
    }

    @Test func worldTransformsComposeDownTheTree() {
        var columns = sample()
        columns.transform[1] = cnp_affine(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0)  // a scales by 2 about its center (35, 35)
        var world = [cnp_affine](repeating: cnp_affine(), count: 4)
        var failed: Int32 = -1
        #expect(columns.withTree { cnp_tree_world_transforms(&$0, &world, &failed) } == CNP_OK)
        // c's origin is at (5, 5) in a; a maps p to (35,35) + 2 (p - (25,25)).
        let origin = cnp_affine_apply_point(world[2], cnp_point(x: 0, y: 0))
        #expect(origin.x == 35 + 2 * (5 - 25) && origin.y == 35 + 2 * (5 - 25))
        #expect(world[0].a == 1 && world[0].tx == 0)
        let bOrigin = cnp_affine_apply_point(world[3], cnp_point(x: 0, y: 0))
        #expect(bOrigin.x == 40 && bOrigin.y == 40)
    }

    @Test func worldTransformsNameTheFirstNonFiniteNode() {
        var columns = sample()
        columns.center[2] = cnp_point(x: .nan, y: 0)
        columns.bounds[3].size.width = .infinity
        var world = [cnp_affine](repeating: cnp_affine(), count: 4)
        var failed: Int32 = -1
        #expect(columns.withTree { cnp_tree_world_transforms(&$0, &world, &failed) } == CNP_ERROR_NON_FINITE)
        #expect(failed == 2)
    }

    @Test func worldTransformsRejectBadIndicesAndArguments() {
        var columns = sample()
        columns.parent[2] = 7
        var world = [cnp_affine](repeating: cnp_affine(), count: 4)
        var failed: Int32 = -1
        #expect(columns.withTree { cnp_tree_world_transforms(&$0, &world, &failed) } == CNP_ERROR_BAD_INDEX)
        #expect(failed == 2)
        #expect(columns.withTree { cnp_tree_world_transforms(&$0, nil, nil) } == CNP_ERROR_BAD_ARGUMENT)
        #expect(cnp_tree_world_transforms(nil, &world, nil) == CNP_ERROR_BAD_ARGUMENT)
    }

    /// The sample with a turned node and one anchored at a corner, as full columns and as a turn
    /// column naming the two entries.
    private func turnedSample() -> (full: Columns, compact: Columns) {
        var full = sample()
        full.transform[1] = cnp_affine(a: 2, b: 0.5, c: -0.25, d: 1.5, tx: 3, ty: -1)
        full.anchor[2] = cnp_point(x: 0, y: 1)
        var compact = full
        compact.turn = [-1, 0, 1, -1]
        compact.anchor = [full.anchor[1], full.anchor[2]]
        compact.transform = [full.transform[1], full.transform[2]]
        return (full, compact)
    }

    @Test func aTurnColumnGivesTheBitsOfFullColumns() {
        let (full, compact) = turnedSample()
        var fullWorld = [cnp_affine](repeating: cnp_affine(), count: 4), compactWorld = fullWorld
        #expect(full.withTree { cnp_tree_world_transforms(&$0, &fullWorld, nil) } == CNP_OK)
        #expect(compact.withTree { cnp_tree_world_transforms(&$0, &compactWorld, nil) } == CNP_OK)
        func bits(_ m: cnp_affine) -> [UInt64] { [m.a, m.b, m.c, m.d, m.tx, m.ty].map(\.bitPattern) }
        #expect(fullWorld.map(bits) == compactWorld.map(bits))
        #expect(fullWorld[2].a == 2 && fullWorld[3].a == 1)  // the turn reached c, and not b
        let workspace = cnp_workspace_create()
        defer { cnp_workspace_destroy(workspace) }
        for point in [cnp_point(x: 50, y: 50), cnp_point(x: 12, y: 30), cnp_point(x: 0, y: 30), cnp_point(x: 99, y: 99)] {
            var fullHit = cnp_hit(), compactHit = cnp_hit()
            #expect(full.withTree { cnp_tree_hit_test(&$0, 0, point, nil, workspace, &fullHit) } == CNP_OK)
            #expect(compact.withTree { cnp_tree_hit_test(&$0, 0, point, nil, workspace, &compactHit) } == CNP_OK)
            #expect(fullHit.node == compactHit.node)
        }
        // With every node at the defaults, the two columns may be absent.
        var plain = sample()
        plain.turn = [-1, -1, -1, -1]
        (plain.anchor, plain.transform) = ([], [])
        var plainWorld = fullWorld
        #expect(plain.withTree { cnp_tree_world_transforms(&$0, &plainWorld, nil) } == CNP_OK)
        #expect(plainWorld[3].tx == 40 && plainWorld[2].tx == 15)
    }

    @Test func aTurnOutOfRangeIsABadIndex() {
        let workspace = cnp_workspace_create()
        defer { cnp_workspace_destroy(workspace) }
        for bad: Int32 in [2, -2] {
            var (_, compact) = turnedSample()
            compact.turn![3] = bad
            var world = [cnp_affine](repeating: cnp_affine(), count: 4)
            var failed: Int32 = -1
            #expect(compact.withTree { cnp_tree_world_transforms(&$0, &world, &failed) } == CNP_ERROR_BAD_INDEX)
            #expect(failed == 3)
            var hit = cnp_hit()
            // b (node 3) is the root's front-most child: the walk meets its turn first.
            #expect(compact.withTree { cnp_tree_hit_test(&$0, 0, cnp_point(x: 1, y: 1), nil, workspace, &hit) } == CNP_ERROR_BAD_INDEX)
            #expect(hit.node == -1)
        }
    }

    @Test func conversionIntoASingularMapGivesNaN() {
        var conversion = cnp_conversion()
        let flat = cnp_affine(a: 0, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        #expect(cnp_conversion_make(cnp_affine_identity(), flat, &conversion) == CNP_ERROR_SINGULAR)
        var points = [cnp_point(x: 1, y: 2)]
        #expect(cnp_convert_points(&conversion, points, &points, 1) == CNP_ERROR_SINGULAR)
        #expect(points[0].x.isNaN && points[0].y.isNaN)
        var rects = [cnp_rect()]
        #expect(cnp_convert_rects(&conversion, rects, &rects, 1) == CNP_ERROR_SINGULAR)
        #expect(rects[0].size.width.isNaN)
    }

    @Test func conversionConvertsInPlace() {
        var conversion = cnp_conversion()
        let up = cnp_affine(a: 1, b: 0, c: 0, d: 1, tx: 10, ty: 20)
        let destinationUp = cnp_affine(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0)
        #expect(cnp_conversion_make(up, destinationUp, &conversion) == CNP_OK)
        var points = [cnp_point(x: 0, y: 0), cnp_point(x: 2, y: 4)]
        #expect(cnp_convert_points(&conversion, points, &points, 2) == CNP_OK)
        #expect(points[0].x == 5 && points[0].y == 10 && points[1].x == 6 && points[1].y == 12)
        #expect(cnp_convert_points(nil, points, &points, 2) == CNP_ERROR_BAD_ARGUMENT)
    }

    @Test func pointToNodesChecksIndicesFirst() {
        let columns = sample()
        var world = [cnp_affine](repeating: cnp_affine(), count: 4)
        _ = columns.withTree { cnp_tree_world_transforms(&$0, &world, nil) }
        var output = [cnp_point](repeating: cnp_point(x: 7, y: 7), count: 2)
        #expect(cnp_convert_point_to_nodes(world, 4, 0, cnp_point(x: 20, y: 20), [2, 9], 2, &output) == CNP_ERROR_BAD_INDEX)
        #expect(output[0].x == 7)  // nothing written
        #expect(cnp_convert_point_to_nodes(world, 4, 0, cnp_point(x: 20, y: 20), [2, 3], 2, &output) == CNP_OK)
        #expect(output[0].x == 5 && output[0].y == 5)  // (20,20) - a's (10,10) - c's (5,5)
        #expect(output[1].x == -20 && output[1].y == -20)
        #expect(cnp_convert_point_to_nodes(world, 4, -1, cnp_point(), [2], 1, &output) == CNP_ERROR_BAD_INDEX)
    }

    @Test func hitTestingFindsTheFrontMostNode() {
        var columns = sample()
        let workspace = cnp_workspace_create()
        defer { cnp_workspace_destroy(workspace) }
        var hit = cnp_hit()
        #expect(columns.withTree { cnp_tree_hit_test(&$0, 0, cnp_point(x: 50, y: 50), nil, workspace, &hit) } == CNP_OK)
        #expect(hit.node == 3 && !hit.answered_by_delegate)  // b is in front of a
        #expect(columns.withTree { cnp_tree_hit_test(&$0, 0, cnp_point(x: 16, y: 16), nil, workspace, &hit) } == CNP_OK)
        #expect(hit.node == 2)
        #expect(columns.withTree { cnp_tree_hit_test(&$0, 0, cnp_point(x: 100, y: 0), nil, workspace, &hit) } == CNP_OK)
        #expect(hit.node == -1)
        columns.flags[3] = CNP_NODE_HIDDEN
        #expect(columns.withTree { cnp_tree_hit_test(&$0, 0, cnp_point(x: 50, y: 50), nil, workspace, &hit) } == CNP_OK)
        #expect(hit.node == 1)
    }

    @Test func hitTestingRejectsBadInput() {
        var columns = sample()
        let workspace = cnp_workspace_create()
        defer { cnp_workspace_destroy(workspace) }
        var hit = cnp_hit(node: 5, answered_by_delegate: true)
        #expect(columns.withTree { cnp_tree_hit_test(&$0, 4, cnp_point(), nil, workspace, &hit) } == CNP_ERROR_BAD_INDEX)
        #expect(hit.node == -1)
        #expect(columns.withTree { cnp_tree_hit_test(&$0, 0, cnp_point(x: .nan, y: 0), nil, workspace, &hit) } == CNP_ERROR_NON_FINITE)
        columns.flags[1] = CNP_NODE_CUSTOM_HIT_TEST
        #expect(columns.withTree { cnp_tree_hit_test(&$0, 0, cnp_point(x: 20, y: 20), nil, workspace, &hit) } == CNP_ERROR_BAD_ARGUMENT)
        columns.flags[1] = 0
        columns.lastChild[0] = 0  // a link that points back up
        #expect(columns.withTree { cnp_tree_hit_test(&$0, 0, cnp_point(x: 20, y: 20), nil, workspace, &hit) } == CNP_ERROR_BAD_INDEX)
        #expect(columns.withTree { cnp_tree_hit_test(&$0, 0, cnp_point(), nil, nil, &hit) } == CNP_ERROR_BAD_ARGUMENT)
    }

    @Test func theDelegateAnswersForFlaggedNodes() {
        var columns = sample()
        columns.flags[1] = CNP_NODE_CUSTOM_HIT_TEST
        let workspace = cnp_workspace_create()
        defer { cnp_workspace_destroy(workspace) }
        final class Asked { var nodes: [Int32] = [] }
        let asked = Asked()
        var delegate = cnp_hit_delegate(
            context: Unmanaged.passUnretained(asked).toOpaque(),
            hit_test: { context, node, point in
                Unmanaged<Asked>.fromOpaque(context!).takeUnretainedValue().nodes.append(node)
                return point.x < 10 ? CNP_HIT_FOUND : CNP_HIT_MISS  // in a's space
            },
            point_inside: { _, _, _ in true })
        var hit = cnp_hit()
        #expect(columns.withTree { cnp_tree_hit_test(&$0, 0, cnp_point(x: 15, y: 15), &delegate, workspace, &hit) } == CNP_OK)
        #expect(hit.node == 1 && hit.answered_by_delegate)
        #expect(asked.nodes == [1])
        #expect(columns.withTree { cnp_tree_hit_test(&$0, 0, cnp_point(x: 30, y: 30), &delegate, workspace, &hit) } == CNP_OK)
        #expect(hit.node == 0 && !hit.answered_by_delegate)
        // A flagged start node is asked only whether the point is inside.
        #expect(columns.withTree { cnp_tree_hit_test(&$0, 1, cnp_point(x: 1000, y: 1000), &delegate, workspace, &hit) } == CNP_OK)
        #expect(hit.node == 1)
    }

    /// A delegate that hands every flagged node back to the rules, saying each point is inside
    /// its bounds, gets the answers of an unflagged tree, from the core.
    @Test func aNodeHandedBackToTheRulesIsWalkedByTheCore() {
        var columns = sample()
        let workspace = cnp_workspace_create()
        defer { cnp_workspace_destroy(workspace) }
        let points = stride(from: -5.0, through: 120, by: 5).flatMap { x in stride(from: -5.0, through: 120, by: 5).map { cnp_point(x: x, y: $0) } }
        func answers(_ delegate: UnsafePointer<cnp_hit_delegate>?) -> [Int32] {
            points.map { point in
                var hit = cnp_hit()
                _ = columns.withTree { cnp_tree_hit_test(&$0, 0, point, delegate, workspace, &hit) }
                #expect(!hit.answered_by_delegate)
                return hit.node
            }
        }
        let plain = answers(nil)
        for row in 1..<columns.flags.count { columns.flags[row] = CNP_NODE_CUSTOM_HIT_TEST }
        final class Bounds { var columns: [cnp_rect] = [] }
        let bounds = Bounds()
        bounds.columns = columns.bounds
        var delegate = cnp_hit_delegate(
            context: Unmanaged.passUnretained(bounds).toOpaque(),
            hit_test: { _, _, _ in CNP_HIT_BY_RULES },
            point_inside: { context, node, point in
                let rect = Unmanaged<Bounds>.fromOpaque(context!).takeUnretainedValue().columns[Int(node)]
                return point.x >= rect.origin.x && point.x < rect.origin.x + rect.size.width
                    && point.y >= rect.origin.y && point.y < rect.origin.y + rect.size.height
            })
        #expect(answers(&delegate) == plain)
        #expect(Set(plain).count > 2)  // the points reach several nodes
    }

    @Test func theWorkspaceGrowsForDeepTrees() {
        let depth = 20_000
        let columns = Columns(
            parent: (0..<depth).map { Int32($0) - 1 },
            frames: Array(repeating: (0.0, 0.0, 100.0, 100.0), count: depth))
        let workspace = cnp_workspace_create()
        defer { cnp_workspace_destroy(workspace) }
        var hit = cnp_hit()
        #expect(columns.withTree { cnp_tree_hit_test(&$0, 0, cnp_point(x: 1, y: 1), nil, workspace, &hit) } == CNP_OK)
        #expect(hit.node == Int32(depth - 1))
        #expect(cnp_workspace_capacity(workspace) >= depth * 24)
    }

    /// Memory reports count a block as the allocator holds it: at least what was asked for,
    /// with the size word before it; no block counts nothing.
    @Test func anAllocationCountsItsBlock() {
        #expect(cnp_allocation_bytes(nil) == 0)
        let block = malloc(100)
        defer { free(block) }
        let bytes = cnp_allocation_bytes(block)
        #expect(bytes >= 100 + 8 && bytes < 100 + 8 + 32, "\(bytes)")
    }
}
