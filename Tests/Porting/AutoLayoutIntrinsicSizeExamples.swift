import Canopy
import Foundation
import Testing

// Examples from "Advanced iOS guide, UI chapter: Auto Layout" (frame layout, intrinsic
// content size, content hugging and compression resistance, where to write constraints),
// ported from Objective-C and UIKit to Canopy.

// MARK: - Frame layout and its problems

@Suite("Auto Layout chapter: frame layout keeps a subview's margins")
struct FrameLayoutMarginsExamples {
    /// The view controller of the example: a red view at (0, 200, 200, 200) holding a yellow
    /// view inset by 20, whose autoresizing mask stretches its width and height.
    final class RedYellowViewController: ViewController {
        var redView: View!
        var yellowView: View!

        override func viewDidLoad() {
            super.viewDidLoad()
            redView = View()
            redView.frame = CGRect(x: 0, y: 200, width: 200, height: 200)
            redView.backgroundColor = .red
            view.addSubview(redView)

            yellowView = View()
            yellowView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            yellowView.frame = redView.bounds.insetBy(dx: 20, dy: 20)
            yellowView.backgroundColor = .yellow
            redView.addSubview(yellowView)
        }
    }

    // From "Advanced iOS guide, UI chapter: Auto Layout", section "Autolayout" (frame layout:
    // the yellow view keeps its 20-point margins through the autoresizing mask, whether the red
    // view grows or shrinks).
    @Test("An autoresizing mask keeps the yellow view 20 points inside the red view as it grows and shrinks")
    func autoresizingMaskKeepsTheMargins() {
        let controller = RedYellowViewController()
        let window = Window(frame: Screen.main.bounds)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.runUpdateCycle()

        let red = controller.redView!, yellow = controller.yellowView!
        #expect(red.frame == CGRect(x: 0, y: 200, width: 200, height: 200))
        #expect(yellow.frame == CGRect(x: 20, y: 20, width: 160, height: 160))
        #expect(red.backgroundColor == .red && yellow.backgroundColor == .yellow)

        // Bigger: the margins stay 20 on every side.
        red.frame = CGRect(x: 0, y: 200, width: 300, height: 260)
        window.runUpdateCycle()
        #expect(yellow.frame == CGRect(x: 20, y: 20, width: 260, height: 220))

        // Smaller: still 20.
        red.frame = CGRect(x: 0, y: 200, width: 100, height: 80)
        window.runUpdateCycle()
        #expect(yellow.frame == CGRect(x: 20, y: 20, width: 60, height: 40))
    }

    /// The second way: a UIView subclass that sets its subview's frame in `layoutSubviews`.
    final class RedView: View {
        let yellowView = View()

        override init(frame: CGRect) {
            super.init(frame: frame)
            yellowView.backgroundColor = .yellow
            addSubview(yellowView)
        }

        required init?(coder: Coder) { return nil }  // not archived

        override func layoutSubviews() {
            yellowView.frame = bounds.insetBy(dx: 20, dy: 20)
            super.layoutSubviews()
        }
    }

    // From "Advanced iOS guide, UI chapter: Auto Layout", section "Autolayout" (second way:
    // subclass UIView and set the subview's frame in layoutSubviews).
    @Test("A layoutSubviews override keeps the yellow view 20 points inside the red view")
    func layoutSubviewsKeepsTheMargins() {
        let window = Window(frame: Screen.main.bounds)
        let red = RedView(frame: CGRect(x: 0, y: 200, width: 200, height: 200))
        red.backgroundColor = .red
        window.addSubview(red)
        window.runUpdateCycle()
        #expect(red.yellowView.frame == CGRect(x: 20, y: 20, width: 160, height: 160))

        red.frame = CGRect(x: 0, y: 200, width: 300, height: 100)
        window.runUpdateCycle()
        #expect(red.yellowView.frame == CGRect(x: 20, y: 20, width: 260, height: 60))

        red.frame = CGRect(x: 0, y: 200, width: 50, height: 50)
        window.runUpdateCycle()
        #expect(red.yellowView.frame == CGRect(x: 20, y: 20, width: 10, height: 10))
    }
}

// MARK: - Intrinsic content size

@Suite("Auto Layout chapter: intrinsic content size")
struct IntrinsicContentSizeExamples {
    /// The label subclass of the example: its intrinsic size is the text's plus 20 in each
    /// dimension.
    final class PaddedLabel: Label {
        override var intrinsicContentSize: CGSize {
            let originalSize = super.intrinsicContentSize
            let size = CGSize(width: originalSize.width + 20, height: originalSize.height + 20)
            return size
        }
    }

    /// Pins `view`'s leading and top edges only (the example's label: no width or height).
    private func pinLeadingAndTop(_ view: View, in window: Window) {
        view.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(view)
        LayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 20),
            view.topAnchor.constraint(equalTo: window.topAnchor, constant: 40),
        ])
    }

    // From "Advanced iOS guide, UI chapter: Auto Layout", section "1. Intrinsic Content Size"
    // (a label with only leading and top constraints is exactly as large as its content).
    @Test("A label placed by its position alone takes its text's size")
    func aLabelTakesItsContentSize() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let label = Label()
        label.text = "Intrinsic Content Size"
        pinLeadingAndTop(label, in: window)
        let report = window.runUpdateCycle()

        // 17-point DejaVu Sans: 181.18 points wide, a 19.79-point line, each rounded up.
        #expect(label.intrinsicContentSize == CGSize(width: 182, height: 20))
        #expect(label.frame == CGRect(x: 20, y: 40, width: 182, height: 20))
        #expect(!label.hasAmbiguousLayout)
        #expect(report.problems.isEmpty)
    }

    // From "Advanced iOS guide, UI chapter: Auto Layout", section "1. Intrinsic Content Size"
    // (override intrinsicContentSize: take super's size and add 20 to each dimension; center
    // the text).
    @Test("Overriding intrinsicContentSize pads the label by 20 points in each dimension")
    func aPaddedLabelIsTwentyPointsLarger() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let label = PaddedLabel()
        label.text = "Intrinsic Content Size"
        label.textAlignment = .center  // "don't forget to center the text"
        pinLeadingAndTop(label, in: window)
        window.runUpdateCycle()

        // The text's 182 × 20 (see above), plus 20 each way.
        #expect(label.intrinsicContentSize == CGSize(width: 202, height: 40))
        #expect(label.frame == CGRect(x: 20, y: 40, width: 202, height: 40))
        #expect(!label.hasAmbiguousLayout)
    }

    /// A plain view given a default size through `intrinsicContentSize`, as the example
    /// advises for a UIView placed by code without a size.
    final class DefaultSizeView: View {
        override var intrinsicContentSize: CGSize { CGSize(width: 100, height: 50) }
    }

    // From "Advanced iOS guide, UI chapter: Auto Layout", section "1. Intrinsic Content Size"
    // (a UIView given only a position is an error: it needs a width and a height; in code,
    // give it a default size in intrinsicContentSize).
    @Test("A plain view placed by its position alone lacks a width and height; an intrinsic size supplies them")
    func aPlainViewNeedsAnIntrinsicSize() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let plain = View()
        pinLeadingAndTop(plain, in: window)
        window.runUpdateCycle()
        #expect(plain.hasAmbiguousLayout)
        let ambiguity = window.layoutReport.ambiguities.first { $0.layoutItem === plain }
        #expect(ambiguity?.attributes.contains(.width) == true)
        #expect(ambiguity?.attributes.contains(.height) == true)
        #expect(ambiguity?.attributes.contains(.left) == false)
        #expect(ambiguity?.attributes.contains(.top) == false)

        let window2 = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let sized = DefaultSizeView()
        pinLeadingAndTop(sized, in: window2)
        window2.runUpdateCycle()
        #expect(!sized.hasAmbiguousLayout)
        #expect(window2.layoutReport.ambiguities.isEmpty)
        #expect(sized.frame == CGRect(x: 20, y: 40, width: 100, height: 50))
    }

    // From "Advanced iOS guide, UI chapter: Auto Layout", section "Example" (a red view of
    // known width — leading 8, trailing 8, top 8 to its superview — whose height comes from
    // the two multi-line labels inside it, with a vertical constraint between the labels).
    // The figure gives no constants for the labels; 8 points is used for each of their edges.
    @Test("A view of known width takes its height from two multi-line labels")
    func aViewTakesItsHeightFromTwoLabels() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let redView = View()
        redView.backgroundColor = .red
        redView.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(redView)

        let first = Label(), second = Label()
        first.text = "The height of the red view is not fixed: it follows the text of the two labels inside it."
        second.text = "Second label"
        for label in [first, second] {
            label.numberOfLines = 0  // multi-line
            label.translatesAutoresizingMaskIntoConstraints = false
            redView.addSubview(label)
        }
        LayoutConstraint.activate([
            redView.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 8),
            window.trailingAnchor.constraint(equalTo: redView.trailingAnchor, constant: 8),
            redView.topAnchor.constraint(equalTo: window.topAnchor, constant: 8),

            first.leadingAnchor.constraint(equalTo: redView.leadingAnchor, constant: 8),
            redView.trailingAnchor.constraint(equalTo: first.trailingAnchor, constant: 8),
            first.topAnchor.constraint(equalTo: redView.topAnchor, constant: 8),
            second.leadingAnchor.constraint(equalTo: redView.leadingAnchor, constant: 8),
            redView.trailingAnchor.constraint(equalTo: second.trailingAnchor, constant: 8),
            // The vertical constraint between the two labels.
            second.topAnchor.constraint(equalTo: first.bottomAnchor, constant: 8),
            redView.bottomAnchor.constraint(equalTo: second.bottomAnchor, constant: 8),
        ])
        let report = window.runUpdateCycle()

        #expect(report.problems.isEmpty)
        #expect(!redView.hasAmbiguousLayout)
        #expect(redView.frame.origin == CGPoint(x: 8, y: 8))
        #expect(redView.frame.width == 304)  // 320 - 8 - 8
        #expect(first.frame.width == 288 && second.frame.width == 288)  // 304 - 8 - 8
        // The long text wraps onto more than one line at 288 points.
        #expect(first.font.size(of: first.text!).width > 288)
        #expect(first.frame.height > first.font.lineHeight.rounded(.up))
        // Three 20-point lines for the first label, one for the second.
        #expect(first.frame == CGRect(x: 8, y: 8, width: 288, height: 60))
        #expect(second.frame == CGRect(x: 8, y: 76, width: 288, height: 20))
        #expect(redView.frame == CGRect(x: 8, y: 8, width: 304, height: 104))
    }
}

// MARK: - Content hugging and compression resistance

@Suite("Auto Layout chapter: content hugging and compression resistance decide which label gives way")
struct HuggingAndCompressionExamples {
    /// The example's cell content: two multi-line labels; the first at leading 8, trailing 8,
    /// top 8 and 9 above the second; the second at leading 8, trailing 8, bottom 8. The
    /// content view is 320 wide and its height is the constraint returned.
    private func cell(in window: Window) -> (contentView: View, first: Label, second: Label, height: LayoutConstraint) {
        let contentView = View()
        contentView.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(contentView)
        let first = Label(), second = Label()
        first.text = "First label"
        second.text = "Second label"
        for label in [first, second] {
            label.numberOfLines = 0
            label.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(label)
        }
        let height = contentView.heightAnchor.constraint(equalToConstant: 100)
        LayoutConstraint.activate([
            contentView.leftAnchor.constraint(equalTo: window.leftAnchor),
            contentView.topAnchor.constraint(equalTo: window.topAnchor),
            contentView.widthAnchor.constraint(equalToConstant: 320),
            height,

            first.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 8),
            contentView.trailingAnchor.constraint(equalTo: first.trailingAnchor, constant: 8),
            first.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
            second.topAnchor.constraint(equalTo: first.bottomAnchor, constant: 9),

            second.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 8),
            contentView.trailingAnchor.constraint(equalTo: second.trailingAnchor, constant: 8),
            contentView.bottomAnchor.constraint(equalTo: second.bottomAnchor, constant: 8),
        ])
        return (contentView, first, second, height)
    }

    // From "Advanced iOS guide, UI chapter: Auto Layout", section "2. Content Hugging Priority
    // and Content Compression Resistance" (a taller cell: with equal vertical hugging nobody
    // knows which label to stretch, an error; lowering one label's hugging makes it stretch).
    @Test("A taller cell: equal vertical hugging is reported; the label with lower hugging stretches")
    func aTallerCellStretchesTheLabelWithLowerHugging() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let (contentView, first, second, height) = cell(in: window)
        window.runUpdateCycle()
        let h1 = first.intrinsicContentSize.height, h2 = second.intrinsicContentSize.height
        #expect(h1 == 20 && h2 == 20)  // one 17-point line each
        #expect(first.contentHuggingPriority(for: .vertical) == .defaultLow)

        // The cell is exactly as tall as its content: no problem.
        height.constant = 8 + h1 + 9 + h2 + 8
        window.runUpdateCycle()
        #expect(window.layoutReport.tiedConstraints.isEmpty)
        #expect(first.frame == CGRect(x: 8, y: 8, width: 304, height: h1))
        #expect(second.frame == CGRect(x: 8, y: 8 + h1 + 9, width: 304, height: h2))

        // 40 points taller: one label must stretch, and both hug equally (250).
        height.constant = 8 + h1 + 9 + h2 + 8 + 40
        window.runUpdateCycle()
        #expect(first.contentHuggingPriority(for: .vertical) == second.contentHuggingPriority(for: .vertical))
        #expect(window.layoutReport.tiedConstraints.count == 1)
        #expect(window.layoutReport.tiedConstraints.first?.allSatisfy { $0.contains("content hugging") } == true)
        #expect(first.hasAmbiguousLayout && second.hasAmbiguousLayout)

        // The fix: make one of them smaller.
        second.setContentHuggingPriority(LayoutPriority(249), for: .vertical)
        window.runUpdateCycle()
        #expect(window.layoutReport.tiedConstraints.isEmpty)
        #expect(!first.hasAmbiguousLayout && !second.hasAmbiguousLayout)
        #expect(first.frame == CGRect(x: 8, y: 8, width: 304, height: h1))
        #expect(second.frame == CGRect(x: 8, y: 8 + h1 + 9, width: 304, height: h2 + 40))
        #expect(contentView.frame.height == 8 + h1 + 9 + h2 + 40 + 8)
    }

    // From "Advanced iOS guide, UI chapter: Auto Layout", section "2. Content Hugging Priority
    // and Content Compression Resistance" (a shorter cell: with equal vertical compression
    // resistance nobody knows which label to compress, an error; lowering one fixes it).
    @Test("A shorter cell: equal vertical compression resistance is reported; the label with lower resistance shrinks")
    func aShorterCellCompressesTheLabelWithLowerResistance() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let (_, first, second, height) = cell(in: window)
        second.setContentHuggingPriority(LayoutPriority(249), for: .vertical)  // the earlier fix stays
        window.runUpdateCycle()
        let h1 = first.intrinsicContentSize.height, h2 = second.intrinsicContentSize.height
        #expect(h1 == 20 && h2 == 20)  // one 17-point line each
        #expect(first.contentCompressionResistancePriority(for: .vertical) == .defaultHigh)

        // 10 points shorter than the content: one label must be compressed, and both resist
        // equally (750).
        height.constant = 8 + h1 + 9 + h2 + 8 - 10
        window.runUpdateCycle()
        #expect(
            first.contentCompressionResistancePriority(for: .vertical)
                == second.contentCompressionResistancePriority(for: .vertical))
        #expect(window.layoutReport.tiedConstraints.count == 1)
        #expect(window.layoutReport.tiedConstraints.first?.allSatisfy { $0.contains("compression resistance") } == true)

        // The same fix: make one of them smaller.
        second.setContentCompressionResistancePriority(LayoutPriority(749), for: .vertical)
        window.runUpdateCycle()
        #expect(window.layoutReport.tiedConstraints.isEmpty)
        #expect(first.frame == CGRect(x: 8, y: 8, width: 304, height: h1))
        #expect(second.frame == CGRect(x: 8, y: 8 + h1 + 9, width: 304, height: h2 - 10))
    }
}

// MARK: - Where to write constraints by hand

@Suite("Auto Layout chapter: constraints written in init and viewDidLoad")
struct WhereToWriteConstraintsExamples {
    /// A custom view that writes its constraints in its initializer.
    final class BadgeView: View {
        let titleLabel = Label()

        override init(frame: CGRect) {
            super.init(frame: frame)
            titleLabel.text = "Badge"
            titleLabel.translatesAutoresizingMaskIntoConstraints = false
            addSubview(titleLabel)
            LayoutConstraint.activate([
                titleLabel.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 8),
                trailingAnchor.constraint(equalTo: titleLabel.trailingAnchor, constant: 8),
                titleLabel.topAnchor.constraint(equalTo: topAnchor, constant: 8),
                bottomAnchor.constraint(equalTo: titleLabel.bottomAnchor, constant: 8),
            ])
        }

        required init?(coder: Coder) { return nil }  // not archived
    }

    // From "Advanced iOS guide, UI chapter: Auto Layout", section "Where is it best to write
    // Auto Layout by hand?" (in a custom view, in the init method).
    @Test("A custom view's constraints written in init lay out its subviews")
    func constraintsWrittenInInit() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let badge = BadgeView(frame: CGRect(x: 10, y: 20, width: 200, height: 60))
        window.addSubview(badge)
        let report = window.runUpdateCycle()
        #expect(report.problems.isEmpty)
        #expect(badge.frame == CGRect(x: 10, y: 20, width: 200, height: 60))
        #expect(badge.titleLabel.frame == CGRect(x: 8, y: 8, width: 184, height: 44))

        badge.frame = CGRect(x: 10, y: 20, width: 300, height: 100)
        window.runUpdateCycle()
        #expect(badge.titleLabel.frame == CGRect(x: 8, y: 8, width: 284, height: 84))
    }

    /// A view controller that writes its constraints in viewDidLoad.
    final class BannerViewController: ViewController {
        let banner = View()
        private(set) var viewDidLoadCalls = 0

        override func viewDidLoad() {
            super.viewDidLoad()
            viewDidLoadCalls += 1
            banner.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(banner)
            LayoutConstraint.activate([
                banner.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16),
                view.trailingAnchor.constraint(equalTo: banner.trailingAnchor, constant: 16),
                banner.topAnchor.constraint(equalTo: view.topAnchor, constant: 20),
                banner.heightAnchor.constraint(equalToConstant: 44),
            ])
        }
    }

    // From "Advanced iOS guide, UI chapter: Auto Layout", section "Where is it best to write
    // Auto Layout by hand?" (in a view controller, in viewDidLoad, which happens once in the
    // whole life cycle, so the constraints are never added twice).
    @Test("Constraints written in viewDidLoad are added once and lay out the controller's view")
    func constraintsWrittenInViewDidLoad() {
        let controller = BannerViewController()
        let window = Window(frame: Screen.main.bounds)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.runUpdateCycle()
        #expect(controller.viewDidLoadCalls == 1)
        #expect(controller.view.frame == window.bounds)
        #expect(controller.banner.frame == CGRect(x: 16, y: 20, width: window.bounds.width - 32, height: 44))

        // Touching the view again, or asking to load it again, does not run viewDidLoad again.
        _ = controller.view
        controller.loadViewIfNeeded()
        window.runUpdateCycle()
        #expect(controller.viewDidLoadCalls == 1)
        #expect(controller.view.constraints.count + controller.banner.constraints.count == 4)
        #expect(controller.banner.frame == CGRect(x: 16, y: 20, width: window.bounds.width - 32, height: 44))
    }
}
