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
}
