import Canopy
import Foundation

/// The shapes of generated Auto Layout scenes used by the benchmarks, the harness and the tests.
/// Every shape but `random` has one solution the benchmarks can compare across engines.
public enum ConstraintShape: String, CaseIterable, Sendable {
    /// N views in a vertical chain under the window, each 44 high and 8 below the one before,
    /// pinned 16 in from the left and right.
    case stack
    /// Every view holds four children in a row, breadth first: equal widths, 4-point gaps and
    /// insets, full height less the insets.
    case tree
    /// Rows of ten cells under the window: equal widths, 4-point gaps, 44 high.
    case grid
    /// A list of 21-view feed cells (header, avatar, names, text, image, action buttons, a
    /// comment), their labels and images sized by intrinsic sizes.
    case feed
    /// A stack whose heights are soft (44 at 749) against required minimums, and whose widths
    /// are soft against the window: many optional constraints, one solution.
    case soft
    /// UI-like random trees: edges, centers, sizes, margins, guides, multipliers, intrinsic
    /// sizes, inequalities and soft constraints that meet only required ones, so that the
    /// solution is unique (for differential tests and fuzzing).
    case random
}

/// Builds Auto Layout scenes of a given shape and size.
public struct ConstraintTreeGenerator: Sendable {
    /// The shape to build.
    public var shape: ConstraintShape
    /// The number of views, the window included (feed scenes round down to whole cells).
    public var count: Int
    /// The seed of `random` scenes.
    public var seed: UInt64

    /// Creates a generator.
    /// - Precondition: `count` is at least 1.
    public init(shape: ConstraintShape, count: Int, seed: UInt64 = 1) {
        precondition(count >= 1, "CanopyWorkloads: a tree needs at least one view (the window), got \(count)")
        self.shape = shape
        self.count = count
        self.seed = seed
    }

    /// The scene: a 1024×768 window with the tree and its constraints.
    /// - Complexity: O(count); no recursion.
    public func makeScene() -> Scene {
        var builder = SceneBuilder()
        switch shape {
        case .stack: buildStack(&builder)
        case .tree: buildTree(&builder)
        case .grid: buildGrid(&builder)
        case .feed: FeedCell.buildList(&builder, views: count)
        case .soft: buildSoft(&builder)
        case .random:
            var random = RandomScene(seed: seed)
            random.build(&builder, views: count)
        }
        return builder.scene
    }

    /// A window holding the scene's tree, its constraints active (not yet solved).
    public func makeWindow() -> Window {
        // The generated scenes are valid by construction.
        try! makeScene().instantiate().window
    }

    private func buildStack(_ b: inout SceneBuilder) {
        var previous: String?
        for _ in 1..<count {
            let view = b.addView(in: "window")
            b.constrain(view, .leading, .equal, "window", .leading, constant: 16)
            b.constrain(view, .trailing, .equal, "window", .trailing, constant: -16)
            b.constrain(view, .height, constant: 44)
            b.constrain(view, .top, .equal, previous ?? "window", previous == nil ? .top : .bottom, constant: 8)
            previous = view
        }
    }

    private func buildTree(_ b: inout SceneBuilder) {
        var queue = ["window"]
        var head = 0, made = 1
        while made < count {
            let parent = queue[head]
            head += 1
            var row: [String] = []
            for _ in 0..<min(4, count - made) {
                let child = b.addView(in: parent)
                b.constrain(child, .top, .equal, parent, .top, constant: 4)
                b.constrain(child, .bottom, .equal, parent, .bottom, constant: -4)
                b.constrain(child, .leading, .equal, row.last ?? parent, row.isEmpty ? .leading : .trailing, constant: 4)
                if let first = row.first { b.constrain(child, .width, .equal, first, .width) }
                row.append(child)
                queue.append(child)
                made += 1
            }
            if let last = row.last { b.constrain(last, .trailing, .equal, parent, .trailing, constant: -4) }
        }
    }

    private func buildGrid(_ b: inout SceneBuilder) {
        let columns = 10
        var rowFirst: String?
        var previous: String?
        for index in 0..<(count - 1) {
            let cell = b.addView(in: "window")
            let column = index % columns
            if column == 0 {
                b.constrain(cell, .top, .equal, rowFirst ?? "window", rowFirst == nil ? .top : .bottom, constant: 4)
                b.constrain(cell, .leading, .equal, "window", .leading, constant: 4)
                rowFirst = cell
            } else {
                b.constrain(cell, .top, .equal, rowFirst!, .top)
                b.constrain(cell, .leading, .equal, previous!, .trailing, constant: 4)
                b.constrain(cell, .width, .equal, rowFirst!, .width)
            }
            b.constrain(cell, .height, constant: 44)
            let isRowEnd = column == columns - 1 || index == count - 2
            if isRowEnd { b.constrain(cell, .trailing, .equal, "window", .trailing, constant: -4) }
            previous = cell
        }
    }

    private func buildSoft(_ b: inout SceneBuilder) {
        var previous: String?
        for index in 1..<count {
            let view = b.addView(in: "window")
            b.constrain(view, .leading, .equal, "window", .leading, constant: 16)
            b.constrain(view, .width, .equal, constant: 1200, priority: LayoutPriority(500))
            b.constrain(view, .trailing, .lessThanOrEqual, "window", .trailing, constant: -16)
            b.constrain(view, .height, .equal, constant: 44, priority: LayoutPriority(749))
            b.constrain(view, .height, .greaterThanOrEqual, constant: CGFloat(10 + 10 * (index % 7)))
            b.constrain(view, .top, .equal, previous ?? "window", previous == nil ? .top : .bottom, constant: 8)
            previous = view
        }
    }
}
