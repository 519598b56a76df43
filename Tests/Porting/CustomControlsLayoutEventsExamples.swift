import Canopy
import Foundation
import Testing

// Examples from "Understanding iOS layout and view loading" (custom controls: initializers,
// when to lay out, touches, UIControl and UIButton, hit testing, KVO), ported from
// Objective-C, Swift 2 and UIKit to Canopy.

// MARK: - Choosing the right initializer

@Suite("Custom controls: initializers all lead to the control's own designated initializer")
struct InitializerExamples {
    /// The article's control with its own designated initializer `initWithName:frame:`, a
    /// shorter `initWithName:`, and `initWithFrame:` overridden to call its own initializer.
    final class NamedView: View {
        var name: String?
        private(set) var namedInitializerRuns = 0

        convenience init(name: String?) {
            self.init(name: name, frame: .zero)
        }

        init(name: String?, frame: CGRect) {
            super.init(frame: frame)
            self.name = name
            namedInitializerRuns += 1
        }

        override convenience init(frame: CGRect) {
            self.init(name: nil, frame: frame)
        }

        required init?(coder: Coder) { return nil }  // not archived
    }

    // From "Understanding iOS layout and view loading", section "Loading from code" (every
    // initializer, even the superclass's and plain init, ends in the control's designated
    // initializer, which calls the superclass's designated initializer).
    @Test("init(name:), init(frame:) and init() all run the control's designated initializer once")
    func everyInitializerRunsTheDesignatedOne() {
        let named = NamedView(name: "contacts")
        #expect(named.name == "contacts")
        #expect(named.frame == .zero)
        #expect(named.namedInitializerRuns == 1)

        let framed = NamedView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(framed.name == nil)
        #expect(framed.frame == CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(framed.namedInitializerRuns == 1)

        let plain = NamedView()
        #expect(plain.name == nil)
        #expect(plain.frame == .zero)
        #expect(plain.namedInitializerRuns == 1)
    }

    /// The article's shared setup: `commonInit` called from the initializer (the
    /// `initWithCoder:` half, for archives, is left out).
    final class CommonInitView: View {
        private(set) var commonInitCalls = 0

        override init(frame: CGRect) {
            super.init(frame: frame)
            commonInit()
        }

        required init?(coder: Coder) { return nil }  // not archived

        private func commonInit() {
            commonInitCalls += 1
        }
    }

    // From "Understanding iOS layout and view loading", section "Supporting loading from both
    // code and files" (a commonInit method shared by the initializers runs once).
    @Test("commonInit runs exactly once whichever code initializer is used")
    func commonInitRunsOnce() {
        #expect(CommonInitView(frame: CGRect(x: 0, y: 0, width: 10, height: 10)).commonInitCalls == 1)
        #expect(CommonInitView().commonInitCalls == 1)
    }

    /// A control that puts a background view behind the subviews its user may already have
    /// added (the article's xib case: the user's subviews enter the hierarchy first).
    final class BackgroundedView: View {
        lazy var backgroundView = View()

        func addBackgroundWithAddSubview() {
            addSubview(backgroundView)
        }

        func addBackgroundWithInsertSubview() {
            insertSubview(backgroundView, at: 0)
        }
    }

    // From "Understanding iOS layout and view loading", section "Loading from a xib or
    // storyboard" (addSubview puts the background above the subviews already there, covering
    // them; insertSubview:atIndex: 0 keeps it at the bottom).
    @Test("addSubview puts a late background on top of the user's subviews; insertSubview(at: 0) keeps it behind")
    func backgroundViewOrder() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))

        let covered = BackgroundedView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let userSubview = View(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        covered.addSubview(userSubview)  // the user's subview comes first
        covered.backgroundView.frame = covered.bounds
        covered.addBackgroundWithAddSubview()
        window.addSubview(covered)
        #expect(covered.subviews.last === covered.backgroundView)
        #expect(window.hitTest(CGPoint(x: 20, y: 20), with: nil) === covered.backgroundView)

        let behind = BackgroundedView(frame: CGRect(x: 0, y: 250, width: 200, height: 200))
        let otherSubview = View(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        behind.addSubview(otherSubview)
        behind.backgroundView.frame = behind.bounds
        behind.addBackgroundWithInsertSubview()
        window.addSubview(behind)
        #expect(behind.subviews.first === behind.backgroundView)
        #expect(behind.subviews.last === otherSubview)
        #expect(window.hitTest(CGPoint(x: 20, y: 270), with: nil) === otherSubview)
        #expect(window.hitTest(CGPoint(x: 150, y: 400), with: nil) === behind.backgroundView)
    }
}

// MARK: - When to adjust the layout

@Suite("Custom controls: frame-based layout happens in layoutSubviews")
struct FrameBasedLayoutExamples {
    /// The article's frame-based control: the initializer only adds the (lazily made, gray)
    /// label; `layoutSubviews` sets its frame to the bounds inset by 20 horizontally.
    class FrameLabelView: View {
        lazy var label: Label = {
            let label = Label()
            label.textColor = .gray
            return label
        }()

        override init(frame: CGRect) {
            super.init(frame: frame)
            commonInit()
        }

        required init?(coder: Coder) { return nil }  // not archived

        override func layoutSubviews() {
            super.layoutSubviews()
            label.frame = bounds.insetBy(dx: 20, dy: 0)
        }

        private func commonInit() {
            addSubview(label)
        }
    }

    // From "Understanding iOS layout and view loading", section "Based on frame" (only add
    // the subviews at initialization; set their frames in layoutSubviews, so that a frame set
    // after init — or changed later, say on rotation — is followed).
    @Test("The label always sits 20 points in from the sides, whenever the frame is set")
    func labelFollowsTheFrame() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let view = FrameLabelView()  // made without a frame; the user sets it afterwards
        window.addSubview(view)
        view.frame = CGRect(x: 0, y: 100, width: 200, height: 44)
        window.runUpdateCycle()
        #expect(view.label.superview === view)
        #expect(view.label.textColor == .gray)
        #expect(view.label.frame == CGRect(x: 20, y: 0, width: 160, height: 44))

        view.frame = CGRect(x: 0, y: 100, width: 300, height: 60)
        window.runUpdateCycle()
        #expect(view.label.frame == CGRect(x: 20, y: 0, width: 260, height: 60))
    }

    /// A scroll view subclass that lays out in `layoutSubviews` and saves the last size, doing
    /// its size-dependent work only when the size changed.
    final class SizeWatchingScrollView: ScrollView {
        private(set) var layoutCalls = 0
        private(set) var sizeDependentUpdates = 0
        private var lastSize = CGSize.zero

        override func layoutSubviews() {
            super.layoutSubviews()
            layoutCalls += 1
            guard bounds.size != lastSize else { return }
            lastSize = bounds.size
            sizeDependentUpdates += 1
        }
    }

    // From "Understanding iOS layout and view loading", section "Based on frame" (note 2:
    // layoutSubviews is called when the bounds change, so a scroll view calls it all the time
    // while scrolling; save the previous size and compare when only the size matters).
    @Test("A scroll view lays out on every scroll; comparing with the saved size skips the work")
    func scrollingCallsLayoutSubviews() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let scrollView = SizeWatchingScrollView(frame: window.bounds)
        scrollView.contentSize = CGSize(width: 320, height: 2000)
        window.addSubview(scrollView)
        window.runUpdateCycle()
        #expect(scrollView.layoutCalls == 1 && scrollView.sizeDependentUpdates == 1)

        scrollView.contentOffset = CGPoint(x: 0, y: 100)
        window.runUpdateCycle()
        scrollView.contentOffset = CGPoint(x: 0, y: 200)
        window.runUpdateCycle()
        #expect(scrollView.layoutCalls == 3)
        #expect(scrollView.sizeDependentUpdates == 1)

        scrollView.frame = CGRect(x: 0, y: 0, width: 320, height: 400)
        window.runUpdateCycle()
        #expect(scrollView.layoutCalls == 4)
        #expect(scrollView.sizeDependentUpdates == 2)
    }

    /// The frame-based control with the article's `sizeThatFits:`: the superclass's answer
    /// (the current size) plus the label's height.
    final class SizeFittingLabelView: FrameLabelView {
        override func sizeThatFits(_ size: CGSize) -> CGSize {
            var fitSize = super.sizeThatFits(size)
            fitSize.height += label.frame.size.height
            return fitSize
        }
    }

    // From "Understanding iOS layout and view loading", section "Supporting sizeToFit"
    // (implement sizeThatFits:, then call sizeToFit from outside: it calls sizeThatFits and
    // updates the view's size).
    @Test("sizeToFit resizes the view to what sizeThatFits answers, keeping the origin")
    func sizeToFitUsesSizeThatFits() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let customView = SizeFittingLabelView(frame: CGRect(x: 10, y: 20, width: 200, height: 44))
        window.addSubview(customView)
        window.runUpdateCycle()
        #expect(customView.label.frame.height == 44)
        // UIView's sizeThatFits answers the current size: 200×44, plus the label's 44.
        #expect(customView.sizeThatFits(.zero) == CGSize(width: 200, height: 88))
        customView.sizeToFit()
        #expect(customView.frame == CGRect(x: 10, y: 20, width: 200, height: 88))
    }
}

@Suite("Custom controls: constraint-based layout needs no layoutSubviews")
struct ConstraintBasedControlExamples {
    /// The article's constraint-based control: `commonInit` adds the label and its
    /// constraints (the article uses Masonry and elides them; they mirror the frame-based
    /// example here: 20 points in from the sides, full height) and does not override
    /// `layoutSubviews`.
    final class ConstrainedLabelView: View {
        let label = Label()

        override init(frame: CGRect) {
            super.init(frame: frame)
            commonInit()
        }

        required init?(coder: Coder) { return nil }  // not archived

        private func commonInit() {
            addSubview(label)
            setupConstraintsForSubviews()
        }

        private func setupConstraintsForSubviews() {
            // What mas_makeConstraints does first.
            label.translatesAutoresizingMaskIntoConstraints = false
            LayoutConstraint.activate([
                label.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 20),
                trailingAnchor.constraint(equalTo: label.trailingAnchor, constant: 20),
                label.topAnchor.constraint(equalTo: topAnchor),
                label.bottomAnchor.constraint(equalTo: bottomAnchor),
            ])
        }
    }

    // From "Understanding iOS layout and view loading", section "Based on Auto Layout
    // constraints" (add the constraints in commonInit, set
    // translatesAutoresizingMaskIntoConstraints to NO, do not override layoutSubviews: its
    // default computes the frames from the constraints).
    @Test("Constraints added in commonInit place the label, and follow a frame change")
    func constraintsAddedInCommonInit() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let view = ConstrainedLabelView(frame: CGRect(x: 0, y: 100, width: 200, height: 44))
        window.addSubview(view)
        let report = window.runUpdateCycle()
        #expect(report.problems.isEmpty)
        #expect(!view.label.translatesAutoresizingMaskIntoConstraints)
        #expect(view.label.frame == CGRect(x: 20, y: 0, width: 160, height: 44))

        view.frame = CGRect(x: 0, y: 100, width: 300, height: 60)
        window.runUpdateCycle()
        #expect(view.label.frame == CGRect(x: 20, y: 0, width: 260, height: 60))
    }
}

@Suite("Custom controls: a view controller's view has its final size only after viewDidLoad")
struct ViewControllerLayoutExamples {
    /// Logs the loading steps.
    final class LoggingViewController: ViewController {
        var log: [String] = []

        override func loadView() {
            log.append("loadView")
            view = View()
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            log.append("viewDidLoad")
        }
    }

    // From "Understanding iOS layout and view loading", section "Adjusting the layout in a
    // ViewController" (accessing the view runs loadViewIfRequired: loadView if the view is
    // not loaded, then the viewDidLoad hook, then the view is returned).
    @Test("Accessing the view loads it, calls viewDidLoad, then returns it — once")
    func accessingTheViewLoadsIt() {
        let controller = LoggingViewController()
        #expect(!controller.isViewLoaded)
        let view = controller.view
        controller.log.append("view returned")
        #expect(controller.log == ["loadView", "viewDidLoad", "view returned"])
        #expect(controller.isViewLoaded)
        #expect(controller.view === view)
        #expect(controller.log.count == 3)
    }

    /// The article's wrong way: copy the view's width in viewDidLoad (`self.label.width =
    /// self.view.width`, through a UIView category, written here on the frame).
    final class NaiveViewController: ViewController {
        let label = Label()
        private(set) var widthInViewDidLoad: CGFloat = -1

        override func viewDidLoad() {
            super.viewDidLoad()
            view.addSubview(label)
            label.frame.size.width = view.frame.size.width
            widthInViewDidLoad = view.frame.size.width
        }
    }

    // From "Understanding iOS layout and view loading", section "Adjusting the layout in a
    // ViewController" (do not rely on self.view's size in viewDidLoad: the container sets
    // the view's frame afterwards, so a width copied there is not updated).
    @Test("A width copied in viewDidLoad is not updated when the container sizes the view")
    func aWidthCopiedInViewDidLoadGoesStale() {
        let controller = NaiveViewController()
        let window = Window(frame: Screen.main.bounds)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.runUpdateCycle()
        #expect(controller.view.frame == window.bounds)  // the container set the frame
        #expect(controller.label.frame.width == controller.widthInViewDidLoad)  // nothing followed it
    }

    /// The first fix: also set the label's autoresizing mask.
    final class AutoresizingViewController: ViewController {
        let label = Label()

        override func viewDidLoad() {
            super.viewDidLoad()
            view.addSubview(label)
            label.frame.size.width = view.frame.size.width
            label.autoresizingMask = .flexibleWidth
        }
    }

    // From "Understanding iOS layout and view loading", section "Adjusting the layout in a
    // ViewController" (at least set autoresizingMask to flexible width).
    @Test("With a flexible-width mask the label keeps the view's width, even after rotation")
    func autoresizingMaskFollowsTheView() {
        let controller = AutoresizingViewController()
        let window = Window(frame: Screen.main.bounds)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.runUpdateCycle()
        #expect(controller.label.frame.width == controller.view.frame.width)
        #expect(controller.label.frame.width == window.bounds.width)

        window.frame = CGRect(x: 0, y: 0, width: Screen.main.bounds.height, height: Screen.main.bounds.width)
        window.runUpdateCycle()
        #expect(controller.view.frame == window.bounds)
        #expect(controller.label.frame.width == window.bounds.width)
    }

    /// The second fix: set the width in viewDidLayoutSubviews.
    final class LayoutCallbackViewController: ViewController {
        let label = Label()

        override func viewDidLoad() {
            super.viewDidLoad()
            view.addSubview(label)
        }

        override func viewDidLayoutSubviews() {
            super.viewDidLayoutSubviews()
            label.frame.size.width = view.frame.size.width
        }
    }

    // From "Understanding iOS layout and view loading", section "Adjusting the layout in a
    // ViewController" (or handle it in viewDidLayoutSubviews).
    @Test("Setting the width in viewDidLayoutSubviews keeps the label as wide as the view")
    func viewDidLayoutSubviewsFollowsTheView() {
        let controller = LayoutCallbackViewController()
        let window = Window(frame: Screen.main.bounds)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.runUpdateCycle()
        #expect(controller.label.frame.width == window.bounds.width)

        window.frame = CGRect(x: 0, y: 0, width: Screen.main.bounds.height, height: Screen.main.bounds.width)
        window.runUpdateCycle()
        #expect(controller.label.frame.width == window.bounds.width)
    }

    /// With Auto Layout: constraints added in viewDidLoad.
    final class ConstraintsViewController: ViewController {
        let label = Label()

        override func viewDidLoad() {
            super.viewDidLoad()
            label.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(label)
            LayoutConstraint.activate([
                label.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                label.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                label.topAnchor.constraint(equalTo: view.topAnchor),
            ])
        }
    }

    // From "Understanding iOS layout and view loading", section "Adjusting the layout in a
    // ViewController" (with Auto Layout, adding the constraints in viewDidLoad is enough).
    @Test("Constraints added in viewDidLoad keep the label as wide as the view")
    func constraintsInViewDidLoadFollowTheView() {
        let controller = ConstraintsViewController()
        let window = Window(frame: Screen.main.bounds)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.runUpdateCycle()
        #expect(controller.label.frame.width == window.bounds.width)

        window.frame = CGRect(x: 0, y: 0, width: Screen.main.bounds.height, height: Screen.main.bounds.width)
        window.runUpdateCycle()
        #expect(controller.label.frame.width == window.bounds.width)
    }
}

// MARK: - Handling touches correctly

@Suite("Custom controls: touch methods handle touches or pass them along the responder chain")
struct TouchHandlingExamples {
    /// A view that overrides all four touch methods, recording each call; it calls super
    /// (passing the touches on) only when told to.
    final class RecordingView: View {
        let name: String
        var passesTouchesOn = false
        private let sink: (String) -> Void

        init(_ name: String, frame: CGRect, sink: @escaping (String) -> Void) {
            self.name = name
            self.sink = sink
            super.init(frame: frame)
        }

        required init?(coder: Coder) { return nil }  // not archived

        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
            sink("\(name).began")
            if passesTouchesOn { super.touchesBegan(touches, with: event) }
        }

        override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
            sink("\(name).moved")
            if passesTouchesOn { super.touchesMoved(touches, with: event) }
        }

        override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
            sink("\(name).ended")
            if passesTouchesOn { super.touchesEnded(touches, with: event) }
        }

        override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
            sink("\(name).cancelled")
            if passesTouchesOn { super.touchesCancelled(touches, with: event) }
        }
    }

    final class Log {
        var entries: [String] = []
    }

    // From "Understanding iOS layout and view loading", section "Handling touches correctly"
    // (override all four touch methods; a view that handled the event does not call super,
    // which would pass it on along the responder chain).
    @Test("A view that handles all four touch methods without super keeps the touches")
    func handledTouchesStayInTheView() throws {
        let log = Log()
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let parent = RecordingView("parent", frame: CGRect(x: 0, y: 0, width: 300, height: 300)) { log.entries.append($0) }
        let child = RecordingView("child", frame: CGRect(x: 50, y: 50, width: 100, height: 100)) { log.entries.append($0) }
        window.addSubview(parent)
        parent.addSubview(child)

        try window.sendTouch(.began, at: CGPoint(x: 100, y: 100), time: 0)
        try window.sendTouch(.moved, at: CGPoint(x: 105, y: 100), time: 0.1)
        try window.sendTouch(.ended, at: CGPoint(x: 105, y: 100), time: 0.2)
        try window.sendTouch(.began, at: CGPoint(x: 100, y: 100), time: 1)
        try window.sendTouch(.cancelled, at: CGPoint(x: 100, y: 100), time: 1.1)
        #expect(log.entries == ["child.began", "child.moved", "child.ended", "child.began", "child.cancelled"])
    }

    // From "Understanding iOS layout and view loading", section "Handling touches correctly"
    // (super's touch methods — UIView's default — pass the event on along the responder chain).
    @Test("A view that calls super passes each touch phase on to its superview")
    func superPassesTouchesOn() throws {
        let log = Log()
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let parent = RecordingView("parent", frame: CGRect(x: 0, y: 0, width: 300, height: 300)) { log.entries.append($0) }
        let child = RecordingView("child", frame: CGRect(x: 50, y: 50, width: 100, height: 100)) { log.entries.append($0) }
        child.passesTouchesOn = true
        window.addSubview(parent)
        parent.addSubview(child)

        try window.sendTouch(.began, at: CGPoint(x: 100, y: 100), time: 0)
        try window.sendTouch(.moved, at: CGPoint(x: 105, y: 100), time: 0.1)
        try window.sendTouch(.ended, at: CGPoint(x: 105, y: 100), time: 0.2)
        #expect(log.entries == [
            "child.began", "parent.began", "child.moved", "parent.moved", "child.ended", "parent.ended",
        ])
    }

    /// The article's scroll view that passes touches to its next responder while it is not
    /// dragging, then calls super.
    final class ForwardingScrollView: ScrollView {
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
            if !isDragging {
                next?.touchesBegan(touches, with: event)
            }
            super.touchesBegan(touches, with: event)
        }

        override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
            if !isDragging {
                next?.touchesMoved(touches, with: event)
            }
            super.touchesMoved(touches, with: event)
        }

        override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
            if !isDragging {
                next?.touchesEnded(touches, with: event)
            }
            super.touchesEnded(touches, with: event)
        }

        override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
            if !isDragging {
                next?.touchesCancelled(touches, with: event)
            }
            super.touchesCancelled(touches, with: event)
        }
    }

    // From "Understanding iOS layout and view loading", section "Handling touches correctly"
    // (UIScrollView and UIButton already override the touch methods, so their super does not
    // pass touches on; forward them to nextResponder yourself: merely touching the scroll view
    // then lets the next responder handle the event — once).
    @Test("A scroll view that forwards to its next responder lets a mere touch reach the superview once")
    func scrollViewForwardsATouchToItsNextResponder() throws {
        let log = Log()
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let parent = RecordingView("parent", frame: window.bounds) { log.entries.append($0) }
        let scrollView = ForwardingScrollView(frame: parent.bounds)
        scrollView.contentSize = CGSize(width: 320, height: 2000)
        window.addSubview(parent)
        parent.addSubview(scrollView)

        try window.sendTouch(.began, at: CGPoint(x: 100, y: 100), time: 0)
        try window.sendTouch(.ended, at: CGPoint(x: 100, y: 100), time: 0.05)
        #expect(!scrollView.isDragging)
        #expect(log.entries == ["parent.began", "parent.ended"])
    }

    // From "Understanding iOS layout and view loading", section "Handling touches correctly"
    // (UIScrollView itself is implemented with gesture recognizers: its panGestureRecognizer).
    @Test("A scroll view scrolls through its own pan gesture recognizer")
    func scrollViewUsesAPanGestureRecognizer() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let scrollView = ScrollView(frame: window.bounds)
        scrollView.contentSize = CGSize(width: 320, height: 2000)
        window.addSubview(scrollView)
        let pan = scrollView.panGestureRecognizer
        #expect(pan.view === scrollView)
        #expect(scrollView.gestureRecognizers.contains { $0 === pan })

        try window.sendTouch(.began, at: CGPoint(x: 160, y: 400), time: 0)
        try window.sendTouch(.moved, at: CGPoint(x: 160, y: 300), time: 0.1)
        try window.sendTouch(.moved, at: CGPoint(x: 160, y: 200), time: 0.2)
        #expect(pan.state == .changed)
        #expect(scrollView.isDragging)
        #expect(scrollView.contentOffset.y > 0)
    }
}

// MARK: - drawRect, CALayer and animation (hierarchy part only)

@Suite("Custom controls: removing every subview")
struct RemovingSubviewsExamples {
    // From "Understanding iOS layout and view loading", section "drawRect, CALayer and
    // animation", point 1 (a user may clear all subviews with
    // [subviews makeObjectsPerformSelector:@selector(removeFromSuperview)]).
    @Test("Sending removeFromSuperview to every subview empties the view")
    func removeAllSubviews() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let control = View(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(control)
        let added = (0..<3).map { _ in View(frame: CGRect(x: 0, y: 0, width: 10, height: 10)) }
        added.forEach(control.addSubview)

        control.subviews.forEach { $0.removeFromSuperview() }
        #expect(control.subviews.isEmpty)
        #expect(added.allSatisfy { $0.superview == nil && $0.window == nil })
    }
}

// MARK: - UIControl and UIButton

@Suite("Custom controls: UIControl states, actions, and UIButton states")
struct ControlAndButtonExamples {
    // From "Understanding iOS layout and view loading", section "UIControl and UIButton"
    // (UIControl supports enabled, selected, highlighted and tracking states, a state
    // property, and adding and removing actions for control events).
    @Test("A control tracks, highlights, sends its action, and stops once the action is removed")
    func controlStatesAndActions() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let control = Control(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        window.addSubview(control)
        var received: [String] = []
        let action = control.addAction(for: .touchUpInside) { _, _ in received.append("touchUpInside") }
        #expect(control.isEnabled && !control.isSelected && !control.isHighlighted && !control.isTracking)
        #expect(control.state == .normal)

        try window.sendTouch(.began, at: CGPoint(x: 150, y: 150), time: 0)
        #expect(control.isTracking && control.isHighlighted)
        #expect(control.state == .highlighted)
        try window.sendTouch(.ended, at: CGPoint(x: 150, y: 150), time: 0.1)
        #expect(received == ["touchUpInside"])
        #expect(!control.isTracking && control.state == .normal)

        control.removeAction(action)
        try window.sendTouch(.began, at: CGPoint(x: 150, y: 150), time: 1)
        try window.sendTouch(.ended, at: CGPoint(x: 150, y: 150), time: 1.1)
        #expect(received == ["touchUpInside"])

        control.isSelected = true
        #expect(control.state == .selected)
        control.isEnabled = false
        #expect(control.state == [.selected, .disabled])
    }

    /// A stand-in for a text field: a view that can become first responder.
    final class EditableField: View {
        override var canBecomeFirstResponder: Bool { true }
    }

    /// The article's common use: the view controller's view is a UIControl, whose tap makes
    /// the field resign first responder.
    final class FormViewController: ViewController {
        let field = EditableField(frame: CGRect(x: 20, y: 100, width: 200, height: 44))

        override func loadView() {
            let control = Control()
            control.addAction(for: .touchUpInside) { [unowned self] _, _ in
                _ = self.field.resignFirstResponder()
            }
            view = control
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            view.addSubview(field)
        }
    }

    // From "Understanding iOS layout and view loading", section "UIControl and UIButton"
    // (make the view controller's view a UIControl to implement resignFirstResponder quickly).
    @Test("Tapping a view controller's control view makes the field resign first responder")
    func controlViewResignsTheFirstResponder() throws {
        let controller = FormViewController()
        let window = Window(frame: Screen.main.bounds)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.runUpdateCycle()
        #expect(controller.view is Control)
        #expect(controller.field.becomeFirstResponder())
        #expect(controller.field.isFirstResponder)

        try window.sendTouch(.began, at: CGPoint(x: 300, y: 600), time: 0)
        try window.sendTouch(.ended, at: CGPoint(x: 300, y: 600), time: 0.1)
        #expect(!controller.field.isFirstResponder)
        #expect(window.firstResponder == nil)
    }

    // From "Understanding iOS layout and view loading", section "UIControl and UIButton"
    // (titleEdgeInsets and imageEdgeInsets work best with the content alignments: set the
    // alignment first, then the insets).
    @Test("With left and top alignment, the title and image insets move them from the content's edges")
    func alignmentThenInsets() {
        let button = Button(frame: CGRect(x: 0, y: 0, width: 200, height: 44))
        button.setTitle("Tap me", for: .normal)
        button.setImage(Image(size: CGSize(width: 20, height: 20)), for: .normal)
        button.contentVerticalAlignment = .top
        button.contentHorizontalAlignment = .left
        button.titleEdgeInsets = EdgeInsets(top: 5, left: 10, bottom: 0, right: 0)
        button.imageEdgeInsets = EdgeInsets(top: 2, left: 4, bottom: 0, right: 0)

        let content = button.contentRect(forBounds: button.bounds)
        #expect(content == button.bounds)
        let image = button.imageRect(forContentRect: content)
        let title = button.titleRect(forContentRect: content)
        #expect(image.origin == CGPoint(x: 4, y: 2))
        #expect(title.origin == CGPoint(x: 30, y: 5))  // after the 20-point image, then 10 in
    }

    /// The article's button that gives each "+ highlighted" state the title and image of the
    /// state without highlight.
    final class StatefulButton: Button {
        func updateStates() {
            super.setTitle(title(for: .normal), for: [.normal, .highlighted])
            super.setImage(image(for: .normal), for: [.normal, .highlighted])
            super.setTitle(title(for: .selected), for: [.selected, .highlighted])
            super.setImage(image(for: .selected), for: [.selected, .highlighted])
        }
    }

    // From "Understanding iOS layout and view loading", section "UIControl and UIButton"
    // (Normal, Highlighted and combined states are distinct; updateStates gives the
    // selected-and-highlighted state the selected title and image).
    @Test("updateStates makes a selected button keep its selected title while highlighted")
    func updateStatesCoversTheHighlightedCombinations() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let button = StatefulButton(frame: CGRect(x: 100, y: 100, width: 120, height: 44))
        window.addSubview(button)
        button.setTitle("Normal", for: .normal)
        button.setTitle("Selected", for: .selected)
        // Without the update, selected + highlighted falls back to the normal title.
        #expect(button.title(for: [.selected, .highlighted]) == "Normal")

        button.updateStates()
        // The highlighted title is stored for that state: a new normal title does not change it.
        button.setTitle("Other", for: .normal)
        #expect(button.title(for: .highlighted) == "Normal")
        #expect(button.title(for: [.selected, .highlighted]) == "Selected")

        button.isSelected = true
        try window.sendTouch(.began, at: CGPoint(x: 150, y: 120), time: 0)
        #expect(button.state == [.selected, .highlighted])
        #expect(button.currentTitle == "Selected")
        try window.sendTouch(.ended, at: CGPoint(x: 150, y: 120), time: 0.1)
        #expect(button.state == .selected)
        #expect(button.currentTitle == "Selected")
    }

    /// The article's inspectable property: setting it sets the image for the highlighted and
    /// selected state (the IBInspectable attribute itself is Interface Builder's).
    final class CustomButton: Button {
        var highlightSelectedImage: Image? {
            didSet {
                setImage(highlightSelectedImage, for: [.highlighted, .selected])
            }
        }
    }

    // From "Understanding iOS layout and view loading", section "Friendlier xib support",
    // subsection "IBInspectable" (highlightSelectedImage's setter sets the image for
    // UIControlStateHighlighted | UIControlStateSelected).
    @Test("Setting highlightSelectedImage sets the image of the highlighted and selected state only")
    func highlightSelectedImageSetsTheCombinedState() {
        let button = CustomButton(frame: CGRect(x: 0, y: 0, width: 100, height: 44))
        let image = Image(size: CGSize(width: 24, height: 24))
        button.highlightSelectedImage = image
        #expect(button.image(for: [.highlighted, .selected]) == image)
        #expect(button.image(for: .selected) == nil)
        #expect(button.image(for: .highlighted) == nil)
        #expect(button.image(for: .normal) == nil)
    }

    /// The article's DKClickableImageView: an image view made interactive, with a tap gesture
    /// recognizer that calls the tap block while enabled. (Its `initWithCoder:` half is left
    /// out.)
    final class ClickableImageView: ImageView {
        var enable = true
        var tapBlock: (() -> Void)?

        override init(frame: CGRect) {
            super.init(frame: frame)
            commonInit()
        }

        required init?(coder: Coder) { return nil }  // not archived

        private func commonInit() {
            isUserInteractionEnabled = true
            enable = true
            let tapGesture = TapGestureRecognizer { [unowned self] recognizer in
                self.onTap(recognizer)
            }
            addGestureRecognizer(tapGesture)
        }

        func onTap(_ sender: Any) {
            if !enable { return }
            tapBlock?()
        }
    }

    // From "Understanding iOS layout and view loading", section "UIControl and UIButton"
    // (a clickable image view: a UIView plus a gesture recognizer; userInteractionEnabled acts
    // on gesture recognizers as it does on the touch methods).
    @Test("A clickable image view calls its tap block on a tap, unless disabled or non-interactive")
    func clickableImageView() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let imageView = ClickableImageView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        window.addSubview(imageView)
        var taps = 0
        imageView.tapBlock = { taps += 1 }
        #expect(imageView.isUserInteractionEnabled)
        #expect(imageView.gestureRecognizers.count == 1)

        try window.sendTouch(.began, at: CGPoint(x: 100, y: 100), time: 0)
        try window.sendTouch(.ended, at: CGPoint(x: 100, y: 100), time: 0.05)
        #expect(taps == 1)

        imageView.enable = false
        try window.sendTouch(.began, at: CGPoint(x: 100, y: 100), time: 1)
        try window.sendTouch(.ended, at: CGPoint(x: 100, y: 100), time: 1.05)
        #expect(taps == 1)

        imageView.enable = true
        imageView.isUserInteractionEnabled = false
        try window.sendTouch(.began, at: CGPoint(x: 100, y: 100), time: 2)
        try window.sendTouch(.ended, at: CGPoint(x: 100, y: 100), time: 2.05)
        #expect(taps == 1)

        imageView.isUserInteractionEnabled = true
        try window.sendTouch(.began, at: CGPoint(x: 100, y: 100), time: 3)
        try window.sendTouch(.ended, at: CGPoint(x: 100, y: 100), time: 3.05)
        #expect(taps == 2)
    }
}

// MARK: - Irregular shapes and touch areas

@Suite("Custom controls: hit testing finds the view that takes a touch")
struct HitTestingExamples {
    // From "Understanding iOS layout and view loading", section "What happens when the screen
    // is touched?" (hitTest:withEvent: starts at the window; if the point is in the bounds
    // the subviews are asked, and the first view returned handles the touch; else the view
    // returns itself, or nil when the point is outside).
    @Test("hitTest returns the deepest view containing the point, and the touch goes to it")
    func hitTestFindsTheDeepestView() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let parent = View(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let child = View(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        window.addSubview(parent)
        parent.addSubview(child)

        #expect(window.hitTest(CGPoint(x: 60, y: 60), with: nil) === child)
        #expect(window.hitTest(CGPoint(x: 10, y: 10), with: nil) === parent)
        #expect(window.hitTest(CGPoint(x: 250, y: 250), with: nil) === window)
        #expect(window.hitTest(CGPoint(x: 400, y: 10), with: nil) == nil)
        #expect(parent.hitTest(CGPoint(x: 250, y: 10), with: nil) == nil)

        let event = try window.sendTouch(.began, at: CGPoint(x: 60, y: 60), time: 0)
        #expect(event.allTouches.first?.view === child)
    }

    // From "Understanding iOS layout and view loading", section "What happens when the screen
    // is touched?" (a view whose userInteractionEnabled is NO returns nil from hitTest, so
    // neither it nor its subviews get a chance at the event).
    @Test("A view with user interaction off hides itself and its subviews from hit testing")
    func userInteractionDisabledHidesTheSubtree() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let parent = View(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let child = View(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        window.addSubview(parent)
        parent.addSubview(child)
        parent.isUserInteractionEnabled = false

        #expect(parent.hitTest(CGPoint(x: 60, y: 60), with: nil) == nil)
        #expect(window.hitTest(CGPoint(x: 60, y: 60), with: nil) === window)
        #expect(window.hitTest(CGPoint(x: 10, y: 10), with: nil) === window)
    }

    // From "Understanding iOS layout and view loading", section "What happens when the screen
    // is touched?" (a subview half outside its superview cannot take touches in the part
    // outside, which is beyond the superview's range).
    @Test("The part of a subview outside its superview takes no touches")
    func thePartOutsideTheSuperviewIsDead() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let parent = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = View(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        window.addSubview(parent)
        parent.addSubview(child)

        #expect(window.hitTest(CGPoint(x: 75, y: 75), with: nil) === child)
        // (125, 125) is inside the child, but outside the parent.
        #expect(child.point(inside: child.convert(CGPoint(x: 125, y: 125), from: window), with: nil))
        #expect(window.hitTest(CGPoint(x: 125, y: 125), with: nil) === window)
    }

    // From "Understanding iOS layout and view loading", section "What happens when the screen
    // is touched?" (of two sibling subviews with the same frame, the one added later is
    // returned first).
    @Test("Of two siblings with the same frame, the one added later takes the touch")
    func theLaterSiblingWins() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let first = View(frame: CGRect(x: 20, y: 20, width: 100, height: 100))
        let second = View(frame: CGRect(x: 20, y: 20, width: 100, height: 100))
        window.addSubview(first)
        window.addSubview(second)
        #expect(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === second)
    }

    // From "Understanding iOS layout and view loading", section "What happens when the screen
    // is touched?" (pointInside:withEvent:'s default is CGRectContainsPoint(self.bounds, point),
    // with the point in the view's own coordinates).
    @Test("point(inside:with:) is bounds.contains(point) by default")
    func pointInsideIsBoundsContains() {
        let view = View(frame: CGRect(x: 30, y: 40, width: 100, height: 100))
        // Half-open: (0, 0) and (99.5, 99.5) are inside, (100, 50) and (-1, 10) are not.
        #expect(view.point(inside: CGPoint(x: 0, y: 0), with: nil))
        #expect(view.point(inside: CGPoint(x: 99.5, y: 99.5), with: nil))
        #expect(!view.point(inside: CGPoint(x: 100, y: 50), with: nil))
        #expect(!view.point(inside: CGPoint(x: -1, y: 10), with: nil))

        // With the bounds origin at (10, 10), the inside runs from 10 to 110.
        view.bounds.origin = CGPoint(x: 10, y: 10)
        #expect(!view.point(inside: CGPoint(x: 5, y: 5), with: nil))
        #expect(!view.point(inside: CGPoint(x: 110, y: 110), with: nil))
        #expect(view.point(inside: CGPoint(x: 109, y: 109), with: nil))
    }
}

@Suite("Custom controls: observing a scroll view's content offset and a child's preferred size")
struct KeyValueObservingExamples {
    /// The article's DKStickyHeaderView: a header at the top of a scroll view that observes
    /// its content offset; pulled down past the top, it stays pinned and grows.
    final class StickyHeaderView: View {
        let minHeight: CGFloat
        private var observation: Observation?

        init(minHeight: CGFloat, width: CGFloat) {
            self.minHeight = minHeight
            super.init(frame: CGRect(x: 0, y: 0, width: width, height: minHeight))
        }

        required init?(coder: Coder) { return nil }  // not archived

        override func didMoveToSuperview() {
            super.didMoveToSuperview()
            observation = (superview as? ScrollView)?.observe(\.contentOffset) { [unowned self] _, _ in
                self.contentOffsetDidChange()
            }
        }

        private func contentOffsetDidChange() {
            let scrollView = self.superview as! ScrollView
            var delta: CGFloat = 0.0
            if scrollView.contentOffset.y < 0.0 {
                delta = abs(min(0.0, scrollView.contentOffset.y))
            }
            var newFrame = self.frame
            newFrame.origin.y = -delta
            newFrame.size.height = self.minHeight + delta
            self.frame = newFrame
        }
    }

    // From "Understanding iOS layout and view loading", section "Using KVO appropriately"
    // (the dynamic-height header observes contentOffset: pulled down by delta, it moves up by
    // delta and grows by delta; otherwise it keeps its minimum height).
    @Test("The sticky header stays pinned and grows while the content is pulled down")
    func stickyHeaderFollowsTheContentOffset() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let scrollView = ScrollView(frame: window.bounds)
        scrollView.contentSize = CGSize(width: 320, height: 2000)
        window.addSubview(scrollView)
        let header = StickyHeaderView(minHeight: 100, width: 320)
        scrollView.addSubview(header)

        scrollView.contentOffset = CGPoint(x: 0, y: -50)
        #expect(header.frame == CGRect(x: 0, y: -50, width: 320, height: 150))
        #expect(header.convert(CGPoint.zero, to: nil) == CGPoint(x: 0, y: 0))  // pinned to the top

        scrollView.contentOffset = CGPoint(x: 0, y: -80)
        #expect(header.frame == CGRect(x: 0, y: -80, width: 320, height: 180))

        scrollView.contentOffset = CGPoint(x: 0, y: 30)
        #expect(header.frame == CGRect(x: 0, y: 0, width: 320, height: 100))
    }

    /// A container that stacks its children's views, each as tall as the child's preferred
    /// content size, and observes each child's preferredContentSize to restack them.
    final class ContainerViewController: ViewController {
        private var observations: [Observation] = []

        func embed(_ child: ViewController) {
            addChild(child)
            view.addSubview(child.view)
            child.didMove(toParent: self)
            observations.append(
                child.observe(\.preferredContentSize) { [unowned self] _, _ in
                    self.layOutChildren()
                })
            layOutChildren()
        }

        func layOutChildren() {
            var y: CGFloat = 0
            for child in children {
                let height = child.preferredContentSize.height
                child.view.frame = CGRect(x: 0, y: y, width: view.bounds.width, height: height)
                y += height
            }
        }
    }

    // From "Understanding iOS layout and view loading", section "Using KVO appropriately"
    // (a child view controller sets its preferredContentSize; the container observes the
    // change and sets the frames).
    @Test("A container restacks its children when one changes its preferred content size")
    func containerFollowsPreferredContentSize() {
        let container = ContainerViewController()
        container.view.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
        let first = ViewController(), second = ViewController()
        first.preferredContentSize = CGSize(width: 0, height: 100)
        second.preferredContentSize = CGSize(width: 0, height: 200)
        container.embed(first)
        container.embed(second)
        #expect(first.view.frame == CGRect(x: 0, y: 0, width: 320, height: 100))
        #expect(second.view.frame == CGRect(x: 0, y: 100, width: 320, height: 200))

        first.preferredContentSize = CGSize(width: 0, height: 150)
        #expect(first.view.frame == CGRect(x: 0, y: 0, width: 320, height: 150))
        #expect(second.view.frame == CGRect(x: 0, y: 150, width: 320, height: 200))
    }
}
