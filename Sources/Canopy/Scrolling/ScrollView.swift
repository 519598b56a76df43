import Foundation

/// A view that scrolls its content, with the behaviour of UIKit's `UIScrollView`.
///
/// The content is the scroll view's subviews, laid out in content coordinates; ``contentOffset``
/// (the bounds origin) is the content point shown at the top-left corner. Scrolling only moves
/// the bounds origin, so every scroll flags the scroll view for layout: a subclass can tile its
/// content in `layoutSubviews()`.
///
/// A finger dragged over the scroll view scrolls it through ``panGestureRecognizer``; beyond
/// the ends the content follows at a reduced rate (when ``bounces``). When the finger lifts the
/// content decelerates, and springs back into range, on the window's event clock: advance it
/// with ``Window/advanceTime(to:)`` or later events. Animation frames are 1/60 s apart.
open class ScrollView: View {
    /// How quickly a fling slows down: the velocity is multiplied by `rawValue` each millisecond.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        /// The factor per millisecond.
        public let rawValue: CGFloat
        /// Creates a rate.
        /// - Precondition: `rawValue` is in (0, 1): 1 or more never slows down, 0 or less stops
        ///   at once or reverses.
        public init(rawValue: CGFloat) {
            precondition(
                rawValue > 0 && rawValue < 1, "Canopy: a deceleration rate must be in (0, 1), got \(rawValue)")
            self.rawValue = rawValue
        }
        /// UIKit's default rate.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// UIKit's fast rate (paging-like).
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// The time between animation frames, in seconds.
    public static let frameInterval = 1.0 / 60
    /// How long `setContentOffset(_:animated: true)` takes, in seconds.
    public static let scrollAnimationDuration = 0.3

    /// The pan recognizer that drives dragging; disabled when ``isScrollEnabled`` is false.
    public let panGestureRecognizer: PanGestureRecognizer = ScrollPanGestureRecognizer()
    /// Told of scrolling; not retained.
    public weak var delegate: ScrollViewDelegate?

    /// The size of the content, in content coordinates.
    /// - Precondition: both dimensions are finite.
    public var contentSize = CGSize.zero {
        willSet {
            precondition(
                newValue.width.isFinite && newValue.height.isFinite, "Canopy: \(self) was given a non-finite content size \(newValue)")
        }
        didSet { if contentSize != oldValue { observedPropertiesDidChange() } }
    }
    /// Extra scrollable space around the content; the offset may go from `-inset.left/top` up
    /// to `contentSize + inset.right/bottom - bounds.size`.
    /// - Precondition: every inset is finite.
    public var contentInset = EdgeInsets.zero {
        willSet { precondition(newValue.isFinite, "Canopy: \(self) was given a non-finite content inset \(newValue)") }
        didSet { if contentInset != oldValue { observedPropertiesDidChange() } }
    }
    /// The inset the scrolling range uses. Canopy has no safe area, so it is ``contentInset``.
    public var adjustedContentInset: EdgeInsets { contentInset }
    /// Whether dragging scrolls; turning it off leaves the offset where it is.
    public var isScrollEnabled = true {
        didSet { panGestureRecognizer.isEnabled = isScrollEnabled }
    }
    /// Whether the content goes past the ends while dragged and springs back; true by default.
    public var bounces = true
    /// Whether the content bounces vertically even when it fits; false by default.
    public var alwaysBounceVertical = false
    /// Whether the content bounces horizontally even when it fits; false by default.
    public var alwaysBounceHorizontal = false
    /// How quickly a fling slows down.
    public var decelerationRate = DecelerationRate.normal

    /// Whether content waits ``contentTouchDelay`` before it sees a touch, so that a quick drag
    /// from a button scrolls without highlighting it; true by default.
    public var delaysContentTouches = true {
        didSet { contentTouchDelayRecognizer.isEnabled = delaysContentTouches }
    }
    /// Whether a drag may take touches the content is already handling (asking
    /// ``touchesShouldCancel(in:)``); true by default. When false, a touch that reached the
    /// content never scrolls.
    public var canCancelContentTouches = true
    /// Whether a drag comes to rest on a multiple of the bounds size; false by default.
    public var isPagingEnabled = false
    /// Whether a drag that starts along one axis scrolls along that axis only; false by
    /// default. A start with one component at least twice the other picks the axis; a
    /// diagonal start scrolls freely.
    public var isDirectionalLockEnabled = false

    /// Whether a finger is on the scroll view (it may not have moved enough to drag yet).
    public internal(set) var isTracking = false {
        didSet { if isTracking != oldValue { observedPropertiesDidChange() } }
    }
    /// Whether a finger is scrolling the content.
    public internal(set) var isDragging = false {
        didSet { if isDragging != oldValue { observedPropertiesDidChange() } }
    }
    /// Whether the content is moving on its own after a drag.
    public internal(set) var isDecelerating = false {
        didSet { if isDecelerating != oldValue { observedPropertiesDidChange() } }
    }

    /// The offset when the current drag began.
    var dragOrigin = CGPoint.zero
    /// The axis the current drag keeps to (``isDirectionalLockEnabled``), if any.
    var lockedAxis: LayoutConstraint.Axis?
    let contentTouchDelayRecognizer = ContentTouchDelayRecognizer()
    /// The zoom limits and scale (see ScrollView+Zooming.swift).
    var zoomLimits: ClosedRange<CGFloat> = 1...1
    var currentZoomScale: CGFloat = 1
    /// The zoom scale when the current pinch began, while one is zooming.
    var pinchZoomStart: CGFloat?
    let zoomPinchRecognizer = PinchGestureRecognizer()
    /// Counts motions, so that a frame scheduled for one does not move the next.
    private var motionGeneration = 0
    /// The content layout guide and the two constraints that put its top left at the content's
    /// origin; the frame layout guide (see ScrollView+LayoutGuides.swift). Made on first use.
    var contentGuide: (guide: LayoutGuide, left: LayoutConstraint, top: LayoutConstraint)?
    var frameGuide: (guide: LayoutGuide, pins: [LayoutConstraint])?

    /// The guides added to the scroll view, less the two it makes for itself.
    override var archivedLayoutGuides: [LayoutGuide] {
        super.archivedLayoutGuides.filter { ownGuideName($0) == nil }
    }

    /// The constraints the scroll view holds, less those that place its own guides.
    override var archivedConstraints: [LayoutConstraint] {
        let pins = ownGuidePins
        guard !pins.isEmpty else { return super.archivedConstraints }
        return super.archivedConstraints.filter { constraint in !pins.contains { $0 === constraint } }
    }

    /// Keeps the content layout guide at the content's origin, and takes its size as the
    /// content size when constraints give it one.
    open override func layoutSubviews() {
        super.layoutSubviews()
        updateContentLayoutGuide()
    }

    /// Creates a scroll view with the given frame and an empty content size.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        attachRecognizers()
    }

    /// Creates a scroll view from an archive: the view's values, then its content size and
    /// insets and how it scrolls.
    public required init?(coder: Coder) {
        super.init(coder: coder)
        attachRecognizers()
        guard coder.attempt({ () throws(ArchiveError) in try decodeScrollProperties(from: coder) }) else { return nil }
    }

    /// Writes the view's values and the scrolling settings.
    open override func encode(with coder: Coder) {
        super.encode(with: coder)
        encodeScrollProperties(with: coder)
    }

    /// The scroll view's own recognizers are made again, not archived.
    override var archivedGestureRecognizers: [GestureRecognizer] {
        super.archivedGestureRecognizers.filter { $0 !== panGestureRecognizer && $0 !== contentTouchDelayRecognizer && $0 !== zoomPinchRecognizer }
    }

    private func attachRecognizers() {
        panGestureRecognizer.addAction { [unowned self] recognizer in
            self.panDidChange(recognizer as! PanGestureRecognizer)
        }
        addGestureRecognizer(panGestureRecognizer)
        addGestureRecognizer(contentTouchDelayRecognizer)
    }

    // MARK: The offset

    /// The content point shown at the top-left corner: the bounds origin. Setting it stops a
    /// motion under way (as ``setContentOffset(_:animated:)`` does without animation).
    public var contentOffset: CGPoint {
        get { bounds.origin }
        set { setContentOffset(newValue, animated: false) }
    }

    /// Scrolls to `offset`: at once, or over ``scrollAnimationDuration`` on the window's event
    /// clock (ease in, ease out; the delegate hears `scrollViewDidEndScrollingAnimation` at the
    /// end). The offset is not clamped to the scrollable range, as in UIKit.
    /// - Precondition: both coordinates are finite.
    public func setContentOffset(_ offset: CGPoint, animated: Bool) {
        precondition(offset.isFinite, "Canopy: \(self) was given a non-finite content offset \(offset)")
        stopMotion()
        guard animated, let window, offset != contentOffset else { return applyOffset(offset) }
        let start = contentOffset, startTime = window.eventTime.isFinite ? window.eventTime : 0
        runMotion(startingAt: startTime) { scrollView, time in
            let progress = min(1, (time - startTime) / Self.scrollAnimationDuration)
            let eased = CGFloat(progress * progress * (3 - 2 * progress))
            scrollView.applyOffset(
                CGPoint(x: start.x + (offset.x - start.x) * eased, y: start.y + (offset.y - start.y) * eased))
            guard progress == 1 else { return false }
            scrollView.delegate?.scrollViewDidEndScrollingAnimation(scrollView)
            return true
        }
    }

    /// Scrolls as little as needed to show `rect` (content coordinates), within the scrollable
    /// range: nothing when it is visible; a rect larger than the view shows its top-left part.
    /// - Precondition: `rect` is finite.
    public func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        precondition(rect.isFinite, "Canopy: \(self) cannot scroll to the non-finite rect \(rect)")
        let visible = bounds
        func axis(_ minimum: CGFloat, _ maximum: CGFloat, shown: CGFloat, length: CGFloat) -> CGFloat {
            if maximum - minimum > length || minimum < shown { return minimum }
            if maximum > shown + length { return maximum - length }
            return shown
        }
        let offset = clampedToScrollableRange(
            CGPoint(
                x: axis(rect.minX, rect.maxX, shown: visible.minX, length: visible.width),
                y: axis(rect.minY, rect.maxY, shown: visible.minY, length: visible.height)))
        guard offset != contentOffset else { return }
        setContentOffset(offset, animated: animated)
    }

    /// `offset` brought within ``scrollableRange`` on each axis.
    func clampedToScrollableRange(_ offset: CGPoint) -> CGPoint {
        let range = scrollableRange
        return CGPoint(x: offset.x.clamped(to: range.x), y: offset.y.clamped(to: range.y))
    }

    /// The offsets the content rests within, per axis: from `-inset` to the far end of the
    /// content plus the inset, less the visible size (never below the start).
    public var scrollableRange: (x: ClosedRange<CGFloat>, y: ClosedRange<CGFloat>) {
        let inset = adjustedContentInset, size = bounds.size
        let minX = -inset.left, minY = -inset.top
        let maxX = max(minX, contentSize.width + inset.right - size.width)
        let maxY = max(minY, contentSize.height + inset.bottom - size.height)
        return (minX...maxX, minY...maxY)
    }

    func applyOffset(_ offset: CGPoint) {
        guard offset != bounds.origin else { return }
        bounds.origin = offset
        placeContentLayoutGuide()
        delegate?.scrollViewDidScroll(self)
    }

    // MARK: Motion on the event clock

    /// Runs `step` once per frame from `startTime`, with the frame's time, until it returns true.
    func runMotion(startingAt startTime: Double, _ step: @escaping (ScrollView, Double) -> Bool) {
        motionGeneration += 1
        scheduleFrame(at: startTime + Self.frameInterval, generation: motionGeneration, step)
    }

    private func scheduleFrame(at time: Double, generation: Int, _ step: @escaping (ScrollView, Double) -> Bool) {
        window?.schedule(at: time) { [weak self] in
            guard let self, self.motionGeneration == generation else { return }
            if step(self, time) {
                self.motionGeneration += 1
            } else {
                self.scheduleFrame(at: time + Self.frameInterval, generation: generation, step)
            }
        }
    }

    /// Stops a deceleration or animation under way, where it is.
    func stopMotion() {
        motionGeneration += 1
        isDecelerating = false
    }

    // MARK: Touches

    /// Whether a touch in the content may begin there; true by default. Asked, when the touch
    /// would reach `view` (after ``contentTouchDelay``, when delayed), of every scroll view
    /// that contains it; `false` keeps the touch from `view`, though the scroll view can
    /// still drag with it.
    open func touchesShouldBegin(_ touches: Set<Touch>, with event: Event?, in view: View) -> Bool { true }

    /// Whether a drag may take a touch that content `view` is handling: true by default,
    /// false for a ``Control``, so a control that is tracking keeps its touch (and the scroll
    /// view does not scroll). Asked only when ``canCancelContentTouches`` is true.
    open func touchesShouldCancel(in view: View) -> Bool { !(view is Control) }

    /// Lets the pan begin only when it may take every content touch it would cancel.
    open override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        guard recognizer === panGestureRecognizer, let window else {
            return super.gestureRecognizerShouldBegin(recognizer)
        }
        for touch in recognizer.touches {
            guard let view = touch.view, view !== self, window.viewHasTouch(touch) else { continue }
            if !canCancelContentTouches || !touchesShouldCancel(in: view) { return false }
        }
        return super.gestureRecognizerShouldBegin(recognizer)
    }


    /// Keeps the touch: a scroll view does not pass touches along the responder chain, as in
    /// UIKit, so a subclass that forwards them to ``Responder/next`` delivers each one once.
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {}
    /// Keeps the touches; see ``touchesBegan(_:with:)``.
    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {}
    /// Keeps the touches; see ``touchesBegan(_:with:)``.
    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {}
    /// Keeps the touches; see ``touchesBegan(_:with:)``.
    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {}

    open override func willMove(toWindow newWindow: Window?) {
        super.willMove(toWindow: newWindow)
        if newWindow !== window { stopMotion() }
    }
}
