import CCanopy
import Foundation

/// A rectangular area of an interface: the object that Canopy lays out, converts between,
/// hit-tests and draws, with the behaviour of UIKit's `UIView`.
///
/// A view has its own coordinate space, whose visible rectangle is ``bounds``; it sits in its
/// superview at ``center`` (the superview-space position of its ``anchorPoint``), turned and
/// scaled by ``transform``. ``frame`` is derived from these. Subviews are kept back to front in
/// ``subviews``.
///
/// Views are confined to one thread: create, change and lay them out from the same thread.
///
/// ```swift
/// let window = Window(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
/// let card = View(frame: CGRect(x: 20, y: 100, width: 350, height: 200))
/// window.addSubview(card)
/// let corner = card.convert(CGPoint(x: 350, y: 200), to: nil)  // (370, 300) in the window
/// ```
open class View: Responder, Archivable, CustomStringConvertible, PropertyObservable {
    // MARK: Update cycle flags

    // Declared first, where they fill the bytes the responder leaves before the next 8-byte
    // field (see "Core bookkeeping" for the whole layout).
    // The flags and the geometry are unchecked for exclusivity: every view's are read and
    // written several times in building a tree and in each update cycle, always whole (no
    // access to them is held across a call), and the checks cost more than the accesses.
    /// Work flagged on this view itself.
    @exclusivity(unchecked) var pendingWork: PendingWork = []
    /// Work flagged somewhere below this view.
    @exclusivity(unchecked) var pendingWorkBelow: PendingWork = []
    /// Whether this view's `updateConstraints()` called `super`.
    var didCallSuperUpdateConstraints = false
    /// Whether this view's `layoutSubviews()` is running.
    var isLayingOutSubviews = false
    /// Whether this view's row awaits a refresh in its window's flattened tree.
    var isFlatRowStale = false
    /// Whether the view has taken part in constraint-based layout (its first
    /// `updateConstraints()` has been flagged). Kept here, among the flags (in their padding),
    /// not in the layout state, whose block it would take from 48 bytes to 64.
    var joinedConstraintBasedLayout = false
    /// ``autoresizingMask``'s bits when they fit in seven; otherwise ``wideMaskMarker``, and
    /// the mask is kept in the extras (no mask that UIKit defines needs it).
    @exclusivity(unchecked) private var storedAutoresizingMask: UInt8 = 0

    // MARK: Geometry storage (see View+Geometry.swift)

    /// The values that place the view, kept together so that the flattening loop reads them in
    /// one access. The bounds' origin, the transform and the anchor point, which most views
    /// leave at zero, the identity and the middle, are kept out of line when set (a value,
    /// copied on write): a view then takes a 128-byte block.
    struct Geometry {
        /// The size of the bounds.
        var size: CGSize
        var center: CGPoint
        private var uncommon: Uncommon?

        init(bounds: CGRect, center: CGPoint) {
            size = bounds.size
            self.center = center
            update(boundsOrigin: bounds.origin)
        }

        var bounds: CGRect {
            get { CGRect(origin: uncommon?.boundsOrigin ?? .zero, size: size) }
            set {
                size = newValue.size
                // Most changes of the bounds keep their origin: the side values stay as they are.
                if !Self.sameBits(newValue.origin, uncommon?.boundsOrigin ?? .zero) { update(boundsOrigin: newValue.origin) }
            }
        }

        var transform: CGAffineTransform {
            get { uncommon?.transform ?? .identity }
            set { update(transform: newValue) }
        }

        var anchorPoint: CGPoint {
            get { uncommon?.anchorPoint ?? Uncommon.middle }
            set { update(anchorPoint: newValue) }
        }

        /// Whether the transform or the anchor point differs from the default.
        var isTurned: Bool { uncommon?.isTurned ?? false }

        /// Keeps the values given and the others as they are, out of line unless all three
        /// are the defaults (the origin and the transform compared bit for bit). A view whose
        /// values are all the defaults, as most views' are, allocates nothing here.
        private mutating func update(
            transform: CGAffineTransform? = nil, anchorPoint: CGPoint? = nil, boundsOrigin: CGPoint? = nil
        ) {
            let transform = transform ?? self.transform, anchorPoint = anchorPoint ?? self.anchorPoint
            let boundsOrigin = boundsOrigin ?? (uncommon?.boundsOrigin ?? .zero)
            let isDefault = !Uncommon.isTurned(transform, anchorPoint) && Self.sameBits(boundsOrigin, .zero)
            uncommon = isDefault ? nil : Uncommon(transform: transform, anchorPoint: anchorPoint, boundsOrigin: boundsOrigin)
        }

        /// Whether two points have the same bits (-0 is not 0).
        private static func sameBits(_ a: CGPoint, _ b: CGPoint) -> Bool {
            a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern
        }

        /// A bounds origin, a transform and an anchor point, one of which differs from zero,
        /// the identity or the middle.
        private final class Uncommon: Sendable {
            static let middle = CGPoint(x: 0.5, y: 0.5)
            let transform: CGAffineTransform
            let anchorPoint: CGPoint
            let boundsOrigin: CGPoint

            init(transform: CGAffineTransform, anchorPoint: CGPoint, boundsOrigin: CGPoint) {
                self.transform = transform
                self.anchorPoint = anchorPoint
                self.boundsOrigin = boundsOrigin
            }

            /// Whether the transform or the anchor point differs from the default.
            var isTurned: Bool { Self.isTurned(transform, anchorPoint) }

            static func isTurned(_ transform: CGAffineTransform, _ anchorPoint: CGPoint) -> Bool {
                !transform.hasIdentityBits || anchorPoint != middle
            }
        }
    }

    @exclusivity(unchecked) var geometry: Geometry

    // MARK: Hierarchy storage (see View+Hierarchy.swift)

    // The subviews and the plain flags that every pass reads of every view are unchecked for
    // exclusivity: they change only by assignment or by an array's own methods, which reach no
    // other code, and a check cost about 80 instructions an access.
    /// The subviews, back to front: the last one is drawn on top and hit-tested first.
    @exclusivity(unchecked) public internal(set) var subviews: [View] = []

    /// The view that contains this one, or `nil`.
    public var superview: View? { superviewStorage }

    // The superview and the window own this view, so these back pointers are not counted
    // references: they are cleared when the view is removed, when the superview dies and when
    // the window dies (see the deinits). Weak references would move every view's reference
    // count into a side table, where each retain and release is several times slower. The
    // back pointers are kept as handles: walks up a large tree (activating constraints, flagging
    // work) read them without counting, where each read of an unowned reference counts one.
    var superviewHandle: Unmanaged<View>?
    var windowHandle: Unmanaged<Window>?

    var superviewStorage: View? {
        get { superviewHandle?.takeUnretainedValue() }
        set { superviewHandle = newValue.map { .passUnretained($0) } }
    }

    var storedWindow: Window? {
        get { windowHandle?.takeUnretainedValue() }
        set { windowHandle = newValue.map { .passUnretained($0) } }
    }

    /// The view controller whose root view this is, if any (it comes next in the responder chain).
    var owningViewController: ViewController? {
        get { extrasStorage?.owningViewController }
        set { if newValue != nil || extrasStorage != nil { extras.owningViewController = newValue } }
    }

    /// The gesture recognizers attached to this view, in the order they were added.
    public internal(set) var gestureRecognizers: [GestureRecognizer] {
        get { extrasStorage?.gestureRecognizers ?? [] }
        set { if !newValue.isEmpty || extrasStorage != nil { extras.gestureRecognizers = newValue } }
    }

    /// The part flagged for redrawing alone, or `nil` when the whole view is (see
    /// `setNeedsDisplay(_:)`).
    var partialDirtyRect: CGRect? {
        get { extrasStorage?.dirtyRect }
        set { if newValue != nil || extrasStorage != nil { extras.dirtyRect = newValue } }
    }

    // MARK: Core bookkeeping

    // Stored properties are laid out in the order declared: the eight-byte ones come first
    // here, then the four-byte ones, then the switches and the two one-byte settings below, so
    // that a view asks for 120 bytes (a 128-byte block) with no padding between them. The
    // layer and an opacity other than 1, which a large tree's views seldom have, are extras.

    /// What few views set; created by the first such setting.
    private(set) var extrasStorage: ViewExtras?
    /// The bytes the allocator holds for the view's layer and side objects, for memory reports.
    var sideObjectBytes: Int {
        (layerStorage.map { allocationBytes(of: $0) } ?? 0) + (extrasStorage.map { allocationBytes(of: $0) } ?? 0)
    }
    /// Constraints, guides, margins and priorities; created by the first Auto Layout use.
    var layoutStateStorage: ViewLayoutState?
    /// The layer; created by the first use of ``layer`` or the first drawing that keeps pixels.
    var layerStorage: Layer? { extrasStorage?.layer }
    /// This view's row in its window's flattened tree, or -1.
    var flatIndex: Int32 = -1
    /// This view's item in its window's latest Auto Layout system (checked against it before
    /// use), or -1.
    var engineItem: Int32 = -1
    /// This view's CNP_NODE_* flags, kept current by the properties they derive from.
    private(set) var coreFlags: UInt32 = 0
    /// The public flags, one bit each (nine bytes as `Bool`s would take the view to a
    /// 176-byte block).
    @exclusivity(unchecked) private var switches: Switches = .initial

    // MARK: Creating views

    /// Creates a view with the given frame (in its future superview's space), the identity
    /// transform, a centered anchor point and no subviews.
    ///
    /// Creating a view lays nothing out: `layoutSubviews()` is first called after something
    /// flags the view (adding it to a superview does).
    /// - Precondition: every coordinate of `frame` is finite.
    public init(frame: CGRect) {
        let standard = frame.standardized
        precondition(
            standard.isFinite, "Canopy: View(frame:) needs a finite frame, got \(frame)")
        geometry = Geometry(
            bounds: CGRect(origin: .zero, size: standard.size), center: CGPoint(x: standard.midX, y: standard.midY))
        super.init()
        finishInitialization()
    }

    /// Creates a view from an archive or an Interface Builder file: its geometry, appearance,
    /// Auto Layout settings and subviews, and once every object of the archive exists, its
    /// constraints. Returns `nil`, with the reason in the coder's ``Coder/error``, when a value
    /// is unusable. A subclass that overrides it calls `super.init(coder:)` and then reads
    /// its own values, as in UIKit.
    public required init?(coder: Coder) {
        geometry = Geometry(bounds: .zero, center: .zero)
        super.init()
        finishInitialization()
        // A window is its own window before its archived subviews join it.
        if let window = self as? Window { storedWindow = window }
        guard coder.attempt({ () throws(ArchiveError) in try decodeViewProperties(from: coder) }) else { return nil }
    }

    /// What both initializers do once the view's storage exists.
    private func finishInitialization() {
        // Whether the core asks Swift to hit-test the view (its class may override
        // `hitTest(_:with:)` or `point(inside:with:)`) is set once, here.
        coreFlags = View.isHitTestedInCore(Self.self) ? 0 : CNP_NODE_CUSTOM_HIT_TEST
        pendingWork = [.display]
        if Self.requiresConstraintBasedLayout { joinConstraintBasedLayout() }
    }

    /// Writes the view into an archive: what differs from a new view, its subviews, layout
    /// guides and the constraints it holds. A subclass that overrides it calls `super`.
    open func encode(with coder: Coder) { encodeViewProperties(with: coder) }

    /// `layer`, so that `"layer.cornerRadius"` reaches the layer's properties, and the
    /// appearance properties Interface Builder's runtime attributes set most often.
    open override class var keyedProperties: [KeyedProperty] {
        super.keyedProperties + [
            .child("layer", \View.layer),
            .connection("gestureRecognizers", role: .outletCollection) { (view: View, recognizer: GestureRecognizer) in
                view.addGestureRecognizer(recognizer)
            },
            .inspectable("backgroundColor", \View.backgroundColor, archived: false),
            .inspectable("alpha", \View.alpha, archived: false),
            .inspectable("clipsToBounds", \View.clipsToBounds, archived: false),
            .inspectable("tag", \View.tag, archived: false),
            .inspectable("accessibilityIdentifier", \View.accessibilityIdentifier, archived: false),
        ]
    }

    /// The subviews archived with the view: all but those a class makes for itself.
    var archivedSubviews: [View] { subviews }

    /// Adds a subview read from an archive.
    func addArchivedSubview(_ subview: View) { addSubview(subview) }

    /// Whether a change of bounds size redraws the view: under ``contentMode`` `.redraw`, and
    /// for a class whose drawing is laid out in its bounds whatever its content mode (a label:
    /// Interface Builder gives labels `.left`, and UIKit still sets their text again).
    var redrawsOnResize: Bool { contentMode == .redraw }

    /// The content mode a new view of the class has (what a scene leaves out).
    var initialContentMode: ContentMode { .scaleToFill }

    /// The gesture recognizers archived with the view: all but those a class makes for itself.
    var archivedGestureRecognizers: [GestureRecognizer] { gestureRecognizers }

    /// The layout guides archived with the view: those added to it, not the safe-area guide
    /// (which is made again on first use) nor those a class makes for itself.
    var archivedLayoutGuides: [LayoutGuide] { layoutGuides.filter { $0 !== layoutSettings?.safeAreaGuide } }

    /// The constraints archived with the view: those it holds, less those a class makes for
    /// itself (the safe-area guide's pins, a stack view's arrangement).
    var archivedConstraints: [LayoutConstraint] {
        guard let safeArea = layoutSettings?.safeAreaGuide else { return constraints }
        return constraints.filter { $0.firstItem !== safeArea }
    }

    deinit {
        layoutStateStorage?.viewWillDie()
        layoutSettings?.viewWillDie()
        layerStorage?.view = nil
        // Subviews that outlive this view lose their superview. Releasing a deep chain
        // recursively would overflow the stack, so the subtrees that die with this view are
        // taken apart one level at a time.
        var dying: [View] = []
        for subview in subviews {
            subview.superviewStorage = nil
            dying.append(subview)
        }
        subviews = []
        while var view = dying.popLast() {
            guard isKnownUniquelyReferenced(&view) else { continue }
            for subview in view.subviews {
                subview.superviewStorage = nil
                dying.append(subview)
            }
            view.subviews = []
        }
    }

    /// Creates a view with a zero frame, through `init(frame:)`.
    public convenience override init() {
        self.init(frame: .zero)
    }

    /// Whether `type` is one of Canopy's own classes whose hit testing the C core can do
    /// without asking Swift. (Compared one by one: hashing the type into a set cost more than
    /// the rest of making a view.)
    static func isHitTestedInCore(_ type: View.Type) -> Bool {
        type == View.self || type == Window.self || type == Control.self || type == Button.self
            || type == ScrollView.self
    }

    // MARK: Appearance

    // The flags below, and the layout settings after them, are unchecked for exclusivity, as
    // the subviews are (see there).

    /// Whether the view is hidden: a hidden view and its subviews are not drawn and take no touches.
    public var isHidden: Bool {
        get { switches.contains(.hidden) }
        set {
            guard switches.update(.hidden, to: newValue) else { return }
            flagsDidChange()
            if !newValue { pendingDisplayBecameReachable() }
        }
    }

    /// The view's opacity, 0 to 1. Below 0.01 the view takes no touches.
    public var alpha: CGFloat {
        get { extrasStorage?.alpha ?? 1 }
        set {
            willChangeAnimatedValues()
            // A change from 1 makes the extras; any other change finds them made.
            guard alpha != newValue else { return }
            extras.alpha = newValue
            flagsDidChange()
        }
    }

    /// Whether touches reach this view and its subviews.
    public var isUserInteractionEnabled: Bool {
        get { switches.contains(.userInteractionEnabled) }
        set { if switches.update(.userInteractionEnabled, to: newValue) { flagsDidChange() } }
    }

    /// Whether the view runs animations that keep touches away from it and its subviews. Not
    /// a property anyone observes: setting it tells the core alone (it is set where app code
    /// must not run, as a view leaves its window).
    var blocksTouchesWhileAnimating: Bool {
        get { switches.contains(.animatingWithoutTouches) }
        set { if switches.update(.animatingWithoutTouches, to: newValue) { updateCoreFlags() } }
    }

    /// Whether the view gets every finger of a multi-touch sequence; false by default, as in
    /// UIKit: while one of its touches is down, a further finger that lands on it is not
    /// delivered to it (its gesture recognizers still see every finger).
    public var isMultipleTouchEnabled: Bool {
        get { switches.contains(.multipleTouchEnabled) }
        set { switches.update(.multipleTouchEnabled, to: newValue) }
    }

    /// Whether the view takes touches only alone; false by default. While a touch is down on
    /// an exclusive view, no other view of the window gets a new touch, and an exclusive view
    /// gets no new touch while other views have touches down (nor do their recognizers).
    public var isExclusiveTouch: Bool {
        get { switches.contains(.exclusiveTouch) }
        set { switches.update(.exclusiveTouch, to: newValue) }
    }

    /// Whether subviews are clipped to the bounds when drawn. Hit testing never passes a point
    /// outside the bounds to subviews, clipped or not.
    public var clipsToBounds: Bool {
        get { switches.contains(.clipsToBounds) }
        set { if switches.update(.clipsToBounds, to: newValue) { flagsDidChange() } }
    }

    /// An integer an app can use to find the view with ``viewWithTag(_:)``.
    public var tag: Int {
        get { extrasStorage?.tag ?? 0 }
        set { if newValue != 0 || extrasStorage != nil { extras.tag = newValue } }
    }

    /// A name for tests and diagnostics, as UIKit's: constraint descriptions and layout
    /// reports name the view by it.
    public var accessibilityIdentifier: String? {
        get { extrasStorage?.accessibilityIdentifier }
        set { if newValue != nil || extrasStorage != nil { extras.accessibilityIdentifier = newValue } }
    }

    /// The color that fills the bounds before `draw(_:)`, or `nil` for none.
    public var backgroundColor: Color? {
        get { extrasStorage?.backgroundColor }
        set {
            willChangeAnimatedValues()
            if newValue != nil || extrasStorage != nil { extras.backgroundColor = newValue }
            observedPropertiesDidChange()
        }
    }

    /// Whether the view promises to fill its bounds with opaque content.
    public var isOpaque: Bool {
        get { switches.contains(.opaque) }
        set { switches.update(.opaque, to: newValue) }
    }

    /// Whether a partial redraw first clears the rect it redraws; true by default.
    public var clearsContextBeforeDrawing: Bool {
        get { switches.contains(.clearsContextBeforeDrawing) }
        set { switches.update(.clearsContextBeforeDrawing, to: newValue) }
    }

    /// The colour controls and drawing tint with: the nearest one set on this view or an
    /// ancestor, else the system blue. Setting `nil` follows the superview again.
    public var tintColor: Color! {
        get {
            var view: View? = self
            while let current = view {
                if let color = current.layerStorage?.viewTintColor { return color }
                view = current.superview
            }
            return .systemBlue
        }
        set {
            // Kept in the layer, which only views that draw or are styled have.
            guard newValue != layerStorage?.viewTintColor else { return }
            layer.viewTintColor = newValue
            setNeedsDisplay()
            tintColorDidChange()
        }
    }

    /// Called when ``tintColor`` is set on this view; the default does nothing.
    open func tintColorDidChange() {}

    /// The layer that draws the view, of the class ``layerClass`` (made at first use). Its
    /// geometry, background colour, opacity, hidden flag and clipping are the view's own.
    public var layer: Layer {
        if let layerStorage { return layerStorage }
        let made = Self.layerClass.init()
        made.view = self
        extras.layer = made
        return made
    }

    /// The class of the layer each view of this class gets; ``Layer`` by default. Override to
    /// back a view with a ``ShapeLayer`` or a ``GradientLayer``, as with UIKit's `layerClass`.
    open class var layerClass: Layer.Type { Layer.self }

    /// Pixels per point of the view's content: its window's screen scale (1 outside a
    /// window) unless set. Auto Layout rounds the view's edges to this pixel grid, in window
    /// space, and `systemLayoutSizeFitting` rounds up to it.
    /// - Precondition: a set value is finite and positive.
    public var contentScaleFactor: CGFloat {
        get { contentScaleFactor(inWindowOfScale: storedWindow?.screen.scale ?? 1) }
        set {
            precondition(
                newValue.isFinite && newValue > 0, "Canopy: \(self) was given a content scale factor of \(newValue)")
            guard newValue != extrasStorage?.contentScaleFactorOverride else { return }
            extras.contentScaleFactorOverride = newValue
            storedWindow?.layoutEngineStorage?.markDirty()
            setNeedsDisplay()
        }
    }

    /// The content scale factor, for a view whose window's screen has `windowScale` (1 when
    /// it has none): a pass over a window's views reads the window's once.
    func contentScaleFactor(inWindowOfScale windowScale: CGFloat) -> CGFloat {
        let override = extrasStorage?.contentScaleFactorOverride ?? 0
        return override > 0 ? override : windowScale
    }

    /// How drawn content adapts to a change of bounds; `.redraw` redraws on every size change.
    @exclusivity(unchecked) public var contentMode = ContentMode.scaleToFill

    /// How this view is resized and moved when its superview's bounds size changes.
    public var autoresizingMask: AutoresizingMask {
        get {
            storedAutoresizingMask == Self.wideMaskMarker
                ? extrasStorage?.wideAutoresizingMask ?? [] : AutoresizingMask(rawValue: UInt(storedAutoresizingMask))
        }
        set {
            guard newValue != autoresizingMask else { return }
            let fits = newValue.rawValue < UInt(Self.wideMaskMarker)
            storedAutoresizingMask = fits ? UInt8(newValue.rawValue) : Self.wideMaskMarker
            if !fits || extrasStorage != nil { extras.wideAutoresizingMask = fits ? [] : newValue }
            layoutRulesDidChange()
        }
    }

    /// What ``storedAutoresizingMask`` holds for a mask kept in the extras.
    private static let wideMaskMarker: UInt8 = 0x80

    /// Whether this view resizes its subviews by their ``autoresizingMask`` when its bounds
    /// size changes.
    public var autoresizesSubviews: Bool {
        get { switches.contains(.autoresizesSubviews) }
        set { switches.update(.autoresizesSubviews, to: newValue) }
    }

    /// Whether this view lays out left to right or right to left, or follows its superview
    /// (the default); leading and trailing constraints follow it.
    @exclusivity(unchecked) public var semanticContentAttribute = SemanticContentAttribute.unspecified {
        didSet { if semanticContentAttribute != oldValue { storedWindow?.layoutEngineStorage?.markDirty() } }
    }

    /// Whether the class lays out with constraints even before any names its views: its
    /// views' `updateConstraints()` runs in their first update cycle (where a view would add
    /// its constraints). False by default; override to return true.
    open class var requiresConstraintBasedLayout: Bool { false }

    /// Whether Auto Layout turns this view's frame and autoresizing mask into constraints
    /// (true for views made in code). Autoresizing applies only to views where it is true.
    /// Setting it to false makes the view take part in constraint-based layout.
    public var translatesAutoresizingMaskIntoConstraints: Bool {
        get { switches.contains(.translatesAutoresizingMaskIntoConstraints) }
        set {
            let changed = switches.update(.translatesAutoresizingMaskIntoConstraints, to: newValue)
            if !newValue { joinConstraintBasedLayout() }
            if changed, let engine = storedWindow?.layoutEngineStorage,
                engine.takesPart(self)
            {
                engine.markDirty()
            }
        }
    }

    // MARK: Hierarchy callbacks (see View+Hierarchy.swift for the order)

    /// Called before the view moves to `newSuperview` (`nil`: before it is removed).
    open func willMove(toSuperview newSuperview: View?) {}

    /// Called after the view moved to a new superview or was removed from one.
    open func didMoveToSuperview() {}

    /// Called before the view (or an ancestor) moves into `newWindow`, or out of its window.
    open func willMove(toWindow newWindow: Window?) {}

    /// Called after the view (or an ancestor) moved into or out of a window.
    open func didMoveToWindow() {}

    /// Called after `subview` was added to this view.
    open func didAddSubview(_ subview: View) {}

    /// Called before `subview` is removed from this view (or moved to another superview).
    open func willRemoveSubview(_ subview: View) {}

    // MARK: Update cycle (see View+UpdateCycle.swift)

    /// Updates this view's constraints; called leaves first during an update cycle for views
    /// flagged by ``setNeedsUpdateConstraints()``. Overrides must call `super` (the cycle
    /// reports one that does not).
    open func updateConstraints() {
        didCallSuperUpdateConstraints = true
    }

    /// Lays out the subviews; called top down during an update cycle for views flagged by
    /// ``setNeedsLayout()``. Recompute from current values: never depend on the previous
    /// layout's result. The default does nothing (autoresizing has already happened when the
    /// bounds size changed).
    open func layoutSubviews() {}

    /// Draws the view's content within `rect` (the union of the rects flagged by
    /// ``setNeedsDisplay(_:)``, in bounds coordinates). The default draws nothing.
    open func draw(_ rect: CGRect) {}

    /// The size that best fits `size`; the default is the current bounds size.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    // MARK: Intrinsic size

    /// The value of an ``intrinsicContentSize`` dimension the view has no natural size for.
    public static let noIntrinsicMetric: CGFloat = -1

    /// Whether `value` is an intrinsic dimension: finite and at least 0, or ``noIntrinsicMetric``.
    static func isIntrinsicDimension(_ value: CGFloat) -> Bool {
        value == noIntrinsicMetric || (value.isFinite && value >= 0)
    }

    /// The natural size of the view's content (a button's title and image), per dimension, or
    /// ``noIntrinsicMetric`` for a dimension without one; the default has neither.
    open var intrinsicContentSize: CGSize {
        CGSize(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }

    /// Tells the layout that ``intrinsicContentSize`` changed: the superview is flagged for
    /// layout, since it places this view, and Auto Layout re-solves when the view takes part.
    open func invalidateIntrinsicContentSize() {
        superview?.setNeedsLayout()
        layoutRulesDidChange()
    }

    // MARK: Hit testing (see View+HitTesting.swift)

    /// Whether `recognizer` may begin (or recognize) a gesture whose touches are in this view.
    ///
    /// Asked, when a recognizer is about to leave `.possible`, of the view it is attached to and
    /// of every view its touches are bound to; any `false` makes it fail. The default is true.
    /// ``Control`` overrides it so that a control's own action wins over a recognizer of an
    /// ancestor that would take the same gesture, as UIKit's controls do.
    open func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }

    /// The front-most descendant (or this view) that contains `point`, given in this view's
    /// space, or `nil`.
    ///
    /// Returns `nil` when the view is hidden, has user interaction off, has an alpha below
    /// 0.01, or ``point(inside:with:)`` is false; otherwise asks the subviews front to back
    /// with the point converted into each and returns the first answer, else this view.
    /// Override to change which view takes a touch; the default runs in the C core.
    /// - Complexity: O(depth + siblings in front of the path) for views whose classes are
    ///   Canopy's own; subclasses are asked through Swift.
    open func hitTest(_ point: CGPoint, with event: Event?) -> View? {
        defaultHitTest(point, with: event)
    }

    /// Whether `point`, in this view's space, is inside the view. The default is
    /// `bounds.contains(point)`, half-open: a 100×100 view contains (99, 99) but not (100, 100).
    /// Override for non-rectangular targets (a round button).
    open func point(inside point: CGPoint, with event: Event?) -> Bool {
        bounds.contains(point)
    }

    // MARK: Observation

    /// The observers of this view's properties (see ``PropertyObservable``).
    public var observationRegistry: ObservationRegistry {
        if let registry = extrasStorage?.observationRegistry { return registry }
        let registry = ObservationRegistry()
        extras.observationRegistry = registry
        return registry
    }

    // MARK: Responder chain

    /// The view controller whose root view this is, else the superview.
    open override var next: Responder? {
        owningViewController ?? superview
    }

    override var windowForFirstResponder: Window? { storedWindow }

    // MARK: Describing views

    /// A description naming the class, the object, the frame and (when set) the tag, e.g.
    /// `<View 0x…; frame = (10 20; 100 50); tag = 3>`.
    open var description: String {
        let f = frame
        let address = String(UInt(bitPattern: ObjectIdentifier(self)), radix: 16)
        var text = "<\(type(of: self)) 0x\(address); frame = (\(f.origin.x) \(f.origin.y); "
        text += "\(f.size.width) \(f.size.height))"
        if tag != 0 { text += "; tag = \(tag)" }
        return text + ">"
    }

    private func flagsDidChange() {
        updateCoreFlags()
        observedPropertiesDidChange()
    }

    /// Sets the flags the core reads from the view's switches and opacity.
    private func updateCoreFlags() {
        var bits = coreFlags & CNP_NODE_CUSTOM_HIT_TEST
        if isHidden { bits |= CNP_NODE_HIDDEN }
        if alpha < 0.01 { bits |= CNP_NODE_TRANSPARENT }
        if !isUserInteractionEnabled || switches.contains(.animatingWithoutTouches) { bits |= CNP_NODE_INTERACTION_DISABLED }
        if clipsToBounds { bits |= CNP_NODE_CLIPS }
        coreFlags = bits
        rowDidChange()
    }

    /// Tells the observers of this view's properties that some may have changed; each observer
    /// reports only a real change of its own property.
    final func observedPropertiesDidChange() {
        extrasStorage?.observationRegistry?.propertiesDidChange(of: self)
    }

    /// Tells Auto Layout that the rules it derives from the view (its frame and mask,
    /// intrinsic size, content priorities) may have changed; it re-solves if the view takes part.
    final func layoutRulesDidChange() {
        // A view in a system has a recorded place.
        guard engineItem >= 0 || takesPartInConstraintLayout else { return }
        withWindow { $0.layoutEngineStorage?.itemDidChange(self) }
    }

    /// Tells the window's flattened tree that this view's row changed.
    func rowDidChange() {
        withWindow { $0.flattenedTreeStorage.rowDidChange(of: self) }
    }

    /// Calls `body` with the window, if any, lent without counting a reference (the window
    /// holds this view): bookkeeping that runs for every view a solve moves. `body` must not
    /// call an app's code.
    func withWindow(_ body: (Window) -> Void) {
        windowHandle?._withUnsafeGuaranteedRef(body)
    }
}

/// What few views set, kept apart: a view that sets none of it (most of a large tree) is smaller
/// by all of it.
final class ViewExtras {
    weak var owningViewController: ViewController?
    var gestureRecognizers: [GestureRecognizer] = []
    var tag = 0
    var accessibilityIdentifier: String?
    var backgroundColor: Color?
    /// A scale set on the view itself; 0 when the window's screen decides.
    var contentScaleFactorOverride: CGFloat = 0
    /// The observers of the view's properties; created by the first observation.
    var observationRegistry: ObservationRegistry?
    /// The union of the rects flagged for redrawing alone, in bounds coordinates; `nil` when
    /// the whole view is (a view is flagged whole when made, and by `setNeedsDisplay()`).
    var dirtyRect: CGRect?
    /// The autoresizing mask, when it has bits beyond the seven a view keeps inline (not an
    /// optional: the extras then take a 192-byte block, not 208).
    var wideAutoresizingMask: AutoresizingMask = []
    /// The Auto Layout settings the view changed from their defaults.
    var layoutSettings: ViewLayoutSettings?
    /// The view's layer, once made.
    var layer: Layer?
    /// The view's opacity, once set to anything but 1.
    var alpha: CGFloat = 1
}

extension View {
    /// The view's extras, made on first use.
    var extras: ViewExtras {
        if let extrasStorage { return extrasStorage }
        let made = ViewExtras()
        extrasStorage = made
        return made
    }
}
