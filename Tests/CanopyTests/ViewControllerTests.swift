import Canopy
import Foundation
import Testing

@Suite("View controllers load their view once and wrap its layout")
struct ViewControllerTests {
    final class Recording: ViewController {
        let log: CallLog
        init(log: CallLog) {
            self.log = log
            super.init()
        }

        required init?(coder: Coder) { return nil }  // not archived
        override func loadView() {
            log.entries.append("loadView")
            view = RecordingView("root", log: log)
        }
        override func viewDidLoad() { log.entries.append("viewDidLoad") }
        override func viewWillLayoutSubviews() { log.entries.append("viewWillLayoutSubviews") }
        override func viewDidLayoutSubviews() { log.entries.append("viewDidLayoutSubviews") }
        override func willMove(toParent parent: ViewController?) {
            log.entries.append("willMoveToParent(\(parent == nil ? "nil" : "parent"))")
        }
        override func didMove(toParent parent: ViewController?) {
            log.entries.append("didMoveToParent(\(parent == nil ? "nil" : "parent"))")
        }
    }

    @Test func theViewLoadsOnFirstAccessExactlyOnce() {
        let log = CallLog()
        let controller = Recording(log: log)
        #expect(!controller.isViewLoaded && controller.viewIfLoaded == nil)
        #expect(log.entries.isEmpty)
        let view = controller.view
        #expect(controller.view === view && controller.isViewLoaded)
        #expect(log.entries == ["loadView", "viewDidLoad"])
    }

    @Test func theDefaultViewIsAPlainView() {
        let controller = ViewController()
        #expect(type(of: controller.view) == View.self)
    }

    @Test func layoutCallbacksWrapTheRootViewsLayout() {
        let log = CallLog()
        let controller = Recording(log: log)
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(controller.view)
        window.runUpdateCycle()
        #expect(
            log.entries.filter { $0.contains("Layout") || $0.contains("layout") } == [
                "viewWillLayoutSubviews", "root.layoutSubviews", "viewDidLayoutSubviews",
            ])
    }

    @Test func childControllersGetUIKitsCallbacks() {
        let log = CallLog()
        let parent = ViewController()
        let child = Recording(log: log)
        parent.addChild(child)
        #expect(parent.children.count == 1 && child.parent === parent)
        #expect(log.entries == ["willMoveToParent(parent)"])
        child.willMove(toParent: nil)
        child.removeFromParent()
        #expect(parent.children.isEmpty && child.parent == nil)
        #expect(log.entries == ["willMoveToParent(parent)", "willMoveToParent(nil)", "didMoveToParent(nil)"])
    }

    @Test func theControllerSitsBetweenItsViewAndTheSuperviewInTheResponderChain() {
        let controller = ViewController()
        let container = View()
        container.addSubview(controller.view)
        #expect(controller.view.next === controller)
        #expect(controller.next === container)
        let plain = View()
        container.addSubview(plain)
        #expect(plain.next === container)
    }

    @Test func aControllerCannotContainItsAncestor() async {
        await #expect(processExitsWith: .failure) {
            let a = ViewController(), b = ViewController()
            a.addChild(b)
            b.addChild(a)
        }
    }

    @Test func aRootViewKeepsTheSystemMinimumMargins() {
        let narrow = Window(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let controller = ViewController()
        narrow.rootViewController = controller
        #expect(controller.view.layoutMargins == EdgeInsets(top: 8, left: 16, bottom: 8, right: 16))
        controller.view.layoutMargins = EdgeInsets(top: 0, left: 30, bottom: 0, right: 4)
        #expect(controller.view.layoutMargins == EdgeInsets(top: 0, left: 30, bottom: 0, right: 16))
        controller.viewRespectsSystemMinimumLayoutMargins = false
        #expect(controller.view.layoutMargins == EdgeInsets(top: 0, left: 30, bottom: 0, right: 4))
        let wide = Window(frame: CGRect(x: 0, y: 0, width: 430, height: 932))
        let other = ViewController()
        wide.rootViewController = other
        #expect(other.view.layoutMargins == EdgeInsets(top: 8, left: 20, bottom: 8, right: 20))
        let plain = View()
        other.view.addSubview(plain)
        #expect(plain.layoutMargins == EdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
    }
}
