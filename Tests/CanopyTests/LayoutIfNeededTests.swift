import Canopy
import Foundation
import Testing

/// The update cycle as UIKit runs it: `layoutIfNeeded()` solves Auto Layout before laying out,
/// in a window or not, and constraint-based views get `updateConstraints()` at first display.
@Suite("layoutIfNeeded solves; updateConstraints runs at first display")
struct LayoutIfNeededTests {
    /// A card pinned 16 points in from its container's leading edge, 100 wide, 40 tall.
    private func card(in container: View) -> (card: View, leading: LayoutConstraint) {
        let card = View()
        card.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(card)
        let leading = card.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 16)
        LayoutConstraint.activate([
            leading, card.topAnchor.constraint(equalTo: container.topAnchor, constant: 8),
            card.widthAnchor.constraint(equalToConstant: 100), card.heightAnchor.constraint(equalToConstant: 40),
        ])
        return (card, leading)
    }

    /// In a window, the window's kept system is solved; outside any, the tree is solved from
    /// its top-most view, which keeps its frame.
    @Test(arguments: [true, false])
    func aConstantChangedThenLayoutIfNeededMovesTheViewAtOnce(inWindow: Bool) {
        let container: View = inWindow ? Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480)) : View(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let containerFrame = container.frame
        let (card, leading) = card(in: container)
        container.layoutIfNeeded()
        #expect(card.frame == CGRect(x: 16, y: 8, width: 100, height: 40))
        leading.constant = 80
        card.layoutIfNeeded()
        #expect(card.frame == CGRect(x: 80, y: 8, width: 100, height: 40))
        #expect(container.frame == containerFrame)
        if let window = container as? Window {
            #expect(window.runUpdateCycle().rounds <= 1)  // nothing left to solve
            #expect(card.frame == CGRect(x: 80, y: 8, width: 100, height: 40))
        }
    }

    @Test func aLaidOutTreeMovedIntoAWindowIsSolvedThereFromThenOn() {
        let container = View(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let (card, leading) = card(in: container)
        container.layoutIfNeeded()
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.addSubview(container)
        container.frame.origin = CGPoint(x: 10, y: 20)
        window.runUpdateCycle()
        #expect(card.frame == CGRect(x: 16, y: 8, width: 100, height: 40))
        leading.constant = 30
        window.runUpdateCycle()
        #expect(card.frame == CGRect(x: 30, y: 8, width: 100, height: 40))
        #expect(window.layoutReport.reusedSystem)  // the window's kept system took the change
    }

    @Test func layoutSubviewsSeesTheSolvedFrames() {
        final class Reader: View {
            var widthsSeen: [CGFloat] = []
            override func layoutSubviews() { widthsSeen.append(subviews[0].frame.width) }
        }
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let reader = Reader(frame: window.bounds)
        window.addSubview(reader)
        let child = View()
        child.translatesAutoresizingMaskIntoConstraints = false
        reader.addSubview(child)
        let width = child.widthAnchor.constraint(equalToConstant: 50)
        LayoutConstraint.activate([
            width, child.heightAnchor.constraint(equalToConstant: 10),
            child.leadingAnchor.constraint(equalTo: reader.leadingAnchor),
            child.topAnchor.constraint(equalTo: reader.topAnchor),
        ])
        reader.setNeedsLayout()
        reader.layoutIfNeeded()
        #expect(reader.widthsSeen == [50])
        width.constant = 70
        reader.setNeedsLayout()
        reader.layoutIfNeeded()
        #expect(reader.widthsSeen == [50, 70])
    }

    @Test func constrainedViewsUpdateTheirConstraintsInTheirFirstCycleOnly() {
        let log = CallLog()
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let constrained = RecordingView("constrained", log: log)
        let framed = RecordingView("framed", log: log)
        window.addSubview(constrained)
        window.addSubview(framed)
        constrained.translatesAutoresizingMaskIntoConstraints = false
        constrained.widthAnchor.constraint(equalToConstant: 10).isActive = true
        window.runUpdateCycle()
        #expect(log.count("constrained.updateConstraints") == 1)
        #expect(log.count("framed.updateConstraints") == 0)
        window.runUpdateCycle()
        #expect(log.count("constrained.updateConstraints") == 1)
    }

    @Test func aClassThatRequiresConstraintBasedLayoutAddsItsConstraintsInUpdateConstraints() {
        final class Badge: View {
            override class var requiresConstraintBasedLayout: Bool { true }
            var installed = false
            override func updateConstraints() {
                if !installed, let superview {
                    installed = true
                    translatesAutoresizingMaskIntoConstraints = false
                    LayoutConstraint.activate([
                        widthAnchor.constraint(equalToConstant: 24), heightAnchor.constraint(equalToConstant: 24),
                        trailingAnchor.constraint(equalTo: superview.trailingAnchor),
                        topAnchor.constraint(equalTo: superview.topAnchor),
                    ])
                }
                super.updateConstraints()
            }
        }
        #expect(Badge.requiresConstraintBasedLayout && !View.requiresConstraintBasedLayout)
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let badge = Badge()
        window.addSubview(badge)
        let report = window.runUpdateCycle()
        #expect(badge.frame == CGRect(x: 296, y: 0, width: 24, height: 24))
        #expect(report.problems.isEmpty)
    }

    /// Two views of equal hugging in a row that must stretch: the solve splits the stretch and
    /// reports the hugging rows as tied; both views are ambiguous, and exercising one gives the
    /// answers UIKit's engine could pick: this view keeps its size and the other stretches,
    /// then the reverse.
    @Test func tiedViewsAreAmbiguousAndExercisingOneStretchesTheOther() {
        final class Sized: View {
            override var intrinsicContentSize: CGSize { CGSize(width: 50, height: 20) }
        }
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let first = Sized(), second = Sized(), apart = Sized()
        for view in [first, second, apart] {
            view.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(view)
        }
        LayoutConstraint.activate([
            first.leadingAnchor.constraint(equalTo: window.leadingAnchor),
            first.trailingAnchor.constraint(equalTo: second.leadingAnchor),
            second.trailingAnchor.constraint(equalTo: window.trailingAnchor),
            first.topAnchor.constraint(equalTo: window.topAnchor), second.topAnchor.constraint(equalTo: window.topAnchor),
            apart.leadingAnchor.constraint(equalTo: window.leadingAnchor),
            apart.topAnchor.constraint(equalTo: window.topAnchor, constant: 100),
        ])
        window.runUpdateCycle()
        #expect(first.frame.width == 160 && second.frame.width == 160)
        #expect(window.layoutReport.tiedConstraints.count == 1)
        #expect(first.hasAmbiguousLayout && second.hasAmbiguousLayout && !apart.hasAmbiguousLayout)
        first.exerciseAmbiguityInLayout()
        #expect(first.frame.width == 50 && second.frame == CGRect(x: 50, y: 0, width: 270, height: 20))
        first.exerciseAmbiguityInLayout()
        #expect(first.frame.width == 270 && second.frame == CGRect(x: 270, y: 0, width: 50, height: 20))
    }

    /// A view that sizes its content view to its bounds in `layoutSubviews()`; the content
    /// centers a constrained badge.
    final class Host: View {
        let content = View()
        let badge = View()
        override init(frame: CGRect) {
            super.init(frame: frame)
            addSubview(content)
            badge.translatesAutoresizingMaskIntoConstraints = false
            content.addSubview(badge)
            LayoutConstraint.activate([
                badge.centerXAnchor.constraint(equalTo: content.centerXAnchor),
                badge.topAnchor.constraint(equalTo: content.topAnchor),
                badge.widthAnchor.constraint(equalToConstant: 10), badge.heightAnchor.constraint(equalToConstant: 10),
            ])
        }
        required init?(coder: Coder) { return nil }  // not archived
        override func layoutSubviews() {
            super.layoutSubviews()
            content.frame = bounds
        }
    }

    @Test func aFrameSetInLayoutSubviewsThatFeedsConstraintsIsSettledInOneCall() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let host = Host(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        window.addSubview(host)
        window.layoutIfNeeded()
        #expect(host.content.frame == host.bounds)
        #expect(host.badge.frame == CGRect(x: 145, y: 0, width: 10, height: 10))
        host.frame.size.width = 200
        host.layoutIfNeeded()
        #expect(host.badge.frame == CGRect(x: 95, y: 0, width: 10, height: 10))
    }
}
