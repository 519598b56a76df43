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
        required init?(coder: Coder) { return nil }  // this card is never read from a nib
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

    final class Ring: View {
        var progress: CGFloat = 0.75
        override func draw(_ rect: CGRect) {
            let ring = BezierPath(arcCenter: CGPoint(x: bounds.midX, y: bounds.midY), radius: 40,
                                  startAngle: -.pi / 2, endAngle: -.pi / 2 + 2 * .pi * progress, clockwise: true)
            ring.lineWidth = 10
            Color.systemBlue.setStroke()
            ring.stroke()
        }
    }

    @Test func theDrawingExampleRunsAsDocumented() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let ring = Ring(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        ring.backgroundColor = .white
        ring.layer.cornerRadius = 16
        window.addSubview(ring)
        let image = try window.render(scale: 2)
        #expect(image.pixelSize == (width: 780, height: 1688))
        #expect(image.pixelColor(x: 180, y: 100) == .systemBlue)
        let png = image.pngData()!
        #expect(png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        // Three quarters of the ring, clockwise from the top: the upper left is not drawn, the
        // bottom is.
        #expect(image.pixelColor(x: 43, y: 43) == .white)
        #expect(image.pixelColor(x: 100, y: 180) == .systemBlue)
    }

    /// The nib example, verbatim: `ProfileCard` and `ProfileCard.xib` are the nib tests'.
    @Test func theNibExampleRunsAsDocumented() throws {
        var classes = ArchiveClasses.builtIn
        classes.register(ProfileCard.self)                    // a custom class, by its customClass name
        let nib = try Nib(named: "ProfileCard", bundle: .module, classes: classes)
        let card = try nib.instantiate(withOwner: nil).first as! ProfileCard
        #expect(card.nameLabel?.text == "Ada Lovelace")
    }
}
