import Canopy
import Foundation

/// A chain of views, each the only subview of the one before and pinned 1 point inside it by
/// four constraints: the deepest Auto Layout tree for its size, where every pass over the tree
/// must stay linear in depth. The view at depth d (from 1) has the frame
/// (1, 1, 4,000,000 − 2d, 4,000,000 − 2d) in its superview, and its origin is (d, d) in the window.
public struct PinnedChain {
    /// The 4,000,000-point square window at the top of the chain.
    public let window: Window
    /// The views, from the window's subview down.
    public let views: [View]
    /// The constraints, four per view, active.
    public let constraints: [LayoutConstraint]

    /// Builds a chain of `depth` views.
    /// - Precondition: `depth` is between 1 and 1,999,999 (so every size stays positive).
    public init(depth: Int) {
        precondition((1..<2_000_000).contains(depth), "CanopyWorkloads: a pinned chain is 1 to 1,999,999 deep, got \(depth)")
        window = Window(frame: CGRect(x: 0, y: 0, width: 4_000_000, height: 4_000_000))
        var views: [View] = []
        var constraints: [LayoutConstraint] = []
        views.reserveCapacity(depth)
        constraints.reserveCapacity(4 * depth)
        var parent: View = window
        for _ in 0..<depth {
            let view = View()
            view.translatesAutoresizingMaskIntoConstraints = false
            parent.addSubview(view)
            constraints += [
                view.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: 1),
                view.topAnchor.constraint(equalTo: parent.topAnchor, constant: 1),
                view.trailingAnchor.constraint(equalTo: parent.trailingAnchor, constant: -1),
                view.bottomAnchor.constraint(equalTo: parent.bottomAnchor, constant: -1),
            ]
            views.append(view)
            parent = view
        }
        LayoutConstraint.activate(constraints)
        self.views = views
        self.constraints = constraints
    }
}
