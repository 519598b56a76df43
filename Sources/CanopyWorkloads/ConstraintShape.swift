import Canopy
import Foundation

/// The shapes of generated Auto Layout trees used by the benchmarks and the harness.
public enum ConstraintShape: String, CaseIterable, Sendable {
    /// N views in a vertical chain under the window, each 44 high and 8 below the one before,
    /// pinned 16 in from the left and right.
    case stack
    /// Every view holds four children in a row, breadth first: equal widths, 4-point gaps and
    /// insets, full height less the insets.
    case tree
}

/// Builds constraint-laid-out windows of a given shape and size.
public struct ConstraintTreeGenerator: Sendable {
    /// The shape to build.
    public var shape: ConstraintShape
    /// The number of views, the window included.
    public var count: Int

    /// Creates a generator.
    /// - Precondition: `count` is at least 1.
    public init(shape: ConstraintShape, count: Int) {
        precondition(count >= 1, "CanopyWorkloads: a tree needs at least one view (the window), got \(count)")
        self.shape = shape
        self.count = count
    }

    /// A 1024×768 window with the tree and its constraints active (not yet solved).
    /// - Complexity: O(count); no recursion.
    public func makeWindow() -> Window {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 1024, height: 768))
        switch shape {
        case .stack: buildStack(in: window)
        case .tree: buildTree(in: window)
        }
        return window
    }

    private func buildStack(in window: Window) {
        var constraints: [LayoutConstraint] = []
        var previous: View?
        for _ in 1..<count {
            let view = View()
            view.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(view)
            constraints += [
                view.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 16),
                view.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -16),
                view.heightAnchor.constraint(equalToConstant: 44),
                view.topAnchor.constraint(equalTo: previous?.bottomAnchor ?? window.topAnchor, constant: 8),
            ]
            previous = view
        }
        LayoutConstraint.activate(constraints)
    }

    private func buildTree(in window: Window) {
        var queue: [View] = [window]
        var head = 0, made = 1
        var constraints: [LayoutConstraint] = []
        while made < count {
            let parent = queue[head]
            head += 1
            var row: [View] = []
            for _ in 0..<min(4, count - made) {
                let child = View()
                child.translatesAutoresizingMaskIntoConstraints = false
                parent.addSubview(child)
                constraints += [
                    child.topAnchor.constraint(equalTo: parent.topAnchor, constant: 4),
                    child.bottomAnchor.constraint(equalTo: parent.bottomAnchor, constant: -4),
                    child.leadingAnchor.constraint(
                        equalTo: row.last?.trailingAnchor ?? parent.leadingAnchor, constant: 4),
                ]
                if let first = row.first { constraints.append(child.widthAnchor.constraint(equalTo: first.widthAnchor)) }
                row.append(child)
                queue.append(child)
                made += 1
            }
            if let last = row.last { constraints.append(last.trailingAnchor.constraint(equalTo: parent.trailingAnchor, constant: -4)) }
        }
        LayoutConstraint.activate(constraints)
    }
}
