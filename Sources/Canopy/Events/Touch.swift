import Foundation

/// One finger on the screen, from touch-down to lift-off (or cancellation).
///
/// A touch is bound at touch-down to the view that the window's hit test returned, and stays
/// with that view wherever the finger moves, as in UIKit.
public final class Touch: Hashable {
    /// Where a touch is in its life.
    public enum Phase: Sendable {
        /// The finger touched the screen.
        case began
        /// The finger moved.
        case moved
        /// The finger is down and did not move since the last event.
        case stationary
        /// The finger was lifted.
        case ended
        /// The system cancelled the touch (the finger is gone as far as the view is concerned).
        case cancelled
    }

    /// The touch's phase in the event being delivered.
    public internal(set) var phase: Phase
    /// When the touch last changed, in seconds on the event clock.
    public internal(set) var timestamp: Double
    /// How many times the finger tapped in quick succession at about this place (1 for a single tap).
    public internal(set) var tapCount: Int
    /// The view the touch was bound to at touch-down, or `nil` when the hit test found none.
    public internal(set) var view: View? {
        get { isOnWindow ? window : boundView }
        set {
            // The window owns its touches, so a touch on the window itself refers to it weakly.
            isOnWindow = newValue != nil && newValue === window
            boundView = isOnWindow ? nil : newValue
        }
    }
    private var boundView: View?
    private var isOnWindow = false
    /// The window the touch happened in.
    public private(set) weak var window: Window?

    /// The gesture recognizers receiving this touch: those it was offered to at touch-down
    /// (deepest view first) that still watch it, or `nil` when none do.
    public var gestureRecognizers: [GestureRecognizer]? {
        let watching = window?.recognizers(receiving: self) ?? []
        return watching.isEmpty ? nil : watching
    }

    var locationInWindow: CGPoint
    var previousLocationInWindow: CGPoint

    init(window: Window, location: CGPoint, timestamp: Double, tapCount: Int) {
        self.window = window
        self.phase = .began
        self.timestamp = timestamp
        self.tapCount = tapCount
        locationInWindow = location
        previousLocationInWindow = location
    }

    /// The touch's current location in the space of `view` (`nil`: the window).
    public func location(in view: View?) -> CGPoint {
        convert(locationInWindow, to: view)
    }

    /// The touch's location before its last move, in the space of `view` (`nil`: the window).
    public func previousLocation(in view: View?) -> CGPoint {
        convert(previousLocationInWindow, to: view)
    }

    private func convert(_ point: CGPoint, to view: View?) -> CGPoint {
        guard let view, let window else { return point }
        return view.convert(point, from: window)
    }

    /// Touches are equal only to themselves.
    public static func == (lhs: Touch, rhs: Touch) -> Bool { lhs === rhs }

    /// Hashes the touch's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
