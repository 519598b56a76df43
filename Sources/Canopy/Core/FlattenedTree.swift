import CCanopy
import Foundation

/// A view tree flattened into columns for the C core: one row per view, parents before
/// children, siblings back to front.
///
/// A window keeps one (``Window/flattenedTree``) and refreshes it for every update cycle:
/// after a change of structure it flattens the whole tree again (O(n), iteratively, so depth
/// costs no stack); after changes of geometry alone it rewrites just the changed rows.
/// The core then computes every view's map into window space in one pass.
///
/// Rows are valid until the window's hierarchy next changes; read them right after a refresh.
public final class FlattenedTree {
    // Views by row. A window's tree does not retain them (the window does, through its
    // subviews, and the tree is never read while its structure is stale); a tree made for a
    // detached subtree keeps them alive in `retainedViews`.
    // The views and the stale rows are unchecked for exclusivity: every change of a row reads
    // both, and they change only through the array's own methods.
    @exclusivity(unchecked) private var views: [Unmanaged<View>] = []
    private var retainedViews: [View] = []
    private let retainsViews: Bool

    private(set) var parent = Column<Int32>()
    private(set) var lastChild = Column<Int32>()
    private(set) var previousSibling = Column<Int32>()
    private(set) var bounds = Column<cnp_rect>()
    private(set) var center = Column<cnp_point>()
    /// Each row's index into `anchor` and `transform`, or -1 for the middle and the identity:
    /// most views keep both, and a large tree then stores 4 bytes a view for them, not 64.
    private(set) var turn = Column<Int32>()
    /// The anchor points and transforms of the rows that set either. A row keeps its entry until
    /// the next flatten (holding the defaults once it drops both), so a view turned back and
    /// forth adds one entry, not one per change.
    private(set) var anchor = Column<cnp_point>()
    private(set) var transform = Column<cnp_affine>()
    private(set) var flags = Column<UInt32>()
    private(set) var world = Column<cnp_affine>()

    private(set) var isStructureStale = true
    // Not counted references: a view in the window is kept by its superview, and removing one
    // changes the structure, which empties the list first.
    @exclusivity(unchecked) private var staleRows: [Unmanaged<View>] = []
    /// Set when a quarter of the rows went stale: every row is then rewritten, and no more
    /// are listed (a list of them all would cost a word per view and gain nothing).
    private var everyRowIsStale = false
    private var worldIsCurrent = false
    /// The rows rewritten since the world column was last current, when only they (and their
    /// subtrees) need placing again; `nil` when the whole column does (after flattening, after
    /// a failed pass, or when so many rows moved that one pass is cheaper).
    private var movedRows: [Int32]? = nil
    /// Core calls under way on this tree; while any is, refreshing waits.
    var activeCalls = 0
    /// The innermost hit test under way on this tree (a view's override asking `super` walks
    /// the view's subtree in a call of its own, nested in the one that asked the view).
    var hitTestSession: HitTestSession?
    private var spareWorkspaces: [Workspace] = []

    init(retainsViews: Bool) {
        self.retainsViews = retainsViews
    }

    deinit {
        parent.deallocate()
        lastChild.deallocate()
        previousSibling.deallocate()
        bounds.deallocate()
        center.deallocate()
        turn.deallocate()
        anchor.deallocate()
        transform.deallocate()
        flags.deallocate()
        world.deallocate()
    }

    // MARK: Reading rows

    /// The number of views (rows).
    public var count: Int { views.count }

    /// The view in row `index`.
    /// - Precondition: `index` is in `0..<count`, and the hierarchy has not changed since the
    ///   tree was last refreshed (read the tree again from ``Window/flattenedTree``).
    public func view(at index: Int) -> View {
        precondition(
            !isStructureStale, "Canopy: the hierarchy changed since this tree was flattened; read window.flattenedTree again")
        precondition(index >= 0 && index < count, "Canopy: row \(index) is outside a tree of \(count) views")
        return views[index].takeUnretainedValue()
    }

    /// The row of `view`, or `nil` when it is not in this tree (or the hierarchy changed since
    /// the tree was last refreshed).
    public func index(of view: View) -> Int? {
        let row = Int(view.flatIndex)
        guard !isStructureStale, row >= 0, row < count, views[row].takeUnretainedValue() === view else { return nil }
        return row
    }

    /// The row of the parent of the view in row `index`, or `nil` for the root.
    /// - Precondition: `index` is in `0..<count`.
    public func parentIndex(at index: Int) -> Int? {
        precondition(index >= 0 && index < count, "Canopy: row \(index) is outside a tree of \(count) views")
        let p = parent[index]
        return p < 0 ? nil : Int(p)
    }

    /// The map from the space of the view in row `index` into window space, as of the last
    /// ``updateWorldTransforms()``.
    /// - Precondition: `index` is in `0..<count` and world transforms are current.
    public func worldTransform(at index: Int) -> CGAffineTransform {
        precondition(index >= 0 && index < count, "Canopy: row \(index) is outside a tree of \(count) views")
        precondition(worldIsCurrent, "Canopy: world transforms are stale; call updateWorldTransforms() first")
        return CGAffineTransform(world[index])
    }

    /// Bytes held by the columns and workspaces, for memory reports.
    public var bytes: Int {
        let columns =
            parent.bytes + lastChild.bytes + previousSibling.bytes + bounds.bytes + center.bytes + turn.bytes
            + anchor.bytes + transform.bytes + flags.bytes + world.bytes
        return columns + views.capacity * MemoryLayout<Unmanaged<View>>.stride
            + spareWorkspaces.reduce(0) { $0 + $1.bytes }
    }

    // MARK: Keeping rows current

    /// Notes that the tree's structure changed: the next refresh flattens again.
    func structureDidChange() {
        guard !isStructureStale else { return }
        isStructureStale = true
        worldIsCurrent = false
        clearStaleRows()
    }

    /// Notes that `view`'s row (geometry or flags) changed.
    func rowDidChange(of view: View) {
        worldIsCurrent = false
        guard !isStructureStale, !everyRowIsStale, !view.isFlatRowStale else { return }
        guard staleRows.count < count / 4 else {
            clearStaleRows()
            everyRowIsStale = true
            return
        }
        view.isFlatRowStale = true
        staleRows.append(Unmanaged.passUnretained(view))
    }

    private var hasStaleRows: Bool { everyRowIsStale || !staleRows.isEmpty }

    /// Brings the rows up to date with the hierarchy under `root`: a full flatten after a
    /// change of structure, else a rewrite of the changed rows. Does nothing while a core call
    /// is under way on this tree.
    func refresh(from root: View) {
        guard activeCalls == 0 else { return }
        if isStructureStale {
            flatten(from: root)
        } else {
            if hasStaleRows { worldIsCurrent = false }
            writeStaleRows()
        }
    }

    /// Flattens the whole tree under `root` again, whatever changed. Does nothing while a core
    /// call is under way on this tree.
    /// - Complexity: O(n), n the number of views; no recursion.
    func flatten(from root: View) {
        guard activeCalls == 0 else { return }
        clearStaleRows()
        // Room for every row at once: columns grown by doubling leave the allocator the
        // blocks they outgrew (8 bytes a view of a million-view tree).
        let rows = max(count, (root as? Window)?.viewCount ?? 0)
        views.removeAll(keepingCapacity: true)
        views.reserveCapacity(rows)
        retainedViews.removeAll(keepingCapacity: true)
        parent.removeAll(keepingCapacity: rows)
        bounds.removeAll(keepingCapacity: rows)
        center.removeAll(keepingCapacity: rows)
        turn.removeAll(keepingCapacity: rows)
        anchor.removeAll()
        transform.removeAll()
        flags.removeAll(keepingCapacity: rows)

        // Work on local copies: every access to a class's stored property is checked for
        // exclusivity at run time, which would cost more than the row itself.
        // (The views array is moved out so that appending to it does not copy it.)
        var views = self.views, parent = self.parent, bounds = self.bounds, center = self.center
        self.views = []
        var turn = self.turn, anchor = self.anchor, transform = self.transform, flags = self.flags
        // Pre-order, down a path of the views being visited, each with its next child: the
        // path is as long as the tree is deep, where a list of every child waiting took 16
        // bytes a view under a window of a million subviews.
        var path: [(view: Unmanaged<View>, next: Int, row: Int32)] = []
        var visiting: (view: Unmanaged<View>, parent: Int32)? = (Unmanaged.passUnretained(root), -1)
        while true {
            if let (handle, parentRow) = visiting {
                // Read uncounted: the window's subviews keep the tree alive while it is flattened.
                let row = handle._withUnsafeGuaranteedRef { view in
                    let row = Int32(truncatingIfNeeded: views.count)
                    view.flatIndex = row
                    view.isFlatRowStale = false
                    views.append(handle)
                    if retainsViews { retainedViews.append(view) }
                    parent.append(parentRow)
                    let geometry = view.geometry
                    bounds.append(geometry.bounds.cnpRect)
                    center.append(geometry.center.cnpPoint)
                    turn.append(-1)
                    if geometry.isTurned { Self.writeTurn(of: Int(row), geometry, turn, &anchor, &transform) }
                    flags.append(view.coreFlags)
                    return row
                }
                path.append((handle, 0, row))
            }
            guard let (handle, next, row) = path.last else { break }
            let child = handle._withUnsafeGuaranteedRef { view in
                view.subviews.withUnsafeBufferPointer { next < $0.count ? Unmanaged.passUnretained($0[next]) : nil }
            }
            if let child {
                path[path.count - 1].next = next + 1
                visiting = (child, row)
            } else {
                path.removeLast()
                visiting = nil
            }
        }
        self.views = views
        self.parent = parent
        self.bounds = bounds
        self.center = center
        self.turn = turn
        self.anchor = anchor
        self.transform = transform
        self.flags = flags
        let n = count
        lastChild.resize(to: n, filling: -1)
        previousSibling.resize(to: n, filling: -1)
        let status = cnp_tree_link_siblings(parent.base, Int32(n), lastChild.base, previousSibling.base, nil)
        precondition(status == CNP_OK, "Canopy: a flattened tree has a parent after its child (\(status))")
        isStructureStale = false
        worldIsCurrent = false
        movedRows = nil
    }

    /// Rewrites the changed views' rows, or every row. The columns are read into locals once:
    /// each read of a stored property is checked for exclusive access, five per row otherwise.
    private func writeStaleRows() {
        let (bounds, center, turn, flags) = (bounds, center, turn, flags)
        var (anchor, transform) = (anchor, transform)
        notePlacesMoved()
        for handle in everyRowIsStale ? views : staleRows {
            handle._withUnsafeGuaranteedRef { view in
                let row = Int(view.flatIndex), geometry = view.geometry
                bounds[row] = geometry.bounds.cnpRect
                center[row] = geometry.center.cnpPoint
                // Most rows keep -1: a view at the defaults that never left them.
                if geometry.isTurned || turn[row] >= 0 { Self.writeTurn(of: row, geometry, turn, &anchor, &transform) }
                flags[row] = view.coreFlags
                view.isFlatRowStale = false
            }
        }
        (self.anchor, self.transform) = (anchor, transform)
        staleRows.removeAll(keepingCapacity: true)
        everyRowIsStale = false
    }

    /// Writes the anchor point and transform of `row` (turned, or with an entry already) into
    /// its entry, added if it has none.
    private static func writeTurn(
        of row: Int, _ geometry: View.Geometry, _ turn: Column<Int32>, _ anchor: inout Column<cnp_point>,
        _ transform: inout Column<cnp_affine>
    ) {
        let entry = Int(turn[row])
        guard entry >= 0 else {
            turn[row] = Int32(anchor.count)
            anchor.append(geometry.anchorPoint.cnpPoint)
            transform.append(geometry.transform.cnpAffine)
            return
        }
        anchor[entry] = geometry.anchorPoint.cnpPoint
        transform[entry] = geometry.transform.cnpAffine
    }

    private func clearStaleRows() {
        for handle in staleRows { handle._withUnsafeGuaranteedRef { $0.isFlatRowStale = false } }
        staleRows.removeAll(keepingCapacity: true)
        everyRowIsStale = false
    }

    // MARK: World transforms

    /// Adds the stale rows to ``movedRows``, or gives up on the list when a full pass would
    /// cost less than the subtrees (a quarter of the rows moved).
    private func notePlacesMoved() {
        guard var moved = movedRows else { return }
        movedRows = nil  // the list is then referenced once, and grows in place
        guard !everyRowIsStale, moved.count + staleRows.count <= count / 4 else { return }
        for handle in staleRows { moved.append(handle._withUnsafeGuaranteedRef { $0.flatIndex }) }
        movedRows = moved
    }

    /// Computes every view's map into window space in the C core, unless the transforms are
    /// already current: the subtrees of the rows that changed since the last pass, or the whole
    /// tree in one pass after a change of structure.
    /// - Throws: ``CoreError`` naming the first view whose geometry is not finite.
    /// - Complexity: O(the changed rows' subtrees), or O(n).
    public func updateWorldTransforms() throws(CoreError) {
        guard !worldIsCurrent else { return }
        guard var moved = movedRows, world.count == count else { return try recomputeWorldTransforms() }
        movedRows = nil  // until the subtrees are placed: a failure leaves the column to a full pass
        moved.sort()
        var placedUntil: Int32 = 0
        for row in moved where row >= placedUntil {
            var failed: Int32 = -1
            let status = withCoreTree { tree in cnp_tree_subtree_world_transforms(&tree, row, world.base, &placedUntil, &failed) }
            if let error = CoreError(status, node: Int(failed), viewDescription: describeRow(failed)) { throw error }
        }
        moved.removeAll(keepingCapacity: true)
        movedRows = moved
        worldIsCurrent = !hasStaleRows && !isStructureStale
    }

    /// Computes every view's map into window space in one pass, even when it is current
    /// (what a benchmark of the pass times).
    /// - Throws: ``CoreError`` naming the first view whose geometry is not finite.
    public func recomputeWorldTransforms() throws(CoreError) {
        world.resize(to: count, filling: cnp_affine())
        var failed: Int32 = -1
        let status = withCoreTree { tree in cnp_tree_world_transforms(&tree, world.base, &failed) }
        if let error = CoreError(status, node: Int(failed), viewDescription: describeRow(failed)) {
            movedRows = nil
            throw error
        }
        movedRows = []
        // Rows awaiting a refresh (a change made while a core call held the tree) make these
        // transforms stale at once.
        worldIsCurrent = !hasStaleRows && !isStructureStale
    }

    private func describeRow(_ row: Int32) -> String? {
        !isStructureStale && row >= 0 && Int(row) < count ? view(at: Int(row)).description : nil
    }

    // MARK: Core access

    /// Calls `body` with the core's description of these columns.
    func withCoreTree<R>(_ body: (inout cnp_tree) -> R) -> R {
        var tree = cnp_tree(
            count: Int32(count), parent: parent.base, last_child: lastChild.base,
            previous_sibling: previousSibling.base, bounds: bounds.base, center: center.base,
            anchor: anchor.base, transform: transform.base, flags: flags.base, turn: turn.base,
            turned_count: Int32(anchor.count))
        return body(&tree)
    }

    /// The world column, for core calls that read it.
    var worldBase: UnsafePointer<cnp_affine> { UnsafePointer(world.base) }

    /// Runs `body` with a workspace of its own, marking a core call under way.
    func withWorkspace<R>(_ body: (Workspace) -> R) -> R {
        let workspace = spareWorkspaces.popLast() ?? Workspace()
        activeCalls += 1
        defer {
            activeCalls -= 1
            // Nested calls (overrides asked from inside a hit test) each need a workspace; a
            // few are kept for reuse, not one per level of nesting.
            if spareWorkspaces.count < 4 { spareWorkspaces.append(workspace) }
        }
        return body(workspace)
    }

    /// The raw columns, for tools that run their own loops over them (benchmark peers).
    public struct UnsafeColumns {
        /// Rows.
        public let count: Int
        /// `Int32` parent rows, -1 for the root.
        public let parent: UnsafeRawPointer
        /// Bounds as four `Double`s per row: x, y, width, height.
        public let bounds: UnsafeRawPointer
        /// Centers as two `Double`s per row.
        public let center: UnsafeRawPointer
        /// `Int32` per row: its index into `anchor` and `transform`, or -1 for the anchor point
        /// (0.5, 0.5) and the identity transform.
        public let turn: UnsafeRawPointer
        /// Anchor points as two `Double`s per entry.
        public let anchor: UnsafeRawPointer
        /// Transforms as six `Double`s per entry: a, b, c, d, tx, ty.
        public let transform: UnsafeRawPointer
    }

    /// Calls `body` with the raw columns; the pointers are valid only inside `body`.
    public func withUnsafeColumns<R>(_ body: (UnsafeColumns) throws -> R) rethrows -> R {
        try body(
            UnsafeColumns(
                count: count, parent: UnsafeRawPointer(parent.base), bounds: UnsafeRawPointer(bounds.base),
                center: UnsafeRawPointer(center.base), turn: UnsafeRawPointer(turn.base),
                anchor: UnsafeRawPointer(anchor.base),
                transform: UnsafeRawPointer(transform.base)))
    }
}
