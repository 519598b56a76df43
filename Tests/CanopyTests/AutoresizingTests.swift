import Canopy
import Foundation
import Testing

@Suite("Autoresizing shares a superview's size change among the flexible parts")
struct AutoresizingTests {
    private func parent(width: CGFloat, height: CGFloat, child frame: CGRect, mask: AutoresizingMask) -> (View, View) {
        let parent = View(frame: CGRect(x: 0, y: 0, width: width, height: height))
        let child = View(frame: frame)
        child.autoresizingMask = mask
        parent.addSubview(child)
        return (parent, child)
    }

    @Test func flexibleSizeKeepsTheMargins() {
        // The reference documents' example: yellow is red's bounds inset by 20.
        let (red, yellow) = parent(width: 200, height: 200, child: CGRect(x: 20, y: 20, width: 160, height: 160), mask: [.flexibleWidth, .flexibleHeight])
        red.frame.size = CGSize(width: 300, height: 100)
        #expect(yellow.frame == CGRect(x: 20, y: 20, width: 260, height: 60))
    }

    @Test func flexibleMarginsKeepAViewCentered() {
        let (p, child) = parent(width: 200, height: 10, child: CGRect(x: 50, y: 0, width: 100, height: 10), mask: [.flexibleLeftMargin, .flexibleRightMargin])
        p.bounds.size.width = 300
        #expect(child.frame == CGRect(x: 100, y: 0, width: 100, height: 10))
    }

    @Test func theChangeIsSharedInProportionToTheParts() {
        // Left margin 20 and width 60 share a change of 100 as 20:60.
        let (p, child) = parent(width: 100, height: 100, child: CGRect(x: 20, y: 0, width: 60, height: 10), mask: [.flexibleLeftMargin, .flexibleWidth])
        p.bounds.size.width = 200
        #expect(child.frame == CGRect(x: 45, y: 0, width: 135, height: 10))
    }

    @Test func theVerticalAxisFollowsTheSameRule() {
        // Top margin 10, height 30, bottom margin 60 all flexible; the parent shrinks by 50.
        let (p, child) = parent(width: 100, height: 100, child: CGRect(x: 0, y: 10, width: 10, height: 30), mask: [.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin])
        p.bounds.size.height = 50
        #expect(child.frame == CGRect(x: 0, y: 5, width: 10, height: 15))
    }

    @Test func zeroSizedPartsShareEqually() {
        let (p, child) = parent(width: 100, height: 10, child: CGRect(x: 0, y: 0, width: 100, height: 10), mask: [.flexibleLeftMargin, .flexibleRightMargin])
        p.bounds.size.width = 140
        #expect(child.frame == CGRect(x: 20, y: 0, width: 100, height: 10))
    }

    @Test func fixedViewsStayPut() {
        let (p, child) = parent(width: 100, height: 100, child: CGRect(x: 10, y: 10, width: 10, height: 10), mask: [])
        p.bounds.size = CGSize(width: 500, height: 500)
        #expect(child.frame == CGRect(x: 10, y: 10, width: 10, height: 10))
    }

    @Test func autoresizingCanBeTurnedOff() {
        let (p, child) = parent(width: 100, height: 100, child: CGRect(x: 0, y: 0, width: 100, height: 100), mask: [.flexibleWidth])
        p.autoresizesSubviews = false
        p.bounds.size.width = 200
        #expect(child.frame.width == 100)
        p.autoresizesSubviews = true
        child.translatesAutoresizingMaskIntoConstraints = false
        p.bounds.size.width = 300
        #expect(child.frame.width == 100)
    }

    @Test func resizingCascadesAndFlagsLayout() {
        let log = CallLog()
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let outer = RecordingView("outer", log: log, frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let inner = RecordingView("inner", log: log, frame: CGRect(x: 10, y: 10, width: 80, height: 80))
        outer.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        inner.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        window.addSubview(outer)
        outer.addSubview(inner)
        window.runUpdateCycle()
        log.entries.removeAll()
        window.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        #expect(inner.frame == CGRect(x: 10, y: 10, width: 180, height: 80))
        window.runUpdateCycle()
        #expect(log.entries == ["outer.layoutSubviews", "inner.layoutSubviews"])
    }
}
