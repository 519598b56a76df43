import Foundation

/// Draws views and layers into a raster, back to front, as Core Animation composites a layer
/// tree: for each layer its shadow, background, contents (or its view's drawing), its own
/// `draw(in:)`, then its sublayers and its view's subviews (clipped when it masks to bounds),
/// then its border; an opacity below 1 or a mask blends the whole group at once.
///
/// Views are walked with an explicit stack, so a chain of any depth draws without recursion;
/// sublayers of standalone layers (few, made by hand) recurse.
struct Compositor {
    let raster: Raster
    /// Whether a view's own pixels (its layer, sublayers and border) are drawn; its subviews are
    /// visited either way. Rendering a region again draws only the views that reach it.
    var draws: (View) -> Bool = { _ in true }
    /// What an animating view shows now (its layer's presentation copy), or `nil` to draw
    /// its model values.
    var shown: (View) -> Layer? = { _ in nil }

    /// What is left to do for a view after its subviews.
    private struct Closing {
        let view: View
        let toDevice: CGAffineTransform
        let grouped: Bool
        /// The opacity the group blends with: the view's, or what it shows while animating.
        let alpha: CGFloat
        let clipped: Bool
        let drawn: Bool
    }

    private enum Step {
        case open(View, toDevice: CGAffineTransform, shown: Layer?)
        case close(Closing, shown: Layer?)
    }

    /// Draws `root` and everything under it, `toDevice` mapping `root`'s space to pixels.
    func draw(_ root: View, toDevice: CGAffineTransform) {
        var steps: [Step] = [.open(root, toDevice: toDevice, shown: shown(root))]
        while let step = steps.popLast() {
            switch step {
            case .open(let view, let toDevice, let shownLayer):
                let alpha = shownLayer.map { CGFloat($0.opacity) } ?? view.alpha
                guard !view.isHidden, alpha > 0 else { continue }
                let layer = Self.bodyLayer(of: view, shown: shownLayer), drawn = draws(view)
                let grouped = alpha < 1 || layer?.mask != nil
                if grouped { raster.beginGroup() }
                if let layer, drawn {
                    drawBody(of: layer, toDevice: toDevice)
                } else if drawn, let color = view.backgroundColor, color.alpha > 0 {
                    raster.fill(Path(rect: view.bounds).applying(toDevice), rule: .winding, with: .color(color))
                }
                if view.clipsToBounds { clip(to: layer?.roundedBounds ?? Path(rect: view.bounds), toDevice: toDevice) }
                if let sublayers = view.layerStorage, drawn { drawSublayers(of: sublayers, toDevice: toDevice) }
                steps.append(.close(Closing(view: view, toDevice: toDevice, grouped: grouped, alpha: alpha, clipped: view.clipsToBounds,
                                            drawn: drawn), shown: shownLayer))
                for subview in Self.backToFront(view.subviews).reversed() {
                    let shownSubview = shown(subview)
                    let toSuperview = shownSubview?.toSuperlayer ?? subview.transformToSuperview
                    steps.append(.open(subview, toDevice: toSuperview.concatenating(toDevice), shown: shownSubview))
                }
            case .close(let closing, let shownLayer):
                if closing.clipped { raster.restore() }
                if let layer = Self.bodyLayer(of: closing.view, shown: shownLayer) {
                    if closing.drawn { drawBorder(of: layer, toDevice: closing.toDevice) }
                    if closing.grouped { endGroup(Float(closing.alpha), mask: layer.mask, toDevice: closing.toDevice) }
                } else if closing.grouped {
                    raster.endGroup(alpha: closing.alpha)
                }
            }
        }
    }

    /// The layer whose body, border and mask `view` draws: the presentation copy `shown` of an
    /// animating view's plain layer; else the view's layer (a subclass's copy would lack its
    /// own state, so it draws its model body, placed and faded as shown). Sublayers stay on
    /// the view's layer.
    private static func bodyLayer(of view: View, shown: Layer?) -> Layer? {
        guard let shown, let layer = view.layerStorage else { return view.layerStorage }
        return type(of: layer) == Layer.self ? shown : layer
    }

    /// Draws a standalone layer and its sublayers.
    func draw(_ layer: Layer, toDevice: CGAffineTransform) {
        guard !layer.isHidden, layer.opacity > 0 else { return }
        let grouped = layer.opacity < 1 || layer.mask != nil
        if grouped { raster.beginGroup() }
        drawBody(of: layer, toDevice: toDevice)
        if layer.masksToBounds { clip(to: layer.roundedBounds, toDevice: toDevice) }
        drawSublayers(of: layer, toDevice: toDevice)
        if layer.masksToBounds { raster.restore() }
        drawBorder(of: layer, toDevice: toDevice)
        if grouped { endGroup(layer.opacity, mask: layer.mask, toDevice: toDevice) }
    }

    /// Subviews in the order they are drawn: by their layers' `zPosition`, then as listed.
    static func backToFront(_ subviews: [View]) -> [View] {
        guard subviews.contains(where: { ($0.layerStorage?.zPosition ?? 0) != 0 }) else { return subviews }
        return subviews.enumerated().sorted {
            (($0.element.layerStorage?.zPosition ?? 0), $0.offset) < (($1.element.layerStorage?.zPosition ?? 0), $1.offset)
        }.map(\.element)
    }

    private func drawSublayers(of layer: Layer, toDevice: CGAffineTransform) {
        guard let sublayers = layer.sublayers else { return }
        let ordered = sublayers.enumerated().sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }
        for (_, sublayer) in ordered {
            draw(sublayer, toDevice: sublayer.toSuperlayer.concatenating(toDevice))
        }
    }

    private func clip(to outline: Path, toDevice: CGAffineTransform) {
        raster.save()
        raster.clip(to: outline.applying(toDevice), rule: .winding)
    }

    /// The shadow, the background, the contents, a view's drawing and `draw(in:)`.
    private func drawBody(of layer: Layer, toDevice: CGAffineTransform) {
        let bounds = layer.bounds
        drawShadow(of: layer, toDevice: toDevice)
        if let color = layer.backgroundColor, color.alpha > 0 {
            raster.fill(layer.roundedBounds.applying(toDevice), rule: .winding, with: .color(color))
        }
        let gravity = layer.contentsGravity
        if let image = layer.contents, let pixels = image.raster {
            if layer.masksToBounds { clip(to: layer.roundedBounds, toDevice: toDevice) }
            place(pixels, in: gravity.place(image.size, in: bounds), toDevice: toDevice)
            if layer.masksToBounds { raster.restore() }
        }
        if let store = layer.backingStore {
            place(store.raster, in: gravity.place(store.size, in: bounds), toDevice: toDevice)
        }
        // A plain layer's draw(in:) draws nothing: no context for it (most layers are plain).
        guard type(of: layer) != Layer.self else { return }
        let context = GraphicsContext(raster: raster, transform: toDevice)
        // What a layer draws stays in its bounds, as in Core Animation; a shape layer's path
        // is drawn wherever it lies.
        if !(layer is ShapeLayer) { context.clip(to: bounds) }
        ContextStack.drawing(in: context) { layer.draw(in: context) }
        context.finish()
    }

    private func place(_ pixels: Raster, in rect: CGRect, toDevice: CGAffineTransform) {
        guard rect.isFinite, !rect.isEmpty else { return }
        let toRect = CGAffineTransform(scaleX: rect.width / CGFloat(pixels.width), y: rect.height / CGFloat(pixels.height))
            .concatenating(CGAffineTransform(translationX: rect.minX, y: rect.minY))
        raster.draw(pixels, transform: toRect.concatenating(toDevice), alpha: 1)
    }

    /// A border inside the bounds: the band between the rounded bounds and the same shape
    /// inset by the border's width, its corners' radii shrunk by as much.
    private func drawBorder(of layer: Layer, toDevice: CGAffineTransform) {
        guard layer.borderWidth > 0, layer.borderWidth.isFinite, let color = layer.borderColor, color.alpha > 0 else {
            return
        }
        let width = layer.borderWidth
        var band = layer.roundedBounds
        let inner = layer.bounds.insetBy(dx: width, dy: width)
        if !inner.isNull && !inner.isEmpty {
            let r = max(0, min(layer.cornerRadius, min(layer.bounds.width, layer.bounds.height) / 2) - width)
            layer.addRoundedRect(inner, radius: r, to: &band)
        }
        raster.fill(band.applying(toDevice), rule: .evenOdd, with: .color(color))
    }

    /// The shadow of the shadow path, or of the rounded bounds when the layer has a background.
    private func drawShadow(of layer: Layer, toDevice: CGAffineTransform) {
        guard layer.shadowOpacity > 0, var color = layer.shadowColor,
            let shape = layer.shadowPath ?? (layer.backgroundColor.map { $0.alpha > 0 } == true ? layer.roundedBounds : nil)
        else { return }
        color.alpha *= Double(layer.shadowOpacity)
        let offset = CGAffineTransform(translationX: layer.shadowOffset.width, y: layer.shadowOffset.height)
        let device = shape.applying(offset.concatenating(toDevice))
        let deviceScale = sqrt(abs(toDevice.a * toDevice.d - toDevice.b * toDevice.c))
        let radius = max(0, layer.shadowRadius.isFinite ? layer.shadowRadius : 0) * deviceScale
        let pad = (radius * 1.5).rounded(.up) + 1
        let reach = CGRect(x: 0, y: 0, width: raster.width, height: raster.height).insetBy(dx: -pad, dy: -pad)
        let box = device.boundingBox.insetBy(dx: -pad, dy: -pad).intersection(reach).integral
        guard !box.isNull, box.isFinite, let shadow = Raster(width: Int(box.width), height: Int(box.height)) else {
            return
        }
        shadow.fill(device.applying(CGAffineTransform(translationX: -box.minX, y: -box.minY)), rule: .winding,
                    with: .color(color))
        shadow.blur(radius: radius)
        raster.draw(shadow, transform: CGAffineTransform(translationX: box.minX, y: box.minY), alpha: 1)
    }

    /// Blends the group begun for a layer, masked by `mask`'s alpha when it has one.
    private func endGroup(_ opacity: Float, mask: Layer?, toDevice: CGAffineTransform) {
        guard let mask, let pixels = Raster(width: raster.width, height: raster.height) else {
            return raster.endGroup(alpha: CGFloat(opacity))
        }
        Compositor(raster: pixels).draw(mask, toDevice: mask.toSuperlayer.concatenating(toDevice))
        if opacity < 1 {
            raster.beginGroup()
            raster.endGroup(alpha: 1, mask: pixels)
            raster.endGroup(alpha: CGFloat(opacity))
        } else {
            raster.endGroup(alpha: 1, mask: pixels)
        }
    }
}

extension Window {
    /// Runs the update cycle, then draws the window and everything in it into an image of its
    /// bounds size at `scale` pixels per point (the screen's scale by default).
    ///
    /// The window keeps the pixels of its last render: when the next one has the same size and
    /// scale, only the region where something changed is composited again (a view drawn again,
    /// moved, recoloured, added or removed; see ``lastRenderedRegion``), and the image is the
    /// same as a render from scratch. The same tree gives the same pixels on every run and any
    /// number of threads.
    /// - Throws: ``RenderError`` when the image would be empty, or larger than 32,767 pixels on a
    ///   side or 2^26 pixels in all.
    public func render(scale: CGFloat? = nil) throws -> Image {
        let scale = scale ?? screen.scale
        let size = bounds.size
        let (w, h) = ((size.width * scale).rounded(.up), (size.height * scale).rounded(.up))
        guard scale.isFinite, scale > 0, w.isFinite, h.isFinite, w >= 1, h >= 1,
            w <= CGFloat(Raster.maximumSide), h <= CGFloat(Raster.maximumSide)
        else { throw RenderError.unsupportedSize(width: w, height: h) }
        runUpdateCycle()
        let toDevice = CGAffineTransform(translationX: -bounds.minX, y: -bounds.minY)
            .concatenating(CGAffineTransform(scaleX: scale, y: scale))
        let kept = renderMemory.flatMap { $0.scale == scale && $0.raster.width == Int(w) && $0.raster.height == Int(h) ? $0 : nil }
        renderMemory = kept ?? Raster(width: Int(w), height: Int(h)).map { RenderMemory(scale: scale, raster: $0) }
        // Animations show values the memory does not record: while any runs, and once after,
        // everything is composited again.
        let animations = animationsStorage.flatMap { $0.isEmpty ? nil : $0 }
        let everything = kept == nil || kept?.showedAnimations == true || animations != nil
        guard let memory = renderMemory,
            let region = memory.composite(self, toDevice: toDevice, everything: everything, shown: { animations?.presentationLayer(of: $0) })
        else {
            renderMemory = nil  // what it recorded was not drawn
            throw RenderError.unsupportedSize(width: w, height: h)
        }
        memory.showedAnimations = animations != nil
        lastRenderedRegion = region.isNull ? .null : region.applying(toDevice.inverted())
        return Image(raster: memory.raster, scale: scale)
    }
}

/// Why a window could not be rendered.
public enum RenderError: Error, CustomStringConvertible, Equatable {
    /// The image would be empty or past the size limits (in pixels).
    case unsupportedSize(width: CGFloat, height: CGFloat)

    /// The reason, with the size asked for and the limits.
    public var description: String {
        switch self {
        case .unsupportedSize(let w, let h):
            "cannot render an image of \(w) × \(h) pixels: each side must be 1 to \(Raster.maximumSide), and the whole at most \(Raster.maximumPixels) pixels"
        }
    }
}
