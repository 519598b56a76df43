import Foundation

/// What a scroll view tells its delegate as it scrolls; every method has a default that does
/// nothing. The order for a fling: will begin dragging, did scroll…, will end dragging, did end
/// dragging (will decelerate), will begin decelerating, did scroll…, did end decelerating.
public protocol ScrollViewDelegate: AnyObject {
    /// The content offset changed, by any means.
    func scrollViewDidScroll(_ scrollView: ScrollView)
    /// A drag is about to scroll the content.
    func scrollViewWillBeginDragging(_ scrollView: ScrollView)
    /// The finger lifted, moving at `velocity` (points per millisecond, in content direction);
    /// set `targetContentOffset` to choose where the deceleration comes to rest.
    func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: CGPoint, targetContentOffset: inout CGPoint)
    /// The drag ended; `decelerate` tells whether the content goes on moving.
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)
    /// The content starts moving on its own after a drag.
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView)
    /// The content came to rest after decelerating (or bouncing back).
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
    /// An animation started by `setContentOffset(_:animated: true)` finished.
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView)
    /// The view that zooming scales, or `nil` (the default) for no zooming.
    func viewForZooming(in scrollView: ScrollView) -> View?
    /// A pinch is about to zoom `view`.
    func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?)
    /// The zoom scale changed, by any means.
    func scrollViewDidZoom(_ scrollView: ScrollView)
    /// A pinch ended, leaving `view` at `scale`.
    func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: CGFloat)
}

extension ScrollViewDelegate {
    /// Does nothing.
    public func scrollViewDidScroll(_ scrollView: ScrollView) {}
    /// Does nothing.
    public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    /// Does nothing.
    public func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: CGPoint, targetContentOffset: inout CGPoint
    ) {}
    /// Does nothing.
    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    /// Does nothing.
    public func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {}
    /// Does nothing.
    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
    /// Does nothing.
    public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
    /// No view: the scroll view does not zoom.
    public func viewForZooming(in scrollView: ScrollView) -> View? { nil }
    /// Does nothing.
    public func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?) {}
    /// Does nothing.
    public func scrollViewDidZoom(_ scrollView: ScrollView) {}
    /// Does nothing.
    public func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: CGFloat) {}
}
