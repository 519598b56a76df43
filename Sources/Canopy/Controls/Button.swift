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
    private var titles: [State: String] = [:]
    private var titleColors: [State: Color] = [:]
    private var images: [State: Image] = [:]

    /// The font of the title; the 15-point system font by default.
    public var titleFont = Font.systemFont(ofSize: 15) {
        didSet { contentDidChange() }
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
        setNeedsDisplay()
    }

    /// The title color in `state`: its own, else the `.normal` one.
    public func titleColor(for state: State) -> Color? { titleColors[state] ?? titleColors[.normal] }

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
    public var currentTitleColor: Color? { titleColor(for: state) }
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

    /// Sends ``Control/Event-swift.struct/primaryActionTriggered`` with touch-up-inside.
    open override var eventsForTouchUpInside: Event { [.touchUpInside, .primaryActionTriggered] }

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

    private func contentDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        setNeedsDisplay()
    }

    override func stateDidChange() {
        super.stateDidChange()
        contentDidChange()
    }
}
