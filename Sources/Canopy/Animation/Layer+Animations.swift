import Foundation

extension Layer {
    /// A copy of this layer as it is shown now: a view's layer with its running animations
    /// (``View/animate(withDuration:delay:options:animations:completion:)``) at the window's
    /// event time, another layer as it is. The copy is a layer of its own and of this layer's
    /// class, with its geometry, opacity and background colour as shown, the styling `Layer`
    /// declares (corners, border, shadow, contents, mask), and no sublayers; a subclass's own
    /// state (a shape layer's path) keeps its defaults. Never `nil`; the optional is Core
    /// Animation's.
    public func presentation() -> Self? {
        guard let view else {
            return detachedCopy(geometry: ownGeometryForCopy, opacity: opacity, backgroundColor: backgroundColor)
        }
        return copy(showing: view.storedWindow?.animationsStorage?.presentation(of: view) ?? AnimatedValues(of: view),
                    anchorPoint: view.anchorPoint)
    }

    /// A layer of its own of this class and styling, showing `shown` about `anchorPoint`.
    func copy(showing shown: AnimatedValues, anchorPoint: CGPoint) -> Self {
        let geometry = Self.geometry(bounds: shown.bounds, center: shown.center, transform: shown.transform, anchorPoint: anchorPoint)
        let copy = detachedCopy(geometry: geometry, opacity: Float(shown.alpha), backgroundColor: shown.backgroundColor)
        copy.cornerRadius = shown.cornerRadius
        return copy
    }

    /// The key paths of the running animations (`"position"`, `"bounds"`, `"transform"`,
    /// `"opacity"`, `"backgroundColor"`, `"cornerRadius"`), or `nil` when none runs.
    public func animationKeys() -> [String]? {
        guard let view, let keys = view.storedWindow?.animationsStorage?.keys(of: view), !keys.isEmpty else { return nil }
        return keys
    }

    /// Stops the animations of the key path `key` at once: the layer shows its model value.
    /// Their blocks' completion handlers get `false`.
    public func removeAnimation(forKey key: String) {
        guard let view, let property = AnimatedProperty(rawValue: key) else { return }
        view.storedWindow?.animationsStorage?.remove(from: view, property: property)
    }

    /// Stops every running animation at once; see ``removeAnimation(forKey:)``.
    public func removeAllAnimations() {
        guard let view else { return }
        view.storedWindow?.animationsStorage?.remove(from: view)
    }

    private var ownGeometryForCopy: View.Geometry {
        Self.geometry(bounds: bounds, center: position, transform: transform, anchorPoint: anchorPoint)
    }

    private static func geometry(
        bounds: CGRect, center: CGPoint, transform: CGAffineTransform, anchorPoint: CGPoint
    ) -> View.Geometry {
        var geometry = View.Geometry(bounds: bounds, center: center)
        geometry.transform = transform
        geometry.anchorPoint = anchorPoint
        return geometry
    }
}
