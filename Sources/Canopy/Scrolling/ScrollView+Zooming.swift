import Foundation

/// Zooming: the delegate's ``ScrollViewDelegate/viewForZooming(in:)`` is scaled by
/// ``zoomScale`` (its transform), the content size follows its scaled frame, and a two-finger
/// pinch zooms about the point between the fingers.
extension ScrollView {
    /// The smallest zoom scale; 1 by default.
    /// - Precondition: finite and positive.
    public var minimumZoomScale: CGFloat {
        get { zoomLimits.lowerBound }
        set { setZoomLimits(newValue...max(newValue, zoomLimits.upperBound)) }
    }

    /// The largest zoom scale; 1 by default. Zooming needs it above ``minimumZoomScale``.
    /// - Precondition: finite and positive.
    public var maximumZoomScale: CGFloat {
        get { zoomLimits.upperBound }
        set { setZoomLimits(min(zoomLimits.lowerBound, newValue)...newValue) }
    }

    /// The scale of the zoomed view, kept within the limits; 1 by default.
    public var zoomScale: CGFloat {
        get { currentZoomScale }
        set { setZoomScale(newValue, animated: false) }
    }

    /// Whether a pinch is zooming the content.
    public var isZooming: Bool { pinchZoomStart != nil }

    /// The pinch recognizer that zooms, or `nil` while the limits allow no zooming (a
    /// ``minimumZoomScale`` equal to ``maximumZoomScale``), as in UIKit.
    public var pinchGestureRecognizer: PinchGestureRecognizer? {
        zoomLimits.lowerBound < zoomLimits.upperBound ? zoomPinchRecognizer : nil
    }

    /// Scales the view for zooming to `scale`, clamped to the limits, at once (Canopy does not
    /// animate zooming): its transform, its place at the content's origin, and the content size.
    /// - Precondition: `scale` is finite and positive.
    public func setZoomScale(_ scale: CGFloat, animated: Bool) {
        precondition(scale.isFinite && scale > 0, "Canopy: \(self) was given a zoom scale of \(scale)")
        applyZoom(scale.clamped(to: zoomLimits))
    }

    private func setZoomLimits(_ limits: ClosedRange<CGFloat>) {
        precondition(
            limits.lowerBound.isFinite && limits.upperBound.isFinite && limits.lowerBound > 0,
            "Canopy: \(self) was given zoom limits \(limits)")
        zoomLimits = limits
        if zoomPinchRecognizer.view == nil && limits.lowerBound < limits.upperBound {
            zoomPinchRecognizer.addAction { [unowned self] recognizer in
                self.pinchDidChange(recognizer as! PinchGestureRecognizer)
            }
            addGestureRecognizer(zoomPinchRecognizer)
        }
        zoomPinchRecognizer.isEnabled = limits.lowerBound < limits.upperBound
        if !limits.contains(currentZoomScale) { applyZoom(currentZoomScale.clamped(to: limits)) }
    }

    private func applyZoom(_ scale: CGFloat) {
        guard let view = delegate?.viewForZooming(in: self) else { return }
        currentZoomScale = scale
        view.transform = CGAffineTransform(scaleX: scale, y: scale)
        let size = CGSize(width: view.bounds.width * scale, height: view.bounds.height * scale)
        view.center = CGPoint(x: size.width * view.anchorPoint.x, y: size.height * view.anchorPoint.y)
        contentSize = size
        delegate?.scrollViewDidZoom(self)
    }

    private func pinchDidChange(_ pinch: PinchGestureRecognizer) {
        let zoomed = delegate?.viewForZooming(in: self)
        switch pinch.state {
        case .began:
            stopMotion()
            pinchZoomStart = currentZoomScale
            delegate?.scrollViewWillBeginZooming(self, with: zoomed)
        case .changed:
            guard let start = pinchZoomStart, let zoomed else { return }
            // The content point under the fingers stays under them.
            let centroid = pinch.location(in: self)
            let underFingers = zoomed.convert(centroid, from: self)
            let onScreen = CGPoint(x: centroid.x - contentOffset.x, y: centroid.y - contentOffset.y)
            applyZoom((start * pinch.scale).clamped(to: zoomLimits))
            applyOffset(
                CGPoint(
                    x: underFingers.x * currentZoomScale - onScreen.x, y: underFingers.y * currentZoomScale - onScreen.y))
        case .ended, .cancelled:
            guard pinchZoomStart != nil else { return }
            pinchZoomStart = nil
            applyOffset(clampedToScrollableRange(contentOffset))
            delegate?.scrollViewDidEndZooming(self, with: zoomed, atScale: currentZoomScale)
        default:
            break
        }
    }
}
