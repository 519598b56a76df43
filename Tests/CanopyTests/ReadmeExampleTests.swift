import Canopy
import Foundation
import Testing

@Suite("The README's example does what the README says")
struct ReadmeExampleTests {
    final class Card: View {
        let title = View()
        override init(frame: CGRect) {
            super.init(frame: frame)
            addSubview(title)
        }
        override func layoutSubviews() {
            title.frame = bounds.insetBy(dx: 20, dy: 0)
        }
    }

    @Test func theExampleRunsAsDocumented() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let card = Card(frame: CGRect(x: 0, y: 100, width: 390, height: 120))
        window.addSubview(card)
        let report = window.runUpdateCycle()
        #expect(card.title.frame == CGRect(x: 20, y: 0, width: 350, height: 120))
        #expect(card.title.convert(CGPoint.zero, to: nil) == CGPoint(x: 20, y: 100))
        #expect(window.hitTest(CGPoint(x: 30, y: 150), with: nil) === card.title)
        #expect(report.description.hasPrefix("update cycle: 1 rounds"))
    }

    @Test func theAutoLayoutExampleRunsAsDocumented() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let card = Card(frame: CGRect(x: 0, y: 100, width: 390, height: 120))
        window.addSubview(card)
        let badge = View()
        badge.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(badge)
        LayoutConstraint.activate([
            badge.trailingAnchor.constraint(equalTo: card.layoutMarginsGuide.trailingAnchor),
            badge.centerYAnchor.constraint(equalTo: card.centerYAnchor),
            badge.widthAnchor.constraint(equalToConstant: 24),
            badge.heightAnchor.constraint(equalTo: badge.widthAnchor),
        ])
        window.runUpdateCycle()
        #expect(badge.frame == CGRect(x: 358, y: 48, width: 24, height: 24))
        #expect(window.layoutReport.conflicts.isEmpty && !badge.hasAmbiguousLayout)
        #expect(card.frame == CGRect(x: 0, y: 100, width: 390, height: 120))  // its frame became constraints
    }
}
