import Canopy
import Foundation
import Testing

@Suite("Button: content per state, insets, alignment, intrinsic size, actions")
struct ButtonTests {
    /// "Tap me" in the 15-point system font measures 54.00 × 17.46 points shaped (7373 units
    /// by HarfBuzz's hb-shape, T kerned against a): 55 × 18 rounded up.
    private let titleSize = CGSize(width: 55, height: 18)

    @Test func aStateWithoutItsOwnContentShowsTheNormalOne() {
        let button = Button(frame: .zero)
        button.setTitle("Play", for: .normal)
        button.setTitle("Pause", for: .selected)
        button.setTitleColor(.black, for: .normal)
        button.setImage(Image(size: CGSize(width: 10, height: 10)), for: .highlighted)
        #expect(button.title(for: .highlighted) == "Play")
        #expect(button.title(for: .selected) == "Pause")
        #expect(button.title(for: [.selected, .highlighted]) == "Play")  // UIKit's fallback
        #expect(button.titleColor(for: .disabled) == .black)
        #expect(button.image(for: .normal) == nil && button.image(for: .highlighted) != nil)
        button.isSelected = true
        #expect(button.currentTitle == "Pause")
        button.setTitle(nil, for: .selected)
        #expect(button.currentTitle == "Play")
    }

    @Test func theIntrinsicSizeIsTheContentPlusTheContentInsets() {
        let button = Button(frame: .zero)
        #expect(button.intrinsicContentSize == .zero)
        button.setTitle("Tap me", for: .normal)
        #expect(button.intrinsicContentSize == titleSize)
        button.setImage(Image(size: CGSize(width: 20, height: 24)), for: .normal)
        #expect(button.intrinsicContentSize == CGSize(width: 75, height: 24))
        button.contentEdgeInsets = EdgeInsets(top: 4, left: 8, bottom: 6, right: 10)
        button.titleEdgeInsets = EdgeInsets(top: 0, left: 50, bottom: 0, right: 0)  // not counted
        #expect(button.intrinsicContentSize == CGSize(width: 93, height: 34))
        button.sizeToFit()
        #expect(button.bounds.size == CGSize(width: 93, height: 34))
        button.titleFont = Font.systemFont(ofSize: 30)  // 108.00 × 34.92
        #expect(button.intrinsicContentSize == CGSize(width: 20 + 109 + 18, height: 35 + 10))
    }

    @Test func centeredContentSitsInTheMiddleAndInsetsShiftIt() {
        let button = Button(frame: CGRect(x: 0, y: 0, width: 200, height: 44))
        button.setTitle("Tap me", for: .normal)
        button.setImage(Image(size: CGSize(width: 20, height: 20)), for: .normal)
        // The pair is 75 wide: it starts at (200 - 75) / 2 = 62.5.
        #expect(button.currentImageRect == CGRect(x: 62.5, y: 12, width: 20, height: 20))
        #expect(button.currentTitleRect == CGRect(x: 82.5, y: 13, width: 55, height: 18))
        // A centered title moves by half the difference of its left and right insets.
        button.titleEdgeInsets = EdgeInsets(top: 0, left: 10, bottom: 0, right: 0)
        #expect(button.currentTitleRect.origin == CGPoint(x: 87.5, y: 13))
        button.imageEdgeInsets = EdgeInsets(top: 4, left: 0, bottom: 0, right: 6)
        #expect(button.currentImageRect.origin == CGPoint(x: 59.5, y: 14))
    }

    @Test func edgeAlignedContentFollowsItsEdgeAndItsInsets() {
        let button = Button(frame: CGRect(x: 0, y: 0, width: 200, height: 44))
        button.setTitle("Tap me", for: .normal)
        button.contentEdgeInsets = EdgeInsets(top: 2, left: 8, bottom: 2, right: 8)
        button.contentHorizontalAlignment = .left
        button.contentVerticalAlignment = .top
        #expect(button.contentRect(forBounds: button.bounds) == CGRect(x: 8, y: 2, width: 184, height: 40))
        #expect(button.currentTitleRect == CGRect(x: 8, y: 2, width: 55, height: 18))
        button.titleEdgeInsets = EdgeInsets(top: 3, left: 10, bottom: 0, right: 0)
        #expect(button.currentTitleRect.origin == CGPoint(x: 18, y: 5))
        button.contentHorizontalAlignment = .right
        button.contentVerticalAlignment = .bottom
        button.titleEdgeInsets = EdgeInsets(top: 0, left: 0, bottom: 4, right: 6)
        #expect(button.currentTitleRect == CGRect(x: 192 - 6 - 55, y: 42 - 4 - 18, width: 55, height: 18))
        button.contentHorizontalAlignment = .fill
        button.contentVerticalAlignment = .fill
        button.titleEdgeInsets = .zero
        #expect(button.currentTitleRect == CGRect(x: 8, y: 2, width: 184, height: 40))
    }

    @Test func aTitleTooWideForTheButtonIsNarrowed() {
        let button = Button(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        button.setTitle("Tap me", for: .normal)
        button.setImage(Image(size: CGSize(width: 10, height: 10)), for: .normal)
        #expect(button.currentImageRect.minX == 0)
        #expect(button.currentTitleRect == CGRect(x: 10, y: 1, width: 30, height: 18))
    }

    @Test func aTapSendsThePrimaryActionAndHighlightsMeanwhile() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let button = Button(frame: CGRect(x: 10, y: 10, width: 100, height: 44))
        button.setTitle("Off", for: .normal)
        button.setTitle("Pressed", for: .highlighted)
        window.addSubview(button)
        var sent: [String] = []
        button.addAction(for: .touchUpInside) { _, _ in sent.append("touchUpInside") }
        button.addAction(for: .primaryActionTriggered) { _, _ in sent.append("primary") }
        try window.sendTouch(.began, at: CGPoint(x: 50, y: 30), time: 0)
        #expect(button.isHighlighted && button.currentTitle == "Pressed")
        try window.sendTouch(.ended, at: CGPoint(x: 50, y: 30), time: 0.1)
        #expect(!button.isHighlighted && button.currentTitle == "Off")
        #expect(sent == ["touchUpInside", "primary"])
    }

    @Test func changingTheTitleFlagsTheSuperviewForLayout() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let container = RecordingView("container", log: CallLog(), frame: window.bounds)
        let button = Button(frame: .zero)
        container.addSubview(button)
        window.addSubview(container)
        window.runUpdateCycle()
        container.log.entries.removeAll()
        button.setTitle("New", for: .normal)
        window.runUpdateCycle()
        #expect(container.log.entries.contains("container.layoutSubviews"))
    }

    /// The reference documents' round button: `point(inside:)` makes its corners fall through.
    @Test func aRoundButtonIgnoresTapsInItsCorners() throws {
        final class RoundButton: Button {
            override func point(inside point: CGPoint, with event: Event?) -> Bool {
                let r = bounds.width / 2, dx = point.x - bounds.midX, dy = point.y - bounds.midY
                return dx * dx + dy * dy <= r * r
            }
        }
        let window = Window(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let button = RoundButton(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        window.addSubview(button)
        var taps = 0
        button.addAction(for: .touchUpInside) { _, _ in taps += 1 }
        try window.sendTouch(.began, at: CGPoint(x: 104, y: 104), time: 0)  // a corner
        try window.sendTouch(.ended, at: CGPoint(x: 104, y: 104), time: 0.1)
        #expect(taps == 0)
        try window.sendTouch(.began, at: CGPoint(x: 150, y: 110), time: 1)  // inside the circle
        try window.sendTouch(.ended, at: CGPoint(x: 150, y: 110), time: 1.1)
        #expect(taps == 1)
    }
}
