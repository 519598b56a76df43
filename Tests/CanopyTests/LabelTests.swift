import Canopy
import Foundation
import Testing

/// `count` copies of `word`, one space apart.
private func words(_ word: String, _ count: Int) -> String {
    Array(repeating: word, count: count).joined(separator: " ")
}

/// An independent count of the lines `count` copies of a word take at `width`: each line
/// holds the most words k with k * word + (k - 1) * space <= width.
private func lineCount(of word: String, _ count: Int, within width: CGFloat, font: Font) -> Int {
    let w = font.width(of: word), s = font.width(of: " ")
    let perLine = Int(((width + s) / (w + s)).rounded(.down))
    return (count + perLine - 1) / perLine
}

/// A new view of `parent` for Auto Layout.
private func constrained<V: View>(_ view: V, in parent: View) -> V {
    view.translatesAutoresizingMaskIntoConstraints = false
    parent.addSubview(view)
    return view
}

/// A new multi-line label for Auto Layout.
private func label(_ text: String, in parent: View) -> Label {
    let label = constrained(Label(), in: parent)
    label.text = text
    label.numberOfLines = 0
    return label
}

@Suite("Label: text measured with the font, wrapped into lines")
struct LabelTests {
    let font = Font.systemFont(ofSize: 17)

    /// The advances add up: a line's width is its words' and spaces' widths (what the
    /// independent line counts below rely on).
    @Test func advancesAddUp() {
        #expect(font.width(of: "word word") == 2 * font.width(of: "word") + font.width(of: " "))
    }

    /// One line: the text's width and the line height, rounded up; no text measures zero.
    @Test func aSingleLineMeasuresItsText() {
        let label = Label()
        #expect(label.intrinsicContentSize == .zero)
        label.text = "Hello, Canopy"
        #expect(label.intrinsicContentSize == CGSize(
            width: font.width(of: "Hello, Canopy").rounded(.up), height: font.lineHeight.rounded(.up)))
        label.text = ""
        #expect(label.intrinsicContentSize == .zero)
    }

    /// At a preferred width, words fill each line greedily; the size is the widest line and
    /// the lines' height. A line limit caps the height.
    @Test func wordsWrapAtThePreferredWidth() {
        let label = Label()
        label.text = words("word", 10)
        label.numberOfLines = 0
        let w = font.width(of: "word"), s = font.width(of: " ")
        label.preferredMaxLayoutWidth = 3 * w + 2 * s + 1
        #expect(lineCount(of: "word", 10, within: label.preferredMaxLayoutWidth, font: font) == 4)
        #expect(label.intrinsicContentSize == CGSize(
            width: (3 * w + 2 * s).rounded(.up), height: (4 * font.lineHeight).rounded(.up)))
        label.numberOfLines = 2
        #expect(label.intrinsicContentSize.height == (2 * font.lineHeight).rounded(.up))
        label.numberOfLines = 1
        #expect(label.intrinsicContentSize.width == font.width(of: words("word", 10)).rounded(.up))
    }

    /// A word wider than the line breaks between characters; character wrapping breaks
    /// anywhere; explicit line breaks always break.
    @Test func longWordsCharactersAndLineBreaks() {
        let label = Label()
        label.numberOfLines = 0
        label.text = "abcdefghij"
        label.preferredMaxLayoutWidth = font.width(of: "abcd") + 0.5
        #expect(label.intrinsicContentSize == CGSize(
            width: font.width(of: "abcd").rounded(.up), height: (3 * font.lineHeight).rounded(.up)))

        label.text = "aaaa aaaa"
        label.preferredMaxLayoutWidth = font.width(of: "aaaa a") + 0.5
        #expect(label.intrinsicContentSize.height == (2 * font.lineHeight).rounded(.up))
        #expect(label.intrinsicContentSize.width == font.width(of: "aaaa").rounded(.up))
        label.lineBreakMode = .byCharWrapping
        #expect(label.intrinsicContentSize == CGSize(
            width: font.width(of: "aaaa a").rounded(.up), height: (2 * font.lineHeight).rounded(.up)))

        label.text = "a\nbb\r\n\nc"
        label.preferredMaxLayoutWidth = 0
        #expect(label.intrinsicContentSize == CGSize(
            width: font.width(of: "bb").rounded(.up), height: (4 * font.lineHeight).rounded(.up)))

        // Leading spaces stay on the first line; they make no empty line of their own.
        label.lineBreakMode = .byWordWrapping
        label.text = "  aaaaaaaaaa"
        label.preferredMaxLayoutWidth = font.width(of: "  aaaa") + 0.5
        let perLine = Int((label.preferredMaxLayoutWidth / font.width(of: "a")).rounded(.down))
        let lines = 1 + (6 + perLine - 1) / perLine  // "  aaaa", then the six others
        #expect(label.intrinsicContentSize.height == (CGFloat(lines) * font.lineHeight).rounded(.up))
    }

    /// A label laid out on one line that becomes multi-line wraps at the width it was given.
    @Test func aLabelMadeMultiLineWrapsAtItsLaidOutWidth() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let text = label(words("word", 12), in: window)
        text.numberOfLines = 1
        LayoutConstraint.activate([
            text.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 20),
            text.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -20),
            text.topAnchor.constraint(equalTo: window.topAnchor),
        ])
        window.runUpdateCycle()
        #expect(text.frame.height == font.lineHeight.rounded(.up))
        text.numberOfLines = 0
        window.runUpdateCycle()
        let lines = lineCount(of: "word", 12, within: 280, font: font)
        #expect(lines > 1 && text.frame.height == (CGFloat(lines) * font.lineHeight).rounded(.up))
    }

    /// `textRect` stops at the lines that fit in the height offered, and `sizeThatFits` wraps
    /// at the width offered.
    @Test func textRectAndSizeThatFitsFollowTheRoomOffered() {
        let label = Label()
        label.text = words("word", 10)
        label.numberOfLines = 0
        let width = font.width(of: words("word", 3)) + 1
        let lines = lineCount(of: "word", 10, within: width, font: font)
        #expect(label.sizeThatFits(CGSize(width: width, height: 0)).height == (CGFloat(lines) * font.lineHeight).rounded(.up))
        let rect = label.textRect(
            forBounds: CGRect(x: 5, y: 6, width: width, height: 2.5 * font.lineHeight), limitedToNumberOfLines: 0)
        #expect(rect.origin == CGPoint(x: 5, y: 6) && rect.height == (2 * font.lineHeight).rounded(.up))
    }

    /// The reference article's example: a view of known width whose height comes from the two
    /// multi-line labels in it (each wraps at the width its constraints give it, found in a
    /// second round of the update cycle).
    @Test func aViewTakesItsHeightFromTwoMultiLineLabels() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let box = constrained(View(), in: window)
        let first = label(words("word", 12), in: box), second = label(words("lorem", 7), in: box)
        LayoutConstraint.activate([
            box.leftAnchor.constraint(equalTo: window.leftAnchor, constant: 20),
            box.topAnchor.constraint(equalTo: window.topAnchor, constant: 40),
            box.widthAnchor.constraint(equalToConstant: 200),
            first.leadingAnchor.constraint(equalTo: box.leadingAnchor, constant: 8),
            first.trailingAnchor.constraint(equalTo: box.trailingAnchor, constant: -8),
            first.topAnchor.constraint(equalTo: box.topAnchor, constant: 8),
            second.leadingAnchor.constraint(equalTo: box.leadingAnchor, constant: 8),
            second.trailingAnchor.constraint(equalTo: box.trailingAnchor, constant: -8),
            second.topAnchor.constraint(equalTo: first.bottomAnchor, constant: 8),
            box.bottomAnchor.constraint(equalTo: second.bottomAnchor, constant: 8),
        ])
        let report = window.runUpdateCycle()
        #expect(report.problems.isEmpty && report.rounds > 1)
        let firstLines = lineCount(of: "word", 12, within: 184, font: font)
        let secondLines = lineCount(of: "lorem", 7, within: 184, font: font)
        #expect(firstLines >= 2 && secondLines >= 2, "\(firstLines) and \(secondLines) lines: both labels wrap")
        let firstHeight = (CGFloat(firstLines) * font.lineHeight).rounded(.up)
        let secondHeight = (CGFloat(secondLines) * font.lineHeight).rounded(.up)
        #expect(first.frame == CGRect(x: 8, y: 8, width: 184, height: firstHeight))
        #expect(second.frame == CGRect(x: 8, y: 16 + firstHeight, width: 184, height: secondHeight))
        #expect(box.frame.height == 24 + firstHeight + secondHeight)

        // New text: the box follows.
        second.text = words("lorem", 1)
        window.runUpdateCycle()
        #expect(box.frame.height == 24 + firstHeight + font.lineHeight.rounded(.up))
    }

    /// A multi-line label that nothing narrows keeps its text on one line.
    @Test func aMultiLineLabelWithRoomStaysOnOneLine() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 1000, height: 480))
        let text = label(words("word", 5), in: window)
        LayoutConstraint.activate([
            text.leftAnchor.constraint(equalTo: window.leftAnchor), text.topAnchor.constraint(equalTo: window.topAnchor),
        ])
        window.runUpdateCycle()
        #expect(text.frame.size == CGSize(
            width: font.width(of: words("word", 5)).rounded(.up), height: font.lineHeight.rounded(.up)))
    }

    /// The reference article's cell: two multi-line labels in a cell too short for both. With
    /// equal vertical compression resistance the layout is ambiguous and reported; lowering one
    /// label's resistance makes it the one compressed.
    @Test func equalCompressionResistanceInAShortCellIsReported() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let cell = constrained(View(), in: window)
        let title = label(words("word", 12), in: cell), detail = label(words("lorem", 12), in: cell)
        LayoutConstraint.activate([
            cell.leftAnchor.constraint(equalTo: window.leftAnchor), cell.topAnchor.constraint(equalTo: window.topAnchor),
            cell.widthAnchor.constraint(equalToConstant: 200), cell.heightAnchor.constraint(equalToConstant: 60),
            title.leadingAnchor.constraint(equalTo: cell.leadingAnchor), title.trailingAnchor.constraint(equalTo: cell.trailingAnchor),
            detail.leadingAnchor.constraint(equalTo: cell.leadingAnchor), detail.trailingAnchor.constraint(equalTo: cell.trailingAnchor),
            title.topAnchor.constraint(equalTo: cell.topAnchor), detail.topAnchor.constraint(equalTo: title.bottomAnchor),
            detail.bottomAnchor.constraint(equalTo: cell.bottomAnchor),
        ])
        window.runUpdateCycle()
        #expect(window.layoutReport.tiedConstraints.count == 1)
        #expect(window.layoutReport.tiedConstraints.first?.allSatisfy { $0.contains("compression resistance") } == true)

        detail.setContentCompressionResistancePriority(.defaultHigh - 1, for: .vertical)
        window.runUpdateCycle()
        #expect(window.layoutReport.tiedConstraints.isEmpty)
        #expect(title.frame.height == title.intrinsicContentSize.height)
        #expect(detail.frame.height == 60 - title.frame.height)
    }
}
