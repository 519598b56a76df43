import Canopy
import Foundation
import Testing

@Suite("Stack view: distributions, alignments, hidden views, margins")
struct StackViewTests {
    /// A horizontal stack across a 320-point window, 50 high, of labels 55, 89 and 55 points wide
    /// (18 high): "Tap me" and "Hello, world" shaped, 54.00 and 88.86 points.
    private func scene(_ configure: (StackView) -> Void) -> (window: Window, stack: StackView, labels: [PaddedLabel]) {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let labels = [PaddedLabel("Tap me"), PaddedLabel("Hello, world"), PaddedLabel("Tap me")]
        let stack = StackView(arrangedSubviews: labels)
        stack.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(stack)
        LayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: window.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: window.trailingAnchor),
            stack.topAnchor.constraint(equalTo: window.topAnchor), stack.heightAnchor.constraint(equalToConstant: 50),
        ])
        configure(stack)
        window.runUpdateCycle()
        return (window, stack, labels)
    }

    @Test func fillEquallyGivesEqualWidths() {
        let (_, stack, labels) = scene {
            $0.distribution = .fillEqually
            $0.spacing = 10
        }
        #expect(labels.map(\.frame) == [
            CGRect(x: 0, y: 0, width: 100, height: 50), CGRect(x: 110, y: 0, width: 100, height: 50),
            CGRect(x: 220, y: 0, width: 100, height: 50),
        ])
        #expect(stack.arrangedSubviews.count == 3 && stack.subviews.count == 3)
        #expect(!labels.contains { $0.translatesAutoresizingMaskIntoConstraints })
    }

    @Test func equalSpacingKeepsIntrinsicWidthsAndEqualGaps() {
        let (window, _, labels) = scene { $0.distribution = .equalSpacing }
        // (320 − 55 − 89 − 55) / 2 = 60.5 per gap: 0…55, 115.5…204.5, 265…320, rounded to points.
        #expect(labels.map(\.frame.minX) == [0, 116, 265])
        #expect(labels.map(\.frame.width) == [55, 89, 55])
        #expect(window.layoutReport.conflicts.isEmpty)
    }

    @Test func equalCenteringSpacesTheCenters() {
        let (_, _, labels) = scene { $0.distribution = .equalCentering }
        // Centers at 27.5 and 292.5 with the middle one halfway: 160, so its edges fall on
        // 115.5 and 204.5, half a point from the grid either way.
        #expect(abs(labels[1].frame.midX - 160) <= 0.5)
        #expect(labels.map(\.frame.width) == [55, 89, 55])
    }

    @Test func fillProportionallyFollowsIntrinsicWidths() {
        let (_, _, labels) = scene { $0.distribution = .fillProportionally }
        // 320 × 55/199 = 88.44, 320 × 89/199 = 143.12: edges at 88.44 and 231.56, rounded.
        #expect(labels.map(\.frame.minX) == [0, 88, 232])
        #expect(labels.map(\.frame.width) == [88, 144, 88])
    }

    @Test func alignmentsPlaceViewsAcrossTheAxis() {
        let center = scene { $0.alignment = .center }.labels
        #expect(center.map(\.frame.minY) == [16, 16, 16])  // (50 − 18) / 2
        #expect(center.allSatisfy { $0.frame.height == 18 })
        let bottom = scene { $0.alignment = .bottom }.labels
        #expect(bottom.map(\.frame.maxY) == [50, 50, 50])
        let top = scene { $0.alignment = .top }.labels
        #expect(top.map(\.frame.minY) == [0, 0, 0])
    }

    @Test func aVerticalStackLaysOutDownwards() {
        let (_, _, labels) = scene {
            $0.axis = .vertical
            $0.spacing = 4
            $0.alignment = .leading
            $0.distribution = .fillEqually
        }
        // 50 high: (50 − 8) / 3 = 14 each.
        #expect(labels.map(\.frame.minY) == [0, 18, 36])
        #expect(labels.map(\.frame.width) == [55, 89, 55])
    }

    @Test func hiddenViewsDropOutWithTheirSpacing() {
        let (window, stack, labels) = scene {
            $0.distribution = .fillEqually
            $0.spacing = 10
        }
        labels[1].isHidden = true
        window.runUpdateCycle()
        #expect(labels[0].frame.width == 155 && labels[2].frame.minX == 165)
        labels[1].isHidden = false
        stack.removeArrangedSubview(labels[2])
        window.runUpdateCycle()
        #expect(labels[1].frame == CGRect(x: 165, y: 0, width: 155, height: 50))
        #expect(labels[2].superview === stack)  // still a subview
    }

    @Test func marginsRelativeArrangementInsetsTheViews() {
        let (_, _, labels) = scene {
            $0.distribution = .fillEqually
            $0.isLayoutMarginsRelativeArrangement = true
            $0.layoutMargins = EdgeInsets(top: 5, left: 10, bottom: 5, right: 10)
        }
        #expect(labels.map(\.frame.minX) == [10, 110, 210])
        #expect(labels[0].frame.minY == 5 && labels[0].frame.height == 40)
    }
}
