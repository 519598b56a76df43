import Foundation

/// Text set in lines for drawing: broken as measurement breaks it, the last line shown cut to
/// the width by the line break mode, each line placed by the alignment.
struct TextSetting {
    let font: Font
    let lineBreakMode: LineBreakMode

    /// The lines of `text` shown in `bounds`: at most `limit` (0 or less: any number) and no more
    /// than fit in its height (at least one); the last one shown holds the rest of the text, cut.
    func lines(of text: String, in bounds: CGRect, limitedTo limit: Int) -> (lines: [Substring], fullWidths: [CGFloat]) {
        let breaker = LineBreaker(
            font: font, width: bounds.width < .greatestFiniteMagnitude ? bounds.width : nil,
            byCharacters: lineBreakMode == .byCharWrapping)
        let set = breaker.lines(of: text)
        let room = bounds.height / font.lineHeight
        let fitting = room >= CGFloat(set.count) ? set.count : room >= 1 ? Int(room) : 1
        let shown = min(limit > 0 ? limit : set.count, fitting)
        var lines = Array(set.prefix(shown))
        if set.count > shown {
            lines[shown - 1] = Substring(set[(shown - 1)...].filter { !$0.isEmpty }.joined(separator: " "))
        }
        return (lines, lines.map { font.width(of: $0) })
    }

    /// `line` cut to `width` with an ellipsis where the mode puts one (clipping and wrapping
    /// modes leave the line whole: the clip cuts it). The characters kept are chosen from the
    /// line's shaping, once: the most that fit beside the ellipsis.
    func fitted(_ line: Substring, within width: CGFloat) -> String {
        guard font.width(of: line) > width else { return String(line) }
        let ellipsis = "\u{2026}"
        let room = width - font.width(of: ellipsis)
        let characters = Array(line), widths = font.characterWidths(of: line)
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
        switch lineBreakMode {
        case .byTruncatingTail:
            return String(characters.prefix(fitting(widths.indices, in: room))) + ellipsis
        case .byTruncatingHead:
            return ellipsis + String(characters.suffix(fitting(widths.indices.reversed(), in: room)))
        case .byTruncatingMiddle:
            let head = fitting(widths.indices, in: room / 2)
            let tail = fitting(widths.indices.reversed(), in: room - widths.prefix(head).reduce(0, +))
            return String(characters.prefix(head)) + ellipsis + String(characters.suffix(tail))
        case .byWordWrapping, .byCharWrapping, .byClipping:
            return String(line)
        }
    }

    /// Draws `text` in `rect`: the block of lines centred vertically (as a label centres its
    /// text), each line placed across the width by `alignment` (resolved: left, center or right).
    func draw(_ text: String, in rect: CGRect, limitedTo limit: Int, alignment: TextAlignment, color: Color,
              context: GraphicsContext) {
        let (lines, _) = lines(of: text, in: rect, limitedTo: limit)
        let blockHeight = CGFloat(lines.count) * font.lineHeight
        var baseline = rect.minY + max(0, (rect.height - blockHeight) / 2) + font.ascender
        for (index, line) in lines.enumerated() {
            let shown = index == lines.count - 1 ? fitted(line, within: rect.width) : String(line)
            let width = font.width(of: shown)
            let x: CGFloat =
                switch alignment {
                case .center: rect.midX - width / 2
                case .right: rect.maxX - width
                default: rect.minX
                }
            context.showText(shown, at: CGPoint(x: x, y: baseline), font: font, color: color)
            baseline += font.lineHeight
        }
    }
}

extension GraphicsContext {
    /// Draws `text` shaped on one line, the pen starting at `origin` (on the baseline), each
    /// glyph placed where shaping puts it: the same advances that measure it.
    func showText(_ text: String, at origin: CGPoint, font: Font, color: Color) {
        guard font.pointSize > 0 else { return }
        var x = origin.x
        for run in font.face.runs(of: text[...]) {
            let scale = font.pointSize / CGFloat(run.face.unitsPerEm)
            var glyphs: [PlacedGlyph] = []
            for shaped in run.face.shaped(run.text) {
                // Fonts measure y up; the context's y runs down.
                let at = CGPoint(x: x + CGFloat(shaped.offset.x) * scale, y: origin.y - CGFloat(shaped.offset.y) * scale)
                glyphs.append(PlacedGlyph(glyph: shaped.glyph, origin: at))
                x += CGFloat(shaped.advance) * scale
            }
            if let path = run.face.path { showGlyphs(glyphs, fontPath: path, size: font.pointSize, color: color) }
        }
    }
}

extension NSAttributedString.Key {
    /// The ``Font`` text is set in (the 12-point system font when absent), as UIKit's `.font`.
    public static let font = NSAttributedString.Key("NSFont")
    /// The ``Color`` text is drawn in (black when absent), as UIKit's `.foregroundColor`.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
}

extension String {
    /// The size of the string set in one line per paragraph with `attributes`' font, as UIKit's
    /// `size(withAttributes:)` (not rounded).
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        let font = Self.font(in: attributes)
        let lines = split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        return CGSize(width: lines.map { font.width(of: $0) }.max() ?? 0, height: CGFloat(lines.count) * font.lineHeight)
    }

    /// Draws the string in the current context, one line per paragraph, its top left at `point`.
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        guard let context = GraphicsGetCurrentContext() else { return }
        let font = Self.font(in: attributes), color = attributes?[.foregroundColor] as? Color ?? .black
        for (index, line) in split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let baseline = point.y + font.ascender + CGFloat(index) * font.lineHeight
            context.showText(String(line), at: CGPoint(x: point.x, y: baseline), font: font, color: color)
        }
    }

    /// Draws the string in the current context wrapped between words within `rect`, from its
    /// top, clipped to `rect`: the first line always, the others while they fit.
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        guard let context = GraphicsGetCurrentContext() else { return }
        let font = Self.font(in: attributes), color = attributes?[.foregroundColor] as? Color ?? .black
        let lines = LineBreaker(font: font, width: rect.width, byCharacters: false).lines(of: self)
        context.saveGState()
        context.clip(to: rect)
        for (index, line) in lines.enumerated() {
            let top = rect.minY + CGFloat(index) * font.lineHeight
            guard index == 0 || top + font.lineHeight <= rect.maxY + 0.001 else { break }
            context.showText(String(line), at: CGPoint(x: rect.minX, y: top + font.ascender), font: font, color: color)
        }
        context.restoreGState()
    }

    private static func font(in attributes: [NSAttributedString.Key: Any]?) -> Font {
        attributes?[.font] as? Font ?? Font.systemFont(ofSize: 12)
    }
}

extension NSAttributedString {
    /// Draws the string with the attributes of its first character (one font and colour for
    /// the whole: runs of several are not drawn apart yet), wrapped within `rect`.
    public func draw(in rect: CGRect) {
        string.draw(in: rect, withAttributes: length > 0 ? attributes(at: 0, effectiveRange: nil) : nil)
    }

    /// Draws the string with the attributes of its first character, its top left at `point`.
    public func draw(at point: CGPoint) {
        string.draw(at: point, withAttributes: length > 0 ? attributes(at: 0, effectiveRange: nil) : nil)
    }

    /// The size of the string set with the attributes of its first character.
    public func size() -> CGSize {
        string.size(withAttributes: length > 0 ? attributes(at: 0, effectiveRange: nil) : nil)
    }
}
