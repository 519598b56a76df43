import Canopy
import Foundation
import Testing

// Examples from the "View Programming Guide for iOS" (windows, the view hierarchy, view
// geometry and coordinate systems, the runtime interaction model), ported from Objective-C
// and UIKit to Canopy.

private func isClose(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(a), abs(b)) }

private func isClose(_ a: CGPoint, _ b: CGPoint) -> Bool { isClose(a.x, b.x) && isClose(a.y, b.y) }

private func isClose(_ a: CGRect, _ b: CGRect) -> Bool {
    isClose(a.origin, b.origin) && isClose(a.size.width, b.size.width) && isClose(a.size.height, b.size.height)
}

/// Collects the names of the touch calls that reach recording responders.
private final class TouchLog {
    var entries: [String] = []
}

/// A view that records the touches it gets and keeps them.
private final class TouchRecordingView: View {
    let name: String
    let log: TouchLog

    init(_ name: String, log: TouchLog, frame: CGRect) {
        self.name = name
        self.log = log
        super.init(frame: frame)
    }

    required init?(coder: Coder) { return nil }  // not archived

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { log.entries.append("\(name).began") }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { log.entries.append("\(name).moved") }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { log.entries.append("\(name).ended") }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { log.entries.append("\(name).cancelled") }
}

// MARK: - Windows

@Suite("View Programming Guide: creating and filling a window")
struct WindowExamples {
    // From the "View Programming Guide for iOS", section "Creating a window programmatically"
    // (self.window = [[UIWindow alloc] initWithFrame:[[UIScreen mainScreen] bounds]]: you
    // should always give a window the screen's full bounds).
    @Test("A window made with the main screen's bounds covers the whole screen")
    func windowCoversTheScreen() {
        let window = Window(frame: Screen.main.bounds, screen: .main)
        #expect(Screen.main.bounds == CGRect(x: 0, y: 0, width: 390, height: 844))
        #expect(window.hitTest(CGPoint(x: 389, y: 843), with: nil) === window)  // the far corner
        #expect(window.hitTest(CGPoint(x: 390, y: 844), with: nil) == nil)  // past it
    }

    // From the "View Programming Guide for iOS", section "Changing the window level" (a new
    // window is at the normal level; higher levels are for the status bar and alerts).
    @Test("A new window is at the normal level, below the status bar and alert levels")
    func newWindowsAreAtTheNormalLevel() {
        let window = Window(frame: Screen.main.bounds)
        #expect(window.windowLevel == .normal)
        #expect(Window.Level.statusBar > .normal)
        #expect(Window.Level.alert > .normal)
    }

    /// Counts its view loads.
    final class CountingViewController: ViewController {
        private(set) var viewDidLoadCalls = 0

        override func viewDidLoad() {
            super.viewDidLoad()
            viewDidLoadCalls += 1
        }
    }

    // From the "View Programming Guide for iOS", section "Adding content to a window"
    // ([window addSubview:viewController.view]; you set the root view's initial size and
    // position yourself).
    @Test("Adding a view controller's view to the window loads it and puts it in the window")
    func addingAViewControllersView() {
        let window = Window(frame: Screen.main.bounds)
        let viewController = CountingViewController()
        viewController.view.frame = window.bounds
        window.addSubview(viewController.view)

        #expect(viewController.viewDidLoadCalls == 1)
        #expect(viewController.view.superview === window)
        #expect(viewController.view.window === window)
        #expect(viewController.view.frame == window.bounds)
        // The controller sits between its view and the window in the responder chain.
        #expect(viewController.view.next === viewController)
        #expect(viewController.next === window)
    }

    // From the "View Programming Guide for iOS", section "Adding content to a window" (with
    // the window's rootViewController set, UIKit installs that controller's view as the
    // window's root view).
    @Test("Setting rootViewController installs the controller's view as the window's root view")
    func rootViewControllerInstallsItsView() {
        let window = Window(frame: Screen.main.bounds)
        let viewController = CountingViewController()
        window.rootViewController = viewController
        window.makeKeyAndVisible()
        window.runUpdateCycle()

        #expect(viewController.viewDidLoadCalls == 1)
        #expect(viewController.view.superview === window)
        #expect(viewController.view.frame == window.bounds)
    }

    // From the "View Programming Guide for iOS", section "Creating windows with Interface
    // Builder" (a window, like every view, gets no touches outside its bounds: views beyond
    // a window smaller than the screen look visible but get no events).
    @Test("A view sticking out of a small window gets no touches outside the window's bounds")
    func noTouchesOutsideTheWindow() throws {
        let log = TouchLog()
        let window = Window(frame: CGRect(x: 0, y: 0, width: 200, height: 200), screen: Screen.main)
        let view = TouchRecordingView("view", log: log, frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        window.addSubview(view)

        #expect(window.hitTest(CGPoint(x: 250, y: 250), with: nil) == nil)
        try window.sendTouch(.began, at: CGPoint(x: 250, y: 250), time: 0)
        try window.sendTouch(.ended, at: CGPoint(x: 250, y: 250), time: 0.1)
        #expect(log.entries.isEmpty)

        try window.sendTouch(.began, at: CGPoint(x: 150, y: 150), time: 1)
        try window.sendTouch(.ended, at: CGPoint(x: 150, y: 150), time: 1.1)
        #expect(log.entries == ["view.began", "view.ended"])
    }
}

// MARK: - The view hierarchy

@Suite("View Programming Guide: subview order and the responder chain")
struct ViewHierarchyExamples {
    // From the "View Programming Guide for iOS", section "View hierarchies and subview
    // management" (subviews are kept in an ordered array; of two overlapping siblings, the one
    // added later — or moved to the end of the array — is on top).
    @Test("The sibling added later, or moved to the end, is on top")
    func laterSiblingsAreOnTop() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let a = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let b = View(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        window.addSubview(a)
        window.addSubview(b)
        #expect(window.subviews.count == 2)
        #expect(window.subviews[0] === a && window.subviews[1] === b)
        #expect(window.hitTest(CGPoint(x: 75, y: 75), with: nil) === b)

        window.bringSubviewToFront(a)
        #expect(window.subviews[0] === b && window.subviews[1] === a)
        #expect(window.hitTest(CGPoint(x: 75, y: 75), with: nil) === a)
    }

    /// Records the touches that reach the end of the chain.
    final class RecordingApplication: Application {
        var log: [String] = []
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { log.append("application.began") }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { log.append("application.ended") }
    }

    /// A view controller that notes the touches passing through it, then passes them on.
    final class PassingViewController: ViewController {
        var onTouch: ((String) -> Void)?

        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
            onTouch?("controller.began")
            super.touchesBegan(touches, with: event)
        }

        override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
            onTouch?("controller.ended")
            super.touchesEnded(touches, with: event)
        }
    }

    // From the "View Programming Guide for iOS", section "View hierarchies and subview
    // management" (a touch not handled by the view goes to its superview, possibly through a
    // view controller, and on up; unhandled, it reaches the application object).
    @Test("An unhandled touch travels from the view through its view controller and the window to the application")
    func unhandledTouchesClimbTheResponderChain() throws {
        let window = Window(frame: Screen.main.bounds)
        let application = RecordingApplication()
        window.application = application
        let viewController = PassingViewController()
        viewController.onTouch = { application.log.append($0) }
        viewController.view.frame = window.bounds
        window.addSubview(viewController.view)
        let plain = View(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        viewController.view.addSubview(plain)

        let event = try window.sendTouch(.began, at: CGPoint(x: 50, y: 50), time: 0)
        #expect(event.allTouches.first?.view === plain)
        try window.sendTouch(.ended, at: CGPoint(x: 50, y: 50), time: 0.1)
        #expect(application.log == ["controller.began", "application.began", "controller.ended", "application.ended"])
        #expect(viewController.next === window && window.next === application)  // through the window
    }
}

// MARK: - View geometry and coordinate systems

@Suite("View Programming Guide: frame, bounds and center")
struct FrameBoundsCenterExamples {
    // From the "View Programming Guide for iOS", section "The relationship of the frame,
    // bounds, and center properties" (setting the frame updates bounds.size and center;
    // setting the center updates frame.origin; setting bounds.size updates frame.size; by
    // default bounds.origin is (0, 0) and bounds.size equals frame.size).
    @Test("frame, bounds and center follow each other as the table says")
    func frameBoundsAndCenterFollowEachOther() {
        let view = View()
        view.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(view.center == CGPoint(x: 60, y: 45))

        view.center = CGPoint(x: 100, y: 100)
        #expect(view.frame.origin == CGPoint(x: 50, y: 75))
        #expect(view.frame.size == CGSize(width: 100, height: 50))

        view.bounds.size = CGSize(width: 40, height: 30)
        #expect(view.frame.size == CGSize(width: 40, height: 30))
    }

    // From the "View Programming Guide for iOS", section "The relationship of the frame,
    // bounds, and center properties" (to change the visible part of a view's content, as
    // scrolling does, change bounds.origin: the subviews move, the view does not).
    @Test("Changing bounds.origin shifts the content, not the view")
    func boundsOriginScrollsTheContent() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let container = View(frame: CGRect(x: 0, y: 100, width: 200, height: 200))
        let child = View(frame: CGRect(x: 0, y: 50, width: 100, height: 100))
        window.addSubview(container)
        container.addSubview(child)
        #expect(child.convert(CGPoint.zero, to: nil) == CGPoint(x: 0, y: 150))

        container.bounds.origin = CGPoint(x: 0, y: 30)
        #expect(container.frame == CGRect(x: 0, y: 100, width: 200, height: 200))
        #expect(child.frame == CGRect(x: 0, y: 50, width: 100, height: 100))
        #expect(child.convert(CGPoint.zero, to: nil) == CGPoint(x: 0, y: 120))
    }

    // From the "View Programming Guide for iOS", section "The relationship of the frame,
    // bounds, and center properties" (subviews are not clipped by default; clipped or not, a
    // touch in the part of a subview outside its superview's bounds is not delivered to it).
    @Test("A touch outside the superview's bounds never reaches the subview, clipped or not")
    func touchesFollowTheSuperviewsBounds() throws {
        for clips in [false, true] {
            let log = TouchLog()
            let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            let parent = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let child = TouchRecordingView("child", log: log, frame: CGRect(x: 50, y: 50, width: 100, height: 100))
            #expect(!parent.clipsToBounds)  // the default
            parent.clipsToBounds = clips
            window.addSubview(parent)
            parent.addSubview(child)

            try window.sendTouch(.began, at: CGPoint(x: 120, y: 120), time: 0)
            try window.sendTouch(.ended, at: CGPoint(x: 120, y: 120), time: 0.1)
            #expect(log.entries.isEmpty, "clipsToBounds = \(clips)")

            try window.sendTouch(.began, at: CGPoint(x: 75, y: 75), time: 1)
            try window.sendTouch(.ended, at: CGPoint(x: 75, y: 75), time: 1.1)
            #expect(log.entries == ["child.began", "child.ended"], "clipsToBounds = \(clips)")
        }
    }
}

@Suite("View Programming Guide: transforms and coordinate conversion")
struct TransformAndConversionExamples {
    // From the "View Programming Guide for iOS", section "Coordinate system transformations"
    // (transforms are applied relative to the view's center; with a non-identity transform,
    // use bounds and center, which keep their values; subviews' frames stay valid, being
    // relative to the superview's bounds).
    @Test("A transform turns and scales the view about its center; bounds, center and subview frames stay")
    func transformsAreRelativeToTheCenter() {
        let parent = View(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let view = View(frame: CGRect(x: 100, y: 100, width: 100, height: 50))
        let subview = View(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        parent.addSubview(view)
        view.addSubview(subview)

        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(view.center == CGPoint(x: 150, y: 125))
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(subview.frame == CGRect(x: 10, y: 10, width: 20, height: 20))
        // The center stays put; the top-left corner, 50 left of and 25 above the center,
        // turns a quarter clockwise (y points down) to 25 right of and 50 above it.
        #expect(isClose(view.convert(CGPoint(x: 50, y: 25), to: parent), CGPoint(x: 150, y: 125)))
        #expect(isClose(view.convert(CGPoint(x: 0, y: 0), to: parent), CGPoint(x: 175, y: 75)))

        view.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(view.center == CGPoint(x: 150, y: 125))
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(isClose(view.convert(CGPoint(x: 0, y: 0), to: parent), CGPoint(x: 50, y: 75)))
    }

    // From the "View Programming Guide for iOS", section "Converting coordinates in the view
    // hierarchy", figure 3-3 (a rectangle converted out of a rotated subview is the smallest
    // upright rectangle enclosing the rotated one, physically larger).
    @Test("A rectangle converted out of a rotated view is its enclosing upright box")
    func rotatedRectanglesConvertToTheirBoundingBox() {
        let outerView = View(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let inner = View(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        outerView.addSubview(inner)
        inner.transform = CGAffineTransform(rotationAngle: .pi / 4)

        let converted = inner.convert(inner.bounds, to: outerView)
        let side = 100 * CGFloat(2).squareRoot()  // the square's diagonal
        #expect(isClose(converted, CGRect(x: 150 - side / 2, y: 150 - side / 2, width: side, height: side)))
        #expect(converted.width > inner.bounds.width && converted.height > inner.bounds.height)
    }

    // From the "View Programming Guide for iOS", sections "View geometry and coordinate
    // systems" and "Converting coordinates in the view hierarchy" (convertPoint:toView:,
    // convertPoint:fromView:, convertRect:toView:, convertRect:fromView:; nil stands for the
    // view's window).
    @Test("Points and rectangles convert between views, and nil means the window")
    func convertingBetweenViews() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let outer = View(frame: CGRect(x: 20, y: 40, width: 200, height: 200))
        let inner = View(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        window.addSubview(outer)
        outer.addSubview(inner)

        #expect(inner.convert(CGPoint(x: 5, y: 5), to: outer) == CGPoint(x: 15, y: 15))
        #expect(inner.convert(CGPoint(x: 15, y: 15), from: outer) == CGPoint(x: 5, y: 5))
        #expect(inner.convert(CGPoint.zero, to: nil) == CGPoint(x: 30, y: 50))
        #expect(inner.convert(CGPoint(x: 30, y: 50), from: nil) == CGPoint.zero)
        #expect(inner.convert(inner.bounds, to: nil) == CGRect(x: 30, y: 50, width: 50, height: 50))
        #expect(inner.convert(CGRect(x: 30, y: 50, width: 10, height: 10), from: nil) == CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(outer.convert(inner.frame, to: window) == CGRect(x: 30, y: 50, width: 50, height: 50))
        #expect(outer.convert(CGRect(x: 30, y: 50, width: 50, height: 50), from: window) == inner.frame)
    }

    // From the "View Programming Guide for iOS", section "Converting coordinates in the view
    // hierarchy" (UIWindow's convertPoint:toWindow:, convertPoint:fromWindow:,
    // convertRect:toWindow:, convertRect:fromWindow:; nil stands for the screen).
    @Test("Windows convert points and rectangles to other windows and to the screen")
    func convertingBetweenWindows() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let other = Window(frame: CGRect(x: 100, y: 200, width: 200, height: 200))

        #expect(window.convert(CGPoint(x: 150, y: 250), to: other) == CGPoint(x: 50, y: 50))
        #expect(other.convert(CGPoint(x: 50, y: 50), to: nil as Window?) == CGPoint(x: 150, y: 250))
        #expect(other.convert(CGPoint.zero, from: window) == CGPoint(x: -100, y: -200))
        #expect(other.convert(CGPoint(x: 150, y: 250), from: nil as Window?) == CGPoint(x: 50, y: 50))
        #expect(
            window.convert(CGRect(x: 150, y: 250, width: 10, height: 10), to: other)
                == CGRect(x: 50, y: 50, width: 10, height: 10))
        #expect(
            other.convert(CGRect(x: 0, y: 0, width: 10, height: 10), from: window)
                == CGRect(x: -100, y: -200, width: 10, height: 10))
        #expect(
            other.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: nil as Window?)
                == CGRect(x: 100, y: 200, width: 10, height: 10))
    }
}

@Suite("View Programming Guide: content modes and scale factors")
struct ContentModeAndScaleExamples {
    // From the "View Programming Guide for iOS", section "Content modes" (by default most
    // views' contentMode is UIViewContentModeScaleToFill).
    @Test("A view's content mode is scale-to-fill by default")
    func defaultContentMode() {
        #expect(View().contentMode == .scaleToFill)
        #expect(View(frame: CGRect(x: 0, y: 0, width: 10, height: 10)).contentMode == .scaleToFill)
    }

    // From the "View Programming Guide for iOS", section "Points versus pixels" (a point is
    // not necessarily one pixel; views report the current scale factor).
    @Test("A view in a window on the main screen reports the screen's scale factor")
    func viewsReportTheScaleFactor() {
        let window = Window(frame: Screen.main.bounds, screen: Screen.main)
        let view = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(view)
        #expect(view.contentScaleFactor == Screen.main.scale)
        #expect(window.screen.scale == Screen.main.scale)
    }
}

// MARK: - The runtime interaction model

@Suite("View Programming Guide: event code changes geometry and UIKit lays out afterwards")
struct RuntimeInteractionExamples {
    /// A view whose touch handling grows it and flags it for layout; its content view
    /// follows by its autoresizing rules.
    final class GrowingPanel: View {
        let content = View()
        private(set) var layoutCount = 0

        override init(frame: CGRect) {
            super.init(frame: frame)
            content.frame = bounds.insetBy(dx: 10, dy: 10)
            content.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            addSubview(content)
        }

        required init?(coder: Coder) { return nil }  // not archived

        override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
            frame.size.height += 100  // change the view's properties...
            setNeedsLayout()  // ...and mark it as needing layout
        }

        override func layoutSubviews() {
            super.layoutSubviews()
            layoutCount += 1
        }
    }

    // From the "View Programming Guide for iOS", section "The runtime interaction model for
    // views" (steps 4–5: event code changes a frame and calls setNeedsLayout; then UIKit
    // applies the autoresizing rules and calls layoutSubviews).
    @Test("A touch that resizes a view leads to autoresizing and one layoutSubviews at the next update")
    func eventCodeThenLayout() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let panel = GrowingPanel(frame: CGRect(x: 20, y: 20, width: 200, height: 100))
        window.addSubview(panel)
        window.runUpdateCycle()
        let layoutsBefore = panel.layoutCount
        #expect(panel.content.frame == CGRect(x: 10, y: 10, width: 180, height: 80))

        try window.sendTouch(.began, at: CGPoint(x: 100, y: 60), time: 0)
        try window.sendTouch(.ended, at: CGPoint(x: 100, y: 60), time: 0.1)
        #expect(panel.frame == CGRect(x: 20, y: 20, width: 200, height: 200))
        #expect(panel.layoutCount == layoutsBefore)  // layout waits for the update

        window.runUpdateCycle()
        #expect(panel.layoutCount == layoutsBefore + 1)
        #expect(panel.content.frame == CGRect(x: 10, y: 10, width: 180, height: 180))
    }
}
