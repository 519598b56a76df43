import Foundation

/// An attributed string as archives keep it: a list of runs, each `[text, font, colour]` (`nil`
/// where the run has none), then the paragraph style of the first character as
/// `[lineSpacing, alignment, lineBreakMode]`, or `nil`.
struct ArchivedAttributedText: ArchiveValueConvertible {
    let string: NSAttributedString

    init(_ string: NSAttributedString) { self.string = string }

    /// Reads the list; `nil` when it is not one of runs as above.
    init?(archiveValue: ArchiveValue) {
        guard case .array(let parts) = archiveValue, parts.count == 2, case .array(let runs) = parts[0] else { return nil }
        let text = NSMutableAttributedString(string: "")
        for run in runs {
            guard case .array(let fields) = run, fields.count == 3, case .string(let piece) = fields[0] else { return nil }
            var attributes: [NSAttributedString.Key: Any] = [:]
            switch fields[1] {
            case .font(let font): attributes[.font] = font
            case .null: break
            default: return nil
            }
            switch fields[2] {
            case .color(let color): attributes[.foregroundColor] = color
            case .null: break
            default: return nil
            }
            text.append(NSAttributedString(string: piece, attributes: attributes))
        }
        if case .array(let style) = parts[1] {
            guard style.count == 3, case .number(let spacing) = style[0], spacing.isFinite, spacing >= 0,
                let alignment = TextAlignment(archiveValue: style[1]), let lineBreakMode = LineBreakMode(archiveValue: style[2]),
                text.length > 0
            else { return nil }
            let paragraph = ParagraphStyle()
            (paragraph.lineSpacing, paragraph.alignment, paragraph.lineBreakMode) = (CGFloat(spacing), alignment, lineBreakMode)
            text.addAttribute(.paragraphStyle, value: paragraph, range: NSRange(location: 0, length: text.length))
        } else if parts[1] != .null {
            return nil
        }
        string = text
    }

    var archiveValue: ArchiveValue {
        var runs: [ArchiveValue] = []
        string.enumerateAttributes(in: NSRange(location: 0, length: string.length)) { attributes, range, _ in
            runs.append(.array([
                .string((string.string as NSString).substring(with: range)),
                (attributes[.font] as? Font).map(ArchiveValue.font) ?? .null,
                (attributes[.foregroundColor] as? Color).map(ArchiveValue.color) ?? .null,
            ]))
        }
        let style = string.length > 0 ? string.attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? ParagraphStyle : nil
        let paragraph = style.map { ArchiveValue.array([.number(Double($0.lineSpacing)), $0.alignment.archiveValue, $0.lineBreakMode.archiveValue]) }
        return .array([.array(runs), paragraph ?? .null])
    }
}
