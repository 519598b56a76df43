import Foundation

/// How a label breaks its text into lines and what it does with text past its last line, as
/// UIKit's `NSLineBreakMode`. For measuring, the truncating and clipping modes break lines at
/// words, as word wrapping does; they differ only in how the last line is cut when drawn.
public enum LineBreakMode: Sendable, Hashable, CaseIterable {
    /// Lines break between words; a word wider than the line breaks between characters.
    case byWordWrapping
    /// Lines break between any two characters.
    case byCharWrapping
    /// Text past the last line is cut off.
    case byClipping
    /// The last line shows its start and end, an ellipsis at its head.
    case byTruncatingHead
    /// The last line shows its start, an ellipsis at its tail (UIKit's default for labels).
    case byTruncatingTail
    /// The last line shows its start and its end, an ellipsis in the middle.
    case byTruncatingMiddle
}

/// Text set in lines no wider than a width: explicit line breaks first, then greedy filling,
/// each line taking as much as fits up to a break opportunity: between words (after their
/// spaces, which are dropped where a line breaks) and on either side of an ideograph or a kana
/// (Chinese and Japanese break between characters). Breaking by characters, or when one word
/// alone is too wide, a line breaks after its last character that fits. Each paragraph is shaped
/// once; its characters' widths come from that shaping.
struct LineBreaker {
    let font: Font
    /// The widest a line may be; `nil` for no limit (only explicit line breaks).
    let width: CGFloat?
    let byCharacters: Bool

    /// The lines of `text`, top to bottom.
    func lines(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).flatMap { paragraph -> [Substring] in
            guard let width, !paragraph.isEmpty else { return [paragraph] }
            let widths = font.characterWidths(of: paragraph)
            let characters = Array(paragraph.indices)
            var lines: [Substring] = []
            var start = 0
            while start < characters.count {
                let end = lineEnd(from: start, in: paragraph, characters, widths, within: width)
                lines.append(paragraph[characters[start]..<(end < characters.count ? characters[end] : paragraph.endIndex)])
                start = end
                while start < characters.count && paragraph[characters[start]] == " " { start += 1 }
            }
            return lines
        }
    }

    /// Where the line starting at character `start` ends (the index of its first character
    /// past it): at its last break opportunity that fits (spaces after it are left for the
    /// caller to drop), or, breaking by characters or when nothing before fits, after its last
    /// character that fits; at least one character, so that every line makes progress.
    private func lineEnd(from start: Int, in text: Substring, _ characters: [Substring.Index], _ widths: [CGFloat],
                         within width: CGFloat) -> Int {
        var used: CGFloat = 0
        var lastBreak: Int?
        for i in start..<characters.count {
            let character = text[characters[i]]
            if i > start {
                let previous = text[characters[i - 1]]
                let afterWord = character == " " && previous != " "
                if afterWord || Self.breaksAround(character) || Self.breaksAround(previous) { lastBreak = i }
            }
            used += widths[i]
            if used > width {
                guard i > start else { return i + 1 }
                return byCharacters ? i : lastBreak ?? i
            }
        }
        return characters.count
    }

    /// Whether a line may break on either side of `character`: an ideograph, a kana or a
    /// Hangul syllable (the ideographic line-breaking class, in short).
    static func breaksAround(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0x20000...0x2FFFF:
            return true
        default:
            return false
        }
    }
}
