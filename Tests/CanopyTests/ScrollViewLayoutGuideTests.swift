import Canopy
import Foundation
import Testing

@Suite("A scroll view's content and frame layout guides")
struct ScrollViewLayoutGuideTests {
    /// A 200 × 300 scroll view whose content view is pinned to the content guide, as wide as
    /// the frame guide and 800 tall, with a badge pinned 10 below the frame guide's top.
    private func feed() -> (window: Window, scroll: ScrollView, content: View, badge: View) {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 200, height: 300))
        let scroll = ScrollView(frame: window.bounds)
        let content = View(), badge = View()
        for view in [content, badge] {
            view.translatesAutoresizingMaskIntoConstraints = false
            scroll.addSubview(view)
        }
        window.addSubview(scroll)
        let guide = scroll.contentLayoutGuide, frame = scroll.frameLayoutGuide
        LayoutConstraint.activate([
            content.leadingAnchor.constraint(equalTo: guide.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: guide.trailingAnchor),
            content.topAnchor.constraint(equalTo: guide.topAnchor),
            content.bottomAnchor.constraint(equalTo: guide.bottomAnchor),
            content.widthAnchor.constraint(equalTo: frame.widthAnchor),
            content.heightAnchor.constraint(equalToConstant: 800),
            badge.topAnchor.constraint(equalTo: frame.topAnchor, constant: 10),
            badge.trailingAnchor.constraint(equalTo: frame.trailingAnchor, constant: -10),
            badge.widthAnchor.constraint(equalToConstant: 30), badge.heightAnchor.constraint(equalToConstant: 20),
        ])
        window.layoutIfNeeded()
        return (window, scroll, content, badge)
    }

    @Test func theContentGuideGivesContentCoordinatesAndTheContentSize() {
        let (window, scroll, content, _) = feed()
        #expect(content.frame == CGRect(x: 0, y: 0, width: 200, height: 800))
        #expect(scroll.contentSize == CGSize(width: 200, height: 800))
        #expect(scroll.contentLayoutGuide.layoutFrame == CGRect(x: 0, y: 0, width: 200, height: 800))
        scroll.contentOffset = CGPoint(x: 0, y: 250)
        window.layoutIfNeeded()
        #expect(content.frame == CGRect(x: 0, y: 0, width: 200, height: 800), "content does not move in content coordinates")
        #expect(window.layoutReport.conflicts.isEmpty && window.layoutReport.ambiguities.isEmpty)
    }

    @Test func viewsOnTheFrameGuideStayInPlaceWhileTheContentScrolls() {
        let (window, scroll, _, badge) = feed()
        #expect(badge.frame == CGRect(x: 160, y: 10, width: 30, height: 20))
        #expect(scroll.frameLayoutGuide.layoutFrame == scroll.bounds)
        scroll.contentOffset = CGPoint(x: 0, y: 250)
        window.layoutIfNeeded()
        #expect(badge.frame == CGRect(x: 160, y: 260, width: 30, height: 20))
        #expect(badge.convert(badge.bounds, to: window) == CGRect(x: 160, y: 10, width: 30, height: 20))
        #expect(scroll.frameLayoutGuide.layoutFrame == scroll.bounds)
    }

    @Test func theGuidesAreArchivedByName() throws {
        let (_, scroll, _, _) = feed()
        let archive = Archive(rootObjects: [scroll], classes: .builtIn)
        let copy = try #require(try archive.unarchive(classes: .builtIn).first as? ScrollView)
        #expect(copy.layoutGuides.count == 2 && copy.constraints.count == scroll.constraints.count)
        #expect(Archive(rootObjects: [copy], classes: .builtIn) == archive)
        let window = Window(frame: CGRect(x: 0, y: 0, width: 200, height: 300))
        copy.frame = window.bounds
        window.addSubview(copy)
        window.layoutIfNeeded()
        #expect(copy.contentSize == CGSize(width: 200, height: 800))
        #expect(copy.subviews[0].frame == CGRect(x: 0, y: 0, width: 200, height: 800))
    }

    @Test func aGuideOnlyPositionedLeavesTheContentSizeAlone() {
        // Only the leading edge names the guide: neither axis is fixed, so the size set in
        // code stays. A width then fixes the width alone.
        let window = Window(frame: CGRect(x: 0, y: 0, width: 200, height: 300))
        let scroll = ScrollView(frame: window.bounds)
        scroll.contentSize = CGSize(width: 500, height: 900)
        let content = View()
        content.translatesAutoresizingMaskIntoConstraints = false
        scroll.addSubview(content)
        window.addSubview(scroll)
        let leading = content.leadingAnchor.constraint(equalTo: scroll.contentLayoutGuide.leadingAnchor)
        leading.isActive = true
        window.layoutIfNeeded()
        #expect(scroll.contentSize == CGSize(width: 500, height: 900))
        scroll.contentLayoutGuide.widthAnchor.constraint(equalToConstant: 640).isActive = true
        window.layoutIfNeeded()
        #expect(scroll.contentSize == CGSize(width: 640, height: 900))
    }

    @Test func scrollingSolvesOnceWithTheGuidePlaced() {
        let (window, scroll, content, badge) = feed()
        scroll.setContentOffset(CGPoint(x: 0, y: 120), animated: false)
        let report = window.runUpdateCycle()
        #expect(report.rounds == 1, "the guide's constraints moved with the offset before the layout")
        #expect(content.frame.minY == 0 && badge.frame.minY == 130)
    }

    @Test func scenesKeepTheGuidesByName() throws {
        let (window, scroll, _, _) = feed()
        scroll.contentOffset = CGPoint(x: 0, y: 40)
        window.layoutIfNeeded()
        let scene = Scene(capturing: window)
        #expect(scene.guides.compactMap(\.scrollViewGuide).sorted { "\($0)" < "\($1)" } == [.content, .frame])
        let copy = try Scene(jsonData: scene.jsonData())
        #expect(copy == scene)
        let made = try copy.instantiate()
        let madeScroll = try #require(made.views[1] as? ScrollView)
        made.window.layoutIfNeeded()
        #expect(madeScroll.contentSize == CGSize(width: 200, height: 800))
        madeScroll.contentOffset = CGPoint(x: 0, y: 300)
        made.window.layoutIfNeeded()
        #expect(madeScroll.subviews[0].frame == CGRect(x: 0, y: 0, width: 200, height: 800), "placed by the offset now, not the captured one")
        #expect(madeScroll.subviews[1].frame.minY == 310)
    }
}

