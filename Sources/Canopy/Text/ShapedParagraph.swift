import Foundation

/// One paragraph of styled text, measured once: each character's face (its font's, or the
/// installed face that has it), embedding level and shaped width. Lines are broken from the
/// widths and drawn from the same shaping, so text draws as it measures.
///
/// Text is shaped in pieces of one style, one face and one direction each, so that Arabic in a
/// Latin line joins, and kerning does not reach across a change of font.
struct ShapedParagraph {
    /// The text the paragraph is part of, and its characters in it.
    let text: StyledText
    let range: Range<Int>
    /// Indices below are the paragraph's own: 0 is its first character.
    let bidi: BidiParagraph
    let faces: [FontFace]
    /// Each character's width, in points.
    private(set) var widths: [CGFloat] = []
    private let scalars: [UInt32]
    private let characterEnds: [Int]

    /// Shapes the characters `range` of `text`, its base direction `rightToLeft` (`nil`: that of
    /// its first strong character).
    init(_ text: StyledText, range: Range<Int>, rightToLeft: Bool? = nil) {
        self.text = text
        self.range = range
        var scalars: [UInt32] = [], ends: [Int] = []
        for i in range {
            for scalar in text.character(i).unicodeScalars { scalars.append(scalar.value) }
            ends.append(scalars.count)
        }
        self.scalars = scalars
        characterEnds = ends
        bidi = BidiParagraph(scalars: scalars, characterEnds: ends, rightToLeft: rightToLeft)
        faces = range.map { text.style(at: $0).font.face.face(drawing: text.character($0)) }
        widths = [CGFloat](repeating: 0, count: range.count)
        var start = 0
        while start < range.count {
            let end = pieceEnd(from: start)
            let font = text.style(at: range.lowerBound + start).font, face = faces[start]
            let scale = font.pointSize / CGFloat(face.unitsPerEm)
            let advances = face.characterAdvances(of: characters(start..<end), rightToLeft: isRightToLeft(start))
            for (k, advance) in advances.enumerated() { widths[start + k] = CGFloat(advance) * scale }
            start = end
        }
    }

    /// The paragraph's whole text, in its own style, as one paragraph.
    init(_ text: StyledText, rightToLeft: Bool? = nil) {
        self.init(text, range: 0..<text.count, rightToLeft: rightToLeft)
    }

    var count: Int { range.count }

    /// Character `i` of the paragraph.
    func character(_ i: Int) -> Character { text.character(range.lowerBound + i) }

    /// The style of character `i`.
    func style(_ i: Int) -> StyledText.Style { text.style(at: range.lowerBound + i) }

    /// The characters `part` with their styles, to make text of.
    func styledCharacters(_ part: Range<Int>) -> [(character: Character, style: StyledText.Style)] {
        part.map { (character($0), style($0)) }
    }

    /// The characters `part`, a slice of the text.
    func characters(_ part: Range<Int>) -> Substring {
        text.substring((range.lowerBound + part.lowerBound)..<(range.lowerBound + part.upperBound))
    }

    /// For each character, whether a line may start at it (UAX #14).
    func lineStarts() -> [Bool] {
        BreakOpportunities.lineStarts(scalars: scalars, characterEnds: characterEnds)
    }

    /// The width of `part`, in points.
    func width(of part: Range<Int>) -> CGFloat { widths[part].reduce(0, +) }

    /// Draws the line `part` with its left end at `origin` on the baseline: its characters in
    /// visual order, each piece shaped in its direction and drawn in its style.
    func draw(_ part: Range<Int>, at origin: CGPoint, in context: GraphicsContext) {
        let order = bidi.visualOrder(of: part)
        var x = origin.x, k = 0
        while k < order.count {
            let first = order[k], step = isRightToLeft(first) ? -1 : 1
            var next = k + 1
            while next < order.count && order[next] == order[next - 1] + step && samePiece(order[next], first) { next += 1 }
            let logical = min(first, order[next - 1])..<(max(first, order[next - 1]) + 1)
            x = drawPiece(logical, at: CGPoint(x: x, y: origin.y), in: context)
            k = next
        }
    }

    /// Draws the piece `part` (one style, face and direction) from `origin`; returns the pen's
    /// x after it.
    private func drawPiece(_ part: Range<Int>, at origin: CGPoint, in context: GraphicsContext) -> CGFloat {
        let style = style(part.lowerBound), face = faces[part.lowerBound]
        let scale = style.font.pointSize / CGFloat(face.unitsPerEm)
        var x = origin.x
        var glyphs: [PlacedGlyph] = []
        for shaped in face.shaped(characters(part), rightToLeft: isRightToLeft(part.lowerBound)) {
            // Fonts measure y up; the context's y runs down.
            let at = CGPoint(x: x + CGFloat(shaped.offset.x) * scale, y: origin.y - CGFloat(shaped.offset.y) * scale)
            glyphs.append(PlacedGlyph(glyph: shaped.glyph, origin: at))
            x += CGFloat(shaped.advance) * scale
        }
        if let path = face.path, style.font.pointSize > 0 {
            context.showGlyphs(glyphs, fontPath: path, size: style.font.pointSize, color: style.color)
        }
        return x
    }

    /// Where the piece that starts at character `start` ends: at the first character of
    /// another style, face or direction.
    private func pieceEnd(from start: Int) -> Int {
        var end = start + 1
        while end < count && samePiece(end, start) { end += 1 }
        return end
    }

    private func samePiece(_ a: Int, _ b: Int) -> Bool {
        text.styleIndices[range.lowerBound + a] == text.styleIndices[range.lowerBound + b]
            && bidi.levels[a] == bidi.levels[b] && faces[a] === faces[b]
    }

    private func isRightToLeft(_ i: Int) -> Bool { bidi.levels[i] & 1 == 1 }
}
