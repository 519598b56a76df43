import Canopy
import Testing

// Everyday UIKit code, written as a UIKit engineer writes it with the `UI` prefix dropped.
// This file imports only Canopy and Testing: the geometry types must come with Canopy.

@Suite("Everyday UIKit idioms compile and behave as on a device")
struct EverydayIdiomsTests {
    @Test func geometryTypesComeWithCanopy() {
        let rect = CGRect(x: 10, y: 20, width: 30, height: 40)
        let point = CGPoint(x: rect.midX, y: rect.midY)
        let size = CGSize(width: CGFloat(2), height: 3)
        let transform = CGAffineTransform(scaleX: size.width, y: size.height)
        #expect(point.applying(transform) == CGPoint(x: 50, y: 120))
    }

    /// UIKit's override signatures compile inside a control subclass: there `Event` is the
    /// touch event, and the control events are `ControlEvents`.
    @Test func aControlSubclassOverridesWithUIKitsSignatures() throws {
        final class Knob: Control {
            var calls: [String] = []
            override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
                calls.append("begin")
                return super.beginTracking(touch, with: event)
            }
            override func point(inside point: CGPoint, with event: Event?) -> Bool {
                bounds.insetBy(dx: -10, dy: -10).contains(point)
            }
            override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
                calls.append("touchesBegan")
                super.touchesBegan(touches, with: event)
            }
        }
        let window = Window(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let knob = Knob(frame: CGRect(x: 50, y: 50, width: 40, height: 40))
        window.addSubview(knob)
        let events: ControlEvents = [.touchUpInside, .valueChanged]
        var sent = 0
        knob.addAction(for: events) { _, _ in sent += 1 }
        try window.sendTouch(.began, at: CGPoint(x: 45, y: 45), time: 0)  // in the enlarged hit area
        try window.sendTouch(.ended, at: CGPoint(x: 60, y: 60), time: 0.1)
        #expect(knob.calls == ["touchesBegan", "begin"] && sent == 1)
    }

    @Test func aWindowShowsItsRootViewController() {
        final class Home: ViewController {
            override func loadView() {
                view = View()
                view.backgroundColor = .systemBackground
            }
        }
        let window = Window(frame: Screen.main.bounds)
        let home = Home()
        window.rootViewController = home
        window.makeKeyAndVisible()
        #expect(window.isKeyWindow && !window.isHidden)
        #expect(home.view.superview === window && home.view.frame == window.bounds)
        window.frame = CGRect(x: 0, y: 0, width: 844, height: 390)  // rotated
        window.runUpdateCycle()
        #expect(home.view.frame.size == CGSize(width: 844, height: 390))
        window.rootViewController = ViewController()
        #expect(home.view.superview == nil)
    }

    @Test func theKeyWindowIsTheLastMadeKeyInItsApplication() {
        let application = Application()
        let first = Window(), second = Window()
        first.application = application
        second.application = application
        first.makeKeyAndVisible()
        second.makeKeyAndVisible()
        #expect(!first.isKeyWindow && second.isKeyWindow && application.keyWindow === second)
    }

    @Test func theMainScreenHasBoundsAndScale() {
        #expect(Screen.main.bounds == CGRect(x: 0, y: 0, width: 390, height: 844))
        #expect(Screen.main.scale == 3 && Screen.main.nativeBounds.size == CGSize(width: 1170, height: 2532))
        let window = Window()
        #expect(window.frame == Screen.main.bounds && window.screen == Screen.main)
        #expect(window.contentScaleFactor == 3 && View().contentScaleFactor == 1)
    }

    @Test func namedColorsHaveUIKitsComponents() {
        var red: CGFloat = 0, green: CGFloat = 0, blue: CGFloat = 0, alpha: CGFloat = 0
        Color.systemBlue.getRed(&red, green: &green, blue: &blue, alpha: &alpha)
        #expect(red == 0 && green == 122.0 / 255 && blue == 1 && alpha == 1)
        #expect(Color.gray == Color(white: 0.5))
        #expect(Color.yellow == Color(red: 1, green: 1, blue: 0))
        #expect(Color.orange.withAlphaComponent(0.5).alpha == 0.5)
        var white: CGFloat = 0
        Color.white.getWhite(&white, alpha: &alpha)
        #expect(white == 1)
    }

    @Test func aLabelsAlignmentRedrawsIt() {
        final class DrawCounter: Label {
            var draws = 0
            override func draw(_ rect: CGRect) { draws += 1 }
        }
        let window = Window(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let label = DrawCounter(frame: CGRect(x: 0, y: 0, width: 200, height: 20))
        label.text = "Title"
        window.addSubview(label)
        window.runUpdateCycle()
        let before = label.draws
        #expect(label.textAlignment == .natural && !label.isUserInteractionEnabled)
        label.textAlignment = .center
        window.runUpdateCycle()
        #expect(label.draws == before + 1)
        #expect(TextAlignment.natural.resolved(for: .rightToLeft) == .right)
    }

    @Test func aButtonOfATypeHasItsTitleLabelAndImageView() throws {
        let button = Button(type: .system)
        button.setTitle("Play", for: .normal)
        button.titleLabel?.font = .systemFont(ofSize: 30)
        #expect(button.buttonType == .system && button.titleFont == .systemFont(ofSize: 30))
        #expect(button.intrinsicContentSize.height == 35)  // the 30-point font's line, 34.92, rounded up
        #expect(button.titleLabel?.text == "Play" && button.titleLabel?.textColor == .systemBlue)
        button.frame = CGRect(x: 0, y: 0, width: 200, height: 50)
        let window = Window(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(button)
        window.runUpdateCycle()
        // "Play" at 30 points: 62.56 → 63 wide and 34.92 → 35 tall, centred in 200 × 50.
        #expect(button.titleLabel?.frame == CGRect(x: 68.5, y: 7.5, width: 63, height: 35))
        var taps = 0
        button.addAction(for: .touchUpInside) { _, _ in taps += 1 }
        try window.sendTouch(.began, at: CGPoint(x: 100, y: 25), time: 0)  // on the title label
        try window.sendTouch(.ended, at: CGPoint(x: 100, y: 25), time: 0.1)
        #expect(taps == 1)

        let info = Button(type: .infoLight)
        #expect(info.imageView?.image?.size == CGSize(width: 22, height: 22))
        #expect(info.intrinsicContentSize == CGSize(width: 22, height: 22))
        #expect(Button(type: .custom).titleColor(for: .normal) == .white)
    }

    @Test func aStackViewTakesCustomSpacingAfterAView() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let views = (0..<3).map { _ in View() }
        for view in views { view.widthAnchor.constraint(equalToConstant: 50).isActive = true }
        let stack = StackView(arrangedSubviews: views)
        stack.spacing = 10
        stack.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(stack)
        stack.leadingAnchor.constraint(equalTo: window.leadingAnchor).isActive = true
        stack.topAnchor.constraint(equalTo: window.topAnchor).isActive = true
        stack.setCustomSpacing(30, after: views[0])
        #expect(stack.customSpacing(after: views[1]) == StackView.spacingUseDefault)
        window.layoutIfNeeded()
        #expect(views.map(\.frame.minX) == [0, 80, 140])
        stack.setCustomSpacing(StackView.spacingUseSystem, after: views[1])
        window.layoutIfNeeded()
        #expect(views.map(\.frame.minX) == [0, 80, 138])
    }

    @Test func pixelRoundingFollowsTheContentScaleFactor() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 300, height: 300), screen: Screen(bounds: .zero, scale: 2))
        let view = View()
        view.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(view)
        view.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10.3).isActive = true
        view.topAnchor.constraint(equalTo: window.topAnchor).isActive = true
        view.widthAnchor.constraint(equalToConstant: 20).isActive = true
        view.heightAnchor.constraint(equalToConstant: 20).isActive = true
        window.layoutIfNeeded()
        #expect(view.contentScaleFactor == 2 && view.frame.minX == 10.5)  // half-point grid
        view.contentScaleFactor = 1
        window.layoutIfNeeded()
        #expect(view.frame.minX == 10)
        view.contentScaleFactor = 4
        window.layoutIfNeeded()
        #expect(view.frame.minX == 10.25)
    }

    @Test func aChildsPreferredContentSizeReachesItsParent() {
        final class Container: ViewController {
            var heard: [CGSize] = []
            override func preferredContentSizeDidChange(forChildContentContainer container: ViewController) {
                heard.append(container.preferredContentSize)
            }
        }
        let parent = Container(), child = ViewController()
        parent.addChild(child)
        child.didMove(toParent: parent)
        child.preferredContentSize = CGSize(width: 320, height: 200)
        child.preferredContentSize = CGSize(width: 320, height: 200)  // unchanged: not told again
        #expect(parent.heard == [CGSize(width: 320, height: 200)])
    }

    /// The two commonest animations: a constraint's constant changed and laid out inside the
    /// block, and a fade whose completion removes the view.
    @Test func constraintAndFadeAnimationsRunOnTheWindowsClock() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let banner = View()
        banner.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(banner)
        let top = banner.topAnchor.constraint(equalTo: window.topAnchor, constant: -60)
        LayoutConstraint.activate([
            top, banner.leadingAnchor.constraint(equalTo: window.leadingAnchor),
            banner.trailingAnchor.constraint(equalTo: window.trailingAnchor),
            banner.heightAnchor.constraint(equalToConstant: 60),
        ])
        window.layoutIfNeeded()
        top.constant = 0
        View.animate(withDuration: 0.3) {
            window.layoutIfNeeded()
        }
        #expect(banner.frame.minY == 0)  // the model is there at once
        try window.advanceTime(to: 0.15)
        #expect(banner.layer.presentation()!.frame.minY == -30)  // halfway, by the ease-in-out curve's symmetry
        var removed = false
        View.animate(withDuration: 0.25, delay: 1, options: [.curveEaseIn], animations: {
            banner.alpha = 0
        }, completion: { finished in
            banner.removeFromSuperview()
            removed = finished
        })
        try window.advanceTime(to: 1.39)  // the delay counts from the block, at 0.15
        #expect(!removed && banner.superview === window)
        try window.advanceTime(to: 1.4)
        #expect(removed && banner.superview == nil)
    }
}
