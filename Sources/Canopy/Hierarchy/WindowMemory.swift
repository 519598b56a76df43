/// The memory a window holds beside its views and constraints, by part, in bytes: what its
/// update cycle keeps between cycles. Views, layers and constraints are objects of their own
/// and are not counted here.
public struct WindowMemory: Sendable, Equatable {
    /// The flattened tree's columns (geometry, flags, world transforms) and its workspaces.
    public var flattenedTree = 0
    /// The kept Auto Layout system: rows, terms, reference values, the items and their places
    /// (and the system a solve failed on, kept so that it is not solved again unchanged).
    public var layoutSystem = 0
    /// The latest solve's outputs (values, row states, conflict groups).
    public var layoutSolution = 0
    /// The C core's record of the latest solve, through which new constants are carried.
    public var solveRecord = 0
    /// The C core's scratch memory for solving, on every lane, as far as it is in memory: a
    /// solve carves room for every path it may take and touches what it takes, and a window
    /// gives the pages back while its solve record carries the changes of constants.
    public var solverWorkspaces = 0

    /// Every part together.
    public var total: Int { flattenedTree + layoutSystem + layoutSolution + solveRecord + solverWorkspaces }
}

extension Window {
    /// The memory the window holds beside its views and constraints, by part.
    public var memory: WindowMemory {
        var memory = WindowMemory(flattenedTree: flattenedTreeStorage.bytes)
        layoutEngineStorage?.addMemory(to: &memory)
        return memory
    }
}
