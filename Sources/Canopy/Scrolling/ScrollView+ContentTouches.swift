import Foundation

/// How a scroll view shares touches with its content: the short delay before content sees a
/// touch, and which content touches a drag may take over.
extension ScrollView {
    /// How long, in seconds, content waits for a touch while ``delaysContentTouches`` is true
    /// (UIKit's 150 ms): a drag that starts sooner never reaches the content.
    public static let contentTouchDelay = 0.15

    /// A finger touched down: tracking starts, and content that is decelerating within range
    /// stops under it, as in UIKit (content springing back from past an end goes on springing).
    func fingerDidTouchDown() {
        isTracking = true
        guard isDecelerating else { return }
        let range = scrollableRange
        if range.x.contains(contentOffset.x) && range.y.contains(contentOffset.y) { stopMotion() }
    }
}

/// Holds a touch back from the content for ``ScrollView/contentTouchDelay`` (the window
/// delivers `touchesBegan` once it fails); it fails when the time is up or the finger lifts,
/// and a drag that begins first takes the touch from the content before it arrives. It never
/// recognizes.
final class ContentTouchDelayRecognizer: GestureRecognizer {
    required init?(coder: Coder) { return nil }  // made by its scroll view, never archived

    override init(action: ((GestureRecognizer) -> Void)? = nil) {
        super.init(action: action)
        delaysTouchesBegan = true
        delaysTouchesEnded = false
        cancelsTouchesInView = false
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible, self.touches.count == touches.count else { return }
        schedule(after: ScrollView.contentTouchDelay, from: event) { $0.state = .failed }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        if state == .possible { state = .failed }
    }
}
