import Foundation

/// Recognizes a pan that starts at an edge of the window: the first finger (every finger, when
/// several come down at once) must come down within ``edgeRegion`` points of one of the
/// ``edges`` of the window's bounds, and the drag must head into the window from that edge,
/// more across it than along it. Otherwise it fails: at touch-down for a finger away from
/// those edges, and once the drag passes the pan's ``PanGestureRecognizer/hysteresis`` for one
/// that slides along the edge or out. Fingers that come down later are not checked.
/// Continuous, and reports like a ``PanGestureRecognizer``.
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// How close, in points, to an edge of the window's bounds the first finger must come
    /// down: about a fingertip's width, so a finger arriving from the bezel counts while a
    /// touch on content near the edge does not.
    public static let edgeRegion: CGFloat = 20

    /// The edges the gesture may start from; none by default, as in UIKit, so it never begins
    /// until they are set.
    public var edges: RectEdge = []

    override func decodeSettings(from coder: Coder) throws(ArchiveError) {
        try super.decodeSettings(from: coder)
        try coder.read("edges") { (value: UInt) in edges = RectEdge(rawValue: value) }
    }

    override func encodeSettings(with coder: Coder) {
        super.encodeSettings(with: coder)
        coder.encode(edges.rawValue, forKey: "edges", unless: 0)
    }

    /// Those of ``edges`` the first finger came down near.
    private var startEdges: RectEdge?

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if state == .possible && startEdges == nil {
            let near = touches.reduce(edges) { $0.intersection(windowEdges(near: $1)) }
            if near.isEmpty { return state = .failed }
            startEdges = near
        }
        super.touchesBegan(touches, with: event)
    }

    override func acceptsDrag(by translation: CGPoint) -> Bool {
        guard let startEdges else { return false }
        return Self.sides.contains { startEdges.contains($0) && Self.heads(translation, inwardFrom: $0) }
    }

    open override func reset() {
        super.reset()
        startEdges = nil
    }

    /// The edges of the window's bounds within ``edgeRegion`` of `touch` (none without a window).
    private func windowEdges(near touch: Touch) -> RectEdge {
        guard let bounds = view?.window?.bounds else { return [] }
        let point = touch.location(in: nil)
        var near: RectEdge = []
        if point.y - bounds.minY <= Self.edgeRegion { near.insert(.top) }
        if point.x - bounds.minX <= Self.edgeRegion { near.insert(.left) }
        if bounds.maxY - point.y <= Self.edgeRegion { near.insert(.bottom) }
        if bounds.maxX - point.x <= Self.edgeRegion { near.insert(.right) }
        return near
    }

    /// The four edges, one at a time.
    private static let sides: [RectEdge] = [.top, .left, .bottom, .right]

    /// Whether `translation` goes into the window from `edge` (one side) more than along it.
    private static func heads(_ translation: CGPoint, inwardFrom edge: RectEdge) -> Bool {
        switch edge {
        case .top: translation.y > abs(translation.x)
        case .left: translation.x > abs(translation.y)
        case .bottom: -translation.y > abs(translation.x)
        default: -translation.x > abs(translation.y)
        }
    }
}
