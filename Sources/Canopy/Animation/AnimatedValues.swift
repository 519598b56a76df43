import Foundation

/// The values of a view that a view animation moves (frame changes move the bounds and the
/// center; the corner radius is its layer's), as one snapshot.
struct AnimatedValues {
    var bounds: CGRect
    var center: CGPoint
    var transform: CGAffineTransform
    var alpha: CGFloat
    var backgroundColor: Color?
    var cornerRadius: CGFloat

    init(of view: View) {
        let geometry = view.geometry
        bounds = geometry.bounds
        center = geometry.center
        transform = geometry.transform
        alpha = view.alpha
        backgroundColor = view.backgroundColor
        cornerRadius = view.layerStorage?.cornerRadius ?? 0
    }

    /// The properties whose values differ from `other`'s.
    func changedProperties(from other: AnimatedValues) -> [AnimatedProperty] {
        AnimatedProperty.allCases.filter { components(of: $0) != other.components(of: $0) }
    }

    /// `property`'s value as numbers that animate by adding: the rectangle's and the point's
    /// coordinates, the transform's parameters (see ``TransformParameters``), the opacity, the
    /// colour's components (no colour is clear black).
    func components(of property: AnimatedProperty) -> [Double] {
        switch property {
        case .bounds: [bounds.minX, bounds.minY, bounds.width, bounds.height].map(Double.init)
        case .position: [Double(center.x), Double(center.y)]
        case .transform: TransformParameters(transform).components
        case .opacity: [Double(alpha)]
        case .backgroundColor:
            backgroundColor.map { [$0.red, $0.green, $0.blue, $0.alpha] } ?? [0, 0, 0, 0]
        case .cornerRadius: [Double(cornerRadius)]
        }
    }

    /// Sets `property` to `other`'s value of it.
    mutating func take(_ property: AnimatedProperty, from other: AnimatedValues) {
        switch property {
        case .bounds: bounds = other.bounds
        case .position: center = other.center
        case .transform: transform = other.transform
        case .opacity: alpha = other.alpha
        case .backgroundColor: backgroundColor = other.backgroundColor
        case .cornerRadius: cornerRadius = other.cornerRadius
        }
    }

    /// Sets `property` from `components` (a transform is rebuilt from its parameters).
    mutating func set(_ property: AnimatedProperty, to components: [Double]) {
        let c = components.map { CGFloat($0) }
        switch property {
        case .bounds: bounds = CGRect(x: c[0], y: c[1], width: max(0, c[2]), height: max(0, c[3]))
        case .position: center = CGPoint(x: c[0], y: c[1])
        case .transform: transform = TransformParameters(components: components).transform
        case .opacity: alpha = min(max(c[0], 0), 1)
        case .backgroundColor:
            let clamped = components.map { min(max($0, 0), 1) }
            backgroundColor = Color(red: clamped[0], green: clamped[1], blue: clamped[2], alpha: clamped[3])
        case .cornerRadius: cornerRadius = max(0, c[0])
        }
    }
}

/// A property a view animation moves, named by its layer's key path.
enum AnimatedProperty: String, CaseIterable {
    case bounds, position, transform, opacity, backgroundColor, cornerRadius

    /// The difference `from - to` of two values, the angle's the short way round.
    func offset(from: [Double], to: [Double]) -> [Double] {
        var offset = zip(from, to).map { $0 - $1 }
        if self == .transform { offset[TransformParameters.angleIndex] = TransformParameters.turn(offset[TransformParameters.angleIndex]) }
        return offset
    }
}

/// An affine transform as a translation, a turn, two scales and a shear, so that a turn
/// animates as a turn (a matrix's entries animated one by one would shrink it halfway).
/// The linear part is `rotation(angle) · [[scaleX, shear], [0, scaleY]]`.
struct TransformParameters {
    var tx: Double, ty: Double, angle: Double, scaleX: Double, scaleY: Double, shear: Double

    static let angleIndex = 2

    init(_ t: CGAffineTransform) {
        let (a, b, c, d) = (Double(t.a), Double(t.b), Double(t.c), Double(t.d))
        tx = Double(t.tx)
        ty = Double(t.ty)
        scaleX = (a * a + b * b).squareRoot()
        angle = scaleX > 0 ? atan2(b, a) : 0
        let (cosine, sine) = (cos(angle), sin(angle))
        // The columns of rotation(-angle) · linear: the first is (scaleX, 0).
        shear = c * cosine + d * sine
        scaleY = d * cosine - c * sine
        if scaleX == 0 { (shear, scaleY) = (c, d) }
    }

    init(components: [Double]) {
        (tx, ty, angle, scaleX, scaleY, shear) = (components[0], components[1], components[2], components[3], components[4], components[5])
    }

    var components: [Double] { [tx, ty, angle, scaleX, scaleY, shear] }

    var transform: CGAffineTransform {
        let (cosine, sine) = (cos(angle), sin(angle))
        return CGAffineTransform(
            a: CGFloat(scaleX * cosine), b: CGFloat(scaleX * sine),
            c: CGFloat(shear * cosine - scaleY * sine), d: CGFloat(shear * sine + scaleY * cosine),
            tx: CGFloat(tx), ty: CGFloat(ty))
    }

    /// `angle` brought into (-π, π]: a change of angle taken the short way round.
    static func turn(_ angle: Double) -> Double {
        let turned = angle.remainder(dividingBy: 2 * .pi)
        return turned == -.pi ? .pi : turned
    }
}
