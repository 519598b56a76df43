import Foundation

/// A view that shows an image, with the layout of UIKit's `UIImageView`: its intrinsic size is
/// the image's size, and it takes no touches (``View/isUserInteractionEnabled`` is false).
///
/// ```swift
/// let icon = ImageView(image: Image(size: CGSize(width: 24, height: 24)))
/// icon.frame.size                          // 24×24
/// ```
open class ImageView: View {
    /// The image shown; setting it changes the intrinsic size.
    public var image: Image? {
        didSet { if image != oldValue { contentDidChange() } }
    }
    /// The image shown while ``isHighlighted``; `nil` shows ``image``.
    public var highlightedImage: Image? {
        didSet { if highlightedImage != oldValue { contentDidChange() } }
    }
    /// Whether the view shows ``highlightedImage``.
    public var isHighlighted = false {
        didSet { if isHighlighted != oldValue { contentDidChange() } }
    }

    /// Creates an image view with no image.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// Creates an image view from an archive: the view's values (it takes no touches unless
    /// the archive says otherwise), then its images.
    public required init?(coder: Coder) {
        super.init(coder: coder)
        if !coder.containsValue(forKey: "isUserInteractionEnabled") { isUserInteractionEnabled = false }
        guard coder.attempt({ () throws(ArchiveError) in
            try coder.read("image") { (value: Image?) in image = value }
            try coder.read("highlightedImage") { (value: Image?) in highlightedImage = value }
            try coder.read("isHighlighted") { (value: Bool) in isHighlighted = value }
        }) else { return nil }
    }

    /// Writes the view's values and the images.
    open override func encode(with coder: Coder) {
        super.encode(with: coder)
        coder.encode(image, forKey: "image", unless: nil)
        coder.encode(highlightedImage, forKey: "highlightedImage", unless: nil)
        coder.encode(isHighlighted, forKey: "isHighlighted", unless: false)
    }

    /// Creates an image view showing `image`, its frame at the origin and the image's size.
    public convenience init(image: Image?, highlightedImage: Image? = nil) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        self.highlightedImage = highlightedImage
        layer.contents = currentImage  // an initializer's own assignments run no observers
    }

    /// The image shown now.
    public var currentImage: Image? { isHighlighted ? highlightedImage ?? image : image }

    /// The size of the image shown, or no intrinsic size without one.
    open override var intrinsicContentSize: CGSize {
        currentImage?.size ?? CGSize(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }

    /// The image's size, or the current size without an image.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { currentImage?.size ?? bounds.size }

    /// The image becomes the layer's contents, placed by the content mode, as in UIKit.
    private func contentDidChange() {
        layer.contents = currentImage
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }
}
