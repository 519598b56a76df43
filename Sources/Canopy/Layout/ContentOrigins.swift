import Foundation

/// Where views' bounds origins lie in window space (transforms ignored), each found once: a
/// view's origin is its superview's plus its own frame's offset, so a pass over many views
/// costs one step per view rather than one per ancestor of each (deep trees stay linear).
///
/// Valid while no geometry changes; make one per pass.
package struct ContentOrigins {
    private var known: [ObjectIdentifier: CGPoint] = [:]

    /// An empty memo.
    package init() {}

    /// Where `view`'s bounds coordinate (0, 0) lies in window space, transforms ignored.
    package mutating func of(_ view: View) -> CGPoint {
        if let origin = known[ObjectIdentifier(view)] { return origin }
        // Up to the first ancestor already known (or the root), then down again.
        var path: [View] = []
        var current: View? = view
        while let next = current, known[ObjectIdentifier(next)] == nil {
            path.append(next)
            current = next.superview
        }
        var origin = current.map { known[ObjectIdentifier($0)]! }
        for next in path.reversed() {
            let own = CGPoint(x: -next.bounds.minX, y: -next.bounds.minY)
            if let parentOrigin = origin, next.superview != nil {
                let frame = next.untransformedFrame
                origin = CGPoint(x: parentOrigin.x + frame.minX + own.x, y: parentOrigin.y + frame.minY + own.y)
            } else {
                origin = own
            }
            known[ObjectIdentifier(next)] = origin
        }
        return origin!
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
