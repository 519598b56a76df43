import Canopy
import CanopyWorkloads
import Foundation
import Testing

@Suite("Hit testing follows SPEC §6's rules")
struct HitTestingTests {
    /// A window with two overlapping siblings: `back` (0,0,100,100) and `front` (50,50,100,100).
    private func overlapping() -> (window: Window, back: View, front: View) {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let back = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let front = View(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        window.addSubview(back)
        window.addSubview(front)
        return (window, back, front)
    }

    @Test func theFrontMostSiblingWins() {
        let (window, back, front) = overlapping()
        #expect(window.hitTest(CGPoint(x: 75, y: 75), with: nil) === front)
        #expect(window.hitTest(CGPoint(x: 25, y: 25), with: nil) === back)
        #expect(window.hitTest(CGPoint(x: 250, y: 250), with: nil) === window)
        #expect(window.hitTest(CGPoint(x: 350, y: 10), with: nil) == nil)
        window.bringSubviewToFront(back)
        #expect(window.hitTest(CGPoint(x: 75, y: 75), with: nil) === back)
    }

    @Test func containmentIsHalfOpen() {
        let view = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(view.point(inside: CGPoint(x: 99, y: 99), with: nil))
        #expect(view.point(inside: CGPoint(x: 0, y: 0), with: nil))
        #expect(!view.point(inside: CGPoint(x: 100, y: 100), with: nil))
        #expect(view.hitTest(CGPoint(x: 99.999, y: 0), with: nil) === view)
        #expect(view.hitTest(CGPoint(x: 100, y: 50), with: nil) == nil)
    }

    @Test func hiddenTransparentAndDisabledViewsLetTouchesThrough() {
        let (window, back, front) = overlapping()
        let p = CGPoint(x: 75, y: 75)
        front.isHidden = true
        #expect(window.hitTest(p, with: nil) === back)
        front.isHidden = false
        front.alpha = 0.005
        #expect(window.hitTest(p, with: nil) === back)
        front.alpha = 0.01
        #expect(window.hitTest(p, with: nil) === front)
        front.isUserInteractionEnabled = false
        #expect(window.hitTest(p, with: nil) === back)
        window.isUserInteractionEnabled = false
        #expect(window.hitTest(p, with: nil) == nil)
    }

    @Test func aDisabledParentBlocksItsWholeSubtree() {
        let (window, back, front) = overlapping()
        let child = View(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        front.addSubview(child)
        #expect(window.hitTest(CGPoint(x: 65, y: 65), with: nil) === child)
        front.isHidden = true
        #expect(window.hitTest(CGPoint(x: 65, y: 65), with: nil) === back)
    }

    @Test func touchesOutsideASuperviewNeverReachItsOverflowingSubview() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let parent = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let overflow = View(frame: CGRect(x: 80, y: 80, width: 100, height: 100))
        window.addSubview(parent)
        parent.addSubview(overflow)
        #expect(window.hitTest(CGPoint(x: 90, y: 90), with: nil) === overflow)
        #expect(window.hitTest(CGPoint(x: 150, y: 150), with: nil) === window)  // clipsToBounds is false
    }

    @Test func theRoundButtonIgnoresItsCorners() {
        final class RoundButton: View {
            override func point(inside point: CGPoint, with event: Event?) -> Bool {
                let r = bounds.width / 2
                let dx = point.x - bounds.midX, dy = point.y - bounds.midY
                return dx * dx + dy * dy <= r * r
            }
        }
        let window = Window(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let behind = View(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let button = RoundButton(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        window.addSubview(behind)
        window.addSubview(button)
        #expect(window.hitTest(CGPoint(x: 150, y: 150), with: nil) === button)
        #expect(window.hitTest(CGPoint(x: 103, y: 103), with: nil) === behind)  // a corner
        #expect(button.hitTest(CGPoint(x: 3, y: 3), with: nil) == nil)
        // Changing the flags the core hit-tests by keeps the override asked.
        button.isHidden = true
        button.isHidden = false
        button.clipsToBounds = true
        button.alpha = 0.5
        #expect(window.hitTest(CGPoint(x: 150, y: 150), with: nil) === button)
        #expect(window.hitTest(CGPoint(x: 103, y: 103), with: nil) === behind)
    }

    @Test func anOverriddenHitTestDecidesForItsSubtree() {
        final class Redirect: View {
            weak var target: View?
            override func hitTest(_ point: CGPoint, with event: Event?) -> View? {
                super.hitTest(point, with: event) == nil ? nil : target
            }
        }
        let window = Window(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let target = View(frame: CGRect(x: 200, y: 200, width: 10, height: 10))
        let redirect = Redirect(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let inner = View(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        redirect.target = target
        window.addSubview(target)
        window.addSubview(redirect)
        redirect.addSubview(inner)
        #expect(window.hitTest(CGPoint(x: 10, y: 10), with: nil) === target)
        #expect(window.hitTest(CGPoint(x: 150, y: 150), with: nil) === window)
    }

    @Test func subclassesThatOverrideNothingBehaveLikeViews() {
        final class Plain: View {}
        let window = Window(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let outer = Plain(frame: CGRect(x: 10, y: 10, width: 200, height: 200))
        let middle = Plain(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        let leaf = View(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        window.addSubview(outer)
        outer.addSubview(middle)
        middle.addSubview(leaf)
        #expect(window.hitTest(CGPoint(x: 35, y: 35), with: nil) === leaf)
        #expect(window.hitTest(CGPoint(x: 25, y: 25), with: nil) === middle)
        #expect(window.hitTest(CGPoint(x: 15, y: 15), with: nil) === outer)
    }

    @Test func pointsAreConvertedThroughTransformsAndBoundsOrigins() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let turned = View(frame: CGRect(x: 100, y: 100, width: 100, height: 20))
        turned.transform = CGAffineTransform(rotationAngle: .pi / 2)  // now 20 wide, 100 tall, around (150, 110)
        window.addSubview(turned)
        #expect(window.hitTest(CGPoint(x: 150, y: 150), with: nil) === turned)
        #expect(window.hitTest(CGPoint(x: 120, y: 110), with: nil) === window)

        let scroller = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let content = View(frame: CGRect(x: 0, y: 200, width: 100, height: 50))
        window.addSubview(scroller)
        scroller.addSubview(content)
        #expect(window.hitTest(CGPoint(x: 10, y: 10), with: nil) === scroller)
        scroller.bounds.origin = CGPoint(x: 0, y: 190)
        #expect(window.hitTest(CGPoint(x: 10, y: 10), with: nil) === content)
    }

    @Test func resultsMatchAnIndependentRecursiveHitTestOnARandomTree() {
        var random = SplitMix64(seed: 5)
        let window = Window(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        var views: [View] = [window]
        var nodes: [ObjectIdentifier: ReferenceNode] = [:]
        for _ in 0..<300 {
            let node = randomReferenceNode(&random)
            let view = View()
            node.configure(view)
            view.isHidden = random.next() % 17 == 0
            views[Int(random.next() % UInt64(views.count))].addSubview(view)
            views.append(view)
            nodes[ObjectIdentifier(view)] = node
        }
        // The SPEC's algorithm, written recursively over the reference geometry.
        func reference(_ view: View, _ p: CGPoint) -> View? {
            if view.isHidden || !view.bounds.contains(p) { return nil }
            for child in view.subviews.reversed() {
                if let hit = reference(child, nodes[ObjectIdentifier(child)]!.fromSuperview(p)) { return hit }
            }
            return view
        }
        for _ in 0..<2000 {
            let p = CGPoint(x: Double(random.next() % 400), y: Double(random.next() % 400))
            #expect(window.hitTest(p, with: nil) === reference(window, p))
        }
    }

    @Test func detachedTreesAndBatches() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = View(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        root.addSubview(child)
        #expect(root.hitTest(CGPoint(x: 15, y: 15), with: nil) === child)
        let answers = root.hitTest([CGPoint(x: 15, y: 15), CGPoint(x: 50, y: 50), CGPoint(x: 500, y: 0)], with: nil)
        #expect(answers[0] === child && answers[1] === root && answers[2] == nil)
    }

    @Test func aNonFinitePointHitsNothing() {
        let view = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(view.hitTest(CGPoint(x: CGFloat.nan, y: 1), with: nil) == nil)
    }

    @Test func changesAfterAHitTestAreSeenByTheNext() {
        let (window, _, front) = overlapping()
        #expect(window.hitTest(CGPoint(x: 140, y: 140), with: nil) === front)
        front.center = CGPoint(x: 250, y: 250)
        #expect(window.hitTest(CGPoint(x: 140, y: 140), with: nil) === window)
        let newcomer = View(frame: CGRect(x: 130, y: 130, width: 20, height: 20))
        window.addSubview(newcomer)
        #expect(window.hitTest(CGPoint(x: 140, y: 140), with: nil) === newcomer)
    }
}

