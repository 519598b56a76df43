/// The memory a window holds beside its views and constraints, by part, in bytes: what its
/// update cycle keeps between cycles. Views, layers and constraints are objects of their own,
/// counted apart (see ``Window/objectMemory``).
public struct WindowMemory: Sendable, Equatable {
    /// The flattened tree's columns (geometry, flags, world transforms) and its workspaces.
    public var flattenedTree = 0
    /// The kept Auto Layout system: rows, terms, reference values, the items and their places
    /// (and the system a solve failed on, kept so that it is not solved again unchanged).
    public var layoutSystem = 0
    /// The latest solve's outputs (values, row states, conflict groups).
    public var layoutSolution = 0
    /// The C core's record of the latest solve, through which new constants are carried: its
    /// blocks, less the pages it gave back (a solve it did not keep holds none, and a variable
    /// that is a class of its own keeps 4 bytes).
    public var solveRecord = 0
    /// The C core's scratch memory for solving, on every lane, as far as it is in memory: a
    /// solve carves room for every path it may take and touches what it takes, and a window
    /// gives the pages back while its solve record carries the changes of constants.
    public var solverWorkspaces = 0

    /// Every part together.
    public var total: Int { flattenedTree + layoutSystem + layoutSolution + solveRecord + solverWorkspaces }
}

/// The memory a window's objects take, by kind, in bytes: the blocks the allocator holds for
/// the views and the objects they keep, and the storage of their lists.
public struct ObjectMemory: Sendable, Equatable {
    /// The views, the window included.
    public var views = 0
    /// The views' Auto Layout state (created by a view's first Auto Layout use), the settings
    /// few views change and the layout guides.
    public var layoutState = 0
    /// The active constraints the views hold, with their side objects (a multiplier other
    /// than 1, a name), and the records of a scene's constraints not yet made objects.
    public var constraints = 0
    /// The lists: each view's subviews, the constraints it holds and, past the first few, those
    /// that name it.
    public var lists = 0
    /// Layers (the objects: not the pixels a render keeps) and the side objects of the views
    /// that set rarer properties.
    public var layersAndExtras = 0

    /// Every kind together.
    public var total: Int { views + layoutState + constraints + lists + layersAndExtras }
}

extension Window {
    /// The memory the window holds beside its views and constraints, by part.
    public var memory: WindowMemory {
        var memory = WindowMemory(flattenedTree: flattenedTreeStorage.bytes)
        layoutEngineStorage?.addMemory(to: &memory)
        return memory
    }

    /// The memory the window's objects take, by kind: together with ``memory``, where a tree's
    /// bytes go. It visits every view and held constraint (tens of milliseconds for a
    /// million views).
    public var objectMemory: ObjectMemory {
        var memory = ObjectMemory()
        memory.constraints += pendingConstraints?.bytes ?? 0
        var pending: [View] = [self]
        while let view = pending.popLast() {
            memory.views += allocationBytes(of: view)
            memory.lists += view.subviews.storageBytes
            memory.layersAndExtras += view.sideObjectBytes
            memory.layoutState += view.layoutSettings?.allocatedBytes ?? 0
            if let state = view.layoutStateStorage {
                memory.layoutState += allocationBytes(of: state)
                memory.lists += state.listBytes
                state.constraints.forEachLent { memory.constraints += $0.allocatedBytes }
            }
            pending.append(contentsOf: view.subviews)
        }
        return memory
    }
}
