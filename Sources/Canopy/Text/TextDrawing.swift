import Foundation

extension String {
    /// The size of the string set in one line per paragraph with `attributes`' font and
    /// paragraph style, as UIKit's `size(withAttributes:)` (not rounded).
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        TextLayout.unwrapped(StyledText(self, style: .init(attributes, base: .stringDrawing)), attributes).size
    }

    /// Draws the string in the current context, one line per paragraph, its top left at `point`.
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        TextLayout.draw(StyledText(self, style: .init(attributes, base: .stringDrawing)), at: point, attributes)
    }

    /// Draws the string in the current context wrapped within `rect` by its paragraph style
    /// (between words by default), from its top, clipped to `rect`: the first line always, the
    /// others while they fit.
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        TextLayout.draw(StyledText(self, style: .init(attributes, base: .stringDrawing)), in: rect, attributes)
    }
}

extension NSAttributedString {
    /// Draws the string wrapped within `rect`, each run in its own font and colour, lines set by
    /// the paragraph style of its first character.
    public func draw(in rect: CGRect) {
        TextLayout.draw(StyledText(self, base: .stringDrawing), in: rect, firstAttributes)
    }

    /// Draws the string one line per paragraph, each run in its own font and colour, its top
    /// left at `point`.
    public func draw(at point: CGPoint) {
        TextLayout.draw(StyledText(self, base: .stringDrawing), at: point, firstAttributes)
    }

    /// The size of the string set one line per paragraph, each run in its own font.
    public func size() -> CGSize {
        TextLayout.unwrapped(StyledText(self, base: .stringDrawing), firstAttributes).size
    }

    var firstAttributes: [NSAttributedString.Key: Any]? { length > 0 ? attributes(at: 0, effectiveRange: nil) : nil }
}

extension StyledText.Style {
    /// What string drawing sets text in when its attributes say nothing: the 12-point system
    /// font, black, as UIKit's.
    static var stringDrawing: Self { Self(font: .systemFont(ofSize: 12), color: .black) }
}

extension TextLayout {
    /// `text` laid out by the paragraph style in `attributes`.
    private init(_ text: StyledText, _ attributes: [NSAttributedString.Key: Any]?) {
        let style = attributes?[.paragraphStyle] as? ParagraphStyle ?? .default
        self.init(text, lineBreakMode: style.lineBreakMode, lineSpacing: style.lineSpacing)
    }

    /// `text` one line per paragraph, and the size of those lines.
    fileprivate static func unwrapped(_ text: StyledText, _ attributes: [NSAttributedString.Key: Any]?)
        -> (layout: TextLayout, lines: [Line], size: CGSize)
    {
        let layout = TextLayout(text, attributes), lines = layout.lines(within: nil)
        return (layout, lines, CGSize(width: lines.map(\.width).max() ?? 0, height: layout.height(of: lines)))
    }

    /// Draws `text` in the current context one line per paragraph from `point`.
    fileprivate static func draw(_ text: StyledText, at point: CGPoint, _ attributes: [NSAttributedString.Key: Any]?) {
        guard let context = GraphicsGetCurrentContext() else { return }
        let (layout, lines, size) = unwrapped(text, attributes)
        layout.draw(lines, in: CGRect(origin: point, size: size), alignment: alignment(attributes), fromTop: true, context: context)
    }

    /// Draws `text` in the current context wrapped within `rect`, from its top, clipped to it.
    fileprivate static func draw(_ text: StyledText, in rect: CGRect, _ attributes: [NSAttributedString.Key: Any]?) {
        guard let context = GraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.clip(to: rect)
        TextLayout(text, attributes).draw(in: rect, limitedTo: 0, alignment: alignment(attributes), fromTop: true,
                                          context: context)
        context.restoreGState()
    }

    private static func alignment(_ attributes: [NSAttributedString.Key: Any]?) -> TextAlignment {
        (attributes?[.paragraphStyle] as? ParagraphStyle)?.alignment ?? .natural
    }
}
