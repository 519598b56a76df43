import Foundation

extension View {
    /// Whether `type` is one of Canopy's own classes whose `draw(_:)` draws nothing (their
    /// content is their layer's and their subviews'): the display pass skips them instead of
    /// preparing a context. (Compared one by one: the display pass asked a set, hashing, for
    /// every view of a first cycle.)
    static func drawsNothing(_ type: View.Type) -> Bool {
        type == View.self || type == Window.self || type == Control.self || type == ScrollView.self
            || type == StackView.self
    }

    /// Runs `draw(rect)` with a current context over the view's pixels (the display pass).
    ///
    /// As in UIKit, an image view (of any subclass) never draws, nor does a view whose layer was
    /// given `contents`: its content is given already. A redraw of part of a store of the same
    /// size draws into it, the part grown to whole pixels (cleared first when
    /// ``clearsContextBeforeDrawing``); otherwise the view
    /// draws into new pixels, allocated only if it draws at all. A view that drew nothing keeps
    /// no pixels.
    func display(_ rect: CGRect) {
        if Self.drawsNothing(type(of: self)) { return draw(rect) }
        if self is ImageView || layerStorage?.contents != nil { return }
        let scale = contentScaleFactor, size = bounds.size
        let pixels = (width: Int((size.width * scale).rounded(.up)), height: Int((size.height * scale).rounded(.up)))
        let toPixels = CGAffineTransform(translationX: -bounds.minX, y: -bounds.minY)
            .concatenating(CGAffineTransform(scaleX: scale, y: scale))
        let dirty = rect.intersection(bounds)
        let kept = layerStorage?.backingStore
        let context: GraphicsContext
        let isPartial = kept.map { $0.size == size && !dirty.contains(bounds) && $0.raster.width == pixels.width } ?? false
        var drawn = rect
        if let kept, isPartial {
            // The part grown to whole pixels of the store: a pixel the part cut through would
            // blend the new drawing into the old, and the store would not be what a whole
            // redraw gives.
            drawn = Self.wholePixels(of: dirty, scale: scale, origin: bounds.origin)
            context = GraphicsContext(raster: kept.raster, transform: toPixels)
            context.clip(to: drawn)
            if clearsContextBeforeDrawing { context.clear(drawn) }
        } else {
            context = GraphicsContext(pixelSize: CGSize(width: pixels.width, height: pixels.height), transform: toPixels) {
                Raster(width: pixels.width, height: pixels.height)
            }
            context.clip(to: dirty)
        }
        ContextStack.drawing(in: context) { draw(drawn) }
        context.finish()
        guard !isPartial else {
            kept?.revision += 1
            return
        }
        if let raster = context.raster {
            layer.backingStore = BackingStore(raster: raster, size: size)
        } else {
            layerStorage?.backingStore = nil
        }
    }

    /// The smallest rectangle of whole pixels (`scale` to a point, counted from `origin`) that
    /// holds `rect`.
    static func wholePixels(of rect: CGRect, scale: CGFloat, origin: CGPoint) -> CGRect {
        let left = ((rect.minX - origin.x) * scale).rounded(.down), right = ((rect.maxX - origin.x) * scale).rounded(.up)
        let top = ((rect.minY - origin.y) * scale).rounded(.down), bottom = ((rect.maxY - origin.y) * scale).rounded(.up)
        return CGRect(
            x: origin.x + left / scale, y: origin.y + top / scale, width: (right - left) / scale, height: (bottom - top) / scale)
    }
}
