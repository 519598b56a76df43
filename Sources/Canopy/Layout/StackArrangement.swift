import Foundation

/// The constraints of one stack view arrangement, written for one axis: "along" is the stack's
/// axis, "across" the other one.
struct StackArrangement {
    let stack: StackView
    let views: [View]
    private var constraints: [LayoutConstraint] = []
    private var guides: [LayoutGuide] = []

    init(stack: StackView, views: [View]) {
        self.stack = stack
        self.views = views
    }

    consuming func make() -> (constraints: [LayoutConstraint], guides: [LayoutGuide]) {
        guard let first = views.first, let last = views.last else { return ([], []) }
        let frame: LayoutItem = stack.isLayoutMarginsRelativeArrangement ? stack.layoutMarginsGuide : stack
        constraints.append(relate(first, .leading, .equal, frame, .leading))
        constraints.append(relate(last, .trailing, .equal, frame, .trailing))
        for (previous, next) in zip(views, views.dropFirst()) { space(previous, next) }
        share(first)
        for view in views { align(view, first, in: frame) }
        return (constraints, guides)
    }

    // MARK: Along the axis

    private mutating func space(_ previous: View, _ next: View) {
        let spacing = stack.spacing(after: previous)
        switch stack.distribution {
        case .fill, .fillEqually, .fillProportionally:
            constraints.append(relate(next, .leading, .equal, previous, .trailing, constant: spacing))
        case .equalSpacing:
            constraints.append(relate(next, .leading, .greaterThanOrEqual, previous, .trailing, constant: spacing))
            gap(from: (previous, .trailing), to: (next, .leading))
        case .equalCentering:
            constraints.append(relate(next, .leading, .greaterThanOrEqual, previous, .trailing, constant: spacing))
            gap(from: (previous, .center), to: (next, .center))
        }
    }

    /// A guide spanning from one attribute to another, its length equal to the first such guide's.
    private mutating func gap(from start: (View, Part), to end: (View, Part)) {
        let guide = LayoutGuide()
        guide.identifier = "stack gap"
        stack.addLayoutGuide(guide)
        constraints.append(relate(guide, .leading, .equal, start.0, start.1))
        constraints.append(relate(guide, .trailing, .equal, end.0, end.1))
        if let first = guides.first { constraints.append(relate(guide, .length, .equal, first, .length)) }
        guides.append(guide)
    }

    private mutating func share(_ first: View) {
        switch stack.distribution {
        case .fillEqually:
            for view in views.dropFirst() { constraints.append(relate(view, .length, .equal, first, .length)) }
        case .fillProportionally:
            let sizes = views.map { intrinsicLength(of: $0) }
            guard let base = sizes.firstIndex(where: { $0 > 0 }) else { return }
            for (view, size) in zip(views, sizes) where view !== views[base] && size > 0 {
                let proportion = relate(view, .length, .equal, views[base], .length, multiplier: size / sizes[base])
                proportion.priority = LayoutPriority(999)  // below the edges, so rounding never conflicts
                constraints.append(proportion)
            }
        default:
            break
        }
    }

    private func intrinsicLength(of view: View) -> CGFloat {
        let size = view.layoutIntrinsicSize
        let length = stack.axis == .horizontal ? size.width : size.height
        return length == View.noIntrinsicMetric ? 0 : length
    }

    // MARK: Across the axis

    private mutating func align(_ view: View, _ first: View, in frame: LayoutItem) {
        switch stack.alignment {
        case .fill:
            constraints.append(relate(view, .top, .equal, frame, .top))
            constraints.append(relate(view, .bottom, .equal, frame, .bottom))
        case .leading:
            constraints.append(relate(view, .top, .equal, frame, .top))
            constraints.append(relate(view, .bottom, .lessThanOrEqual, frame, .bottom))
        case .trailing:
            constraints.append(relate(view, .top, .greaterThanOrEqual, frame, .top))
            constraints.append(relate(view, .bottom, .equal, frame, .bottom))
        case .center:
            constraints.append(relate(view, .middle, .equal, frame, .middle))
            constraints.append(relate(view, .top, .greaterThanOrEqual, frame, .top))
        case .firstBaseline, .lastBaseline:
            constraints.append(relate(view, .top, .greaterThanOrEqual, frame, .top))
            constraints.append(relate(view, .bottom, .lessThanOrEqual, frame, .bottom))
            if view !== first {
                let baseline: LayoutConstraint.Attribute = stack.alignment == .firstBaseline ? .firstBaseline : .lastBaseline
                constraints.append(
                    LayoutConstraint(
                        item: view, attribute: baseline, relatedBy: .equal, toItem: first, attribute: baseline, multiplier: 1,
                        constant: 0))
            }
        }
    }

    // MARK: Axis-free attributes

    /// Attributes named by their role: along the axis (leading, trailing, center, length) or
    /// across it (top, bottom, middle).
    enum Part { case leading, trailing, center, length, top, bottom, middle }

    private func attribute(_ part: Part) -> LayoutConstraint.Attribute {
        let horizontal = stack.axis == .horizontal
        switch part {
        case .leading: return horizontal ? .leading : .top
        case .trailing: return horizontal ? .trailing : .bottom
        case .center: return horizontal ? .centerX : .centerY
        case .length: return horizontal ? .width : .height
        case .top: return horizontal ? .top : .leading
        case .bottom: return horizontal ? .bottom : .trailing
        case .middle: return horizontal ? .centerY : .centerX
        }
    }

    private func relate(
        _ a: LayoutItem, _ aPart: Part, _ relation: LayoutConstraint.Relation, _ b: LayoutItem, _ bPart: Part,
        multiplier: CGFloat = 1, constant: CGFloat = 0
    ) -> LayoutConstraint {
        LayoutConstraint(
            item: a, attribute: attribute(aPart), relatedBy: relation, toItem: b, attribute: attribute(bPart),
            multiplier: multiplier, constant: constant)
    }
}
