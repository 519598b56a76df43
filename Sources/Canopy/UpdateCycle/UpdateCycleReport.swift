/// What one run of a window's update cycle did.
public struct UpdateCycleReport: Sendable, CustomStringConvertible {
    /// Something the cycle noticed that an app should fix.
    public enum Problem: Hashable, Sendable, CustomStringConvertible {
        /// Work was still flagged after the cycle's last round: layout keeps flagging more
        /// (each round's layout changes constraints or flags views again). Names up to ten views.
        case didNotSettle(rounds: Int, stillFlagged: [String])
        /// An `updateConstraints()` override did not call `super`.
        case updateConstraintsDidNotCallSuper(view: String)
        /// A view's geometry, composed down the tree, is not finite (an overflow).
        case nonFiniteGeometry(view: String)
        /// Required constraints could not all hold; one was broken (the log in UIKit's shape;
        /// ``Window/layoutReport`` has the structured form).
        case unsatisfiableConstraints(log: String)
        /// The constraints leave an item's attributes undetermined, or a priority tie decides.
        case ambiguousLayout(item: String, attributes: [String])
        /// The Auto Layout solve failed in the core (too large a block, say); frames were kept.
        case layoutSolveFailed(reason: String)
        /// A view's `intrinsicContentSize` is not a size (a NaN, an infinity, or a negative
        /// value other than `View.noIntrinsicMetric`); that dimension is laid out as if it had none.
        case invalidIntrinsicContentSize(view: String, size: String)

        /// A sentence describing the problem.
        public var description: String {
            switch self {
            case .didNotSettle(let rounds, let views):
                return "the update cycle did not settle after \(rounds) rounds; still flagged: "
                    + views.joined(separator: ", ")
            case .updateConstraintsDidNotCallSuper(let view):
                return "updateConstraints() of \(view) did not call super"
            case .nonFiniteGeometry(let view):
                return "the geometry of \(view) is not finite in window space"
            case .unsatisfiableConstraints(let log):
                return log
            case .ambiguousLayout(let item, let attributes):
                return "ambiguous layout: \(item) (\(attributes.joined(separator: ", ")))"
            case .layoutSolveFailed(let reason):
                return "the Auto Layout solve failed: \(reason)"
            case .invalidIntrinsicContentSize(let view, let size):
                return "the intrinsicContentSize of \(view) is \(size), not a size; laid out as if it had none"
            }
        }
    }

    /// Rounds run (each: constraints, layout, display).
    public internal(set) var rounds = 0
    /// `updateConstraints()` calls.
    public internal(set) var constraintUpdates = 0
    /// `layoutSubviews()` calls.
    public internal(set) var layouts = 0
    /// `draw(_:)` calls.
    public internal(set) var draws = 0
    /// Problems found; empty when the cycle settled cleanly.
    public internal(set) var problems: [Problem] = []

    /// Time spent in each phase of the cycle, all rounds together.
    public struct Durations: Sendable {
        /// `updateConstraints()` passes.
        public internal(set) var constraints = Duration.zero
        /// Auto Layout: collecting, solving and applying frames.
        public internal(set) var solve = Duration.zero
        /// `layoutSubviews()` passes.
        public internal(set) var layout = Duration.zero
        /// `draw(_:)` passes.
        public internal(set) var display = Duration.zero
        /// Bringing the flattened tree up to date.
        public internal(set) var flatten = Duration.zero
        /// The C core's world-transform pass.
        public internal(set) var worldTransforms = Duration.zero
    }

    /// Time spent in each phase.
    public internal(set) var durations = Durations()

    /// Whether all flagged work was done within the round limit.
    public var didSettle: Bool {
        !problems.contains { if case .didNotSettle = $0 { true } else { false } }
    }

    /// A one-line summary followed by one line per problem.
    public var description: String {
        var text = "update cycle: \(rounds) rounds, \(constraintUpdates) constraint updates, "
        text += "\(layouts) layouts, \(draws) draws"
        for problem in problems { text += "\n  problem: \(problem)" }
        return text
    }
}
