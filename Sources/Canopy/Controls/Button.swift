import Foundation

/// A control that shows a title and an image and sends an action when tapped, with the
/// behaviour of UIKit's `UIButton`.
///
/// Title, title color and image are set per state; a state without its own value shows the
/// `.normal` one (a combined state such as `[.selected, .highlighted]` falls back to `.normal`
/// too, not to `.selected`). The image sits left of the title; the pair is placed in the
/// content rectangle (the bounds less ``contentEdgeInsets``) by the content alignments, then
/// each is shifted by its own insets. The intrinsic size is the image and title side by side
/// plus ``contentEdgeInsets``; the title and image insets do not count, as in UIKit.
///
/// ```swift
/// let button = Button(frame: .zero)
/// button.setTitle("Tap me", for: .normal)
/// button.sizeToFit()                       // 57×18 in the 15-point system font
/// button.addAction(for: .primaryActionTriggered) { _, _ in print("tapped") }
/// ```
open class Button: Control {
    /// The kinds of button ``init(type:)`` makes, as UIKit's `UIButton.ButtonType`.
    public enum ButtonType: Sendable, Hashable, CaseIterable {
        /// No styling: white titles, no image.
        case custom
        /// Titles in the system blue, dimmed while highlighted.
        case system
        /// A 22-point "i in a circle" image, for showing details.
        case detailDisclosure
        /// The information image, for light backgrounds.
        case infoLight
        /// The information image, for dark backgrounds.
        case infoDark
        /// A 22-point "plus in a circle" image.
        case contactAdd
        /// A 30-point close image.
        case close
    }

    /// The kind of button, fixed when it is made; ``ButtonType/custom`` for `init(frame:)`.
    public private(set) var buttonType = ButtonType.custom

    var titles: [State: String] = [:]
    var titleColors: [State: Color] = [:]
    var images: [State: Image] = [:]
    private var titleLabelStorage: ButtonTitleLabel?
    private var imageViewStorage: ImageView?
    private var storedTitleFont = Font.systemFont(ofSize: 15)

    /// Creates a custom button with the given frame.
    public override init(frame: CGRect) { super.init(frame: frame) }

    /// Creates a button from an archive: the control's values, then its type, font, insets
    /// and title, title colour and image per state.
    public required init?(coder: Coder) {
        super.init(coder: coder)
        guard coder.attempt({ () throws(ArchiveError) in
            buttonType = try coder.decodeIfPresent(ButtonType.self, forKey: "buttonType") ?? .custom
            try decodeButtonProperties(from: coder)
        }) else { return nil }
    }

    /// Writes the control's values and the button's.
    open override func encode(with coder: Coder) {
        super.encode(with: coder)
        encodeButtonProperties(with: coder)
    }

    /// The title label and image view are the button's own: not archived.
    override var archivedSubviews: [View] {
        subviews.filter { $0 !== titleLabelStorage && $0 !== imageViewStorage }
    }

    /// Creates a button of `buttonType` with a zero frame: a system button's titles are the
    /// system blue; the image types carry their image (22 points square, 30 for ``ButtonType/close``).
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
        switch buttonType {
        case .custom, .system: break
        case .close: images[.normal] = Image(size: CGSize(width: 30, height: 30))
        default: images[.normal] = Image(size: CGSize(width: 22, height: 22))
        }
        contentDidChange()
    }

    /// The font of the title; the 15-point system font by default. The same as
    /// `titleLabel?.font`: setting either changes both, and the intrinsic size.
    public var titleFont: Font {
        get { storedTitleFont }
        set {
            storedTitleFont = newValue
            if let label = titleLabelStorage, label.font != newValue { label.font = newValue }
            contentDidChange()
        }
    }

    /// The label that shows the title, made on first use and placed at ``currentTitleRect``
    /// when the button lays out. Its text and color follow the button's state; setting its
    /// font sets ``titleFont``.
    public var titleLabel: Label? {
        if let titleLabelStorage { return titleLabelStorage }
        let label = ButtonTitleLabel(frame: .zero)
        label.button = self
        label.font = storedTitleFont
        titleLabelStorage = label
        adoptContentSubview(label)
        return label
    }

    /// The image view that shows the image, made on first use and placed at
    /// ``currentImageRect`` when the button lays out.
    public var imageView: ImageView? {
        if let imageViewStorage { return imageViewStorage }
        let imageView = ImageView(frame: .zero)
        imageViewStorage = imageView
        adoptContentSubview(imageView)
        return imageView
    }
    /// Space between the bounds and the content; part of the intrinsic size.
    public var contentEdgeInsets = EdgeInsets.zero {
        didSet { contentDidChange() }
    }
    /// Shifts and shrinks the title's place; not part of the intrinsic size.
    public var titleEdgeInsets = EdgeInsets.zero {
        didSet { setNeedsLayout() }
    }
    /// Shifts and shrinks the image's place; not part of the intrinsic size.
    public var imageEdgeInsets = EdgeInsets.zero {
        didSet { setNeedsLayout() }
    }

    // MARK: Content per state

    /// Sets the title shown in `state` (`nil` removes it, so the state falls back to `.normal`).
    public func setTitle(_ title: String?, for state: State) {
        titles[state] = title
        contentDidChange()
    }

    /// The title shown in `state`: its own, else the `.normal` one.
    public func title(for state: State) -> String? { titles[state] ?? titles[.normal] }

    /// Sets the title color in `state` (`nil` removes it).
    public func setTitleColor(_ color: Color?, for state: State) {
        titleColors[state] = color
        showContentInSubviews()
        setNeedsDisplay()
    }

    /// The title set for `state` itself, if any (what a scene keeps).
    func ownTitle(for state: State) -> String? { titles[state] }

    /// The colour set for `state` itself, if any (what a scene keeps).
    func ownTitleColor(for state: State) -> Color? { titleColors[state] }

    /// The title color in `state`: its own, else the `.normal` one, else the button type's:
    /// white for a custom button, the system blue for the others (a fifth of it while
    /// highlighted, for a system button).
    public func titleColor(for state: State) -> Color? { shownTitleColor(for: state) }

    private func shownTitleColor(for state: State) -> Color {
        if let color = titleColors[state] ?? titleColors[.normal] { return color }
        guard buttonType != .custom else { return .white }
        return buttonType == .system && state.contains(.highlighted) ? Color.systemBlue.withAlphaComponent(0.2) : .systemBlue
    }

    /// Sets the image shown in `state` (`nil` removes it).
    public func setImage(_ image: Image?, for state: State) {
        images[state] = image
        contentDidChange()
    }

    /// The image shown in `state`: its own, else the `.normal` one.
    public func image(for state: State) -> Image? { images[state] ?? images[.normal] }

    /// The title shown now.
    public var currentTitle: String? { title(for: state) }
    /// The title color now.
    public var currentTitleColor: Color { shownTitleColor(for: state) }
    /// The image shown now.
    public var currentImage: Image? { image(for: state) }

    // MARK: Layout

    /// The image and title side by side, plus ``contentEdgeInsets``.
    open override var intrinsicContentSize: CGSize {
        let image = imageSize, title = titleSize
        return CGSize(
            width: image.width + title.width + contentEdgeInsets.horizontal,
            height: max(image.height, title.height) + contentEdgeInsets.vertical)
    }

    /// The intrinsic size, whatever `size` offers.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    /// The rectangle the content is placed in: `bounds` less ``contentEdgeInsets``.
    open func contentRect(forBounds bounds: CGRect) -> CGRect { bounds.inset(by: contentEdgeInsets) }

    /// Where the title goes within `contentRect`. A title wider than the room left beside the
    /// image is narrowed to it (it would be truncated when drawn).
    open func titleRect(forContentRect contentRect: CGRect) -> CGRect {
        place(titleSize, in: slots(in: contentRect).title, insets: titleEdgeInsets)
    }

    /// Where the image goes within `contentRect`.
    open func imageRect(forContentRect contentRect: CGRect) -> CGRect {
        place(imageSize, in: slots(in: contentRect).image, insets: imageEdgeInsets)
    }

    /// The title's place now, in bounds coordinates.
    public var currentTitleRect: CGRect { titleRect(forContentRect: contentRect(forBounds: bounds)) }
    /// The image's place now, in bounds coordinates.
    public var currentImageRect: CGRect { imageRect(forContentRect: contentRect(forBounds: bounds)) }

    /// Sends ``ControlEvents/primaryActionTriggered`` with touch-up-inside.
    open override var eventsForTouchUpInside: ControlEvents { [.touchUpInside, .primaryActionTriggered] }

    /// Places ``titleLabel`` and ``imageView`` (when made) at the title's and the image's places.
    open override func layoutSubviews() {
        super.layoutSubviews()
        titleLabelStorage?.frame = currentTitleRect
        imageViewStorage?.frame = currentImageRect
        // Content drawn by the button itself moves with the layout, not stretched with the bounds.
        if (titleLabelStorage == nil && currentTitle != nil) || (imageViewStorage == nil && currentImage != nil) {
            setNeedsDisplay()
        }
    }

    /// Draws the current image and title at their places, each unless its subview
    /// (``imageView``, ``titleLabel``) was made and shows it instead.
    open override func draw(_ rect: CGRect) {
        guard let context = GraphicsGetCurrentContext() else { return }
        if imageViewStorage == nil, let image = currentImage { context.draw(image, in: currentImageRect) }
        if titleLabelStorage == nil, let title = currentTitle, !title.isEmpty {
            TextLayout(StyledText(title, style: .init(font: titleFont, color: currentTitleColor)),
                       lineBreakMode: .byTruncatingMiddle)
                .draw(in: currentTitleRect, limitedTo: 1, alignment: .left, context: context)
        }
    }

    /// Whether `view` is one the button made for its content (``titleLabel``, ``imageView``).
    func isContentSubview(_ view: View) -> Bool {
        view === titleLabelStorage || view === imageViewStorage
    }

    /// The title label's font was set: it is the button's title font.
    fileprivate func titleLabelFontDidChange(_ font: Font) {
        guard font != storedTitleFont else { return }
        titleFont = font
    }

    // MARK: Private

    private var imageSize: CGSize { currentImage?.size ?? .zero }
    private var titleSize: CGSize { titleFont.size(of: currentTitle ?? "") }

    /// The columns the image and the title occupy: the pair is placed across the width by
    /// the horizontal alignment (narrowing the title when the pair does not fit); each
    /// column spans the content's height.
    private func slots(in content: CGRect) -> (image: CGRect, title: CGRect) {
        let image = imageSize.width
        let title = min(titleSize.width, max(0, content.width - image))
        let pair = effectiveContentHorizontalAlignment.place(image + title, from: content.minX, in: content.width)
        let titleWidth = effectiveContentHorizontalAlignment == .fill ? max(0, pair.length - image) : title
        return (
            CGRect(x: pair.origin, y: content.minY, width: image, height: content.height),
            CGRect(x: pair.origin + image, y: content.minY, width: titleWidth, height: content.height))
    }

    /// A box of `size` in `slot` less `insets`, placed by the content alignments (a centered
    /// box moves by half the difference of opposite insets, an edge-aligned one by its edge's).
    private func place(_ size: CGSize, in slot: CGRect, insets: EdgeInsets) -> CGRect {
        let room = slot.inset(by: insets)
        let width = effectiveContentHorizontalAlignment == .fill ? room.width : min(size.width, slot.width)
        let x = effectiveContentHorizontalAlignment.place(width, from: room.minX, in: room.width)
        let y = contentVerticalAlignment.place(size.height, from: room.minY, in: room.height)
        return CGRect(x: x.origin, y: y.origin, width: x.length, height: y.length)
    }

    /// Adds a title label or image view just made, showing the current state's content.
    private func adoptContentSubview(_ view: View) {
        addSubview(view)
        showContentInSubviews()
        setNeedsLayout()
    }

    /// Gives the title label and the image view (when made) the content of the current state.
    private func showContentInSubviews() {
        if let label = titleLabelStorage {
            label.text = currentTitle
            label.textColor = currentTitleColor
        }
        imageViewStorage?.image = currentImage
    }

    private func contentDidChange() {
        showContentInSubviews()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        setNeedsDisplay()
    }

    override func stateDidChange() {
        super.stateDidChange()
        contentDidChange()
    }
}

/// The label a button shows its title in: setting its font sets the button's title font.
private final class ButtonTitleLabel: Label {
    weak var button: Button?

    override var font: Font {
        didSet { button?.titleLabelFontDidChange(font) }
    }
}
