import Foundation

/// Dragging, flinging and bouncing.
extension ScrollView {
    /// How far the content follows a finger dragged `overshoot` points past an end, for a
    /// visible length of `dimension`: it moves less the further it goes, never a full `dimension`.
    static func rubberBand(_ overshoot: CGFloat, dimension: CGFloat) -> CGFloat {
        guard dimension > 0 else { return 0 }
        return (1 - 1 / (overshoot * 0.55 / dimension + 1)) * dimension
    }

    /// Whether the content scrolls horizontally: it is wider than the view, or it always bounces.
    var scrollsHorizontally: Bool {
        scrollableRange.x.upperBound > scrollableRange.x.lowerBound || alwaysBounceHorizontal
    }

    /// Whether the content scrolls vertically: it is taller than the view, or it always bounces.
    var scrollsVertically: Bool {
        scrollableRange.y.upperBound > scrollableRange.y.lowerBound || alwaysBounceVertical
    }

    func panDidChange(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            stopMotion()
            lockedAxis = isDirectionalLockEnabled ? Self.dominantAxis(of: pan.translation(in: self)) : nil
            pan.setTranslation(.zero, in: self)
            dragOrigin = contentOffset
            isDragging = true
            delegate?.scrollViewWillBeginDragging(self)
        case .changed:
            drag(by: pan.translation(in: self))
        case .ended:
            endDrag(velocity: pan.velocity(in: self))
        case .cancelled:
            endDrag(velocity: .zero)
        default:
            break
        }
    }

    /// Moves the content with the finger, `translation` from where the drag began.
    private func drag(by translation: CGPoint) {
        let range = scrollableRange
        var offset = contentOffset
        if scrollsHorizontally && lockedAxis != .vertical {
            offset.x = followFinger(dragOrigin.x - translation.x, within: range.x, dimension: bounds.width)
        }
        if scrollsVertically && lockedAxis != .horizontal {
            offset.y = followFinger(dragOrigin.y - translation.y, within: range.y, dimension: bounds.height)
        }
        applyOffset(offset)
    }

    private func followFinger(_ wanted: CGFloat, within range: ClosedRange<CGFloat>, dimension: CGFloat) -> CGFloat {
        guard bounces else { return wanted.clamped(to: range) }
        if wanted < range.lowerBound { return range.lowerBound - Self.rubberBand(range.lowerBound - wanted, dimension: dimension) }
        if wanted > range.upperBound { return range.upperBound + Self.rubberBand(wanted - range.upperBound, dimension: dimension) }
        return wanted
    }

    /// The finger lifted while the content moved at `fingerVelocity` (points per second of
    /// this view's space): ask the delegate where to stop, then decelerate or spring back.
    private func endDrag(velocity fingerVelocity: CGPoint) {
        let rate = decelerationRate.rawValue, range = scrollableRange
        var velocity = CGPoint(
            x: scrollsHorizontally && lockedAxis != .vertical ? -fingerVelocity.x : 0,
            y: scrollsVertically && lockedAxis != .horizontal ? -fingerVelocity.y : 0)
        let start = contentOffset
        var target = clampedToScrollableRange(
            CGPoint(
                x: ScrollAxisMotion.restingPosition(from: start.x, velocity: velocity.x, rate: rate),
                y: ScrollAxisMotion.restingPosition(from: start.y, velocity: velocity.y, rate: rate)))
        if isPagingEnabled { target = pageTarget(from: start, velocity: velocity, within: range) }
        let proposed = target
        delegate?.scrollViewWillEndDragging(
            self, withVelocity: CGPoint(x: velocity.x / 1000, y: velocity.y / 1000), targetContentOffset: &target)
        let aimed = target != proposed || isPagingEnabled
        if aimed {
            velocity.x = ScrollAxisMotion.velocity(from: start.x, toRestAt: target.x, rate: rate)
            velocity.y = ScrollAxisMotion.velocity(from: start.y, toRestAt: target.y, rate: rate)
        }
        var motion = (
            x: ScrollAxisMotion(position: start.x, velocity: velocity.x, target: aimed ? target.x : nil),
            y: ScrollAxisMotion(position: start.y, velocity: velocity.y, target: aimed ? target.y : nil))
        motion.x.advance(by: 0, within: range.x, rate: rate, bounces: bounces)
        motion.y.advance(by: 0, within: range.y, rate: rate, bounces: bounces)
        let willDecelerate = !(motion.x.isAtRest && motion.y.isAtRest && start == target)
        isDragging = false
        delegate?.scrollViewDidEndDragging(self, willDecelerate: willDecelerate)
        guard willDecelerate, let window else { return applyOffset(CGPoint(x: motion.x.position, y: motion.y.position)) }
        isDecelerating = true
        delegate?.scrollViewWillBeginDecelerating(self)
        var lastTime = window.eventTime
        runMotion(startingAt: lastTime) { scrollView, time in
            let seconds = CGFloat(time - lastTime), range = scrollView.scrollableRange
            lastTime = time
            motion.x.advance(by: seconds, within: range.x, rate: rate, bounces: scrollView.bounces)
            motion.y.advance(by: seconds, within: range.y, rate: rate, bounces: scrollView.bounces)
            scrollView.applyOffset(CGPoint(x: motion.x.position, y: motion.y.position))
            guard motion.x.isAtRest && motion.y.isAtRest else { return false }
            scrollView.isDecelerating = false
            scrollView.delegate?.scrollViewDidEndDecelerating(scrollView)
            return true
        }
    }
}

extension ScrollView {
    /// The axis a drag that starts by moving `translation` keeps to, or `nil` for a diagonal
    /// start: one component at least twice the other.
    static func dominantAxis(of translation: CGPoint) -> LayoutConstraint.Axis? {
        let dx = abs(translation.x), dy = abs(translation.y)
        if dx >= 2 * dy { return .horizontal }
        if dy >= 2 * dx { return .vertical }
        return nil
    }

    /// Where paging comes to rest: the page boundary (a multiple of the bounds size from the
    /// start of the range) nearest to where the fling would stop, at most one page away from
    /// the page the drag started on.
    func pageTarget(from start: CGPoint, velocity: CGPoint, within range: (x: ClosedRange<CGFloat>, y: ClosedRange<CGFloat>)) -> CGPoint {
        let rate = decelerationRate.rawValue
        func page(_ position: CGFloat, _ velocity: CGFloat, origin: CGFloat, size: CGFloat, range: ClosedRange<CGFloat>) -> CGFloat {
            guard size > 0 else { return position.clamped(to: range) }
            let resting = ScrollAxisMotion.restingPosition(from: position, velocity: velocity, rate: rate)
            let startPage = ((origin - range.lowerBound) / size).rounded()
            let wanted = ((resting - range.lowerBound) / size).rounded()
            let chosen = min(max(wanted, startPage - 1), startPage + 1)
            return (range.lowerBound + chosen * size).clamped(to: range)
        }
        return CGPoint(
            x: page(start.x, velocity.x, origin: dragOrigin.x, size: bounds.width, range: range.x),
            y: page(start.y, velocity.y, origin: dragOrigin.y, size: bounds.height, range: range.y))
    }
}

/// The scroll view's pan recognizer: it also tells the scroll view when fingers come and go
/// (``ScrollView/isTracking``).
final class ScrollPanGestureRecognizer: PanGestureRecognizer {
    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        super.touchesBegan(touches, with: event)
        (view as? ScrollView)?.fingerDidTouchDown()
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        if self.touches.count == touches.count { (view as? ScrollView)?.isTracking = false }
        super.touchesEnded(touches, with: event)
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        if self.touches.count == touches.count { (view as? ScrollView)?.isTracking = false }
        super.touchesCancelled(touches, with: event)
    }
}
