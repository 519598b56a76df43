import Foundation

/// How a label breaks its text into lines and what it does with text past its last line, as
/// UIKit's `NSLineBreakMode`. For measuring, the truncating and clipping modes break lines at
/// words, as word wrapping does; they differ only in how the last line is cut when drawn.
public enum LineBreakMode: Sendable, Hashable {
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
/// each line taking as many whole words (or characters) as fit. Spaces where a line breaks
/// are dropped.
struct LineBreaker {
    let font: Font
    /// The widest a line may be; `nil` for no limit (only explicit line breaks).
    let width: CGFloat?
    let byCharacters: Bool

    /// The lines of `text`, top to bottom.
    func lines(of text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph -> [Substring] in
            guard let width, !paragraph.isEmpty else { return [paragraph] }
            var lines: [Substring] = []
            var rest = paragraph[...]
            while !rest.isEmpty {
                let end = (byCharacters ? nil : wordBreak(in: rest, within: width)) ?? characterBreak(in: rest, within: width)
                lines.append(rest[..<end])
                rest = rest[end...].drop(while: { $0 == " " })
            }
            return lines
        }
    }

    /// The end of the longest run of whole words at the start of `text` that fits, or `nil`
    /// when its first word alone is too wide.
    private func wordBreak(in text: Substring, within width: CGFloat) -> Substring.Index? {
        var fitting: Substring.Index?
        var wordStart = text.startIndex
        while wordStart < text.endIndex {
            let wordEnd = text[wordStart...].firstIndex(of: " ") ?? text.endIndex
            guard font.width(of: text[..<wordEnd]) <= width else { break }
            fitting = wordEnd
            wordStart = text[wordEnd...].firstIndex { $0 != " " } ?? text.endIndex
        }
        return fitting
    }

    /// The end of the longest run of characters at the start of `text` that fits; at least
    /// one character, so that every line makes progress.
    private func characterBreak(in text: Substring, within width: CGFloat) -> Substring.Index {
        var end = text.index(after: text.startIndex)
        while end < text.endIndex {
            let next = text.index(after: end)
            guard font.width(of: text[..<next]) <= width else { break }
            end = next
        }
        return end
    }
}
