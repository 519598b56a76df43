import Foundation

/// Building the two maps of a conversion by walking the object graph: O(depth), no recursion.
///
/// Spaces meet at the nearest common ancestor. Views with none meet in screen space: a
/// window's own space maps there through the window's geometry; any other root's space is
/// taken as its own screen space (the map is the identity), a documented choice where UIKit
/// has no answer.
extension View {
    /// The root of this view's tree.
    var rootView: View {
        var view = self
        while let superview = view.superview { view = superview }
        return view
    }

    /// The nearest view that is an ancestor of (or is) both this view and `other`.
    func nearestCommonAncestor(with other: View) -> View? {
        var a: View? = self
        var b: View? = other
        var depthA = depth, depthB = other.depth
        while depthA > depthB { a = a?.superview; depthA -= 1 }
        while depthB > depthA { b = b?.superview; depthB -= 1 }
        while let x = a, let y = b, x !== y {
            a = x.superview
            b = y.superview
        }
        return a
    }

    /// The number of ancestors.
    var depth: Int {
        var count = 0
        var view = superview
        while let current = view {
            count += 1
            view = current.superview
        }
        return count
    }

    /// The map from this view's space into `ancestor`'s, or into screen space when `ancestor`
    /// is `nil`.
    func transform(toAncestor ancestor: View?) -> CGAffineTransform {
        var map = CGAffineTransform.identity
        var view: View = self
        while view !== ancestor {
            guard let superview = view.superview else {
                // A root: only a window has a place on the screen.
                return view is Window ? map.concatenating(view.transformToSuperview) : map
            }
            map = map.concatenating(view.transformToSuperview)
            view = superview
        }
        return map
    }
}

extension Conversion {
    /// The conversion from `source`'s space to `destination`'s; `nil` stands for screen space.
    init(from source: View?, to destination: View?) {
        let ancestor = source.flatMap { source in destination.flatMap { source.nearestCommonAncestor(with: $0) } }
        self.init(
            up: source?.transform(toAncestor: ancestor) ?? .identity,
            destinationUp: destination?.transform(toAncestor: ancestor) ?? .identity)
    }
}
