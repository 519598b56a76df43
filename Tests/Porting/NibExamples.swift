import Canopy
import Foundation
import Testing

// Examples from "iOS custom views" (a view written in code, and in code plus a xib: File's
// Owner, NibLoadable) and "custom controls" (initWithCoder, awakeFromNib, IBInspectable),
// ported from UIKit to Canopy. The xib files are in Xcode's format, in Nibs/.

// MARK: - A view in code that also comes from xib files

/// The article's MyViewA: an image above a label, made the same way by `init(frame:)` and
/// `init(coder:)` through `commonInit()`, laid out in `layoutSubviews()`.
final class MyViewA: View {
    let imageView = ImageView()
    let label = Label()
    private(set) var commonInits = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    required init?(coder: Coder) {
        super.init(coder: coder)
        commonInit()
    }

    fileprivate func commonInit() {
        commonInits += 1
        addSubview(imageView)
        label.textAlignment = .center
        label.font = Font.systemFont(ofSize: 14)
        label.textColor = .green
        addSubview(label)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let imageViewW: CGFloat = 60
        let imageViewX = (bounds.width - 60) / 2
        imageView.frame = CGRect(x: imageViewX, y: 8, width: imageViewW, height: imageViewW)
        let labelY = imageViewW + 8 + 8
        label.frame = CGRect(x: 0, y: labelY, width: bounds.width, height: 17)
    }
}

// MARK: - Code plus a xib whose File's Owner is the view

/// The article's MyViewB: the xib's File's Owner is this class; it loads the xib's view into
/// itself as `contentView`, and keeps it the size of its bounds.
final class MyViewB: View {
    var imageView: ImageView!
    var label: Label!
    var contentView: View!

    override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    required init?(coder: Coder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() { loadnib() }

    fileprivate func loadnib() {
        // UIKit's UINib(nibName:bundle: nil) reads the main bundle; the tests' nibs are in theirs.
        guard let nib = try? Nib(named: String(describing: MyViewB.self), bundle: .module),
            let view = (try? nib.instantiate(withOwner: self, options: nil))?.first as? View
        else { return }
        addSubview(view)
        // Clear, so that the view's own background shows.
        view.backgroundColor = .clear
        contentView = view
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        // Otherwise the content view keeps the xib's size, not this view's.
        contentView.frame = bounds
    }

    override class var keyedProperties: [KeyedProperty] {
        super.keyedProperties + [.outlet("imageView", \MyViewB.imageView), .outlet("label", \MyViewB.label)]
    }
}

// MARK: - NibLoadable

/// The article's NibLoadable: a view whose xib's root view is of its class, made by
/// `instance()`. Canopy makes only registered classes, so the nib registers `Self`.
protocol NibLoadable: View {
    static var nibName: String { get }
    static var nib: Nib { get throws }
}

extension NibLoadable {
    static var nibName: String { String(describing: self) }

    static var nib: Nib {
        get throws { try nib(bundle: .module) }
    }

    /// Makes an instance from the xib.
    static func instance(frame: CGRect = .zero) throws -> Self {
        guard let nibView = try nib.instantiate(withOwner: nil, options: nil).first as? Self else {
            throw ArchiveError(.wrongClass(expected: nibName, found: "another view"), file: nibName + ".xib")
        }
        if frame != .zero { nibView.frame = frame }
        return nibView
    }

    static func nib(bundle: Bundle) throws -> Nib {
        var classes = ArchiveClasses.builtIn
        classes.register(Self.self)
        return try Nib(named: nibName, bundle: bundle, classes: classes)
    }
}

/// A NibLoadable view with an outlet and an inspectable image (the article's
/// `IBInspectable UIImage *highlightSelectedImage`). It records what `init(coder:)` and
/// `awakeFromNib()` each see.
final class MyViewC: View, NibLoadable {
    var titleLabel: Label?
    var highlightSelectedImage: Image?
    private(set) var subviewsInInitWithCoder = -1
    private(set) var outletInInitWithCoder = true
    private(set) var outletInAwakeFromNib = false

    required init?(coder: Coder) {
        super.init(coder: coder)
        subviewsInInitWithCoder = subviews.count
        outletInInitWithCoder = titleLabel != nil
    }

    override func awakeFromNib() {
        super.awakeFromNib()
        outletInAwakeFromNib = titleLabel != nil
    }

    override class var keyedProperties: [KeyedProperty] {
        super.keyedProperties + [
            .outlet("titleLabel", \MyViewC.titleLabel), .inspectable("highlightSelectedImage", \MyViewC.highlightSelectedImage),
        ]
    }
}

@Suite("Custom views from xib files: commonInit, File's Owner, NibLoadable, awakeFromNib")
struct NibExamples {
    @Test("A view in a xib goes through init(coder:) and commonInit once, and lays out as in code")
    func myViewAFromAXib() throws {
        var classes = ArchiveClasses.builtIn
        classes.register(MyViewA.self)
        let host = try #require(try Nib(named: "MyViewA", bundle: .module, classes: classes).instantiate(withOwner: nil).first as? View)
        let view = try #require(host.subviews.first as? MyViewA)
        #expect(view.commonInits == 1 && view.subviews.count == 2)
        #expect(view.frame == CGRect(x: 20, y: 20, width: 120, height: 100))
        #expect(view.backgroundColor == .black)
        view.layoutIfNeeded()
        #expect(view.imageView.frame == CGRect(x: 30, y: 8, width: 60, height: 60))
        #expect(view.label.frame == CGRect(x: 0, y: 76, width: 120, height: 17))
        #expect(view.label.textColor == .green && view.label.font == .systemFont(ofSize: 14))
        let inCode = MyViewA(frame: CGRect(x: 20, y: 20, width: 120, height: 100))
        inCode.layoutIfNeeded()
        #expect(inCode.imageView.frame == view.imageView.frame && inCode.label.frame == view.label.frame)
    }

    @Test("File's Owner: the view loads its xib into itself and its outlets are connected")
    func myViewBLoadsItsContentView() throws {
        let view = MyViewB(frame: CGRect(x: 0, y: 0, width: 300, height: 120))
        let content = try #require(view.contentView)
        #expect(view.subviews.count == 1 && content.backgroundColor == .clear)
        #expect(view.imageView?.superview === content && view.label?.superview === content)
        #expect(view.label.text == "Label" && view.label.textAlignment == .center)
        #expect(view.label.textColor == Color(red: 0.20392156862745098, green: 0.7803921568627451, blue: 0.34901960784313724))
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.addSubview(view)
        window.layoutIfNeeded()
        #expect(content.frame == view.bounds)
        #expect(view.imageView.frame == CGRect(x: 120, y: 8, width: 60, height: 60))
        #expect(view.label.frame.minY == 76 && view.label.frame.width == 300)
    }

    @Test("NibLoadable: instance() makes the xib's view of the right class")
    func nibLoadableMakesAnInstance() throws {
        let view = try MyViewC.instance(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        #expect(view.frame.size == CGSize(width: 320, height: 44))
        #expect(view.titleLabel?.text == "Title")
        #expect(view.highlightSelectedImage?.size == CGSize(width: 24, height: 24))
    }

    @Test("init(coder:) sees the xib's subviews but no outlets; awakeFromNib() sees the outlets")
    func awakeFromNibComesAfterTheOutlets() throws {
        let view = try MyViewC.instance()
        #expect(view.subviewsInInitWithCoder == 1)
        #expect(!view.outletInInitWithCoder)
        #expect(view.outletInAwakeFromNib)
    }
}
