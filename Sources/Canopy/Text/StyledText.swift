import Foundation

/// Text with a font and a colour for each character: a label's text in its one font, or the
/// runs of an attributed string. Lines are set from it.
struct StyledText {
    /// A font and a colour.
    struct Style: Hashable {
        let font: Font
        let color: Color
    }

    private(set) var characters: [Character] = []
    /// For each character, the index of its style in ``styles``.
    private(set) var styleIndices: [Int] = []
    /// The styles in use; the first is the text's own, for empty lines and empty text.
    private(set) var styles: [Style]

    /// Empty text whose lines are set in `style`.
    init(style: Style) { styles = [style] }

    /// `string` in one style.
    init(_ string: String, style: Style) {
        styles = [style]
        characters = Array(string)
        styleIndices = [Int](repeating: 0, count: characters.count)
    }

    /// The characters of `string` with the font and colour their attributes give, `base` where
    /// an attribute is absent.
    init(_ string: NSAttributedString, base: Style) {
        styles = [base]
        var runs: [(end: Int, style: Int)] = []  // UTF-16 offsets
        string.enumerateAttributes(in: NSRange(location: 0, length: string.length)) { attributes, range, _ in
            let style = Style(font: attributes[.font] as? Font ?? base.font,
                              color: attributes[.foregroundColor] as? Color ?? base.color)
            runs.append((range.location + range.length, index(of: style)))
        }
        var offset = 0, run = 0
        for character in string.string {
            while run < runs.count - 1 && offset >= runs[run].end { run += 1 }
            characters.append(character)
            styleIndices.append(runs.isEmpty ? 0 : runs[run].style)
            offset += character.utf16.count
        }
    }

    /// The style of character `i`.
    func style(at i: Int) -> Style { styles[styleIndices[i]] }

    /// The ranges of the paragraphs, split at line separators (which belong to none).
    var paragraphs: [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        for (i, character) in characters.enumerated() where character.isNewline {
            ranges.append(start..<i)
            start = i + 1
        }
        ranges.append(start..<characters.count)
        return ranges
    }

    /// Appends the characters `range` of `other` with their styles.
    mutating func append(_ range: Range<Int>, of other: StyledText) {
        for i in range { append(other.characters[i], style: other.style(at: i)) }
    }

    /// Appends `character` in `style`.
    mutating func append(_ character: Character, style: Style) {
        characters.append(character)
        styleIndices.append(index(of: style))
    }

    /// `range`'s characters as a string.
    func string(_ range: Range<Int>) -> String { String(characters[range]) }

    private mutating func index(of style: Style) -> Int {
        if let found = styles.firstIndex(of: style) { return found }
        styles.append(style)
        return styles.count - 1
    }
}
