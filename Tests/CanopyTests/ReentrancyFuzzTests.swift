import Canopy
import CanopyWorkloads
import Foundation
import Testing

/// Random trees whose handlers (observers, `layoutSubviews`, `intrinsicContentSize`, gesture
/// and control actions) make random changes while the window lays out and takes touches. Each
/// run must end with a consistent tree, and everything it made must be released with it.
@Suite("Handlers that change the tree during passes and touches", .deadline(seconds: 300))
struct ReentrancyFuzzTests {
    /// Runs per seed range; the test command runs them under AddressSanitizer too.
    static let runs: UInt64 = 2_000

    @Test func randomChangesFromHandlersLeaveAConsistentTreeAndNoLeak() throws {
        for seed in 0..<Self.runs {
            var made = WeakObjects()
            do {
                let run = FuzzRun(seed: seed)
                run.play()
                try run.checkConsistency()
                made = run.made
            }
            let survivors = made.survivors
            #expect(survivors.isEmpty, "seed \(seed): \(survivors.count) objects outlived their run: \(survivors.prefix(3))")
            if !survivors.isEmpty { return }
        }
    }
}

/// Weak references to everything a run made, to find what it leaked.
private struct WeakObjects {
    private final class Box {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }
    private var boxes: [Box] = []

    mutating func note(_ object: AnyObject) { boxes.append(Box(object)) }

    /// The objects still alive.
    var survivors: [String] { boxes.compactMap { $0.object.map { "\(type(of: $0))" } } }
}

private struct FuzzFailure: Error, CustomStringConvertible {
    let description: String
}

/// One window built at random from a seed, whose handlers call back into `mutate()`.
private final class FuzzRun {
    var random: SplitMix64
    let seed: UInt64
    let window: Window
    /// Every view made and not yet let go: dropping one from here (once out of the tree) releases it.
    var views: [View] = []
    var constraints: [LayoutConstraint] = []
    var guides: [(guide: LayoutGuide, view: View)] = []
    var observations: [Observation] = []
    var made = WeakObjects()
    /// How many more changes the handlers may make; bounds the run.
    var changesLeft = 80
    /// Handlers running inside handlers.
    var nesting = 0
    var time = 0.0

    init(seed: UInt64) {
        self.seed = seed
        random = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 17)
        window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        made.note(window)
        views.append(window)
        for _ in 0..<Int.random(in: 4...14, using: &random) { addView() }
        for _ in 0..<Int.random(in: 2...12, using: &random) { activateConstraint() }
    }

    /// Drives the window: update cycles, resizes, taps, early layouts and direct changes.
    func play() {
        for _ in 0..<Int.random(in: 3...8, using: &random) {
            switch Int.random(in: 0..<5, using: &random) {
            case 0: window.runUpdateCycle()
            case 1: tap()
            case 2: pick()?.layoutIfNeeded()
            case 3:
                window.bounds.size = CGSize(
                    width: Double.random(in: 100...400, using: &random), height: Double.random(in: 100...600, using: &random))
                window.runUpdateCycle()
            default: mutate()
            }
        }
        // The last cycles run without handler changes, so the tree can settle.
        changesLeft = 0
        window.runUpdateCycle()
    }

    // MARK: Changes

    /// One random change, as a handler would make it.
    func mutate() {
        guard changesLeft > 0, nesting < 3 else { return }
        changesLeft -= 1
        nesting += 1
        defer { nesting -= 1 }
        switch Int.random(in: 0..<12, using: &random) {
        case 0: releaseView()
        case 1: addView()
        case 2: activateConstraint()
        case 3:
            if let constraint = constraints.randomElement(using: &random) { constraint.isActive = false }
        case 4:
            if let constraint = constraints.randomElement(using: &random), constraint.isActive {
                constraint.constant = Double(Int.random(in: -20...60, using: &random))
            }
        case 5:
            if let stack = views.compactMap({ $0 as? StackView }).randomElement(using: &random),
                let arranged = stack.arrangedSubviews.randomElement(using: &random)
            {
                arranged.isHidden.toggle()
            }
        case 6: pick()?.layoutIfNeeded()
        case 7: window.runUpdateCycle()
        case 8: pick()?.exerciseAmbiguityInLayout()
        case 9: pick()?.frame.size.width = Double(Int.random(in: 0...200, using: &random))
        case 10: addOrRemoveGuide()
        default: pick()?.invalidateIntrinsicContentSize()
        }
    }

    /// A random view made by this run, in the tree or not.
    func pick() -> View? { views.randomElement(using: &random) }

    /// A random view in the window.
    func pickInWindow() -> View? { views.filter { $0.window === window }.randomElement(using: &random) }

    func addView() {
        guard let parent = pickInWindow() ?? Optional(window) else { return }
        let frame = CGRect(
            x: Double(Int.random(in: 0...200, using: &random)), y: Double(Int.random(in: 0...300, using: &random)),
            width: Double(Int.random(in: 10...120, using: &random)), height: Double(Int.random(in: 10...120, using: &random)))
        let view: View
        switch Int.random(in: 0..<5, using: &random) {
        case 0:
            let button = Button(frame: frame)
            _ = button.addAction(for: .touchUpInside) { [weak self] _, _ in self?.mutate() }
            view = button
        case 1:
            let stack = StackView(frame: frame)
            stack.axis = Bool.random(using: &random) ? .horizontal : .vertical
            view = stack
        default:
            let fuzzView = FuzzView(frame: frame)
            fuzzView.run = self
            fuzzView.mutatesInLayout = Int.random(in: 0..<3, using: &random) == 0
            fuzzView.mutatesInIntrinsicSize = Int.random(in: 0..<8, using: &random) == 0
            view = fuzzView
        }
        view.translatesAutoresizingMaskIntoConstraints = Bool.random(using: &random)
        if Int.random(in: 0..<3, using: &random) == 0 {
            let tap = TapGestureRecognizer { [weak self] _ in self?.mutate() }
            made.note(tap)
            view.addGestureRecognizer(tap)
        }
        if Int.random(in: 0..<3, using: &random) == 0 {
            observations.append(view.observe(\.frame) { [weak self] _, _ in self?.mutate() })
        }
        made.note(view)
        views.append(view)
        if let stack = parent as? StackView, Bool.random(using: &random) {
            stack.addArrangedSubview(view)
        } else {
            parent.addSubview(view)
        }
    }

    /// Takes a view out of the tree and lets go of it: its subtree dies unless kept elsewhere.
    func releaseView() {
        guard let view = views.dropFirst().randomElement(using: &random) else { return }
        view.removeFromSuperview()
        views.removeAll { $0 === view }
    }

    /// A constraint between a view in the window and its superview or a sibling.
    func activateConstraint() {
        guard let view = pickInWindow(), view !== window, let superview = view.superview else { return }
        let other = Bool.random(using: &random) ? superview : superview.subviews.randomElement(using: &random) ?? superview
        view.translatesAutoresizingMaskIntoConstraints = false
        let constant = Double(Int.random(in: -10...80, using: &random))
        let constraint: LayoutConstraint
        switch Int.random(in: 0..<6, using: &random) {
        case 0: constraint = view.leadingAnchor.constraint(equalTo: other.leadingAnchor, constant: constant)
        case 1: constraint = view.topAnchor.constraint(equalTo: other.topAnchor, constant: constant)
        case 2: constraint = view.widthAnchor.constraint(equalToConstant: max(0, constant))
        case 3: constraint = view.heightAnchor.constraint(equalTo: other.heightAnchor, multiplier: 0.5)
        case 4: constraint = view.trailingAnchor.constraint(lessThanOrEqualTo: other.trailingAnchor, constant: -constant)
        default:
            guard let guide = guides.first(where: { $0.view === superview })?.guide else {
                constraint = view.centerYAnchor.constraint(equalTo: other.centerYAnchor)
                break
            }
            constraint = view.leadingAnchor.constraint(equalTo: guide.trailingAnchor)
        }
        if Bool.random(using: &random) { constraint.priority = LayoutPriority(rawValue: 750) }
        made.note(constraint)
        constraints.append(constraint)
        constraint.isActive = true
    }

    func addOrRemoveGuide() {
        if let index = guides.indices.randomElement(using: &random), Bool.random(using: &random) {
            let (guide, view) = guides.remove(at: index)
            view.removeLayoutGuide(guide)
        } else if let view = pickInWindow() {
            let guide = LayoutGuide()
            made.note(guide)
            view.addLayoutGuide(guide)
            guide.widthAnchor.constraint(equalToConstant: 10).isActive = true
            guides.append((guide, view))
        }
    }

    /// A tap at a random point of the window.
    func tap() {
        let point = CGPoint(x: Double.random(in: 0...320, using: &random), y: Double.random(in: 0...480, using: &random))
        time += 1
        _ = try? window.sendTouch(.began, at: point, time: time)
        _ = try? window.sendTouch(.ended, at: point, time: time + 0.05)
    }

    // MARK: Checking

    /// Walks the window's tree: back pointers agree with the subviews, no view is there twice,
    /// the flattened tree names each view at its row, active constraints have their items in
    /// the window and are held by an ancestor of each; views out of the tree know no window;
    /// and one more update cycle finds nothing left to do.
    func checkConsistency() throws {
        func fail(_ message: String) -> FuzzFailure { FuzzFailure(description: "seed \(seed): \(message)") }
        var seen = Set<ObjectIdentifier>()
        var order: [View] = []
        var stack: [View] = [window]
        while let view = stack.popLast() {
            guard seen.insert(ObjectIdentifier(view)).inserted else { throw fail("\(view) is in the tree twice") }
            order.append(view)
            guard view.window === window else { throw fail("\(view) does not know its window") }
            for subview in view.subviews {
                guard subview.superview === view else { throw fail("\(subview)'s superview is not \(view)") }
                stack.append(subview)
            }
            for constraint in view.constraints {
                guard constraint.isActive, let first = constraint.firstItem?.layoutOwningView else {
                    throw fail("\(constraint), held by \(view), is inactive or lost its item")
                }
                var owners = [first]
                if let second = constraint.secondItem?.layoutOwningView { owners.append(second) }
                for owner in owners where !owner.isDescendant(of: view) || owner.window !== window {
                    throw fail("\(constraint) is held by \(view), which is not an ancestor of \(owner)")
                }
            }
        }
        for view in views where !seen.contains(ObjectIdentifier(view)) && view.window != nil {
            throw fail("\(view) left the tree but still knows a window")
        }
        let tree = window.flattenedTree
        guard tree.count == order.count else { throw fail("the flattened tree has \(tree.count) rows for \(order.count) views") }
        for view in order {
            guard let row = tree.index(of: view), tree.view(at: row) === view else { throw fail("\(view) has no row") }
        }
        let again = window.runUpdateCycle()
        guard again.rounds == 0 else { throw fail("a settled window ran \(again.rounds) more rounds") }
    }
}

/// A view whose layout and intrinsic size may change the tree through its run.
private final class FuzzView: View {
    weak var run: FuzzRun?
    var mutatesInLayout = false
    var mutatesInIntrinsicSize = false

    override func layoutSubviews() {
        if mutatesInLayout { run?.mutate() }
    }

    override var intrinsicContentSize: CGSize {
        if mutatesInIntrinsicSize { run?.mutate() }
        return CGSize(width: 30, height: View.noIntrinsicMetric)
    }
}
