import Canopy
import Foundation
import Testing

@Suite("Hierarchy operations and their callbacks (SPEC §3)")
struct HierarchyTests {
    private func tagged(_ tags: Int...) -> [View] {
        tags.map { tag in
            let view = View()
            view.tag = tag
            return view
        }
    }

    @Test func addSubviewAppendsToTheFront() {
        let parent = View()
        let views = tagged(1, 2, 3)
        views.forEach(parent.addSubview)
        #expect(parent.subviews.map(\.tag) == [1, 2, 3])
        #expect(views.allSatisfy { $0.superview === parent })
        parent.addSubview(views[0])  // already a subview: brought to the front
        #expect(parent.subviews.map(\.tag) == [2, 3, 1])
    }

    @Test func addSubviewMovesAViewOutOfItsOldSuperview() {
        let old = View(), new = View(), view = View()
        old.addSubview(view)
        new.addSubview(view)
        #expect(old.subviews.isEmpty)
        #expect(new.subviews.count == 1 && view.superview === new)
    }

    @Test func insertingAtIndicesAndBesideSiblings() {
        let parent = View()
        let v = tagged(1, 2, 3, 4, 5)
        parent.addSubview(v[0])
        parent.addSubview(v[1])
        parent.insertSubview(v[2], at: 0)
        #expect(parent.subviews.map(\.tag) == [3, 1, 2])
        parent.insertSubview(v[3], aboveSubview: v[2])
        #expect(parent.subviews.map(\.tag) == [3, 4, 1, 2])
        parent.insertSubview(v[4], belowSubview: v[2])
        #expect(parent.subviews.map(\.tag) == [5, 3, 4, 1, 2])
        parent.insertSubview(v[1], belowSubview: v[2])  // moving a subview behind an earlier sibling
        #expect(parent.subviews.map(\.tag) == [5, 2, 3, 4, 1])
        parent.insertSubview(v[4], aboveSubview: v[0])  // and in front of a later one
        #expect(parent.subviews.map(\.tag) == [2, 3, 4, 1, 5])
        parent.insertSubview(v[0], at: 0)
        #expect(parent.subviews.map(\.tag) == [1, 2, 3, 4, 5])
    }

    @Test func reorderingSiblings() {
        let parent = View()
        tagged(1, 2, 3).forEach(parent.addSubview)
        parent.bringSubviewToFront(parent.subviews[0])
        #expect(parent.subviews.map(\.tag) == [2, 3, 1])
        parent.sendSubviewToBack(parent.subviews[2])
        #expect(parent.subviews.map(\.tag) == [1, 2, 3])
        parent.exchangeSubview(at: 0, withSubviewAt: 2)
        #expect(parent.subviews.map(\.tag) == [3, 2, 1])
        parent.bringSubviewToFront(View())  // not a subview: ignored
        #expect(parent.subviews.map(\.tag) == [3, 2, 1])
    }

    @Test func removeFromSuperview() {
        let parent = View()
        let v = tagged(1, 2, 3)
        v.forEach(parent.addSubview)
        v[1].removeFromSuperview()
        #expect(parent.subviews.map(\.tag) == [1, 3])
        #expect(v[1].superview == nil)
        v[1].removeFromSuperview()  // no superview: nothing happens
        parent.subviews.forEach { $0.removeFromSuperview() }  // the reference documents' idiom
        #expect(parent.subviews.isEmpty)
    }

    @Test func descendantsAndTags() {
        let root = View(), middle = View(), leaf = View()
        root.addSubview(middle)
        middle.addSubview(leaf)
        #expect(leaf.isDescendant(of: root) && leaf.isDescendant(of: leaf))
        #expect(!root.isDescendant(of: leaf))
        root.tag = 7
        middle.tag = 9
        leaf.tag = 9
        #expect(root.viewWithTag(7) === root)  // the receiver itself counts
        #expect(root.viewWithTag(9) === middle)  // depth first, parents first
        #expect(root.viewWithTag(42) == nil)
    }

    @Test func theWindowFollowsTheSubtree() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let parent = View(), child = View()
        parent.addSubview(child)
        #expect(child.window == nil)
        window.addSubview(parent)
        #expect(parent.window === window && child.window === window && window.window === window)
        parent.removeFromSuperview()
        #expect(parent.window == nil && child.window == nil)
    }

    @Test func callbacksArriveInUIKitsOrderWhenAViewMovesBetweenSuperviewsAndWindows() {
        let log = CallLog()
        let window = Window(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let old = RecordingView("old", log: log), new = RecordingView("new", log: log)
        let view = RecordingView("view", log: log), child = RecordingView("child", log: log)
        window.addSubview(new)
        old.addSubview(view)
        view.addSubview(child)
        log.entries.removeAll()

        new.addSubview(view)
        #expect(
            log.entries == [
                "old.willRemoveSubview(view)", "view.willMoveToSuperview(new)",
                "view.willMoveToWindow(window)", "child.willMoveToWindow(window)",
                "view.didMoveToWindow", "child.didMoveToWindow",
                "view.didMoveToSuperview", "new.didAddSubview(view)",
            ])
        log.entries.removeAll()

        view.removeFromSuperview()
        #expect(
            log.entries == [
                "new.willRemoveSubview(view)", "view.willMoveToSuperview(nil)",
                "view.willMoveToWindow(nil)", "child.willMoveToWindow(nil)",
                "view.didMoveToWindow", "child.didMoveToWindow", "view.didMoveToSuperview",
            ])
    }

    @Test func noWindowCallbacksWhenTheWindowStaysTheSame() {
        let log = CallLog()
        let a = RecordingView("a", log: log), b = RecordingView("b", log: log), view = RecordingView("view", log: log)
        a.addSubview(view)
        log.entries.removeAll()
        b.addSubview(view)
        #expect(!log.entries.contains { $0.contains("Window") })
        #expect(log.entries.contains("b.didAddSubview(view)"))
    }

    @Test func reorderingCallsNoCallbacks() {
        let log = CallLog()
        let parent = RecordingView("parent", log: log)
        let a = RecordingView("a", log: log), b = RecordingView("b", log: log)
        parent.addSubview(a)
        parent.addSubview(b)
        log.entries.removeAll()
        parent.addSubview(a)
        parent.bringSubviewToFront(b)
        parent.exchangeSubview(at: 0, withSubviewAt: 1)
        #expect(log.entries.isEmpty)
    }

    @Test func bothCreationPathsMeetInInitFrame() {
        final class Card: View {
            var commonInitRuns = 0
            override init(frame: CGRect) {
                super.init(frame: frame)
                commonInit()
            }

            required init?(coder: Coder) { return nil }  // not archived
            func commonInit() { commonInitRuns += 1 }
        }
        let card = Card()  // init() goes through init(frame: .zero)
        #expect(card.commonInitRuns == 1 && card.frame == .zero)
    }
}

@Suite("Programmer errors are refused with a message naming the views")
struct ProgrammerErrorTests {
    @Test func addingAViewToItsOwnSubtreeTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let root = View(), child = View()
            root.tag = 1
            child.tag = 2
            root.addSubview(child)
            child.addSubview(root)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("its own ancestor"))
        #expect(message.contains("tag = 1") && message.contains("tag = 2"))
    }

    @Test func addingAViewToItselfTraps() async {
        await #expect(processExitsWith: .failure) {
            let view = View()
            view.addSubview(view)
        }
    }

    @Test func aWindowCannotBeASubview() async {
        await #expect(processExitsWith: .failure) {
            View().addSubview(Window(frame: .zero))
        }
    }

    @Test func anIndexOutOfRangeTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            View().insertSubview(View(), at: 3)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("valid indices are 0...0"))
    }

    @Test func aNonFiniteFrameTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let view = View()
            view.tag = 5
            view.frame = CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("non-finite frame") && message.contains("tag = 5"))
    }

    @Test func nonFiniteGeometryTrapsInEverySetter() async {
        await #expect(processExitsWith: .failure) { View().center = CGPoint(x: 0, y: CGFloat.infinity) }
        await #expect(processExitsWith: .failure) { View().bounds = CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1) }
        await #expect(processExitsWith: .failure) { View().transform = CGAffineTransform(a: CGFloat.nan, b: 0, c: 0, d: 1, tx: 0, ty: 0) }
        await #expect(processExitsWith: .failure) { View().anchorPoint = CGPoint(x: CGFloat.infinity, y: 0) }
        await #expect(processExitsWith: .failure) { _ = View(frame: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1)) }
    }

    @Test func insertingBesideAStrangerTraps() async {
        await #expect(processExitsWith: .failure) {
            View().insertSubview(View(), aboveSubview: View())
        }
    }
}
