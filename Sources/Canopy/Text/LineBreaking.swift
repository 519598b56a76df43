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

/// A paragraph set in lines no wider than a width, greedily: each line takes as much as fits up
/// to a break opportunity of the Unicode line breaking algorithm (UAX #14: after spaces and
/// hyphens, between ideographs, not before closing punctuation). Spaces at the end of a line
/// hang past the width, and are dropped where the line breaks. Breaking by characters, or when
/// one word alone is too wide, a line breaks after its last character that fits.
struct LineBreaker {
    /// The widest a line may be; `nil` for no limit (one line).
    let width: CGFloat?
    let byCharacters: Bool

    /// The lines of `paragraph`, top to bottom, as ranges of its characters.
    func lines(of paragraph: ShapedParagraph) -> [Range<Int>] {
        guard let width, paragraph.count > 0 else { return [0..<paragraph.count] }
        let starts = byCharacters ? [] : paragraph.lineStarts()
        var lines: [Range<Int>] = []
        var start = 0
        while start < paragraph.count {
            let end = lineEnd(from: start, of: paragraph, starts, within: width)
            var shown = end
            if end < paragraph.count {
                while shown > start && paragraph.character(shown - 1).isWhitespace { shown -= 1 }
            }
            lines.append(start..<shown)
            start = end
            while start < paragraph.count && paragraph.character(start) == " " { start += 1 }
        }
        return lines
    }

    /// Where the line starting at character `start` ends (the index of its first character
    /// past it): at its last break opportunity that fits, or, breaking by characters or when
    /// none before fits, after its last character that fits; at least one character, so that
    /// every line makes progress.
    private func lineEnd(from start: Int, of paragraph: ShapedParagraph, _ starts: [Bool], within width: CGFloat) -> Int {
        var used: CGFloat = 0
        var lastBreak: Int?
        for i in start..<paragraph.count {
            if i > start && !byCharacters && starts[i] { lastBreak = i }
            used += paragraph.widths[i]
            if used > width && !paragraph.character(i).isWhitespace {
                guard i > start else { return i + 1 }
                return byCharacters ? i : lastBreak ?? i
            }
        }
        return paragraph.count
    }
}
