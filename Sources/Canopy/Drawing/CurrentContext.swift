import Foundation

/// The context that drawing draws into now: the one `draw(_:)` is running in, a
/// ``GraphicsImageRenderer``'s, or the last one pushed with ``GraphicsPushContext(_:)``;
/// `nil` outside drawing. Each thread has its own, as in UIKit.
public func GraphicsGetCurrentContext() -> GraphicsContext? {
    ContextStack.onThisThread.contexts.last
}

/// Makes `context` the current one until the matching ``GraphicsPopContext()``.
public func GraphicsPushContext(_ context: GraphicsContext) {
    ContextStack.onThisThread.contexts.append(context)
}

/// Makes the context before the last ``GraphicsPushContext(_:)`` current again.
public func GraphicsPopContext() {
    _ = ContextStack.onThisThread.contexts.popLast()
}

/// The stack of current contexts, one per thread: drawing is confined to the thread its views
/// live on, and UIKit's current context is per thread too.
final class ContextStack {
    var contexts: [GraphicsContext] = []

    static var onThisThread: ContextStack {
        let key = "Canopy.GraphicsContext"
        if let stack = Thread.current.threadDictionary[key] as? ContextStack { return stack }
        let stack = ContextStack()
        Thread.current.threadDictionary[key] = stack
        return stack
    }

    /// Runs `body` with `context` current.
    static func drawing<T>(in context: GraphicsContext, _ body: () throws -> T) rethrows -> T {
        let stack = onThisThread
        stack.contexts.append(context)
        defer { stack.contexts.removeLast() }
        return try body()
    }
}

/// Draws images, as UIKit's `UIGraphicsImageRenderer`.
public struct GraphicsImageRenderer {
    /// The size of the images, in points.
    public let size: CGSize
    /// Pixels per point.
    public let scale: CGFloat

    /// A renderer of images of `size` points at `scale` pixels per point.
    public init(size: CGSize, scale: CGFloat = 1) {
        (self.size, self.scale) = (size, scale)
    }

    /// An image of what `actions` draws into the context it is given (also current while it
    /// runs); a blank when the size is empty, not finite or past ``Raster``'s limits.
    public func image(actions: (GraphicsContext) -> Void) -> Image {
        let (w, h) = (pixels(size.width), pixels(size.height))
        guard scale.isFinite, scale > 0, let raster = Raster(width: w, height: h) else {
            let usable = { (v: CGFloat) in v.isFinite && v >= 0 ? v : 0 }
            return Image(size: CGSize(width: usable(size.width), height: usable(size.height)),
                         scale: scale.isFinite && scale > 0 ? scale : 1)
        }
        let context = GraphicsContext(raster: raster, transform: CGAffineTransform(scaleX: scale, y: scale))
        ContextStack.drawing(in: context) { actions(context) }
        return Image(raster: raster, scale: scale)
    }

    private func pixels(_ points: CGFloat) -> Int {
        let value = (points * scale).rounded(.up)
        return value.isFinite && value > 0 && value < CGFloat(Raster.maximumSide + 1) ? Int(value) : 0
    }
}

extension GraphicsContext {
    /// The context itself: UIKit code reaches Core Graphics through a renderer context's
    /// `cgContext`, and Canopy's context is both.
    public var cgContext: GraphicsContext { self }
}

extension Color {
    /// Sets the current context's fill and stroke colours to this colour.
    public func set() {
        setFill()
        setStroke()
    }

    /// Sets the current context's fill colour to this colour.
    public func setFill() { GraphicsGetCurrentContext()?.setFillColor(self) }

    /// Sets the current context's stroke colour to this colour.
    public func setStroke() { GraphicsGetCurrentContext()?.setStrokeColor(self) }

    /// The colour itself, where UIKit code hands a layer `UIColor.cgColor`.
    public var cgColor: Color { self }

    /// Red, green, blue and alpha, as Core Graphics' `CGColor.components`.
    public var components: [CGFloat] { [red, green, blue, alpha].map { CGFloat($0) } }
}
