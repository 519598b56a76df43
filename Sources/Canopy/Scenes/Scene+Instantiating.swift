import Foundation

/// The objects a scene was made into, in the scene's order.
///
/// A scene's constraints are kept as plain records, which layout reads, until something asks
/// for them: ``constraints`` (or a view's ``View/constraints``, or a change of the hierarchy
/// they live in) makes them objects, all at once. A large tree that is only laid out never
/// pays for them; ``constraint(at:)`` makes just the one asked for.
public struct SceneInstance {
    /// The window, holding the tree (its first update cycle has not run).
    public let window: Window
    /// The views, in the order of ``Scene/views``; the first is the window.
    public let views: [View]
    /// The guides, in the order of ``Scene/guides``.
    public let guides: [LayoutGuide]
    private let table: ConstraintTable

    init(window: Window, views: [View], guides: [LayoutGuide], table: ConstraintTable) {
        (self.window, self.views, self.guides, self.table) = (window, views, guides, table)
    }

    /// The constraints, in the order of ``Scene/constraints``, all active (unless deactivated
    /// since). The first read makes every one an object.
    public var constraints: [LayoutConstraint] { table.makeAllObjects() }

    /// The constraint at `index` of ``Scene/constraints``, made an object alone if it was not.
    /// - Precondition: `index` is in `0..<constraintCount`.
    public func constraint(at index: Int) -> LayoutConstraint {
        precondition((0..<table.count).contains(index), "Canopy: no constraint \(index) in a scene of \(table.count)")
        return table.object(at: index)
    }

    /// The number of constraints the scene made.
    public var constraintCount: Int { table.count }
}

extension Scene {
    /// Makes the scene's window, views, guides and constraints. The scene is checked first, so a
    /// scene that breaks a rule of the format makes nothing.
    /// - Throws: ``SceneError`` naming the place, for a scene edited in code into one that breaks
    ///   a rule (a scene read by ``load(from:classes:limits:)`` has been checked already).
    public func instantiate(classes: SceneClasses = .builtIn, limits: SceneLimits = SceneLimits()) throws(SceneError) -> SceneInstance {
        try instantiate(checked: SceneIndex(self, classes: classes, limits: limits), classes: classes)
    }

    /// Gives each view with several children a subviews list of their number: grown child by
    /// child, a tree's lists were reallocated about twice a parent, and a window of a million
    /// subviews kept up to twice the room.
    private func reserveSubviews(of made: [View], parents: [Int32]) {
        var childCounts = [Int32](repeating: 0, count: made.count)
        for parent in parents.dropFirst() { childCounts[Int(parent)] += 1 }
        for (view, count) in zip(made, childCounts) where count > 1 { view.subviews.reserveCapacity(Int(count)) }
    }

    /// Makes the scene's objects, `index` having checked it against `classes`.
    func instantiate(checked index: SceneIndex, classes: SceneClasses) throws(SceneError) -> SceneInstance {
        let made = try makeViews(classes: classes)
        let window = made[0] as! Window
        window.screen = Screen(bounds: views[0].frame, scale: scale)
        window.userInterfaceLayoutDirection = layoutDirection
        for i in views.indices { configure(made[i], fromViewAt: i) }
        reserveSubviews(of: made, parents: index.parents)
        // The window's subviews last, each with its subtree built: a view added outside any
        // window moves no subtree into one.
        for i in 1..<made.count where index.parents[i] != 0 { made[Int(index.parents[i])].addSubview(made[i]) }
        for i in 1..<made.count where index.parents[i] == 0 { window.addSubview(made[i]) }
        for i in views.indices {
            guard let stack = views[i].customPlacement?.stack, let view = made[i] as? StackView else { continue }
            Self.configure(view, from: stack, arranged: (index.arrangedViews[i] ?? []).map { made[$0] })
        }
        let guides = self.guides.indices.map { k in
            let record = self.guides[k], owner = made[index.guideOwners[k]]
            if record.isMarginsGuide { return owner.layoutMarginsGuide }
            if record.isSafeAreaGuide { return owner.safeAreaLayoutGuide }
            if let kind = record.scrollViewGuide, let scrollView = owner as? ScrollView {
                return kind == .content ? scrollView.contentLayoutGuide : scrollView.frameLayoutGuide
            }
            let guide = LayoutGuide()
            owner.addLayoutGuide(guide)
            return guide
        }
        // Numbered as the index numbers them, views first; read uncounted (`made` and `guides`
        // keep them, and then their superviews and owning views: see ConstraintTable).
        let items = made.map(UncountedItem.init(view:)) + guides.map(UncountedItem.init(guide:))
        var identifiers: [Int: String] = [:], multipliers: [Int: CGFloat] = [:]
        // The constrained views take part in constraint-based layout, as activating made them.
        func join(_ number: Int32) {
            guard number >= 0 else { return }
            items[Int(number)].owningViewHandle?._withUnsafeGuaranteedRef { $0.joinConstraintBasedLayout() }
        }
        // Fields read in place, as the views' are: a copy of a record would retain its ids.
        let records = index.constraintItems.indices.map { i in
            let numbers = index.constraintItems[i]
            join(numbers.first)
            join(numbers.second)
            if let identifier = self.constraints[i].identifier { identifiers[i] = identifier }
            let multiplier = self.constraints[i].multiplier
            if multiplier != 1 { multipliers[i] = multiplier }
            return ConstraintTable.Record(
                first: numbers.first, second: numbers.second, firstAttribute: self.constraints[i].firstAttribute,
                secondAttribute: self.constraints[i].secondAttribute, relation: self.constraints[i].relation,
                priority: self.constraints[i].priority, constant: self.constraints[i].constant,
                isMultiplied: multiplier != 1)
        }
        // A scene without constraints (autoresizing only) keeps no items and leaves its
        // window nothing to read.
        let table = ConstraintTable(
            window: window, items: records.isEmpty ? [] : items, records: records, identifiers: identifiers,
            multipliers: multipliers)
        if !records.isEmpty {
            window.pendingConstraints = table
            window.constraintsDidChange()
        }
        return SceneInstance(window: window, views: made, guides: guides, table: table)
    }

    /// The views, unconfigured: each made by its class's maker, or through `init?(coder:)`
    /// when ``archive`` holds values for it.
    private func makeViews(classes: SceneClasses) throws(SceneError) -> [View] {
        // Records are read in place, by index: iterating would copy each one, strings and all.
        // The last maker is passed in and out, not captured: a captured variable is boxed, and
        // every access to the box was checked for exclusivity.
        var last: Maker?
        var made: [View?] = []
        made.reserveCapacity(views.count)
        for i in views.indices {
            let unarchived = archive.map { $0.objects[i].placeholder == nil } ?? false
            made.append(unarchived ? nil : makeView(at: i, classes: classes, last: &last))
        }
        if let archive { try Self.makeArchivedViews(archive, made: &made, records: views, classes: classes) }
        // Moved out, not copied: a copy counts a reference to each view, and dropping `made`
        // then released each one.
        return made.indices.map { made[$0].take()! }
    }

    private typealias Maker = (className: String, make: @Sendable () -> View)

    /// The view of record `i`, made by its class's maker. Views of one class mostly come in
    /// runs: `last`, the previous view's maker, is tried first.
    private func makeView(at i: Int, classes: SceneClasses, last: inout Maker?) -> View {
        guard i > 0 else { return Window(frame: views[0].frame) }
        let className = views[i].className
        if last?.className != className { last = (className, classes.maker(of: className)!) }
        return last!.make()
    }

    /// Sets `view` as `views[index]` says. The record's fields are read in place: a record
    /// passed to a call was copied, its strings and parts retained and released.
    private func configure(_ view: View, fromViewAt index: Int) {
        // The placement and the appearance are read once each (see SceneIndex.checkValues).
        let placement = views[index].placement, appearance = views[index].appearance
        let frame = views[index].frame, size = frame.size
        // The anchor point and the transform are mostly the defaults, and setting either costs
        // more than comparing.
        if view.anchorPoint != placement.anchorPoint { view.anchorPoint = placement.anchorPoint }
        view.bounds = CGRect(origin: placement.boundsOrigin, size: size)
        view.center = placement.center ?? ViewRecord.center(of: frame, at: placement.anchorPoint)
        if view.transform != placement.transform { view.transform = placement.transform }
        view.isHidden = views[index].isHidden
        view.clipsToBounds = views[index].clipsToBounds
        view.isUserInteractionEnabled = views[index].isUserInteractionEnabled
        view.alpha = views[index].alpha
        if let color = appearance.backgroundColor { view.backgroundColor = color }
        if appearance.cornerRadius != 0 || appearance.borderWidth != 0 || appearance.borderColor != .black {
            view.layer.cornerRadius = appearance.cornerRadius
            view.layer.borderWidth = appearance.borderWidth
            view.layer.borderColor = appearance.borderColor
        }
        view.tag = placement.tag
        view.accessibilityIdentifier = placement.accessibilityIdentifier
        view.translatesAutoresizingMaskIntoConstraints = views[index].translatesAutoresizingMaskIntoConstraints
        view.autoresizingMask = views[index].autoresizingMask
        view.semanticContentAttribute = placement.semanticContentAttribute
        // Only where they differ, so that views left at the defaults carry no layout state.
        func setPriorities(_ hugging: LayoutPriority, _ resistance: LayoutPriority, for axis: LayoutConstraint.Axis) {
            if view.contentHuggingPriority(for: axis) != hugging { view.setContentHuggingPriority(hugging, for: axis) }
            if view.contentCompressionResistancePriority(for: axis) != resistance {
                view.setContentCompressionResistancePriority(resistance, for: axis)
            }
        }
        setPriorities(placement.hugging.horizontal, placement.compressionResistance.horizontal, for: .horizontal)
        setPriorities(placement.hugging.vertical, placement.compressionResistance.vertical, for: .vertical)
        if placement.layoutMargins != view.layoutMargins { view.layoutMargins = placement.layoutMargins }
        if let size = placement.intrinsicContentSize { view.changedLayoutSettings.recordedIntrinsicSize = size }
        // Only where they differ: a label made from the scene's archive may hold attributed
        // text, which setting its plain text or font again would replace.
        if let text = appearance.label, let label = view as? Label {
            let font = text.isBold ? Font.boldSystemFont(ofSize: text.fontSize) : Font.systemFont(ofSize: text.fontSize)
            if label.text != text.text { label.text = text.text }
            if label.font != font { label.font = font }
            if label.textColor != text.textColor { label.textColor = text.textColor }
            if label.numberOfLines != text.numberOfLines { label.numberOfLines = text.numberOfLines }
            if label.textAlignment != text.textAlignment { label.textAlignment = text.textAlignment }
        }
        if let title = appearance.button, let button = view as? Button {
            button.setTitle(title.title, for: .normal)
            button.setTitleColor(title.titleColor, for: .normal)
            button.titleFont = title.isBold ? Font.boldSystemFont(ofSize: title.fontSize) : Font.systemFont(ofSize: title.fontSize)
            for state in title.states {
                button.setTitle(state.title, for: state.state)
                button.setTitleColor(state.titleColor, for: state.state)
            }
        }
        if let image = appearance.image, let imageView = view as? ImageView {
            imageView.image = Image(data: image.pngData, scale: image.scale)
        }
        if let mode = appearance.contentMode { view.contentMode = mode }
    }

    private static func configure(_ stack: StackView, from record: StackRecord, arranged: [View]) {
        stack.axis = record.axis
        stack.distribution = record.distribution
        stack.alignment = record.alignment
        stack.spacing = record.spacing
        stack.isLayoutMarginsRelativeArrangement = record.isLayoutMarginsRelativeArrangement
        stack.addArrangedSubviews(arranged)
    }
}

extension Scene.ViewRecord {
    /// The center that `frame` and `anchorPoint` give, which `center` overrides when present.
    var centerFromFrame: CGPoint { Self.center(of: frame, at: anchorPoint) }

    /// The center of `frame` with the anchor point `anchor`.
    static func center(of frame: CGRect, at anchor: CGPoint) -> CGPoint {
        CGPoint(x: frame.origin.x + anchor.x * frame.width, y: frame.origin.y + anchor.y * frame.height)
    }
}
