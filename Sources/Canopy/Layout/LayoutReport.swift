import Foundation

/// What the latest Auto Layout solve of a window found wrong: the structured form of UIKit's
/// log, for an app or a test to inspect. Descriptions are stable from run to run.
public struct LayoutReport {
    /// Required constraints that could not hold together.
    public struct Conflict {
        /// The smallest set of rules that cannot hold together, described (constraints and
        /// the rules Canopy adds, such as a frame turned into constraints).
        public let descriptions: [String]
        /// The app's constraints among them.
        public let constraints: [LayoutConstraint]
        /// The rule broken to recover, described.
        public let brokenDescription: String
        /// The broken rule, when it is one of the app's constraints.
        public let broken: LayoutConstraint?

        /// The message in the shape of UIKit's log.
        public var logMessage: String {
            "Unable to simultaneously satisfy constraints.\n"
                + "\tProbably at least one of the constraints in the following list is one you don't want.\n(\n"
                + descriptions.map { "    \"\($0)\"" }.joined(separator: ",\n")
                + "\n)\n\nWill attempt to recover by breaking constraint \n\(brokenDescription)"
        }
    }

    /// A view or guide whose layout the constraints do not determine.
    public struct Ambiguity {
        /// The item, described.
        public let item: String
        /// The item itself, while it exists.
        public private(set) weak var layoutItem: LayoutItem?
        /// What is undetermined: `.left` (horizontal position), `.width`, `.top` (vertical
        /// position), `.height`.
        public let attributes: [LayoutConstraint.Attribute]
    }

    /// Conflicting required constraints, each with the one broken to recover.
    public internal(set) var conflicts: [Conflict] = []
    /// Items left undetermined.
    public internal(set) var ambiguities: [Ambiguity] = []
    /// Groups of constraints of one priority that share an unavoidable error (two views with
    /// equal hugging priority when one must stretch): the split is a least-squares choice,
    /// where UIKit's engine would pick one arbitrarily, so the layout is ambiguous there.
    public internal(set) var tiedConstraints: [[String]] = []
    /// Counts from the solve.
    public internal(set) var variables = 0
    /// Rows solved (constraints and rules).
    public internal(set) var rows = 0
    /// Independent blocks solved after substitution (densely, or on the line for one unknown),
    /// and the largest one's unknowns.
    public internal(set) var blocks = 0, largestBlock = 0
    /// Of the blocks, those whose inputs were those of a block of the previous solve, bit
    /// for bit, and which got its answer again without being solved.
    public internal(set) var recalledBlocks = 0
    /// Of the blocks, dense ones whose inputs differed from a block of the previous solve only
    /// in their constants (a new window width, say) and whose priority levels kept their
    /// active sets: solved again through the maps kept from that block's levels (their
    /// factorizations applied once to each unit input), without factoring.
    public internal(set) var reusedBlocks = 0
    /// Of the blocks, those solved without dense matrices: as a triangular system (blocks of
    /// more than 64 unknowns) or through sparse factorizations (more than 512); a block
    /// recalled from the previous solve is not counted.
    public internal(set) var sparseBlocks = 0
    /// Variables settled by substitution.
    public internal(set) var substituted = 0
    /// Active-set iterations over all blocks and levels.
    public internal(set) var activeSetIterations = 0
    /// Priority levels, over the blocks this solve solved (not recalled nor reused), whose
    /// active set started from the working set the same level ended with in the previous solve
    /// of a block of the same shape (other constants), rather than from nothing: usually one
    /// step instead of one per member.
    public internal(set) var warmStartedLevels = 0
    /// Whether the solve reused the previous one's system with the edits since written in
    /// place (a constant, a priority, a frame, an intrinsic size, the window's size), rather
    /// than collecting the constraints from the tree again.
    public internal(set) var reusedSystem = false
    /// Whether only constants changed and the core carried them through its record of the
    /// previous solve, visiting only what they reach, instead of solving again.
    public internal(set) var carriedConstants = false

    /// Time spent in each step of the latest solve.
    public struct Durations: Sendable {
        /// Collecting the constraints and rules into the system the core reads, or writing the
        /// edits into the kept one.
        public internal(set) var collect = Duration.zero
        /// The C core's solve.
        public internal(set) var solve = Duration.zero
        /// Giving views and guides their frames.
        public internal(set) var apply = Duration.zero
        /// Reading conflicts and ambiguities out of the solution.
        public internal(set) var diagnose = Duration.zero
    }

    /// Time spent in each step of the latest solve.
    public internal(set) var durations = Durations()

    /// The items of the solve, in the order of their values in `solvedValues` (four each).
    var solvedItems = SolvedItems([])
    var solvedValues: [Double] = []

    /// The rectangle the latest solve gave `item` in window space before it was rounded to the
    /// pixel grid (transforms ignored, as Auto Layout ignores them), or `nil` when the item had
    /// no part in the solve.
    public func solvedRect(of item: LayoutItem) -> CGRect? {
        guard let index = solvedItems.place(of: item), 4 * index + 4 <= solvedValues.count else { return nil }
        let v = solvedValues[4 * index..<4 * index + 4].map { CGFloat($0) }
        return CGRect(x: v[0], y: v[2], width: v[1], height: v[3])
    }

    /// Whether anything is ambiguous or conflicting.
    public var hasProblems: Bool { !conflicts.isEmpty || !ambiguities.isEmpty || !tiedConstraints.isEmpty }
}

/// A solve's items by identity (a report may outlive them), found through the place the item
/// recorded in its window's latest system when that is this solve's, else through an index
/// made at the first such search (a report older than the items' places, say after a solve
/// that failed, is searched in constant time per item).
final class SolvedItems {
    /// The solve's items, read for their identities only (their addresses, valid as keys after
    /// the items are gone).
    private let items: [UncountedItem]
    private var index: ItemIndexTable?

    init(_ items: [UncountedItem]) { self.items = items }

    /// Where `item` is among the items, or `nil`.
    func place(of item: LayoutItem) -> Int? {
        let key = ObjectIdentifier(item)
        // Checked casts: an app's own LayoutItem type records no place.
        let recorded = Int((item as? View)?.engineItem ?? (item as? LayoutGuide)?.engineItem ?? -1)
        if items.indices.contains(recorded), items[recorded].identity == key { return recorded }
        if index == nil {
            var made = ItemIndexTable(capacity: items.count)
            for (place, item) in items.enumerated() { made.insert(item.identity, index: place) }
            index = made
        }
        return index?[key]
    }
}
