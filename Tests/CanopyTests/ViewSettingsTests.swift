@testable import Canopy
import Foundation
import Testing

/// A view's on-off settings and its autoresizing mask: UIKit's defaults, each kept apart from
/// the others, in a view that takes a 128-byte block.
@Suite("A view's settings")
struct ViewSettingsTests {
    private static var switches: [(String, ReferenceWritableKeyPath<View, Bool>, Bool)] { [
        ("isHidden", \.isHidden, false),
        ("isUserInteractionEnabled", \.isUserInteractionEnabled, true),
        ("isMultipleTouchEnabled", \.isMultipleTouchEnabled, false),
        ("isExclusiveTouch", \.isExclusiveTouch, false),
        ("clipsToBounds", \.clipsToBounds, false),
        ("isOpaque", \.isOpaque, true),
        ("clearsContextBeforeDrawing", \.clearsContextBeforeDrawing, true),
        ("autoresizesSubviews", \.autoresizesSubviews, true),
        ("translatesAutoresizingMaskIntoConstraints", \.translatesAutoresizingMaskIntoConstraints, true),
    ] }

    @Test func aNewViewHasUIKitsDefaults() {
        let view = View()
        for (name, path, initial) in Self.switches {
            #expect(view[keyPath: path] == initial, "\(name)")
        }
        #expect(view.autoresizingMask == [] && view.contentMode == .scaleToFill && view.alpha == 1)
    }

    @Test func eachSettingChangesAlone() {
        let view = View()
        for (name, path, initial) in Self.switches {
            view[keyPath: path] = !initial
            for (other, otherPath, otherInitial) in Self.switches where other != name {
                #expect(view[keyPath: otherPath] == otherInitial, "setting \(name) changed \(other)")
            }
            #expect(view[keyPath: path] == !initial, "\(name)")
            view[keyPath: path] = initial
        }
    }

    /// Bits UIKit does not define are kept (in the view's side storage), and the defined ones
    /// still resize the view.
    @Test(arguments: [false, true]) func aMaskKeepsBitsBeyondTheDefinedOnes(withExtras: Bool) {
        let parent = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = View(frame: CGRect(x: 10, y: 10, width: 80, height: 80))
        if withExtras { child.tag = 7 }
        parent.addSubview(child)
        let wide: AutoresizingMask = [
            .flexibleWidth, AutoresizingMask(rawValue: 1 << 40), AutoresizingMask(rawValue: 1 << 7),
        ]
        child.autoresizingMask = wide
        #expect(child.autoresizingMask == wide)
        parent.bounds.size.width = 150
        #expect(child.frame == CGRect(x: 10, y: 10, width: 130, height: 80))

        child.autoresizingMask = [.flexibleHeight, .flexibleTopMargin]
        #expect(child.autoresizingMask == [.flexibleHeight, .flexibleTopMargin])
        child.autoresizingMask = AutoresizingMask(rawValue: 0x7F)
        #expect(child.autoresizingMask.rawValue == 0x7F)
        #expect(child.tag == (withExtras ? 7 : 0))
    }

    @Test func aPlainViewTakesA128ByteBlock() {
        let views = (0..<20).map { _ in View() }
        // The allocator may hand out a block a little larger than asked for when it splits one,
        // never a smaller one: the smallest block is the size asked for, rounded up. A view of
        // 121 bytes or more would get 144.
        let smallest = views.map { allocationBytes(of: $0) }.min()
        #expect(smallest == 128, "the smallest of twenty views' blocks: \(smallest ?? 0) bytes")
    }

    /// The bounds' origin, the transform and the anchor point are kept out of line together:
    /// each reads back whatever the others do.
    @Test func aBoundsOriginATransformAndAnAnchorAreKeptTogether() {
        let view = View(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        view.bounds.origin = CGPoint(x: 5, y: -3)
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        view.layer.anchorPoint = CGPoint(x: 0, y: 1)
        #expect(view.bounds == CGRect(x: 5, y: -3, width: 100, height: 50))
        view.bounds.origin = .zero
        #expect(view.transform == CGAffineTransform(rotationAngle: .pi / 2) && view.layer.anchorPoint == CGPoint(x: 0, y: 1))
        view.transform = .identity
        view.layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 100, height: 50) && view.frame.size == CGSize(width: 100, height: 50))
        view.bounds.origin = CGPoint(x: 0, y: 7)
        view.bounds.size = CGSize(width: 40, height: 30)
        #expect(view.bounds == CGRect(x: 0, y: 7, width: 40, height: 30))
    }

    @Test func aViewsExtrasTakeA192ByteBlock() {
        let views = (0..<20).map { _ in View() }
        for view in views { view.tag = 1 }
        // Extras of 185 bytes or more would get a 208-byte block.
        let smallest = views.compactMap(\.extrasStorage).map { allocationBytes(of: $0) }.min()
        #expect(smallest == 192, "the smallest of twenty extras' blocks: \(smallest ?? 0) bytes")
    }

    /// The opacity and the layer live in the extras: a view that keeps an opacity of 1 and
    /// makes no layer has none, and one that sets them reads them back.
    @Test func anOpacityAndALayerAreKeptApart() {
        let view = View()
        view.alpha = 1
        #expect(view.alpha == 1 && view.extrasStorage == nil)
        view.alpha = 0.25
        #expect(view.alpha == 0.25 && view.extrasStorage != nil)
        view.alpha = 1
        #expect(view.alpha == 1)
        let layer = view.layer
        #expect(view.layer === layer && layer.view === view)
        let plain = View()
        _ = plain.layer
        #expect(plain.alpha == 1 && plain.layerStorage === plain.layer)
    }
}
