import Canopy
import Foundation
import Testing

/// DejaVu Sans: ascender 1901 and line height 2384 design units per 2048 to the em. A label
/// centres its text, so its first baseline lies ascender − (lines × line height) / 2 below its
/// center.
@Suite("Baselines: a label's first and last baseline anchors follow its text")
struct LabelBaselineTests {
    private func ascender(_ size: CGFloat) -> CGFloat { 1901 * size / 2048 }
    private func lineHeight(_ size: CGFloat) -> CGFloat { 2384 * size / 2048 }

    private func label(_ text: String, size: CGFloat) -> Label {
        let label = Label()
        label.text = text
        label.font = Font.systemFont(ofSize: size)
        label.translatesAutoresizingMaskIntoConstraints = false
        return label
    }

    @Test func labelsOfTwoSizesShareAFirstBaseline() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let big = label("Big", size: 30), small = label("small", size: 12)
        window.addSubview(big)
        window.addSubview(small)
        LayoutConstraint.activate([
            big.leadingAnchor.constraint(equalTo: window.leadingAnchor),
            big.topAnchor.constraint(equalTo: window.topAnchor),
            small.leadingAnchor.constraint(equalTo: big.trailingAnchor, constant: 8),
            small.firstBaselineAnchor.constraint(equalTo: big.firstBaselineAnchor),
        ])
        window.runUpdateCycle()
        // The big label is 35 high (34.92 rounded up): its baseline at 17.5 + 27.85 − 17.46.
        let baseline = big.frame.height / 2 + ascender(30) - lineHeight(30) / 2
        #expect(big.frame.height == 35)
        // The small one (14 high) puts its own baseline there: its top at about 16.73, on the grid.
        let smallTop = baseline - (7 + ascender(12) - lineHeight(12) / 2)
        #expect(small.frame.minY == smallTop.rounded())
        #expect(!small.hasAmbiguousLayout)
        // A bigger font moves the shared baseline down, and the small label with it.
        big.font = Font.systemFont(ofSize: 40)
        window.runUpdateCycle()
        let lower = big.frame.height / 2 + ascender(40) - lineHeight(40) / 2
        #expect(small.frame.minY == (lower - (7 + ascender(12) - lineHeight(12) / 2)).rounded())
    }

    @Test func theLastBaselineIsOnTheLastLine() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let note = label("one\ntwo\nthree", size: 10), mark = label("x", size: 10)
        note.numberOfLines = 0
        window.addSubview(note)
        window.addSubview(mark)
        LayoutConstraint.activate([
            note.leadingAnchor.constraint(equalTo: window.leadingAnchor),
            note.topAnchor.constraint(equalTo: window.topAnchor),
            mark.leadingAnchor.constraint(equalTo: note.trailingAnchor),
            mark.lastBaselineAnchor.constraint(equalTo: note.lastBaselineAnchor),
        ])
        window.runUpdateCycle()
        // Three lines: 34.92 high, 35 rounded up; the last baseline two line heights below the first.
        let last = note.frame.height / 2 + ascender(10) - 3 * lineHeight(10) / 2 + 2 * lineHeight(10)
        let markTop = last - (mark.frame.height / 2 + ascender(10) - lineHeight(10) / 2)
        #expect(note.frame.height == 35)
        #expect(mark.frame.minY == markTop.rounded())
    }

    @Test func aPlainViewsBaselineIsItsBottom() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let box = View(), text = label("x", size: 10)
        box.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(box)
        window.addSubview(text)
        LayoutConstraint.activate([
            box.topAnchor.constraint(equalTo: window.topAnchor, constant: 10),
            box.leadingAnchor.constraint(equalTo: window.leadingAnchor),
            box.widthAnchor.constraint(equalToConstant: 20), box.heightAnchor.constraint(equalToConstant: 30),
            text.leadingAnchor.constraint(equalTo: box.trailingAnchor),
            text.firstBaselineAnchor.constraint(equalTo: box.firstBaselineAnchor),
        ])
        window.runUpdateCycle()
        #expect(text.frame.minY == (40 - (text.frame.height / 2 + ascender(10) - lineHeight(10) / 2)).rounded())
    }
}
