import Foundation

extension Scene {
    /// Records `window`'s tree as it is now: every view in tree order (the window is `window`,
    /// the others `v1`, `v2`… in that order), its geometry, flags, priorities and intrinsic size,
    /// its guides, the active constraints and the stack views' settings. The constraints a stack
    /// view makes for itself are left out (loading the stack makes them again).
    ///
    /// A view's class is recorded by its type's name; a scene with classes other than the
    /// built-in ones loads with those names registered in ``SceneClasses``. The views a control
    /// makes for its own content (a button's `titleLabel` and `imageView`) are left out, as
    /// UIKit's archives leave them: the control makes them again.
    /// - Complexity: O(views + constraints); no recursion.
    public init(capturing window: Window) {
        window.pendingConstraints?.makeAllObjects()  // the capture reads what views hold
        scale = window.screen.scale
        layoutDirection = window.userInterfaceLayoutDirection
        var ids: [ObjectIdentifier: String] = [:]
        var tree: [View] = []
        var pending: [View] = [window]
        while let view = pending.popLast() {
            ids[ObjectIdentifier(view)] = view === window ? "window" : "v\(tree.count)"
            tree.append(view)
            for subview in view.subviews.reversed() where !((view as? Button)?.isContentSubview(subview) ?? false) {
                pending.append(subview)
            }
        }
        var classMade = Set<ObjectIdentifier>()
        for case let stack as StackView in tree {
            for constraint in stack.arrangement.constraints { classMade.insert(ObjectIdentifier(constraint)) }
            for guide in stack.arrangement.guides { classMade.insert(ObjectIdentifier(guide)) }
        }
        // A safe-area guide is recorded as such; the pins placing it are made with it.
        for view in tree {
            guard let guide = view.layoutSettings?.safeAreaGuide else { continue }
            for pin in view.constraints where pin.firstItem === guide && pin.secondItem === view {
                classMade.insert(ObjectIdentifier(pin))
            }
        }
        // A scroll view's own guides are recorded by name; the constraints placing them are its own.
        for case let scrollView as ScrollView in tree {
            for pin in scrollView.ownGuidePins { classMade.insert(ObjectIdentifier(pin)) }
        }
        views = tree.map { Self.record(of: $0, ids: ids) }
        archive = Self.archive(of: tree, records: views)
        for view in tree {
            guard let settings = view.layoutSettings, let owner = ids[ObjectIdentifier(view)] else { continue }
            if let margins = settings.marginsGuide {
                ids[ObjectIdentifier(margins)] = owner + ".margins"
                guides.append(GuideRecord(id: owner + ".margins", owner: owner, isMarginsGuide: true))
            }
            for (k, guide) in settings.guides.enumerated() where !classMade.contains(ObjectIdentifier(guide)) {
                let isSafeArea = guide === settings.safeAreaGuide
                let id = isSafeArea ? owner + ".safeArea" : owner + ".guide\(k)"
                ids[ObjectIdentifier(guide)] = id
                var record = GuideRecord(id: id, owner: owner)
                record.isSafeAreaGuide = isSafeArea
                record.scrollViewGuide = (view as? ScrollView)?.ownGuideName(guide).flatMap(GuideRecord.ScrollViewGuide.init)
                guides.append(record)
            }
        }
        for view in tree {
            let held = view.layoutStateStorage?.constraints.array ?? []
            for constraint in held where !classMade.contains(ObjectIdentifier(constraint)) {
                if let record = Self.record(of: constraint, ids: ids) { constraints.append(record) }
            }
        }
    }

    private static func record(of view: View, ids: [ObjectIdentifier: String]) -> ViewRecord {
        var record = ViewRecord(
            id: ids[ObjectIdentifier(view)]!, className: view is Window ? "Window" : String(describing: type(of: view)),
            parent: view.superview.flatMap { ids[ObjectIdentifier($0)] }, frame: view.untransformedFrame)
        record.anchorPoint = view.anchorPoint
        if record.centerFromFrame != view.center { record.center = view.center }
        record.boundsOrigin = view.bounds.origin
        record.transform = view.transform
        record.isHidden = view.isHidden
        record.clipsToBounds = view.clipsToBounds
        record.isUserInteractionEnabled = view.isUserInteractionEnabled
        record.alpha = view.alpha
        record.backgroundColor = view.backgroundColor
        if let layer = view.layerStorage {
            record.cornerRadius = layer.cornerRadius
            record.borderWidth = layer.borderWidth
            record.borderColor = layer.borderColor ?? .clear
        }
        record.tag = view.tag
        record.accessibilityIdentifier = view.accessibilityIdentifier
        record.translatesAutoresizingMaskIntoConstraints = view.translatesAutoresizingMaskIntoConstraints
        record.autoresizingMask = view.autoresizingMask
        record.semanticContentAttribute = view.semanticContentAttribute
        // A label's text gives its size again when loaded; other classes keep theirs recorded.
        let intrinsic = view.layoutIntrinsicSize
        let imageGivesSize = (view as? ImageView)?.image?.raster != nil
        if !(view is Label), !imageGivesSize, intrinsic.width != View.noIntrinsicMetric || intrinsic.height != View.noIntrinsicMetric {
            record.intrinsicContentSize = intrinsic
        }
        if let label = view as? Label {
            var text = Scene.LabelRecord(text: label.text)
            text.fontSize = label.font.pointSize
            text.isBold = label.font == Font.boldSystemFont(ofSize: label.font.pointSize)
            text.textColor = label.textColor
            text.numberOfLines = label.numberOfLines
            text.textAlignment = label.textAlignment
            record.label = text
        }
        if let button = view as? Button {
            var title = Scene.ButtonRecord(title: button.ownTitle(for: .normal))
            title.titleColor = button.ownTitleColor(for: .normal)
            title.fontSize = button.titleFont.pointSize
            title.isBold = button.titleFont == Font.boldSystemFont(ofSize: button.titleFont.pointSize)
            title.states = SceneVocabulary.controlStates.pairs.compactMap { pair in
                let (text, color) = (button.ownTitle(for: pair.value), button.ownTitleColor(for: pair.value))
                return text == nil && color == nil ? nil : StateTitleRecord(state: pair.value, title: text, titleColor: color)
            }
            if title.title != nil || title.titleColor != nil || !title.states.isEmpty { record.button = title }
        }
        if let image = (view as? ImageView)?.image, let png = image.pngData() {
            record.image = ImageRecord(pngData: png, scale: image.scale)
        }
        if view.contentMode != view.initialContentMode { record.contentMode = view.contentMode }
        record.hugging = AxisPriorities(
            horizontal: view.contentHuggingPriority(for: .horizontal), vertical: view.contentHuggingPriority(for: .vertical))
        record.compressionResistance = AxisPriorities(
            horizontal: view.contentCompressionResistancePriority(for: .horizontal),
            vertical: view.contentCompressionResistancePriority(for: .vertical))
        record.layoutMargins = view.layoutMargins
        if let stack = view as? StackView {
            var settings = StackRecord(arranged: stack.arrangedSubviews.compactMap { ids[ObjectIdentifier($0)] })
            settings.axis = stack.axis
            settings.distribution = stack.distribution
            settings.alignment = stack.alignment
            settings.spacing = stack.spacing
            settings.isLayoutMarginsRelativeArrangement = stack.isLayoutMarginsRelativeArrangement
            record.stack = settings
        }
        return record
    }

    /// The constraint by ids, or `nil` when an item was released or is outside the window.
    private static func record(of constraint: LayoutConstraint, ids: [ObjectIdentifier: String]) -> ConstraintRecord? {
        guard let firstItem = constraint.firstItem, let first = ids[ObjectIdentifier(firstItem)] else { return nil }
        var second: String?
        if let secondItem = constraint.secondItem {
            guard let id = ids[ObjectIdentifier(secondItem)] else { return nil }
            second = id
        }
        var record = ConstraintRecord(
            first: first, constraint.firstAttribute, constraint.relation, second: second, constraint.secondAttribute,
            multiplier: constraint.multiplier, constant: constraint.constant, priority: constraint.priority)
        record.identifier = constraint.identifier
        return record
    }
}
