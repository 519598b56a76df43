import Foundation

/// Styled text set in lines for measuring and drawing: paragraphs shaped once, broken by the
/// line breaker, each line as tall as the tallest font in it, lines apart by the spacing; the
/// last line shown holding the rest of the text, cut to the width by the line break mode.
struct TextLayout {
    /// One line: characters of a paragraph (spaces at a wrap left out) and its size.
    struct Line {
        let paragraph: ShapedParagraph
        let range: Range<Int>
        let width: CGFloat
        /// Above the baseline, below it (positive) and the extra space under it, in points.
        let ascent: CGFloat
        let descent: CGFloat
        let leading: CGFloat

        /// The characters `range` of `paragraph`, sized by the fonts of its characters (the
        /// text's own when it has none).
        init(_ paragraph: ShapedParagraph, _ range: Range<Int>) {
            self.paragraph = paragraph
            self.range = range
            width = paragraph.width(of: range)
            // Most text has one style: its styles are listed once each, not per character.
            var used: [Int] = []
            for i in range where !used.contains(paragraph.text.styleIndices[paragraph.range.lowerBound + i]) {
                used.append(paragraph.text.styleIndices[paragraph.range.lowerBound + i])
            }
            let fonts = (used.isEmpty ? [0] : used).map { paragraph.text.styles[$0].font }
            ascent = fonts.map(\.ascender).max() ?? 0
            descent = fonts.map { -$0.descender }.max() ?? 0
            leading = fonts.map(\.leading).max() ?? 0
        }

        /// From the line's top to the next line's top, without line spacing.
        var height: CGFloat { ascent + descent + leading }
    }

    let text: StyledText
    let lineBreakMode: LineBreakMode
    let lineSpacing: CGFloat
    private let paragraphs: [ShapedParagraph]

    init(_ text: StyledText, lineBreakMode: LineBreakMode, lineSpacing: CGFloat = 0) {
        self.text = text
        self.lineBreakMode = lineBreakMode
        self.lineSpacing = lineSpacing.isFinite ? max(0, lineSpacing) : 0
        paragraphs = text.paragraphs.map { ShapedParagraph(text, range: $0) }
    }

    /// Every line of the text wrapped at `width` (`nil`: one line per paragraph).
    func lines(within width: CGFloat?) -> [Line] {
        let breaker = LineBreaker(width: width, byCharacters: lineBreakMode == .byCharWrapping)
        return paragraphs.flatMap { paragraph in breaker.lines(of: paragraph).map { Line(paragraph, $0) } }
    }

    /// The lines shown in `bounds`: at most `limit` (0 or less: any number) and no more than fit
    /// in its height (at least one); when text is left over, the last one shown holds the rest,
    /// its lines joined by spaces.
    func lines(in bounds: CGRect, limitedTo limit: Int) -> [Line] {
        let all = lines(within: bounds.width < .greatestFiniteMagnitude ? bounds.width : nil)
        var fitting = 0, used: CGFloat = 0
        for line in all {
            let next = used + (fitting > 0 ? lineSpacing : 0) + line.height
            guard fitting == 0 || next <= bounds.height + 1e-9 else { break }
            used = next
            fitting += 1
        }
        let shown = min(limit > 0 ? limit : all.count, fitting)
        guard all.count > shown else { return all }
        return Array(all.prefix(shown - 1)) + [rest(of: all[(shown - 1)...])]
    }

    /// The height of `lines` one under the other.
    func height(of lines: some Collection<Line>) -> CGFloat {
        lines.reduce(0) { $0 + $1.height } + CGFloat(max(lines.count - 1, 0)) * lineSpacing
    }

    /// Draws the lines shown in `rect` (see ``lines(in:limitedTo:)``); see ``draw(_:in:alignment:fromTop:context:)``.
    func draw(in rect: CGRect, limitedTo limit: Int, alignment: TextAlignment, fromTop: Bool = false,
              context: GraphicsContext) {
        draw(lines(in: rect, limitedTo: limit), in: rect, alignment: alignment, fromTop: fromTop, context: context)
    }

    /// Draws `lines` in `rect`: centred vertically, as a label centres its text, or from the top
    /// when `fromTop`; each line placed across by `alignment` (``TextAlignment/natural``
    /// follows the paragraph's direction), the last one cut to the width by the line break mode.
    func draw(_ lines: [Line], in rect: CGRect, alignment: TextAlignment, fromTop: Bool, context: GraphicsContext) {
        var top = rect.minY + (fromTop ? 0 : max(0, (rect.height - height(of: lines)) / 2))
        for (index, line) in lines.enumerated() {
            let shown = index == lines.count - 1 ? fitted(line, within: rect.width) : line
            let side = alignment == .natural ? (line.paragraph.bidi.isRightToLeft ? .right : .left) : alignment
            let x: CGFloat =
                switch side {
                case .center: rect.midX - shown.width / 2
                case .right: rect.maxX - shown.width
                default: rect.minX
                }
            shown.paragraph.draw(shown.range, at: CGPoint(x: x, y: top + line.ascent), in: context)
            top += line.height + lineSpacing
        }
    }

    /// The characters of `lines` joined on one line, a space between lines (empty ones left out).
    private func rest(of lines: ArraySlice<Line>) -> Line {
        var joined: [(character: Character, style: StyledText.Style)] = []
        for line in lines where !line.range.isEmpty {
            if let last = joined.last { joined.append((" ", last.style)) }
            joined += line.paragraph.styledCharacters(line.range)
        }
        let paragraph = ShapedParagraph(StyledText(joined, base: text.styles[0]),
                                        rightToLeft: lines.first?.paragraph.bidi.isRightToLeft)
        return Line(paragraph, 0..<paragraph.count)
    }

    /// `line` cut to `width` with an ellipsis where the mode puts one (clipping and wrapping
    /// modes leave the line whole: the clip cuts it). The characters kept are chosen from the
    /// line's shaping, once: the most that fit beside the ellipsis, which takes the style of
    /// the line's first character.
    private func fitted(_ line: Line, within width: CGFloat) -> Line {
        let truncating = [.byTruncatingHead, .byTruncatingMiddle, .byTruncatingTail].contains(lineBreakMode)
        guard truncating, line.width > width, !line.range.isEmpty else { return line }
        let paragraph = line.paragraph, widths = paragraph.widths[line.range]
        let ellipsis: Character = "\u{2026}", ellipsisStyle = paragraph.style(line.range.lowerBound)
        let room = width - ellipsisStyle.font.width(of: String(ellipsis))
        /// How many characters, taken in `order`, fit in `space`.
        func fitting(_ order: some Sequence<Int>, in space: CGFloat) -> Int {
            var used: CGFloat = 0, count = 0
            for i in order {
                used += widths[i]
                guard used <= space else { break }
                count += 1
            }
            return count
        }
        var head = 0, tail = 0
        switch lineBreakMode {
        case .byTruncatingTail: head = fitting(widths.indices, in: room)
        case .byTruncatingHead: tail = fitting(widths.indices.reversed(), in: room)
        default:
            head = fitting(widths.indices, in: room / 2)
            tail = fitting(widths.indices.reversed(), in: room - widths.prefix(head).reduce(0, +))
        }
        let cut = paragraph.styledCharacters(line.range.prefix(head)) + [(ellipsis, ellipsisStyle)]
            + paragraph.styledCharacters(line.range.suffix(tail))
        let shaped = ShapedParagraph(StyledText(cut, base: text.styles[0]), rightToLeft: paragraph.bidi.isRightToLeft)
        return Line(shaped, 0..<shaped.count)
    }
}
