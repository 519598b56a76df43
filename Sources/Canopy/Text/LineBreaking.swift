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
/// each line taking as many whole words as fit (or characters, when breaking by characters or
/// when a word alone is too wide). Spaces where a line breaks are dropped. Widths add up
/// character by character, so each line is measured once, up to where it breaks.
struct LineBreaker {
    let font: Font
    /// The widest a line may be; `nil` for no limit (only explicit line breaks).
    let width: CGFloat?
    let byCharacters: Bool

    /// The lines of `text`, top to bottom.
    func lines(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).flatMap { paragraph -> [Substring] in
            guard let width, !paragraph.isEmpty else { return [paragraph] }
            var lines: [Substring] = []
            var rest = paragraph[...]
            while !rest.isEmpty {
                let end = lineEnd(in: rest, within: width)
                lines.append(rest[..<end])
                rest = rest[end...].drop(while: { $0 == " " })
            }
            return lines
        }
    }

    /// Where the line starting `text` ends: after its last whole word that fits (the spaces
    /// after it are left for the caller to drop), or, breaking by characters or when even the
    /// first word is too wide, after its last character that fits; at least one character, so
    /// that every line makes progress.
    private func lineEnd(in text: Substring, within width: CGFloat) -> Substring.Index {
        var used: CGFloat = 0
        var afterLastWord: Substring.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index] == " ", index > text.startIndex, text[text.index(before: index)] != " " {
                afterLastWord = index
            }
            used += font.width(of: text[index..<next])
            if used > width {
                guard index > text.startIndex else { return next }
                return byCharacters ? index : afterLastWord ?? index
            }
            index = next
        }
        return text.endIndex
    }
}
