import Foundation

/// What a window's last render left, so that the next one composites again only what changed:
/// the pixels, and for each view drawn a digest of everything the compositor reads for it and
/// the device pixels it can touch.
///
/// A view's digest covers its place on the device, its bounds, its layer (colours, corners,
/// border, shadow, contents, kept drawing, opacity, mask, sublayers), its position among its
/// siblings and its superview's digest, so that a change to a superview's opacity, clip or
/// order reaches everything under it. Views whose layer draws itself (`draw(in:)` of a layer
/// subclass) have no digest: their pixels are composited again on every render.
final class RenderMemory {
    /// What one view left.
    struct Drawn {
        let digest: Int
        /// Device pixels it can touch: its bounds, shadow and sublayers, rounded out.
        let extent: CGRect
    }

    let scale: CGFloat
    /// Whether the pixels show animations' values rather than the recorded ones.
    var showedAnimations = false
    /// The pixels; shared with the last image returned until either is dropped, and copied
    /// before drawing while the image holds them (images never change).
    private(set) var raster: Raster
    private(set) var drawn: [ObjectIdentifier: Drawn] = [:]
    /// The images and kept drawings the digests name by identity, held so that no other can
    /// take their address before the next render compares.
    private var named: [AnyObject] = []

    init(scale: CGFloat, raster: Raster) {
        self.scale = scale
        self.raster = raster
    }

    /// Records the views under `root` as they are now and composites again the region where
    /// they differ from what was recorded (`everything`: the whole raster), animating views as
    /// `shown` gives them; returns that region
    /// in device pixels (`.null` when nothing changed), or `nil` when memory ran out.
    func composite(_ root: View, toDevice: CGAffineTransform, everything: Bool, shown: @escaping (View) -> Layer?) -> CGRect? {
        let changed = update(from: root, toDevice: toDevice)
        let region = everything ? CGRect(x: 0, y: 0, width: raster.width, height: raster.height) : changed
        guard !region.isNull else { return region }
        // The last image returned may still hold the pixels: images never change.
        if !isKnownUniquelyReferenced(&raster) {
            guard let copy = raster.copy() else { return nil }
            raster = copy
        }
        raster.save()
        raster.clip(to: Path(rect: region), rule: .winding)
        raster.clear(Path(rect: region))
        // Everything is drawn whole: an animating view is shown away from where it is recorded.
        let draws: (View) -> Bool = everything ? { _ in true } : { self.reaches($0, region) }
        Compositor(raster: raster, draws: draws, shown: shown).draw(root, toDevice: toDevice)
        raster.restore()
        return region
    }

    /// Records the views under `root` as they are now, and returns the device rectangle whose
    /// pixels differ from what was recorded (`.null` when none do).
    private func update(from root: View, toDevice: CGAffineTransform) -> CGRect {
        var now: [ObjectIdentifier: Drawn] = [:]
        var volatile = CGRect.null
        var nowNamed: [AnyObject] = []
        var stack: [(view: View, toDevice: CGAffineTransform, context: Int)] = [(root, toDevice, 0)]
        while let (view, toDevice, context) = stack.popLast() {
            guard !view.isHidden, view.alpha > 0 else { continue }
            var digest = Hasher()
            digest.combine(context)
            digest.combine(toDevice)
            digest.combine(view.alpha)
            digest.combine(view.clipsToBounds)
            var extent = device(view.bounds, toDevice)
            if let layer = view.layerStorage {
                if !describe(layer, into: &digest, extent: &extent, toDevice: toDevice, named: &nowNamed) {
                    volatile = volatile.union(extent)
                }
            } else {
                digest.combine(view.bounds)
                digest.combine(view.backgroundColor)
            }
            let drawn = Drawn(digest: digest.finalize(), extent: extent.insetBy(dx: -1, dy: -1).integral)
            now[ObjectIdentifier(view)] = drawn
            for (index, subview) in Compositor.backToFront(view.subviews).enumerated() {
                var childContext = Hasher()
                childContext.combine(drawn.digest)
                childContext.combine(index)
                stack.append((subview, subview.transformToSuperview.concatenating(toDevice), childContext.finalize()))
            }
        }
        var damage = volatile.isNull ? CGRect.null : volatile.insetBy(dx: -1, dy: -1).integral
        for (id, new) in now {
            guard let old = drawn[id] else {
                damage = damage.union(new.extent)
                continue
            }
            if old.digest != new.digest { damage = damage.union(old.extent).union(new.extent) }
        }
        for (id, old) in drawn where now[id] == nil { damage = damage.union(old.extent) }
        drawn = now
        named = nowNamed
        return damage.intersection(CGRect(x: 0, y: 0, width: raster.width, height: raster.height))
    }

    /// Whether `view`'s pixels, as recorded, reach `region` (device pixels).
    private func reaches(_ view: View, _ region: CGRect) -> Bool {
        drawn[ObjectIdentifier(view)]?.extent.intersects(region) ?? true
    }

    /// Adds what the compositor reads of `layer` (and its sublayers and mask) to `digest`, and
    /// the pixels it can touch to `extent`; false when the layer draws itself (no digest holds).
    private func describe(_ layer: Layer, into digest: inout Hasher, extent: inout CGRect,
                          toDevice: CGAffineTransform, named: inout [AnyObject]) -> Bool {
        var stable = type(of: layer) == Layer.self
        digest.combine(layer.bounds)
        digest.combine(layer.backgroundColor)
        digest.combine(layer.opacity)
        digest.combine(layer.isHidden)
        digest.combine(layer.masksToBounds)
        digest.combine(layer.cornerRadius)
        digest.combine(layer.maskedCorners.rawValue)
        digest.combine(layer.borderWidth)
        digest.combine(layer.borderColor)
        digest.combine(layer.zPosition)
        digest.combine(layer.contentsGravity)
        digest.combine(layer.contents)
        if let bitmap = layer.contents?.bitmap { named.append(bitmap) }
        if let store = layer.backingStore {
            digest.combine(ObjectIdentifier(store))
            digest.combine(store.revision)
            named.append(store)
        }
        extent = extent.union(device(layer.bounds, toDevice))
        // Contents and a kept drawing are placed by the gravity, and may reach past the bounds.
        if let image = layer.contents, !layer.masksToBounds {
            extent = extent.union(device(layer.contentsGravity.place(image.size, in: layer.bounds), toDevice))
        }
        if let store = layer.backingStore {
            extent = extent.union(device(layer.contentsGravity.place(store.size, in: layer.bounds), toDevice))
        }
        // A shape layer strokes and fills its path wherever it lies (a miter can reach out as
        // far as half the line width times the miter limit).
        if let shape = layer as? ShapeLayer, let path = shape.path {
            let pad = max(0, shape.lineWidth) / 2 * max(shape.miterLimit, 1) + 1
            extent = extent.union(device(path.boundingBox.insetBy(dx: -pad, dy: -pad), toDevice))
        }
        if layer.shadowOpacity > 0 {
            digest.combine(layer.shadowColor)
            digest.combine(layer.shadowOpacity)
            digest.combine(layer.shadowOffset)
            digest.combine(layer.shadowRadius)
            digest.combine(layer.shadowPath)
            let shape = layer.shadowPath?.boundingBox ?? layer.bounds
            let scale = sqrt(abs(toDevice.a * toDevice.d - toDevice.b * toDevice.c))
            let pad = (max(0, layer.shadowRadius.isFinite ? layer.shadowRadius : 0) * scale * 1.5).rounded(.up) + 1
            let cast = device(shape.offsetBy(dx: layer.shadowOffset.width, dy: layer.shadowOffset.height), toDevice)
            extent = extent.union(cast.insetBy(dx: -pad, dy: -pad))
        }
        for attached in [layer.mask].compactMap({ $0 }) + (layer.sublayers ?? []) {
            let toDevice = attached.toSuperlayer.concatenating(toDevice)
            digest.combine(toDevice)
            var reach = CGRect.null
            stable = describe(attached, into: &digest, extent: &reach, toDevice: toDevice, named: &named) && stable
            if attached !== layer.mask { extent = extent.union(reach) }
        }
        return stable
    }

    private func device(_ rect: CGRect, _ toDevice: CGAffineTransform) -> CGRect {
        rect.isFinite ? rect.applying(toDevice) : .null
    }
}
