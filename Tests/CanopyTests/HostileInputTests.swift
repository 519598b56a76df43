import Canopy
import CanopyWorkloads
import Foundation
import Testing

@Suite("Hostile input: deep chains stay linear, misuse is named, released views go at once", .deadline(seconds: 300))
struct HostileInputTests {
    /// An app's own type that conforms to LayoutItem has no place in any solve.
    private final class ForeignItem: LayoutItem {
        var layoutOwningView: View? { nil }
    }

    @Test func aForeignLayoutItemHasNoSolvedRect() throws {
        let instance = try ConstraintTreeGenerator(shape: .tree, count: 50).makeScene().instantiate()
        instance.window.runUpdateCycle()
        #expect(instance.window.layoutReport.solvedRect(of: ForeignItem()) == nil)
        #expect(instance.window.layoutReport.solvedRect(of: instance.views[10]) != nil)
    }

    /// Placing each solved view once used to walk all its ancestors: quadratic in depth.
    @Test func aHundredThousandDeepAutoLayoutChainLaysOut() {
        let depth = 100_000
        let chain = PinnedChain(depth: depth)
        let (window, views) = (chain.window, chain.views)
        let report = window.runUpdateCycle()
        #expect(report.problems.isEmpty)
        let deepest = views[depth - 1]
        let size = CGFloat(4_000_000 - 2 * depth)
        #expect(deepest.frame == CGRect(x: 1, y: 1, width: size, height: size))
        #expect(deepest.convert(CGPoint.zero, to: nil) == CGPoint(x: CGFloat(depth), y: CGFloat(depth)))
        #expect(window.hitTest(CGPoint(x: 2_000_000, y: 2_000_000), with: nil) === deepest)
    }

    @Test func aNonFiniteIntrinsicSizeIsReported() {
        final class Broken: View {
            override var intrinsicContentSize: CGSize { CGSize(width: CGFloat.nan, height: 20) }
        }
        let window = Window(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let view = Broken()
        view.accessibilityIdentifier = "broken"
        view.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(view)
        view.leadingAnchor.constraint(equalTo: window.leadingAnchor).isActive = true
        view.topAnchor.constraint(equalTo: window.topAnchor).isActive = true
        let report = window.runUpdateCycle()
        let invalid = report.problems.filter {
            if case .invalidIntrinsicContentSize = $0 { true } else { false }
        }
        #expect(invalid.count == 1)
        #expect(invalid.first?.description.contains("broken") == true)
        #expect(view.frame.height == 20)  // the valid dimension still counts
    }

    @Test func nonFiniteScrollGeometryIsRefused() async {
        await #expect(processExitsWith: .failure) { ScrollView(frame: .zero).contentSize = CGSize(width: CGFloat.nan, height: 1) }
        await #expect(processExitsWith: .failure) {
            ScrollView(frame: .zero).contentInset = EdgeInsets(top: .infinity, left: 0, bottom: 0, right: 0)
        }
    }

    /// Nothing the window keeps between cycles holds a view taken out of it.
    @Test func aRemovedViewIsReleasedAtOnce() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        weak var released: View?
        do {
            let view = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            view.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(view)
            view.widthAnchor.constraint(equalToConstant: 10).isActive = true
            view.leadingAnchor.constraint(equalTo: window.leadingAnchor).isActive = true
            window.runUpdateCycle()
            released = view
            view.removeFromSuperview()
        }
        #expect(released == nil)
    }

    /// A chain of `depth` views made by `make` below a 400×400 window, each filling its parent.
    private static func chain(of make: (CGRect) -> View, depth: Int) -> (window: Window, deepest: View) {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        var parent: View = window
        for _ in 0..<depth {
            let view = make(CGRect(x: 0, y: 0, width: 400, height: 400))
            parent.addSubview(view)
            parent = view
        }
        return (window, parent)
    }

    final class Round: View {
        override func point(inside point: CGPoint, with event: Event?) -> Bool {
            hypot(point.x - bounds.midX, point.y - bounds.midY) <= bounds.width / 2
        }
    }

    final class Counting: View {
        nonisolated(unsafe) static var calls = 0
        override func hitTest(_ point: CGPoint, with event: Event?) -> View? {
            Counting.calls += 1
            return super.hitTest(point, with: event)
        }
    }

    /// Hides itself from hit testing, passing the hit to its subviews (a common override).
    final class PassThrough: View {
        override func hitTest(_ point: CGPoint, with event: Event?) -> View? {
            let hit = super.hitTest(point, with: event)
            return hit === self ? nil : hit
        }
    }

    /// Subclasses that override only `point(inside:)`, or whose `hitTest` returns what `super`
    /// says, are walked by the core in one pass: a 100,000-deep chain of them hit-tests
    /// without nesting a call per view.
    @Test func deepChainsOfOverridingSubclassesHitTestWithoutRecursion() {
        let (round, deepestRound) = Self.chain(of: Round.init(frame:), depth: 100_000)
        #expect(round.hitTest(CGPoint(x: 200, y: 200), with: nil) === deepestRound)
        #expect(round.hitTest(CGPoint(x: 5, y: 5), with: nil) === round)  // outside the circles
        let (counting, deepestCounting) = Self.chain(of: Counting.init(frame:), depth: 100_000)
        Counting.calls = 0
        #expect(counting.hitTest(CGPoint(x: 200, y: 200), with: nil) === deepestCounting)
        #expect(Counting.calls == 100_000)  // each override ran once
    }

    /// An override that changes what `super` answers needs `super`'s real answer: each such
    /// view nests a hit test. A chain of them works up to a bound, and past it stops with a
    /// message instead of overflowing the stack.
    @Test func nestedOverridesWorkUpToABoundAndStopClearlyPastIt() async {
        let (window, deepest) = Self.chain(of: PassThrough.init(frame:), depth: 200)
        let leaf = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        deepest.addSubview(leaf)
        #expect(window.hitTest(CGPoint(x: 5, y: 5), with: nil) === leaf)
        #expect(window.hitTest(CGPoint(x: 300, y: 300), with: nil) === window)  // every level passes
        await #expect(processExitsWith: .failure) {
            let (window, _) = HostileInputTests.chain(of: PassThrough.init(frame:), depth: 300)
            _ = window.hitTest(CGPoint(x: 5, y: 5), with: nil)
        }
    }
}
