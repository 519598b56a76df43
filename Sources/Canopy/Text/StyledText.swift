import Foundation

/// Text with a font and a colour for each character: a label's text in its one font, or the
/// runs of an attributed string. Lines are set from it. The string is kept whole, with each
/// character's start, so that shaping takes slices of it without copying characters.
struct StyledText {
    /// A font and a colour.
    struct Style: Hashable {
        let font: Font
        let color: Color
    }

    private(set) var string = ""
    /// Where each character starts in ``string``.
    private(set) var starts: [String.Index] = []
    /// For each character, the index of its style in ``styles``.
    private(set) var styleIndices: [Int] = []
    /// The styles in use; the first is the text's own, for empty lines and empty text.
    private(set) var styles: [Style]

    /// `string` in one style.
    init(_ string: String, style: Style) {
        styles = [style]
        self.string = string
        starts = Array(string.indices)
        styleIndices = [Int](repeating: 0, count: starts.count)
    }

    /// The characters of `string` with the font and colour their attributes give, `base` where
    /// an attribute is absent.
    init(_ string: NSAttributedString, base: Style) {
        self.init(string.string, style: base)
        var runs: [(end: Int, style: Int)] = []  // UTF-16 offsets
        string.enumerateAttributes(in: NSRange(location: 0, length: string.length)) { attributes, range, _ in
            runs.append((range.location + range.length, index(of: Style(attributes, base: base))))
        }
        var offset = 0, run = 0
        for (i, start) in starts.enumerated() where !runs.isEmpty {
            while run < runs.count - 1 && offset >= runs[run].end { run += 1 }
            styleIndices[i] = runs[run].style
            offset += self.string[start].utf16.count
        }
    }

    /// `characters` with their styles, in `base` when empty. Should two characters join into
    /// one (a combining mark after a letter), the joined one keeps the first one's style.
    init(_ characters: [(character: Character, style: Style)], base: Style) {
        var string = "", styles: [Style] = []
        for (character, style) in characters {
            let end = string.endIndex
            string.append(character)
            // A character that joined the one before it starts before the old end.
            if string.index(before: string.endIndex) >= end { styles.append(style) }
        }
        self.init(string, style: base)
        for (i, style) in zip(starts.indices, styles) { styleIndices[i] = index(of: style) }
    }

    var count: Int { starts.count }

    /// Character `i`.
    func character(_ i: Int) -> Character { string[starts[i]] }

    /// The style of character `i`.
    func style(at i: Int) -> Style { styles[styleIndices[i]] }

    /// The characters `range`, a slice of the string.
    func substring(_ range: Range<Int>) -> Substring {
        guard !range.isEmpty else { return string[string.endIndex...] }
        return string[starts[range.lowerBound]..<(range.upperBound < count ? starts[range.upperBound] : string.endIndex)]
    }

    /// The ranges of the paragraphs, split at line separators (which belong to none).
    var paragraphs: [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        for (i, index) in starts.enumerated() where string[index].isNewline {
            ranges.append(start..<i)
            start = i + 1
        }
        ranges.append(start..<count)
        return ranges
    }

    private mutating func index(of style: Style) -> Int {
        if let found = styles.firstIndex(of: style) { return found }
        styles.append(style)
        return styles.count - 1
    }
}

extension StyledText.Style {
    /// The font and colour `attributes` give (`.font`, `.foregroundColor`), `base`'s where one
    /// is absent.
    init(_ attributes: [NSAttributedString.Key: Any]?, base: Self) {
        self.init(font: attributes?[.font] as? Font ?? base.font, color: attributes?[.foregroundColor] as? Color ?? base.color)
    }
}
