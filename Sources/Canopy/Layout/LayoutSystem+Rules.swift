import Foundation

/// The rows Canopy adds for an item besides its constraints: the root's place, a frame and
/// autoresizing mask turned into constraints, an intrinsic size.
extension LayoutSystem {
    /// What a rule row stands for; its description is written only when asked for, with the
    /// value read from the row (a payload would not fit a row's origin: see `RowOrigins`).
    enum Rule {
        case rootLeft, rootTop, rootWidth, rootHeight
        case autoresizing(LayoutConstraint.Axis)
        case hugging(LayoutConstraint.Axis)
        case compressionResistance(LayoutConstraint.Axis)

        /// The rule as a constraint-like line, e.g. `Label#3.width <= 40 (content hugging)`;
        /// `value` is its row's constant.
        func description(of item: LayoutItem, value: CGFloat) -> String {
            let name = LayoutConstraint.name(of: item)
            func dimension(_ axis: LayoutConstraint.Axis) -> String { axis == .horizontal ? "width" : "height" }
            switch self {
            case .rootLeft: return "\(name) left (the root)"
            case .rootTop: return "\(name) top (the root)"
            case .rootWidth: return "\(name).width == \(LayoutConstraint.number(value)) (the root)"
            case .rootHeight: return "\(name).height == \(LayoutConstraint.number(value)) (the root)"
            case .autoresizing(let axis):
                return "\(name) autoresizing (\(axis == .horizontal ? "horizontal" : "vertical"))"
            case .hugging(let axis):
                return "\(name).\(dimension(axis)) <= \(LayoutConstraint.number(value)) (content hugging)"
            case .compressionResistance(let axis):
                return "\(name).\(dimension(axis)) >= \(LayoutConstraint.number(value)) (compression resistance)"
            }
        }
    }

    /// Appends the rules of the item at `index`: the root's place, or a view's frame and mask
    /// when it turns them into constraints, or else its intrinsic size.
    mutating func addRules(_ index: Int) {
        // Told apart by the item's kind, not by a cast; the view is counted, as its
        // `intrinsicContentSize` is an app's code.
        let item = uncountedItem(index)
        guard !item.isGuide else { return }
        let view = unsafeDowncast(item.object.takeUnretainedValue(), to: View.self)
        if index == 0 {
            addRootRows(view)
        } else if view.translatesAutoresizingMaskIntoConstraints {
            if let superview = view.superview, let parent = self.index(of: superview) {
                addAutoresizingRows(index, view, parent, superview)
            }
        } else {
            addIntrinsicSizeRows(index, view)
        }
    }

    /// The root (item 0) stays where it is; its size is kept, or pulled toward the fitting size.
    private mutating func addRootRows(_ root: View) {
        let rect = windowOrigins.layoutRect(of: root)
        append(variable(0, 0), .equal, rect.minX, .required, .rule(item: 0, .rootLeft))
        append(variable(0, 2), .equal, rect.minY, .required, .rule(item: 0, .rootTop))
        let width = fitting.map { ($0.size.width, $0.horizontal) } ?? (rect.width, .required)
        let height = fitting.map { ($0.size.height, $0.vertical) } ?? (rect.height, .required)
        append(variable(0, 1), .equal, width.0, width.1, .rule(item: 0, .rootWidth))
        append(variable(0, 3), .equal, height.0, height.1, .rule(item: 0, .rootHeight))
    }

    /// A view's frame and autoresizing mask as required rows, per axis: the fixed parts of
    /// (leading margin, size, trailing margin) keep their lengths, and the flexible ones share
    /// the rest of the superview's length in their current proportions.
    private mutating func addAutoresizingRows(_ index: Int, _ view: View, _ parent: Int, _ superview: View) {
        let frame = view.untransformedFrame.offsetBy(dx: -superview.bounds.minX, dy: -superview.bounds.minY)
        let mask = view.autoresizingMask
        addAutoresizingRows(
            axis: (index, 0, 1), parent: parent, length: superview.bounds.width, start: frame.minX, size: frame.width,
            flexible: [mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin)],
            origin: .rule(item: Int32(index), .autoresizing(.horizontal)))
        addAutoresizingRows(
            axis: (index, 2, 3), parent: parent, length: superview.bounds.height, start: frame.minY, size: frame.height,
            flexible: [mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin)],
            origin: .rule(item: Int32(index), .autoresizing(.vertical)))
    }

    private mutating func addAutoresizingRows(
        axis: (item: Int, position: Int, size: Int), parent: Int, length: CGFloat, start: CGFloat, size: CGFloat,
        flexible: [Bool], origin: Origin
    ) {
        let p = variable(axis.item, axis.position), s = variable(axis.item, axis.size)
        let pp = variable(parent, axis.position), ps = variable(parent, axis.size)
        // The three parts as expressions: leading margin, size, trailing margin.
        let parts: [[(Int, Double)]] = [[(p, 1), (pp, -1)], [(s, 1)], [(pp, 1), (ps, 1), (p, -1), (s, -1)]]
        let current = [start, size, length - start - size]
        let flexibleParts = (0..<3).filter { flexible[$0] }
        let fixedParts = flexibleParts.isEmpty ? [0, 1] : (0..<3).filter { !flexible[$0] }
        for part in fixedParts {
            append(parts[part], .equal, current[part], .required, origin)
        }
        // Flexible parts a and b keep a : b, that is a·cb − b·ca = 0 (equal shares when both are 0).
        for (a, b) in zip(flexibleParts, flexibleParts.dropFirst()) {
            let (ca, cb) = current[a] == 0 && current[b] == 0 ? (1.0, 1.0) : (Double(current[a]), Double(current[b]))
            let row = parts[a].map { ($0.0, $0.1 * cb) } + parts[b].map { ($0.0, -$0.1 * ca) }
            append(row, .equal, 0, .required, origin)
        }
    }

    /// The intrinsic size per axis: size ≤ intrinsic at the hugging priority, size ≥
    /// intrinsic at the compression-resistance priority.
    private mutating func addIntrinsicSizeRows(_ index: Int, _ view: View) {
        let intrinsic = view.layoutIntrinsicSize
        if !View.isIntrinsicDimension(intrinsic.width) || !View.isIntrinsicDimension(intrinsic.height) {
            invalidIntrinsicSizes.append(
                .invalidIntrinsicContentSize(view: LayoutConstraint.name(of: view), size: "\(intrinsic)"))
        }
        addIntrinsicSizeRows(index, view, .horizontal, intrinsic.width)
        addIntrinsicSizeRows(index, view, .vertical, intrinsic.height)
    }

    private mutating func addIntrinsicSizeRows(_ index: Int, _ view: View, _ axis: LayoutConstraint.Axis, _ value: CGFloat) {
        guard value != View.noIntrinsicMetric, value.isFinite, value >= 0 else { return }
        let size = variable(index, axis == .horizontal ? 1 : 3)
        append(
            size, .lessThanOrEqual, value, view.contentHuggingPriority(for: axis), .rule(item: Int32(index), .hugging(axis)))
        append(
            size, .greaterThanOrEqual, value, view.contentCompressionResistancePriority(for: axis),
            .rule(item: Int32(index), .compressionResistance(axis)))
    }
}
