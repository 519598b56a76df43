import Foundation

/// Auto Layout on views: constraints, anchors, margins, guides, content priorities.
extension View {
    // MARK: Constraints

    /// The active constraints this view holds: those whose items' nearest common ancestor it is.
    public var constraints: [LayoutConstraint] {
        makeWindowConstraintsObjects()
        return layoutStateStorage?.constraints.array ?? []
    }

    /// Makes the constraints the window keeps as records objects (see `ConstraintTable`):
    /// called before what reads the constraints views hold, or changes where they are.
    func makeWindowConstraintsObjects() {
        storedWindow?.pendingConstraints?.makeAllObjects()
    }

    /// Activates `constraint` (kept for compatibility: the constraint goes to its items' nearest
    /// common ancestor, which need not be this view).
    public func addConstraint(_ constraint: LayoutConstraint) { LayoutConstraint.activate([constraint]) }

    /// Activates `constraints`; see ``addConstraint(_:)``.
    public func addConstraints(_ constraints: [LayoutConstraint]) { LayoutConstraint.activate(constraints) }

    /// Deactivates `constraint` if this view holds it.
    public func removeConstraint(_ constraint: LayoutConstraint) { removeConstraints([constraint]) }

    /// Deactivates those of `constraints` this view holds.
    public func removeConstraints(_ constraints: [LayoutConstraint]) {
        LayoutConstraint.deactivate(constraints.filter { $0.container === self })
    }

    /// Holds `constraint` (the caller tells the window's engine).
    func install(_ constraint: LayoutConstraint) {
        withLayoutState { state in
            state.constraints.append(constraint)
        }
        constraint.container = self
        constraint.firstOwningViewHandle?._withUnsafeGuaranteedRef { $0.joinConstraintBasedLayout() }
        constraint.secondOwningViewHandle?._withUnsafeGuaranteedRef { $0.joinConstraintBasedLayout() }
    }

    /// The view takes part in constraint-based layout from now on: the next update cycle calls
    /// its `updateConstraints()`, as UIKit does for such views at first display. Once per view.
    func joinConstraintBasedLayout() {
        if joinedConstraintBasedLayout { return }
        joinedConstraintBasedLayout = true
        markPending(.constraints)
    }

    /// Drops the constraints deactivated since they were installed here.
    func dropInactiveConstraints() {
        layoutState.constraints.removeAll { $0.container !== self }
        constraintsDidChange()
    }

    /// Re-solves at the next update cycle.
    func constraintsDidChange() {
        storedWindow?.layoutEngine.markDirty()
    }

    /// Deactivates the constraints that tie this subtree, just detached from its superview, to
    /// views outside it (their holders are outside), as UIKit does when a view is removed; a
    /// constraint's holder then stays its items' nearest common ancestor while it is active.
    func deactivateConstraintsLeavingSubtree() {
        // A holder is an ancestor (or the view itself) of each item's view, so a walk parents
        // first meets a holder inside the subtree before its items; only views with layout
        // state can hold constraints. (Walking up from each holder instead is quadratic in a
        // deep chain.)
        var inside = Set<ObjectIdentifier>()
        var leaving: [LayoutConstraint] = []
        func noteLeaving(_ references: ConstraintReferences) {
            for constraint in references.constraints {
                if let holder = constraint.container, !inside.contains(ObjectIdentifier(holder)) { leaving.append(constraint) }
            }
        }
        forEachInSubtree { view in
            if let state = view.layoutStateStorage {
                inside.insert(ObjectIdentifier(view))
                noteLeaving(state.references)
            }
            guard let settings = view.layoutSettings else { return }
            for guide in settings.guides { noteLeaving(guide.references) }
            if let margins = settings.marginsGuide { noteLeaving(margins.references) }
        }
        LayoutConstraint.deactivate(leaving)
    }

    // MARK: Margins and guides

    /// Space Auto Layout keeps inside the edges for the margin attributes and
    /// ``layoutMarginsGuide``; 8 points on each side by default. A view controller's root view
    /// keeps at least the controller's ``ViewController/systemMinimumLayoutMargins`` (unless
    /// ``ViewController/viewRespectsSystemMinimumLayoutMargins`` is false), as in UIKit: the
    /// value read is the greater of the two on each side.
    public var layoutMargins: EdgeInsets {
        get {
            let own = layoutSettings?.margins ?? ViewLayoutSettings.defaultMargins
            guard let controller = owningViewController, controller.viewRespectsSystemMinimumLayoutMargins else { return own }
            let minimum = controller.systemMinimumLayoutMargins
            return EdgeInsets(
                top: max(own.top, minimum.top), left: max(own.left, minimum.left), bottom: max(own.bottom, minimum.bottom),
                right: max(own.right, minimum.right))
        }
        set {
            precondition(newValue.isFinite, "Canopy: \(self) was given non-finite layout margins")
            guard newValue != (layoutSettings?.margins ?? ViewLayoutSettings.defaultMargins) else { return }
            changedLayoutSettings.margins = newValue
            constraintsDidChange()
        }
    }

    /// A guide for the bounds less ``layoutMargins``.
    public var layoutMarginsGuide: LayoutGuide {
        if let guide = layoutSettings?.marginsGuide { return guide }
        let guide = LayoutGuide(marginsOf: self)
        changedLayoutSettings.marginsGuide = guide
        return guide
    }

    /// The insets of the area no bar or screen edge covers. Off a device nothing covers the
    /// screen, so they are zero and the safe area is the bounds.
    public var safeAreaInsets: EdgeInsets { .zero }

    /// A guide for the bounds less ``safeAreaInsets`` (the whole bounds here), as Interface
    /// Builder's safe area: made on first use, added to ``layoutGuides`` and pinned to the
    /// view's edges by four constraints.
    public var safeAreaLayoutGuide: LayoutGuide {
        if let guide = layoutSettings?.safeAreaGuide { return guide }
        let guide = LayoutGuide()
        guide.identifier = "safeAreaLayoutGuide"
        addLayoutGuide(guide)
        changedLayoutSettings.safeAreaGuide = guide
        LayoutConstraint.activate([
            guide.leadingAnchor.constraint(equalTo: leadingAnchor), guide.trailingAnchor.constraint(equalTo: trailingAnchor),
            guide.topAnchor.constraint(equalTo: topAnchor), guide.bottomAnchor.constraint(equalTo: bottomAnchor),
        ])
        return guide
    }

    /// The guides added to this view.
    public var layoutGuides: [LayoutGuide] { layoutSettings?.guides ?? [] }

    /// Adds `guide` to this view, moving it from another view if needed (which deactivates
    /// its constraints); adding it again to its own view does nothing.
    public func addLayoutGuide(_ guide: LayoutGuide) {
        precondition(!guide.isMarginsGuide, "Canopy: a margins guide belongs to its view and cannot be added")
        guard guide.owningView !== self else { return }  // added already: its constraints stay
        guide.owningView?.removeLayoutGuide(guide)
        changedLayoutSettings.guides.append(guide)
        guide.owningView = self
        constraintsDidChange()
    }

    /// Removes `guide` from this view and deactivates its constraints. A guide the view does
    /// not own, or its margins guide (which belongs to it for good), is left as it is.
    public func removeLayoutGuide(_ guide: LayoutGuide) {
        guard guide.owningView === self, !guide.isMarginsGuide else { return }
        makeWindowConstraintsObjects()
        LayoutConstraint.deactivate(guide.references.constraints)
        layoutSettings?.guides.removeAll { $0 === guide }
        guide.owningView = nil
        storedWindow?.layoutEngineStorage?.retire(guide)
        constraintsDidChange()
    }

    // MARK: Content priorities

    /// How strongly the view resists growing past its intrinsic size along `axis` (250 by default).
    public func contentHuggingPriority(for axis: LayoutConstraint.Axis) -> LayoutPriority {
        let hugging = layoutSettings?.hugging ?? ViewLayoutSettings.defaultHugging
        return axis == .horizontal ? hugging.horizontal : hugging.vertical
    }

    /// Sets how strongly the view resists growing past its intrinsic size along `axis`.
    /// - Precondition: `priority` is within 1...1000.
    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutConstraint.Axis) {
        precondition(priority.isValid, "Canopy: a priority must be 1...1000, got \(priority.rawValue)")
        let settings = changedLayoutSettings
        if axis == .horizontal { settings.hugging.horizontal = priority } else { settings.hugging.vertical = priority }
        layoutRulesDidChange()
    }

    /// How strongly the view resists shrinking below its intrinsic size along `axis` (750 by default).
    public func contentCompressionResistancePriority(for axis: LayoutConstraint.Axis) -> LayoutPriority {
        let resistance = layoutSettings?.compressionResistance ?? ViewLayoutSettings.defaultCompressionResistance
        return axis == .horizontal ? resistance.horizontal : resistance.vertical
    }

    /// Sets how strongly the view resists shrinking below its intrinsic size along `axis`.
    /// - Precondition: `priority` is within 1...1000.
    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutConstraint.Axis) {
        precondition(priority.isValid, "Canopy: a priority must be 1...1000, got \(priority.rawValue)")
        let settings = changedLayoutSettings
        if axis == .horizontal {
            settings.compressionResistance.horizontal = priority
        } else {
            settings.compressionResistance.vertical = priority
        }
        layoutRulesDidChange()
    }

    // MARK: Diagnostics

    /// Whether the latest solve left some of this view's position or size undetermined, or
    /// made it depend on which of some tied rows gives way (two views of equal hugging in a row
    /// that must stretch: both are ambiguous).
    public var hasAmbiguousLayout: Bool { !(layoutSettings?.ambiguousAttributes.isEmpty ?? true) }

    /// Moves this ambiguously laid-out view to another position or size its constraints allow
    /// just as well (each undetermined value 20 points further on; for tied rows, this view's
    /// met first, then on the next call last), so the ambiguity can be seen; does nothing when
    /// the latest solve determined the view. Run an update cycle first.
    public func exerciseAmbiguityInLayout() {
        guard hasAmbiguousLayout, let engine = storedWindow?.layoutEngineStorage else { return }
        try? engine.exerciseAmbiguity(of: self)
    }

    /// The active constraints, held anywhere in the window, that involve this view along `axis`.
    public func constraintsAffectingLayout(for axis: LayoutConstraint.Axis) -> [LayoutConstraint] {
        var found: [LayoutConstraint] = []
        window?.forEachInSubtree { holder in
            for constraint in holder.constraints where constraint.firstAttribute.axis == axis {
                let items = [constraint.firstItem, constraint.secondItem].compactMap { $0?.layoutOwningView }
                if items.contains(where: { $0 === self }) { found.append(constraint) }
            }
        }
        return found
    }

    // MARK: Anchors

    /// The leading edge: the left, or the right when the view lays out right to left.
    public var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .leading) }
    /// The trailing edge: the right, or the left when the view lays out right to left.
    public var trailingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .trailing) }
    /// The left edge.
    public var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .left) }
    /// The right edge.
    public var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .right) }
    /// The horizontal center.
    public var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .centerX) }
    /// The top edge.
    public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .top) }
    /// The bottom edge.
    public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .bottom) }
    /// The vertical center.
    public var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .centerY) }
    /// The baseline of the first line of text (the bottom edge, for views without text).
    public var firstBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .firstBaseline) }
    /// The baseline of the last line of text (the bottom edge, for views without text).
    public var lastBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .lastBaseline) }
    /// The width.
    public var widthAnchor: LayoutDimension { LayoutDimension(self, .width) }
    /// The height.
    public var heightAnchor: LayoutDimension { LayoutDimension(self, .height) }
}
