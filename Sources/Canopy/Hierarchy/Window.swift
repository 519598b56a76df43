import Foundation

/// The root of a view hierarchy shown on a screen; it owns its update cycle.
///
/// A window is a view whose superview is the screen: its ``View/frame`` is in screen space,
/// and its own space is "window space", where `convert(_:to: nil)` lands. Nothing is global:
/// each window runs its own update cycle when asked (``runUpdateCycle(maxRounds:)``; an app's
/// run loop would call it once per turn).
open class Window: View {
    /// Levels that order windows front to back.
    public struct Level: RawRepresentable, Hashable, Comparable, Sendable {
        /// The level's value; higher levels are in front.
        public var rawValue: CGFloat
        /// Creates a level.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// Where app windows sit.
        public static let normal = Level(rawValue: 0)
        /// Above app windows.
        public static let statusBar = Level(rawValue: 1000)
        /// Above everything else.
        public static let alert = Level(rawValue: 2000)
        /// Orders levels by value.
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    // Unchecked for exclusivity: each view placed reads the scale, and the screen changes
    // only by assignment.
    /// The screen the window is on.
    @exclusivity(unchecked) public var screen: Screen
    /// The window's level among other windows.
    public var windowLevel = Level.normal

    let flattenedTreeStorage = FlattenedTree(retainsViews: false)
    /// The views in the window's tree, the window included: what a first flatten reserves.
    var viewCount = 1

    /// Auto Layout for this window's views; made when constraints first matter here.
    var layoutEngine: LayoutEngine {
        if let layoutEngineStorage { return layoutEngineStorage }
        let made = LayoutEngine(root: self)
        layoutEngineStorage = made
        return made
    }
    private(set) var layoutEngineStorage: LayoutEngine?
    /// The constraints a scene made here, kept as records until something needs them as
    /// objects (see `ConstraintTable`).
    var pendingConstraints: ConstraintTable?

    /// The view animations running here; made by the first.
    var animations: WindowAnimations {
        if let animationsStorage { return animationsStorage }
        let made = WindowAnimations(window: self)
        animationsStorage = made
        return made
    }
    private(set) var animationsStorage: WindowAnimations?

    /// The pixels of the last render and what they show, for the next render to compare.
    var renderMemory: RenderMemory?

    /// The part of the window the last ``render(scale:)`` composited again, in the window's
    /// coordinates, rounded out to whole pixels: the whole window the first time or after a
    /// change of size or scale, then the region of what changed (`.null` when nothing did).
    public internal(set) var lastRenderedRegion = CGRect.null

    /// The direction the window's views lay out in unless they force one; left to right by default.
    public var userInterfaceLayoutDirection = UserInterfaceLayoutDirection.leftToRight {
        didSet { if userInterfaceLayoutDirection != oldValue { layoutEngineStorage?.markDirty() } }
    }

    /// What the latest Auto Layout solve found: conflicts, ambiguities, counts.
    public var layoutReport: LayoutReport { layoutEngineStorage?.report ?? LayoutReport() }

    /// The most threads an Auto Layout solve of this window uses. Groups of constraints that
    /// share no view and need the dense solver are solved at once when there are many of them;
    /// the frames are the same, to the bit, whatever the count. The default is the number of
    /// active processors (counted once per process), which is also the most used; 1, or less,
    /// keeps the solve on the calling thread.
    public var maximumLayoutThreads = SolveLanes.processorCount

    /// The app object that comes after the window in the responder chain, if any.
    public var application: Application?

    /// The view controller whose view fills the window, or `nil`. Setting it puts the
    /// controller's view in the window at the window's bounds, resizing with it (autoresizing
    /// width and height), and takes the previous controller's view out.
    public var rootViewController: ViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            if let old = oldValue?.viewIfLoaded, old.superview === self { old.removeFromSuperview() }
            guard let controller = rootViewController else { return }
            let view = controller.view
            view.frame = bounds
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            addSubview(view)
        }
    }

    /// Whether this is the key window: the one ``makeKeyAndVisible()`` or ``makeKey()`` named
    /// last among the windows of its ``application`` (a window without one is key once made so).
    public var isKeyWindow: Bool {
        guard let application else { return isKeyWithoutApplication }
        return application.keyWindow === self
    }
    private var isKeyWithoutApplication = false

    /// Shows the window (``View/isHidden`` false) and makes it the key window.
    public func makeKeyAndVisible() {
        isHidden = false
        makeKey()
    }

    /// Makes the window the key window of its ``application``, in place of the one that was.
    public func makeKey() {
        isKeyWithoutApplication = true
        application?.keyWindow = self
    }

    /// The responder that takes keyboard-like input first, or `nil`; see
    /// ``Responder/becomeFirstResponder()``.
    public internal(set) weak var firstResponder: Responder?

    /// Touch delivery: the event clock, the fingers down, gesture recognizers at work.
    var dispatcher: TouchDispatcher {
        if let dispatcherStorage { return dispatcherStorage }
        let made = TouchDispatcher(window: self)
        dispatcherStorage = made
        return made
    }
    private(set) var dispatcherStorage: TouchDispatcher?

    /// The application object: the window's next responder.
    open override var next: Responder? { application }

    /// Creates a window at `frame` (screen space) on `screen`, by default a screen of scale 1
    /// whose bounds are the window's frame.
    public init(frame: CGRect, screen: Screen? = nil) {
        self.screen = screen ?? Screen(bounds: frame.standardized.isFinite ? frame.standardized : .zero)
        super.init(frame: frame)
        storedWindow = self
    }

    /// Creates a window from an archive, on a screen of scale 1 whose bounds are its frame.
    public required init?(coder: Coder) {
        screen = Screen(bounds: .zero)
        super.init(coder: coder)
        screen = Screen(bounds: frame)
    }

    /// Creates a window on ``Screen/main`` that covers it.
    public convenience init() {
        self.init(frame: Screen.main.bounds, screen: .main)
    }

    deinit {
        // Fingers still down hold their views, whose recognizers hold the touches.
        dispatcherStorage?.releaseTouches()
        // Records go with the tree, unless a view of it stays (and keeps its constraints).
        pendingConstraints?.windowWillDie(outlived: someViewIsHeldElsewhere())
        // Views that outlive it take touches again elsewhere; their completions are dropped.
        animationsStorage?.windowWillDie()
        // Views that outlive their window must not point at it.
        var stack = subviews
        while let view = stack.popLast() {
            view.storedWindow = nil
            stack.append(contentsOf: view.subviews)
        }
    }

    /// Whether a view of the tree is held from outside it, and so outlives the window.
    private func someViewIsHeldElsewhere() -> Bool {
        var pending: [Unmanaged<View>] = [.passUnretained(self)]
        while let parent = pending.popLast() {
            let isHeld = parent._withUnsafeGuaranteedRef { view in
                view.subviews.indices.contains { !isKnownUniquelyReferenced(&view.subviews[$0]) }
            }
            if isHeld { return true }
            parent._withUnsafeGuaranteedRef { view in
                pending.append(contentsOf: view.subviews.map { .passUnretained($0) })
            }
        }
        return false
    }

    /// The window's flattened tree, refreshed first (rewriting changed rows, or flattening
    /// again after a change of structure).
    /// - Complexity: O(changed rows), or O(n) after a change of structure.
    public var flattenedTree: FlattenedTree {
        flattenedTreeStorage.refresh(from: self)
        return flattenedTreeStorage
    }

    /// The rounds an update cycle runs at most by default.
    public static let defaultMaximumRounds = 16

    /// Runs one update cycle: constraints (leaves first), layout (top down), display — repeated
    /// while that work flags more, up to `maxRounds` rounds — then refreshes the flattened tree
    /// and computes every view's map into window space in the C core.
    ///
    /// It never hangs: work still flagged after the last round is reported, not run. Outside
    /// an animation block, it first runs the completion handlers of blocks that set no view in
    /// a window (see ``View/animate(withDuration:delay:options:animations:completion:)``).
    /// - Returns: counts of the calls made, and any problems.
    @discardableResult
    public func runUpdateCycle(maxRounds: Int = defaultMaximumRounds) -> UpdateCycleReport {
        // Completions of animation blocks that had no window wait for this; not inside a block.
        if let thread = AnimationThread.ifMade, thread.current == nil { thread.runWaiting() }
        var report = UpdateCycleReport()
        let clock = ContinuousClock()
        // A solve requested during this round's solve (an observer of a frame it set edited a
        // constraint) counts as work too: the layout pass has already taken the window's flag.
        // A cycle run from inside a solve's handler leaves the solve to the cycle around it.
        while UpdatePasses.hasRunnableWork(under: self) || layoutEngineStorage?.canSolve == true {
            guard report.rounds < maxRounds else {
                report.problems.append(
                    .didNotSettle(
                        rounds: report.rounds, stillFlagged: UpdatePasses.flaggedViews(under: self, limit: 10)))
                break
            }
            report.rounds += 1
            report.durations.constraints += clock.measure { UpdatePasses.updateConstraints(under: self, into: &report) }
            report.durations.solve += clock.measure { solveConstraints(into: &report) }
            report.durations.layout += clock.measure { UpdatePasses.layout(under: self, into: &report) }
            report.durations.display += clock.measure { UpdatePasses.display(under: self, into: &report) }
        }
        report.durations.flatten = clock.measure { flattenedTreeStorage.refresh(from: self) }
        do {
            let start = clock.now
            defer { report.durations.worldTransforms = clock.now - start }
            try flattenedTreeStorage.updateWorldTransforms()
        } catch {
            report.problems.append(.nonFiniteGeometry(view: error.viewDescription ?? "a view"))
        }
        return report
    }

    /// Flattens the whole tree again, whatever changed (what a benchmark of flattening times).
    /// - Complexity: O(n); no recursion.
    public func reflatten() {
        flattenedTreeStorage.flatten(from: self)
    }

    /// Solves Auto Layout if a solve is due, adding what it finds to `report`.
    func solveConstraints(into report: inout UpdateCycleReport) {
        guard let engine = layoutEngineStorage else { return }
        do {
            report.problems += try engine.solveIfNeeded()
        } catch {
            report.problems.append(.layoutSolveFailed(reason: error.description))
        }
    }
}
