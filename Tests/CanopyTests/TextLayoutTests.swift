import Canopy
import Foundation
import Testing

/// The same pixels, channel by channel, within `tolerance`.
private func samePixels(_ a: Image, _ b: Image, tolerance: Double = 0.02) -> Bool {
    guard a.pixelSize == b.pixelSize else { return false }
    for y in 0..<a.pixelSize.height {
        for x in 0..<a.pixelSize.width {
            guard let p = a.pixelColor(x: x, y: y), let q = b.pixelColor(x: x, y: y) else { return false }
            if abs(p.red - q.red) > tolerance || abs(p.green - q.green) > tolerance || abs(p.blue - q.blue) > tolerance
                || abs(p.alpha - q.alpha) > tolerance
            {
                return false
            }
        }
    }
    return true
}

/// Whether some pixel of `image` inside `columns` is close to `color`.
private func hasInk(_ image: Image, _ color: Color, columns: Range<Int>) -> Bool {
    columns.contains { x in
        (0..<image.pixelSize.height).contains { y in
            guard let p = image.pixelColor(x: x, y: y), p.alpha > 0.9 else { return false }
            return abs(p.red - color.red) < 0.1 && abs(p.green - color.green) < 0.1 && abs(p.blue - color.blue) < 0.1
        }
    }
}

/// Where lines may break: the Unicode line breaking algorithm (UAX #14). Widths are the
/// system font's at 2048 points, one point per design unit of DejaVu Sans.
@Suite("Line breaking follows the Unicode line breaking rules")
struct LineBreakingRulesTests {
    private let font = Font.systemFont(ofSize: 2048)

    private func wrapped(_ text: String, at width: CGFloat) -> CGSize {
        let label = Label()
        label.font = font
        label.numberOfLines = 0
        label.text = text
        label.preferredMaxLayoutWidth = width
        return label.intrinsicContentSize
    }

    @Test func aLineBreaksAfterAHyphen() {
        // "known" fits, "well-known" does not: the line ends after the hyphen. (Without that
        // break opportunity it would end inside the word, after "well-k", 5875 wide.)
        let size = wrapped("well-known", at: font.width(of: "known") + 1)
        #expect(size == CGSize(width: font.width(of: "known").rounded(.up), height: (2 * font.lineHeight).rounded(.up)))
    }

    @Test func closingPunctuationStaysWithWhatItCloses() {
        // Two ideographs fit, not three. No line may start with ")", so the break goes before
        // the second ideograph: "漢" and "字)". (Breaking between any two ideographs would give
        // "漢字" and ")", 4096 wide.)
        let em: CGFloat = 2048
        let size = wrapped("漢字)", at: 2 * em + 100)
        #expect(size.width == (em + font.width(of: ")")).rounded(.up))
        #expect(size.height == (2 * font.lineHeight).rounded(.up))
    }

    @Test func spacesAtAWrapHangAndAreDropped() {
        // "ab cd" fits exactly; the spaces after it do not count, and the next line starts at "ef".
        let size = wrapped("ab cd   ef", at: font.width(of: "ab cd"))
        #expect(size == CGSize(width: font.width(of: "ab cd").rounded(.up), height: (2 * font.lineHeight).rounded(.up)))
    }
}

/// Mixed directions: the expected visual orders are worked out by hand from the bidirectional
/// algorithm, and each is drawn word by word (each word in one direction) for comparison.
@Suite("Bidirectional text is drawn in visual order")
struct BidirectionalTextTests {
    private let font = Font.systemFont(ofSize: 24)
    private var attributes: [NSAttributedString.Key: Any] { [.font: font] }

    /// `words` drawn one by one from x = 4, left to right, a space's width between them.
    private func wordByWord(_ words: [String]) -> Image {
        drawn(260, 40) { _ in
            var x: CGFloat = 4
            for word in words {
                word.draw(at: CGPoint(x: x, y: 4), withAttributes: attributes)
                x += font.width(of: word) + font.width(of: " ")
            }
        }
    }

    @Test func hebrewInALatinLineReadsRightToLeft() {
        // Left-to-right paragraph: "abc", then the Hebrew word with its first letter rightmost.
        let whole = drawn(260, 40) { _ in "abc אבג".draw(at: CGPoint(x: 4, y: 4), withAttributes: attributes) }
        #expect(samePixels(whole, wordByWord(["abc", "אבג"])))
        let logical = drawn(260, 40) { _ in
            "abc ".draw(at: CGPoint(x: 4, y: 4), withAttributes: attributes)
            // The letters left to right in logical order, as drawing without reordering would.
            var x = 4 + font.width(of: "abc ")
            for letter in ["א", "ב", "ג"] {
                letter.draw(at: CGPoint(x: x, y: 4), withAttributes: attributes)
                x += font.width(of: letter)
            }
        }
        #expect(!samePixels(whole, logical), "the Hebrew letters are not left in logical order")
    }

    @Test func aRightToLeftParagraphPutsItsFirstWordRightmost() {
        // The first strong letter is Hebrew: the paragraph runs right to left. Its three words
        // from the left: the last Hebrew word, "abc", the first Hebrew word.
        let whole = drawn(260, 40) { _ in "אבג abc דהו".draw(at: CGPoint(x: 4, y: 4), withAttributes: attributes) }
        #expect(samePixels(whole, wordByWord(["דהו", "abc", "אבג"])))
    }

    @Test func numbersInRightToLeftTextKeepTheirOrder() {
        // Digits run left to right inside right-to-left text: "123" at the left, then the word.
        let whole = drawn(260, 40) { _ in "אבג 123".draw(at: CGPoint(x: 4, y: 4), withAttributes: attributes) }
        #expect(samePixels(whole, wordByWord(["123", "אבג"])))
    }

    @Test func arabicInALatinLineJoins() {
        // "سلام" shapes to three glyphs (lam-alef is one), 4206 units wide at 2048 units per em
        // (hb-shape), also inside a Latin line; unjoined letters would be wider.
        let big = Font.systemFont(ofSize: 2048)
        #expect(big.width(of: "abc سلام") == big.width(of: "abc ") + 4206)
        let label = Label()
        label.font = big
        label.text = "abc سلام"
        #expect(label.intrinsicContentSize.width == (big.width(of: "abc ") + 4206).rounded(.up))
    }
}

@Suite("Attributed text: runs of their own font and colour, paragraph styles")
struct AttributedTextTests {
    private let big = Font.systemFont(ofSize: 30), small = Font.systemFont(ofSize: 10)

    private var twoRuns: NSAttributedString {
        let text = NSMutableAttributedString(string: "Big", attributes: [.font: big, .foregroundColor: Color.red])
        text.append(NSAttributedString(string: "small", attributes: [.font: small, .foregroundColor: Color.blue]))
        return text
    }

    @Test func eachRunMeasuresInItsFontAndTheLineIsAsTallAsItsTallestFont() {
        let size = twoRuns.size()
        #expect(size == CGSize(width: big.width(of: "Big") + small.width(of: "small"), height: big.lineHeight))
        let label = Label()
        label.attributedText = twoRuns
        #expect(label.intrinsicContentSize == CGSize(
            width: (big.width(of: "Big") + small.width(of: "small")).rounded(.up), height: big.lineHeight.rounded(.up)))
    }

    @Test func eachRunDrawsInItsColour() {
        let split = Int((4 + big.width(of: "Big")).rounded(.down))
        let image = drawn(200, 50) { _ in twoRuns.draw(at: CGPoint(x: 4, y: 4)) }
        #expect(hasInk(image, .red, columns: 0..<split))
        #expect(!hasInk(image, .red, columns: (split + 1)..<200))
        #expect(hasInk(image, .blue, columns: (split + 1)..<200))
        #expect(!hasInk(image, .blue, columns: 0..<(split - 1)))
    }

    @Test func smallerRunsSitOnTheSameBaseline() {
        // Both runs' glyph bottoms (no descenders in "HI" or "small") end on one baseline:
        // 4 + the big font's ascender.
        let text = NSMutableAttributedString(string: "HI", attributes: [.font: big])
        text.append(NSAttributedString(string: "small", attributes: [.font: small]))
        let image = drawn(200, 50) { _ in text.draw(at: CGPoint(x: 4, y: 4)) }
        let split = Int((4 + big.width(of: "HI")).rounded(.up)) + 1
        func lowestInk(_ columns: Range<Int>) -> Int {
            (0..<50).last { y in columns.contains { x in (image.pixelColor(x: x, y: y)?.alpha ?? 0) > 0.5 } } ?? -1
        }
        let baseline = Int((4 + big.ascender).rounded(.down))
        #expect(abs(lowestInk(0..<(split - 2)) - baseline) <= 1)
        #expect(abs(lowestInk(split..<200) - baseline) <= 1)
    }

    @Test func lineSpacingIsAddedBetweenLines() {
        let style = MutableParagraphStyle()
        style.lineSpacing = 6
        let font = Font.systemFont(ofSize: 17)
        let size = "one\ntwo\nthree".size(withAttributes: [.font: font, .paragraphStyle: style])
        #expect(size.height == 3 * font.lineHeight + 2 * 6)
        let label = Label()
        label.numberOfLines = 0
        label.attributedText = NSAttributedString(string: "one\ntwo\nthree", attributes: [.paragraphStyle: style])
        #expect(label.intrinsicContentSize.height == (3 * label.font.lineHeight + 12).rounded(.up))
    }

    @Test func plainTextReplacesAttributedTextAndReadsBackWithTheLabelsFont() {
        let label = Label()
        label.attributedText = twoRuns
        #expect(label.text == "Bigsmall")
        label.text = "plain"
        #expect(label.intrinsicContentSize == label.font.size(of: "plain"))
        let read = label.attributedText
        #expect(read?.string == "plain")
        #expect(read?.attribute(.font, at: 0, effectiveRange: nil) as? Font == label.font)
    }

    @Test func aTruncatedLineKeepsItsRunsStyles() throws {
        // "small" (10 points, blue, about 28 wide) then "Big" (30 points, red, about 48) in 60
        // points: tail truncation keeps "small" and "B" beside a 10-point ellipsis (the first
        // run's style), so both colours show and nothing is drawn past the label.
        let text = NSMutableAttributedString(string: "small", attributes: [.font: small, .foregroundColor: Color.blue])
        text.append(NSAttributedString(string: "Big", attributes: [.font: big, .foregroundColor: Color.red]))
        let window = Window(frame: CGRect(x: 0, y: 0, width: 80, height: 40))
        window.backgroundColor = .white
        let label = Label(frame: CGRect(x: 0, y: 0, width: 60, height: 40))
        label.attributedText = text
        window.addSubview(label)
        let image = try window.render(scale: 1)
        #expect(hasInk(image, .blue, columns: 0..<60))
        #expect(hasInk(image, .red, columns: 0..<60))
        #expect(!hasInk(image, .red, columns: 60..<80) && !hasInk(image, .blue, columns: 60..<80))
        let kept = small.width(of: "small") + big.width(of: "B")
        #expect(!hasInk(image, .red, columns: Int(kept.rounded(.up)) + 1..<80), "only the B is kept of \"Big\"")
    }

    @Test func aLabelTakesItsParagraphStylesLineBreakMode() {
        // UIKit's default paragraph style wraps by words: a label given one does not truncate.
        let label = Label()
        label.numberOfLines = 0
        label.preferredMaxLayoutWidth = 60
        let style = MutableParagraphStyle()
        style.lineBreakMode = .byCharWrapping
        label.attributedText = NSAttributedString(string: "abcdefghijklmnop", attributes: [.paragraphStyle: style])
        let lines = (label.intrinsicContentSize.height / label.font.lineHeight).rounded(.down)
        #expect(lines >= 2, "broken between characters, by the style")
        #expect(label.intrinsicContentSize.width <= 60)
    }
}

