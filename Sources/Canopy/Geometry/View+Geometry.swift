import CCanopy
import Foundation

extension View {
    /// The view's own coordinate space: its visible rectangle.
    ///
    /// Changing the size keeps ``center`` (the view grows around its anchor point), flags the
    /// view and its superview for layout, resizes autoresizing subviews, and redraws when
    /// ``contentMode`` is `.redraw`. Changing the origin scrolls the content: a subview at frame
    /// origin (x, y) appears at (x - origin.x, y - origin.y) from the top-left corner; it flags
    /// the view itself for layout, so that a scrolling view can tile its content.
    /// - Precondition: every coordinate is finite.
    public var bounds: CGRect {
        get { geometry.bounds }
        set {
            precondition(newValue.isFinite, "Canopy: \(self) was given non-finite bounds \(newValue)")
            willChangeAnimatedValues()
            let oldSize = geometry.bounds.size
            applyBounds(newValue.standardized)
            geometryDidChange()
            autoresizeSubviews(after: oldSize)
        }
    }

    /// Where the anchor point sits, in the superview's space. Moving the center lays nothing out.
    /// - Precondition: both coordinates are finite.
    public var center: CGPoint {
        get { geometry.center }
        set { updateGeometry(\.center, to: newValue, isFinite: newValue.isFinite, "center") }
    }

    /// The view's transform, applied about its anchor point; it affects the view and all its
    /// descendants. Changing it changes ``frame`` but not ``bounds``, and lays nothing out.
    /// - Precondition: every entry is finite.
    public var transform: CGAffineTransform {
        get { geometry.transform }
        set { updateGeometry(\.transform, to: newValue, isFinite: newValue.isFinite, "transform") }
    }

    /// The point of the bounds, in unit coordinates, that sits at ``center`` and that
    /// ``transform`` turns about; (0.5, 0.5), the middle, by default.
    /// - Precondition: both coordinates are finite.
    public var anchorPoint: CGPoint {
        get { geometry.anchorPoint }
        set { updateGeometry(\.anchorPoint, to: newValue, isFinite: newValue.isFinite, "anchor point") }
    }

    /// The view's rectangle in its superview's space: the smallest axis-aligned rectangle that
    /// holds the bounds mapped by translate(-anchor * size), then ``transform``, then
    /// translate(``center``). With the identity transform that is `(center - anchor * size, size)`.
    ///
    /// Setting the frame sets ``center`` to `origin + anchor * size` and the bounds size to the
    /// frame size mapped through the inverse of the transform's linear part (the size of that
    /// bounding box): the frame size itself for the identity, 200×200 for a 100×100 frame under
    /// a scale of 0.5, width and height swapped under a 90° turn. The bounds origin and the
    /// transform are kept. When the transform cannot be inverted (a scale of 0), the bounds size
    /// is kept too. UIKit leaves the non-identity case undefined; Canopy follows this rule.
    /// - Precondition: every coordinate is finite.
    public var frame: CGRect {
        get {
            let size = geometry.bounds.size
            let anchorOffset = CGPoint(
                x: geometry.anchorPoint.x * size.width, y: geometry.anchorPoint.y * size.height)
            if geometry.transform.isIdentity {
                return CGRect(
                    x: geometry.center.x - anchorOffset.x, y: geometry.center.y - anchorOffset.y,
                    width: size.width, height: size.height)
            }
            let placed = geometry.transform.concatenating(
                CGAffineTransform(translationX: geometry.center.x, y: geometry.center.y))
            let local = CGRect(origin: CGPoint(x: -anchorOffset.x, y: -anchorOffset.y), size: size)
            return local.applying(placed)
        }
        set {
            precondition(newValue.isFinite, "Canopy: \(self) was given a non-finite frame \(newValue)")
            willChangeAnimatedValues()
            let oldSize = geometry.bounds.size
            assignFrame(newValue.standardized)
            geometryDidChange()
            autoresizeSubviews(after: oldSize)
        }
    }

    /// Sets the frame by the rule of ``frame``, without autoresizing the subviews.
    private func assignFrame(_ frame: CGRect) {
        var size = frame.size
        if !geometry.transform.isIdentity {
            var linear = geometry.transform
            linear.tx = 0
            linear.ty = 0
            var inverse = cnp_affine()
            if cnp_affine_invert(linear.cnpAffine, &inverse) {
                size = CGRect(origin: .zero, size: frame.size).applying(CGAffineTransform(inverse)).size
            } else {
                size = geometry.bounds.size
            }
        }
        let newCenter = CGPoint(
            x: frame.origin.x + geometry.anchorPoint.x * frame.size.width,
            y: frame.origin.y + geometry.anchorPoint.y * frame.size.height)
        if newCenter != geometry.center {
            geometry.center = newCenter
            rowDidChange()
        }
        applyBounds(CGRect(origin: geometry.bounds.origin, size: size))
    }

    /// Moves the center by `offset` and sets the bounds size, without autoresizing the
    /// subviews (one step of autoresizing).
    func move(centerBy offset: CGPoint, resizingBoundsTo size: CGSize) {
        if offset != .zero {
            geometry.center.x += offset.x
            geometry.center.y += offset.y
            rowDidChange()
        }
        applyBounds(CGRect(origin: geometry.bounds.origin, size: size))
        geometryDidChange()
    }

    /// Gives the view the center and bounds size Auto Layout solved for, as one change:
    /// observers hear of it once, and autoresizing subviews follow the new size. Auto Layout
    /// itself is not told: the change is its own answer, not an edit to solve again.
    func applyLayoutSolution(center newCenter: CGPoint, boundsSize size: CGSize) {
        // One read and one write of the geometry: this runs for every view a solve moves.
        var changed = geometry
        let oldSize = changed.bounds.size
        guard newCenter != changed.center || size != oldSize else { return }
        changed.center = newCenter
        changed.bounds.size = size
        geometry = changed
        rowDidChange()
        if size != oldSize { boundsSizeDidChange(from: oldSize) }
        observedPropertiesDidChange()
        autoresizeSubviews(after: oldSize)
    }

    /// Tells observers, and Auto Layout (a frame it turns into constraints, or where an
    /// undetermined view stays), that the geometry changed.
    private func geometryDidChange() {
        observedPropertiesDidChange()
        layoutRulesDidChange()
    }

    /// Autoresizes the subtree after this view's bounds size changed from `oldSize`: each
    /// resized subview resizes its own subviews in turn, from a work list rather than by
    /// recursion, so a deep tree costs no call stack.
    private func autoresizeSubviews(after oldSize: CGSize) {
        // Most views under Auto Layout have no subview to autoresize: no work list for them.
        guard geometry.bounds.size != oldSize, autoresizesSubviews,
            subviews.contains(where: \.translatesAutoresizingMaskIntoConstraints)
        else { return }
        // Read once: an animation block animates the frames autoresizing gives.
        let animationBlock = windowHandle != nil ? AnimationCapture.current : nil
        var work: [(view: View, oldSize: CGSize)] = [(self, oldSize)]
        while let (view, previous) = work.popLast() {
            guard view.autoresizesSubviews else { continue }
            let size = view.geometry.bounds.size
            for subview in view.subviews where subview.translatesAutoresizingMaskIntoConstraints {
                animationBlock?.note(subview)
                let before = subview.geometry.bounds.size
                subview.autoresize(superviewSizeChangedFrom: previous, to: size)
                if subview.geometry.bounds.size != before { work.append((subview, before)) }
            }
        }
    }

    /// Sets one geometry value that moves the view without resizing it (nothing is laid out).
    /// Inlined so that the key path is a constant the optimizer resolves: called through the
    /// runtime, each read instantiated the key path's generic metadata.
    @inline(__always)
    private func updateGeometry<Value: Equatable>(
        _ field: WritableKeyPath<Geometry, Value>, to value: Value, isFinite: Bool, _ name: String
    ) {
        precondition(isFinite, "Canopy: \(self) was given a non-finite \(name) \(value)")
        willChangeAnimatedValues()
        guard geometry[keyPath: field] != value else { return }
        geometry[keyPath: field] = value
        rowDidChange()
        geometryDidChange()
    }

    /// The map from this view's space to its superview's space.
    var transformToSuperview: CGAffineTransform {
        CGAffineTransform(
            cnp_affine_node_to_parent(
                geometry.bounds.cnpRect, geometry.center.cnpPoint, geometry.anchorPoint.cnpPoint, geometry.transform.cnpAffine))
    }

    private func applyBounds(_ newBounds: CGRect) {
        let old = geometry.bounds
        guard newBounds != old else { return }
        geometry.bounds = newBounds
        rowDidChange()
        if newBounds.size != old.size { boundsSizeDidChange(from: old.size) }
        if newBounds.origin != old.origin {
            setNeedsLayout()
        }
    }

    /// The view and its superview lay out again, and a view that redraws on resizing redraws.
    private func boundsSizeDidChange(from oldSize: CGSize) {
        setNeedsLayout()
        // Lent: flagging calls no app code, and this runs for every view a solve resizes.
        superviewHandle?._withUnsafeGuaranteedRef { $0.setNeedsLayout() }
        if redrawsOnResize { setNeedsDisplay() }
        if oldSize.isEmptyArea != geometry.bounds.size.isEmptyArea { pendingDisplayBecameReachable() }
    }
}

extension CGSize {
    /// Whether there is nothing to draw in a rectangle of this size.
    var isEmptyArea: Bool { width <= 0 || height <= 0 }
}
