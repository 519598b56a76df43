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

    /// A finger touched down: it catches content that is decelerating within range, as in
    /// UIKit (content springing back from past an end goes on springing).
    func fingerDidTouchDown() {
        guard isDecelerating else { return }
        let range = scrollableRange
        if range.x.contains(contentOffset.x) && range.y.contains(contentOffset.y) { stopMotion() }
    }

    func panDidChange(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            stopMotion()
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
        if scrollsHorizontally {
            offset.x = followFinger(dragOrigin.x - translation.x, within: range.x, dimension: bounds.width)
        }
        if scrollsVertically {
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
            x: scrollsHorizontally ? -fingerVelocity.x : 0, y: scrollsVertically ? -fingerVelocity.y : 0)
        let start = contentOffset
        var target = CGPoint(
            x: ScrollAxisMotion.restingPosition(from: start.x, velocity: velocity.x, rate: rate).clamped(to: range.x),
            y: ScrollAxisMotion.restingPosition(from: start.y, velocity: velocity.y, rate: rate).clamped(to: range.y))
        let proposed = target
        delegate?.scrollViewWillEndDragging(
            self, withVelocity: CGPoint(x: velocity.x / 1000, y: velocity.y / 1000), targetContentOffset: &target)
        if target != proposed {
            velocity.x = ScrollAxisMotion.velocity(from: start.x, toRestAt: target.x, rate: rate)
            velocity.y = ScrollAxisMotion.velocity(from: start.y, toRestAt: target.y, rate: rate)
        }
        var motion = (
            x: ScrollAxisMotion(position: start.x, velocity: velocity.x),
            y: ScrollAxisMotion(position: start.y, velocity: velocity.y))
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

/// The scroll view's pan recognizer: it also tells the scroll view of each touch-down.
final class ScrollPanGestureRecognizer: PanGestureRecognizer {
    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        super.touchesBegan(touches, with: event)
        (view as? ScrollView)?.fingerDidTouchDown()
    }
}
