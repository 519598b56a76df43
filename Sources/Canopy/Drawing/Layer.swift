import Foundation

/// A rectangle that is drawn, with Core Animation's `CALayer` model: a background, rounded
/// corners, a border, a shadow, an image as contents, an opacity, a 2D transform, a mask, and
/// sublayers drawn in order over it.
///
/// Every view has one (``View/layer``). A view's layer is the view's own drawing state: its
/// geometry, background colour, opacity, hidden flag and clipping are the view's (setting one
/// sets the other). Layers made on their own are placed in their superlayer's bounds space by
/// ``frame`` (or ``position``, ``bounds`` and ``anchorPoint``), take no touches and draw over
/// their view's content, under its subviews.
///
/// ```swift
/// let card = View(frame: CGRect(x: 20, y: 20, width: 200, height: 120))
/// card.backgroundColor = .white
/// card.layer.cornerRadius = 12
/// card.layer.borderWidth = 1
/// card.layer.borderColor = Color.systemGray.cgColor
/// card.layer.shadowOpacity = 0.2
/// ```
open class Layer: Inspectable {
    /// The view this layer draws, or `nil` for a layer of its own. The view owns its layer.
    public internal(set) unowned(unsafe) var view: View?
    /// The layer this one is a sublayer of.
    public private(set) weak var superlayer: Layer?
    /// The layers drawn over this one's content, back to front, or `nil` for none. (A view's
    /// subviews are not listed: they draw over these.)
    public private(set) var sublayers: [Layer]?

    private var ownGeometry = View.Geometry(bounds: .zero, center: .zero)
    private var ownBackgroundColor: Color?
    private var ownOpacity: Float = 1
    private var ownIsHidden = false
    private var ownMasksToBounds = false
    private var ownContentsGravity = LayerContentsGravity.resize

    /// The pixels a view's `draw(_:)` made, kept until it draws again.
    var backingStore: BackingStore?
    /// The tint colour set on the view.
    var viewTintColor: Color?

    /// A layer of its own, empty and zero-sized.
    public required init() {}

    /// The styling properties reachable by name, as Interface Builder's user-defined runtime
    /// attributes name them (`"layer.cornerRadius"`); a subclass adds its own to `super`'s.
    open class var keyedProperties: [KeyedProperty] {
        [
            .inspectable("cornerRadius", \Layer.cornerRadius, archived: false),
            .inspectable("borderWidth", \Layer.borderWidth, archived: false),
            .inspectable("borderColor", \Layer.borderColor, archived: false),
            .inspectable("masksToBounds", \Layer.masksToBounds, archived: false),
            .inspectable("shadowColor", \Layer.shadowColor, archived: false),
            .inspectable("shadowOpacity", \Layer.shadowOpacity, archived: false),
            .inspectable("shadowOffset", \Layer.shadowOffset, archived: false),
            .inspectable("shadowRadius", \Layer.shadowRadius, archived: false),
            .inspectable("zPosition", \Layer.zPosition, archived: false),
        ]
    }

    // MARK: Geometry

    /// The layer's own space: its visible rectangle.
    public var bounds: CGRect {
        get { view?.bounds ?? ownGeometry.bounds }
        set { if let view { view.bounds = newValue } else if newValue.isFinite { ownGeometry.bounds = newValue } }
    }

    /// Where the anchor point sits in the superlayer's space (a view's `center`).
    public var position: CGPoint {
        get { view?.center ?? ownGeometry.center }
        set { if let view { view.center = newValue } else if newValue.x.isFinite && newValue.y.isFinite { ownGeometry.center = newValue } }
    }

    /// The point of the bounds, in unit coordinates, that ``position`` places and the
    /// transform turns around; (0.5, 0.5) by default.
    public var anchorPoint: CGPoint {
        get { view?.anchorPoint ?? ownGeometry.anchorPoint }
        set { if let view { view.anchorPoint = newValue } else if newValue.x.isFinite && newValue.y.isFinite { ownGeometry.anchorPoint = newValue } }
    }

    /// The layer's transform around its anchor point (a view's `transform`).
    public var transform: CGAffineTransform {
        get { view?.transform ?? ownGeometry.transform }
        set {
            if let view { view.transform = newValue } else if [newValue.a, newValue.b, newValue.c, newValue.d, newValue.tx, newValue.ty].allSatisfy(\.isFinite) {
                ownGeometry.transform = newValue
            }
        }
    }

    /// ``transform`` under Core Animation's name for its 2D part.
    public func affineTransform() -> CGAffineTransform { transform }

    /// Sets ``transform``.
    public func setAffineTransform(_ transform: CGAffineTransform) { self.transform = transform }

    /// The layer's rectangle in its superlayer's space: setting it sets the bounds size and the
    /// position (for an untransformed layer).
    public var frame: CGRect {
        get {
            if let view { return view.frame }
            return bounds.applying(toSuperlayer)
        }
        set {
            if let view { return view.frame = newValue }
            let r = newValue.standardized
            guard r.isFinite else { return }
            ownGeometry.bounds.size = r.size
            ownGeometry.center = CGPoint(x: r.minX + r.width * anchorPoint.x, y: r.minY + r.height * anchorPoint.y)
        }
    }

    /// The map from this layer's space to its superlayer's.
    var toSuperlayer: CGAffineTransform {
        view?.transformToSuperview ?? {
            let g = ownGeometry
            let anchor = CGPoint(x: g.bounds.minX + g.bounds.width * g.anchorPoint.x,
                                 y: g.bounds.minY + g.bounds.height * g.anchorPoint.y)
            return CGAffineTransform(translationX: -anchor.x, y: -anchor.y).concatenating(g.transform)
                .concatenating(CGAffineTransform(translationX: g.center.x, y: g.center.y))
        }()
    }

    /// The layer's depth among its siblings: higher draws later (in front); ties keep their order.
    public var zPosition: CGFloat = 0

    // MARK: Appearance

    /// The colour that fills the bounds (inside the corners), or `nil` (a view's `backgroundColor`).
    public var backgroundColor: Color? {
        get { view?.backgroundColor ?? (view == nil ? ownBackgroundColor : nil) }
        set { if let view { view.backgroundColor = newValue } else { ownBackgroundColor = newValue } }
    }

    /// The opacity, 0 to 1 (a view's `alpha`).
    public var opacity: Float {
        get { view.map { Float($0.alpha) } ?? ownOpacity }
        set {
            let clamped = newValue.isNaN ? 0 : min(max(newValue, 0), 1)
            if let view { view.alpha = CGFloat(clamped) } else { ownOpacity = clamped }
        }
    }

    /// Whether the layer and its sublayers are not drawn (a view's `isHidden`).
    public var isHidden: Bool {
        get { view?.isHidden ?? ownIsHidden }
        set { if let view { view.isHidden = newValue } else { ownIsHidden = newValue } }
    }

    /// Whether sublayers (and a view's subviews) are clipped to the bounds and the corners
    /// (a view's `clipsToBounds`).
    public var masksToBounds: Bool {
        get { view?.clipsToBounds ?? ownMasksToBounds }
        set { if let view { view.clipsToBounds = newValue } else { ownMasksToBounds = newValue } }
    }

    /// The radius of the rounded corners of the background and the border (and of the clip
    /// when ``masksToBounds``), at most half the shorter side; 0 by default.
    public var cornerRadius: CGFloat = 0 {
        willSet { view?.willChangeAnimatedValues() }
    }
    /// Which corners ``cornerRadius`` rounds; all by default.
    public var maskedCorners = CornerMask.all
    /// The width of the border, drawn inside the bounds over everything else; 0 by default.
    public var borderWidth: CGFloat = 0
    /// The border's colour; opaque black by default.
    public var borderColor: Color? = .black

    /// The shadow's colour; opaque black by default.
    public var shadowColor: Color? = .black
    /// The shadow's opacity, 0 (the default: no shadow) to 1.
    public var shadowOpacity: Float = 0
    /// Where the shadow falls, in the layer's space; (0, -3) by default, as in Core Animation.
    public var shadowOffset = CGSize(width: 0, height: -3)
    /// How far the shadow spreads (its blur); 3 by default.
    public var shadowRadius: CGFloat = 3
    /// The shadow's shape, or `nil` for the rounded bounds.
    public var shadowPath: Path?

    /// An image drawn in the bounds, placed by ``contentsGravity``, under the sublayers.
    public var contents: Image?
    /// Where ``contents`` goes in the bounds (a view's `contentMode`).
    public var contentsGravity: LayerContentsGravity {
        get { view.map { LayerContentsGravity($0.contentMode) } ?? ownContentsGravity }
        set { if let view { view.contentMode = newValue.contentMode } else { ownContentsGravity = newValue } }
    }
    /// Core Animation's pixels per point of the contents; 1 by default. Kept for code that sets
    /// it: an ``Image`` carries its own scale, which is what sizes the contents.
    public var contentsScale: CGFloat = 1

    /// A layer whose alpha masks this one (placed in this layer's space), or `nil`.
    public var mask: Layer?

    /// A layer of its own of this class, with this layer's styling and the given geometry,
    /// opacity and background colour (what a presentation copy shows).
    func detachedCopy(geometry: View.Geometry, opacity: Float, backgroundColor: Color?) -> Self {
        let copy = Self()
        copy.ownGeometry = geometry
        copy.ownOpacity = opacity
        copy.ownBackgroundColor = backgroundColor
        copy.ownIsHidden = isHidden
        copy.ownMasksToBounds = masksToBounds
        copy.ownContentsGravity = contentsGravity
        copy.zPosition = zPosition
        copy.cornerRadius = cornerRadius
        copy.maskedCorners = maskedCorners
        copy.borderWidth = borderWidth
        copy.borderColor = borderColor
        copy.shadowColor = shadowColor
        copy.shadowOpacity = shadowOpacity
        copy.shadowOffset = shadowOffset
        copy.shadowRadius = shadowRadius
        copy.shadowPath = shadowPath
        copy.contents = contents
        copy.contentsScale = contentsScale
        copy.mask = mask
        copy.backingStore = backingStore
        return copy
    }

    // MARK: Sublayers

    /// Adds `layer` in front of the other sublayers, taking it from its superlayer first. A
    /// view's layer, a layer already above this one, and this layer itself are refused (the
    /// call does nothing).
    public func addSublayer(_ layer: Layer) {
        insertSublayer(layer, at: UInt32(sublayers?.count ?? 0))
    }

    /// Inserts `layer` at `index` among the sublayers (clamped to their count).
    public func insertSublayer(_ layer: Layer, at index: UInt32) {
        guard layer.view == nil, !isInside(layer) else { return }
        layer.removeFromSuperlayer()
        var list = sublayers ?? []
        list.insert(layer, at: min(Int(index), list.count))
        sublayers = list
        layer.superlayer = self
    }

    /// Inserts `layer` just behind `sibling` (at the back when `sibling` is not a sublayer).
    public func insertSublayer(_ layer: Layer, below sibling: Layer?) {
        let index = sibling.flatMap { s in sublayers?.firstIndex { $0 === s } } ?? 0
        insertSublayer(layer, at: UInt32(index))
    }

    /// Inserts `layer` just in front of `sibling` (at the front when `sibling` is not a sublayer).
    public func insertSublayer(_ layer: Layer, above sibling: Layer?) {
        let index = sibling.flatMap { s in sublayers?.firstIndex { $0 === s } }.map { $0 + 1 } ?? sublayers?.count ?? 0
        insertSublayer(layer, at: UInt32(index))
    }

    /// Takes the layer out of its superlayer.
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.sublayers?.removeAll { $0 === self }
        if parent.sublayers?.isEmpty == true { parent.sublayers = nil }
        superlayer = nil
    }

    /// Whether this layer is `layer` or lies under it.
    private func isInside(_ layer: Layer) -> Bool {
        var current: Layer? = self
        while let next = current {
            if next === layer { return true }
            current = next.superlayer
        }
        return false
    }

    // MARK: Drawing

    /// Draws the layer's own content into `context` (the layer's space), over its background
    /// and contents. Called every time the layer is rendered; the default draws nothing.
    /// ``ShapeLayer`` and ``GradientLayer`` draw here.
    open func draw(in context: GraphicsContext) {}

    /// The outline of the bounds with the corners ``maskedCorners`` rounds.
    var roundedBounds: Path {
        var path = Path()
        addRoundedRect(bounds, radius: cornerRadius, to: &path)
        return path
    }

    /// Adds `rect` to `path` with the corners ``maskedCorners`` names rounded by `radius`.
    func addRoundedRect(_ rect: CGRect, radius: CGFloat, to path: inout Path) {
        let m = maskedCorners
        let rounds = (m.contains(.layerMinXMinYCorner), m.contains(.layerMaxXMinYCorner), m.contains(.layerMaxXMaxYCorner),
                      m.contains(.layerMinXMaxYCorner))
        path.addRoundedRect(in: rect, radii: CornerRadii(CGSize(width: radius, height: radius), rounding: rounds))
    }
}

/// Corners of a layer, as Core Animation's `CACornerMask` (y down: min Y is the top).
public struct CornerMask: OptionSet, Sendable {
    /// The corners' bits.
    public let rawValue: UInt
    /// Creates a mask from its raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top-left corner.
    public static let layerMinXMinYCorner = CornerMask(rawValue: 1)
    /// The top-right corner.
    public static let layerMaxXMinYCorner = CornerMask(rawValue: 2)
    /// The bottom-left corner.
    public static let layerMinXMaxYCorner = CornerMask(rawValue: 4)
    /// The bottom-right corner.
    public static let layerMaxXMaxYCorner = CornerMask(rawValue: 8)
    /// Every corner.
    public static let all: CornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
}

/// Where a layer's contents go in its bounds, as Core Animation's `contentsGravity`, named as
/// seen on screen (top is the top).
public enum LayerContentsGravity: Sendable, CaseIterable {
    /// At its own size, centred.
    case center
    /// At its own size, at the top, centred across.
    case top
    /// At its own size, at the bottom, centred across.
    case bottom
    /// At its own size, at the left, centred down.
    case left
    /// At its own size, at the right, centred down.
    case right
    /// At its own size, in the top-left corner.
    case topLeft
    /// At its own size, in the top-right corner.
    case topRight
    /// At its own size, in the bottom-left corner.
    case bottomLeft
    /// At its own size, in the bottom-right corner.
    case bottomRight
    /// Stretched to the bounds (the default).
    case resize
    /// Scaled to fit inside, keeping the aspect ratio.
    case resizeAspect
    /// Scaled to cover, keeping the aspect ratio.
    case resizeAspectFill

    /// The gravity of a view's content mode (`.redraw` stretches, as `.scaleToFill`).
    init(_ mode: ContentMode) {
        switch mode {
        case .scaleToFill, .redraw: self = .resize
        case .scaleAspectFit: self = .resizeAspect
        case .scaleAspectFill: self = .resizeAspectFill
        case .center: self = .center
        case .top: self = .top
        case .bottom: self = .bottom
        case .left: self = .left
        case .right: self = .right
        case .topLeft: self = .topLeft
        case .topRight: self = .topRight
        case .bottomLeft: self = .bottomLeft
        case .bottomRight: self = .bottomRight
        }
    }

    /// The content mode with the same placement.
    var contentMode: ContentMode {
        switch self {
        case .resize: .scaleToFill
        case .resizeAspect: .scaleAspectFit
        case .resizeAspectFill: .scaleAspectFill
        case .center: .center
        case .top: .top
        case .bottom: .bottom
        case .left: .left
        case .right: .right
        case .topLeft: .topLeft
        case .topRight: .topRight
        case .bottomLeft: .bottomLeft
        case .bottomRight: .bottomRight
        }
    }

    /// Where content of `size` goes in `bounds`.
    func place(_ size: CGSize, in bounds: CGRect) -> CGRect {
        guard size.width > 0, size.height > 0 else { return bounds }
        switch self {
        case .resize: return bounds
        case .resizeAspect, .resizeAspectFill:
            let fit = self == .resizeAspect
            let scale = fit ? min(bounds.width / size.width, bounds.height / size.height)
                : max(bounds.width / size.width, bounds.height / size.height)
            let placed = CGSize(width: size.width * scale, height: size.height * scale)
            return CGRect(x: bounds.midX - placed.width / 2, y: bounds.midY - placed.height / 2,
                          width: placed.width, height: placed.height)
        default:
            let x: CGFloat = [.left, .topLeft, .bottomLeft].contains(self) ? bounds.minX
                : [.right, .topRight, .bottomRight].contains(self) ? bounds.maxX - size.width : bounds.midX - size.width / 2
            let y: CGFloat = [.top, .topLeft, .topRight].contains(self) ? bounds.minY
                : [.bottom, .bottomLeft, .bottomRight].contains(self) ? bounds.maxY - size.height : bounds.midY - size.height / 2
            return CGRect(origin: CGPoint(x: x, y: y), size: size)
        }
    }
}

/// What a view's `draw(_:)` drew: its pixels and the bounds size they were drawn for.
final class BackingStore {
    let raster: Raster
    let size: CGSize
    /// How many times part of the pixels was drawn again in place.
    var revision = 0

    init(raster: Raster, size: CGSize) { (self.raster, self.size) = (raster, size) }
}
