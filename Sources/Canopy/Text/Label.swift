import Foundation

/// A view that shows read-only text on one or more lines, with the behaviour of UIKit's
/// `UILabel`: its intrinsic size is its text set with the font's real metrics.
///
/// A multi-line label (``numberOfLines`` other than 1) wraps its text at
/// ``preferredMaxLayoutWidth`` when that is set, and otherwise at its own width once laid out:
/// after a layout changes its width, it measures again, and the update cycle runs another
/// round with the new height. A label whose width its constraints fix thus gets the height of
/// its wrapped text, as in UIKit.
///
/// ```swift
/// let label = Label()
/// label.text = "Two lines at most, wrapped between words"
/// label.numberOfLines = 2
/// label.preferredMaxLayoutWidth = 120
/// label.intrinsicContentSize              // the widest line and two lines' height
/// ```
open class Label: View {
    /// The text shown; `nil` or empty measures zero. Setting it sets plain text in the label's
    /// font and colour (any ``attributedText`` is dropped).
    public var text: String? {
        didSet {
            attributedRuns = nil
            contentDidChange()
        }
    }

    /// The text shown with runs of their own font and colour (`.font`, `.foregroundColor`) and
    /// its lines set by the paragraph style of its first character (`.paragraphStyle`: line
    /// spacing, and alignment and line break mode in place of ``textAlignment`` and
    /// ``lineBreakMode``), as UIKit's `attributedText`. Where
    /// a run has no font or colour, the label's ``font`` and ``textColor`` apply. Reading it
    /// after plain ``text`` was set gives that text with the label's font and colour.
    public var attributedText: NSAttributedString? {
        get {
            if let attributedRuns { return attributedRuns }
            guard let text else { return nil }
            return NSAttributedString(string: text, attributes: [.font: font, .foregroundColor: textColor])
        }
        set {
            text = newValue?.string
            attributedRuns = newValue.map { NSAttributedString(attributedString: $0) }
        }
    }

    /// The attributed text as set, copied; `nil` when the text is plain.
    private(set) var attributedRuns: NSAttributedString?
    /// The 17-point system font by default.
    public var font = Font.systemFont(ofSize: 17) {
        didSet { contentDidChange() }
    }
    /// Black by default.
    public var textColor = Color.black {
        didSet { setNeedsDisplay() }
    }
    /// Where the lines sit across the label's width; ``TextAlignment/natural`` (leading) by
    /// default. It moves drawn text only: the intrinsic size and ``textRect(forBounds:limitedToNumberOfLines:)``
    /// do not depend on it, as in UIKit.
    public var textAlignment = TextAlignment.natural {
        didSet { if textAlignment != oldValue { setNeedsDisplay() } }
    }
    /// The most lines the text is set in; 0 (or less) for as many as it needs. 1 by default.
    public var numberOfLines = 1 {
        didSet { contentDidChange() }
    }
    /// How lines break; ``LineBreakMode/byTruncatingTail`` by default.
    public var lineBreakMode = LineBreakMode.byTruncatingTail {
        didSet { contentDidChange() }
    }
    /// The width a multi-line label wraps its text at for its intrinsic size; 0 (the default)
    /// wraps at the label's own width once laid out.
    public var preferredMaxLayoutWidth: CGFloat = 0 {
        didSet { contentDidChange() }
    }
    /// Creates a label with no text. A label takes no touches
    /// (``View/isUserInteractionEnabled`` is false), as in UIKit: touches go to what is behind it,
    /// and its content mode is ``ContentMode/redraw``: a resize sets the text again.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        contentMode = .redraw
    }

    /// Creates a label from an archive: the view's values (a label takes no touches and
    /// redraws on resize unless the archive says otherwise), then its text and setting.
    public required init?(coder: Coder) {
        super.init(coder: coder)
        if !coder.containsValue(forKey: "isUserInteractionEnabled") { isUserInteractionEnabled = false }
        if !coder.containsValue(forKey: "contentMode") { contentMode = .redraw }
        guard coder.attempt({ () throws(ArchiveError) in try decodeLabelProperties(from: coder) }) else { return nil }
    }

    /// Writes the view's values and the label's text and setting.
    open override func encode(with coder: Coder) {
        super.encode(with: coder)
        encodeLabelProperties(with: coder)
    }

    /// A label sets its text again when its size changes, whatever its content mode.
    override var redrawsOnResize: Bool { true }

    /// A new label redraws on resize.
    override var initialContentMode: ContentMode { .redraw }

    /// The width of the latest layout, where a multi-line label without a preferred width wraps.
    private var laidOutWidth: CGFloat = 0

    /// The text's size in the lines it is set in: the widest line and the lines' height, each
    /// rounded up to whole points. Measured once per wrapping width, until the text, its setting
    /// or ``invalidateIntrinsicContentSize()`` says it changed.
    open override var intrinsicContentSize: CGSize {
        let wrapping = wrappingWidth
        if let measured, measured.wrapping == wrapping { return measured.size }
        let size = textRect(
            forBounds: CGRect(x: 0, y: 0, width: wrapping ?? .greatestFiniteMagnitude, height: .greatestFiniteMagnitude),
            limitedToNumberOfLines: numberOfLines
        ).size
        measured = (wrapping, size)
        return size
    }

    /// The last intrinsic size measured, and the wrapping width it was measured at.
    private var measured: (wrapping: CGFloat?, size: CGSize)?

    /// Forgets the measured size, then tells the layout (see ``View/invalidateIntrinsicContentSize()``).
    open override func invalidateIntrinsicContentSize() {
        measured = nil
        super.invalidateIntrinsicContentSize()
    }

    /// The text's size when wrapped within `size.width` (a multi-line label; 0 or less for no
    /// limit), at most ``numberOfLines`` lines.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width = numberOfLines != 1 && size.width > 0 ? size.width : CGFloat.greatestFiniteMagnitude
        return textRect(forBounds: CGRect(x: 0, y: 0, width: width, height: .greatestFiniteMagnitude),
                        limitedToNumberOfLines: numberOfLines).size
    }

    /// Where the text goes in `bounds`: at its origin, as wide as its widest line (no wider
    /// than `bounds`) and as tall as its lines, at most `lines` of them (0 or less: any number)
    /// and no more than fit in `bounds`' height.
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines lines: Int) -> CGRect {
        guard let text, !text.isEmpty else { return CGRect(origin: bounds.origin, size: .zero) }
        let layout = layout, shown = layout.lines(in: bounds, limitedTo: lines)
        let width = min(shown.map(\.width).max() ?? 0, bounds.width)
        return CGRect(
            origin: bounds.origin, size: CGSize(width: width.rounded(.up), height: layout.height(of: shown).rounded(.up)))
    }

    /// Draws the text: see ``drawText(in:)``.
    open override func draw(_ rect: CGRect) {
        drawText(in: bounds)
    }

    /// Draws the text in `rect` with the font and colour: its lines (at most ``numberOfLines``
    /// and as many as fit) centred vertically, placed across by ``textAlignment``, the last line
    /// cut by ``lineBreakMode`` with an ellipsis when the text does not fit.
    open func drawText(in rect: CGRect) {
        guard let text, !text.isEmpty, let context = GraphicsGetCurrentContext() else { return }
        let alignment = paragraphStyle?.alignment ?? textAlignment
        layout.draw(in: rect, limitedTo: numberOfLines, alignment: alignment.resolved(for: effectiveUserInterfaceLayoutDirection),
                    context: context)
    }

    /// The paragraph style of the attributed text's first character, if it has one.
    private var paragraphStyle: ParagraphStyle? { attributedRuns?.firstAttributes?[.paragraphStyle] as? ParagraphStyle }

    /// The text set in the label's font, colour and line break mode.
    private var layout: TextLayout {
        let style = StyledText.Style(font: font, color: textColor)
        let styled = attributedRuns.map { StyledText($0, base: style) } ?? StyledText(text ?? "", style: style)
        return TextLayout(styled, lineBreakMode: paragraphStyle?.lineBreakMode ?? lineBreakMode,
                          lineSpacing: paragraphStyle?.lineSpacing ?? 0)
    }

    /// How far below the label's vertical center its first and last baselines are, for its
    /// text set as its intrinsic size sets it and centred as it is drawn (the baselines that
    /// `firstBaselineAnchor` and `lastBaselineAnchor` follow).
    var baselinesBelowCenter: (first: CGFloat, last: CGFloat) {
        let layout = layout
        let bounds = CGRect(x: 0, y: 0, width: wrappingWidth ?? .greatestFiniteMagnitude, height: .greatestFiniteMagnitude)
        let lines = layout.lines(in: bounds, limitedTo: numberOfLines)
        let half = layout.height(of: lines) / 2
        let lastTop = layout.height(of: lines.dropLast()) + (lines.count > 1 ? layout.lineSpacing : 0)
        return (lines[0].ascent - half, lastTop + lines[lines.count - 1].ascent - half)
    }

    /// Notes the laid-out width; a multi-line label without a preferred width measures again
    /// when it changed.
    open override func layoutSubviews() {
        super.layoutSubviews()
        guard bounds.width != laidOutWidth else { return }
        laidOutWidth = bounds.width
        if numberOfLines != 1 && !(preferredMaxLayoutWidth > 0) { invalidateIntrinsicContentSize() }
    }

    /// The width the text wraps at for the intrinsic size, or `nil` for one line per paragraph.
    private var wrappingWidth: CGFloat? {
        guard numberOfLines != 1 else { return nil }
        if preferredMaxLayoutWidth > 0 { return preferredMaxLayoutWidth }
        return laidOutWidth > 0 ? laidOutWidth : nil
    }

    private func contentDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }
}
