import Foundation

/// Where views' bounds origins lie in window space (transforms ignored): a view's origin is its
/// superview's plus its own frame's offset. A lookup walks up to the root or to an ancestor
/// whose origin is known; one that walks far remembers its answer, so a pass over many views
/// costs a bounded number of steps per view however deep the tree (a shallow tree's walks stay
/// short and remember nothing).
///
/// Valid while no geometry changes; make one per pass.
package struct ContentOrigins {
    private var known: [ObjectIdentifier: CGPoint] = [:]
    /// Walks longer than this remember their answer.
    private static let stepsWorthRemembering = 16

    /// An empty memo.
    package init() {}

    /// Where `view`'s bounds coordinate (0, 0) lies in window space, transforms ignored.
    package mutating func of(_ view: View) -> CGPoint {
        var offset = CGPoint.zero
        var current = view
        var steps = 0
        var origin: CGPoint
        while true {
            if !known.isEmpty, let base = known[ObjectIdentifier(current)] {
                origin = base
                break
            }
            guard let superview = current.superview else {
                origin = CGPoint(x: -current.bounds.minX, y: -current.bounds.minY)
                break
            }
            let frame = current.untransformedFrame
            offset.x += frame.minX - current.bounds.minX
            offset.y += frame.minY - current.bounds.minY
            current = superview
            steps += 1
        }
        origin.x += offset.x
        origin.y += offset.y
        if steps > Self.stepsWorthRemembering { known[ObjectIdentifier(view)] = origin }
        return origin
    }

    /// Where `item` is laid out in window space: a view's untransformed frame, a guide's
    /// layout frame, offset by the content origin of the view that holds it.
    package mutating func layoutRect(of item: LayoutItem) -> CGRect {
        if let guide = item as? LayoutGuide {
            guard let owner = guide.owningView else { return guide.layoutFrame }
            let origin = of(owner)
            return guide.layoutFrame.offsetBy(dx: origin.x, dy: origin.y)
        }
        let view = item as! View
        guard let superview = view.superview else { return CGRect(origin: .zero, size: view.bounds.size) }
        let origin = of(superview)
        return view.untransformedFrame.offsetBy(dx: origin.x, dy: origin.y)
    }
}
