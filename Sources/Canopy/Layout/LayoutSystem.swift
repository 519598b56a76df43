import CCanopy
import Foundation

/// One window's Auto Layout problem as the C solver reads it: four variables per item (its
/// left, width, top and height in window space, transforms ignored as Auto Layout ignores
/// them) and one row per constraint or rule, in an order that does not depend on the order the
/// constraints were made or activated in, so that the answer does not either.
struct LayoutSystem {
    /// Where a row came from.
    enum Origin {
        /// An app's constraint.
        case constraint(LayoutConstraint)
        /// A rule Canopy adds (a frame turned into constraints, an intrinsic size, the window).
        case rule(String)

        var description: String {
            switch self {
            case .constraint(let constraint): constraint.description
            case .rule(let text): text
            }
        }
    }

    /// The views and guides with variables, parents before children.
    private(set) var items: [LayoutItem] = []
    private(set) var itemIndex: [ObjectIdentifier: Int] = [:]
    private(set) var rows: [cnp_row] = []
    private(set) var terms: [cnp_term] = []
    private(set) var origins: [Origin] = []
    /// Each variable's value in the current layout: where undetermined variables stay.
    private(set) var reference: [Double] = []
    /// Whether the window lays out right to left or some view forces a direction.
    private var mayHaveRightToLeft = true

    /// Moves where one undetermined variable is pulled toward (to show another valid layout).
    mutating func nudgeReference(ofVariable variable: Int, by amount: Double) {
        reference[variable] += amount
    }

    /// The variable of `item` for left (0), width (1), top (2) or height (3).
    func variable(_ item: Int, _ part: Int) -> Int { 4 * item + part }

    func index(of item: LayoutItem) -> Int? { itemIndex[ObjectIdentifier(item)] }

    /// What a fitting solve pulls the root's size toward, and how hard.
    struct Fitting {
        var size: CGSize
        var horizontal: LayoutPriority
        var vertical: LayoutPriority
    }

    /// Collects the active constraints held in `root`'s tree and the rules they bring in; the
    /// root keeps its size, or, when `fitting`, is pulled toward the fitting size. Constraints
    /// whose items left the holder's subtree are deactivated, as UIKit does when a view is removed.
    init(root: View, fitting: Fitting? = nil) {
        let (preorder, constraints) = Self.collect(in: root, deactivatingStale: fitting == nil)
        mayHaveRightToLeft = root.effectiveUserInterfaceLayoutDirection == .rightToLeft
            || preorder.contains { $0.semanticContentAttribute != .unspecified }
        register(items: constraints, preorder: preorder, root: root)
        reference.reserveCapacity(4 * items.count)
        for item in items {
            let rect = Self.layoutRect(of: item)
            reference.append(Double(rect.minX))
            reference.append(Double(rect.width))
            reference.append(Double(rect.minY))
            reference.append(Double(rect.height))
        }
        for (index, item) in items.enumerated() {
            guard let view = item as? View else { continue }
            if view === root {
                addRootRows(index, root, fitting)
            } else if view.translatesAutoresizingMaskIntoConstraints {
                if let superview = view.superview, let parent = self.index(of: superview) {
                    addAutoresizingRows(index, view, parent, superview)
                }
            } else {
                addIntrinsicSizeRows(index, view)
            }
        }
        // Sorting plain keys with positions, not the constraints themselves, keeps reference
        // counting out of the sort.
        let keyed = constraints.indices.map { (key: sortKey(constraints[$0]), position: $0) }
        for (_, position) in keyed.sorted(by: { $0.key != $1.key ? $0.key < $1.key : $0.position < $1.position }) {
            addRow(for: constraints[position])
        }
    }

    // MARK: Collecting

    /// Every view in a preorder walk, and the active constraints whose items are still under
    /// their holder.
    private static func collect(in root: View, deactivatingStale: Bool) -> (preorder: [View], constraints: [LayoutConstraint]) {
        var preorder: [View] = []
        var constraints: [LayoutConstraint] = [], stale: [LayoutConstraint] = []
        root.forEachInSubtree { view in
            preorder.append(view)
            for constraint in view.layoutStateStorage?.constraints ?? [] {
                if constraint.commonAncestor() === view { constraints.append(constraint) } else { stale.append(constraint) }
            }
        }
        if deactivatingStale { LayoutConstraint.deactivate(stale) }
        return (preorder, constraints)
    }

    /// The constraints' items, the superviews that views turning their frames into constraints
    /// are placed in, up to `root`; in tree order, each view before its guides.
    private mutating func register(items constraints: [LayoutConstraint], preorder: [View], root: View) {
        var needed: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        var pending: [LayoutItem] = []
        for constraint in constraints {
            if let item = constraint.firstItem { pending.append(item) }
            if let item = constraint.secondItem { pending.append(item) }
        }
        while let item = pending.popLast() {
            let base: LayoutItem = (item as? LayoutGuide).flatMap { $0.isMarginsGuide ? $0.owningView : nil } ?? item
            guard needed.insert(ObjectIdentifier(base)).inserted else { continue }
            if let view = base as? View, view !== root, view.translatesAutoresizingMaskIntoConstraints,
                let superview = view.superview
            {
                pending.append(superview)
            }
        }
        for view in preorder where needed.contains(ObjectIdentifier(view)) {
            itemIndex[ObjectIdentifier(view)] = items.count
            items.append(view)
            for guide in view.layoutStateStorage?.guides ?? [] where needed.contains(ObjectIdentifier(guide)) {
                itemIndex[ObjectIdentifier(guide)] = items.count
                items.append(guide)
            }
        }
    }

    /// The item's untransformed rectangle in window space: a view's bounds size placed by its
    /// center and anchor point, up its chain of superviews.
    static func layoutRect(of item: LayoutItem) -> CGRect {
        if let guide = item as? LayoutGuide {
            guard let owner = guide.owningView else { return guide.layoutFrame }
            let origin = contentOrigin(of: owner)
            return guide.layoutFrame.offsetBy(dx: origin.x, dy: origin.y)
        }
        let view = item as! View
        guard let superview = view.superview else { return CGRect(origin: .zero, size: view.bounds.size) }
        let origin = contentOrigin(of: superview)
        let rect = view.untransformedFrame
        return rect.offsetBy(dx: origin.x, dy: origin.y)
    }

    /// Where `view`'s bounds coordinate (0, 0) lies in window space, transforms ignored.
    static func contentOrigin(of view: View) -> CGPoint {
        var origin = CGPoint(x: -view.bounds.minX, y: -view.bounds.minY)
        var current = view
        while let superview = current.superview {
            let frame = current.untransformedFrame
            origin.x += frame.minX - superview.bounds.minX
            origin.y += frame.minY - superview.bounds.minY
            current = superview
        }
        return origin
    }

    // MARK: Rules

    /// The root stays where it is; its size is kept, or pulled toward the fitting size.
    private mutating func addRootRows(_ index: Int, _ root: View, _ fitting: Fitting?) {
        let rect = Self.layoutRect(of: root)
        let name = LayoutConstraint.name(of: root)
        append([(variable(index, 0), 1)], .equal, rect.minX, .required, .rule("\(name) left (the root)"))
        append([(variable(index, 2), 1)], .equal, rect.minY, .required, .rule("\(name) top (the root)"))
        let width = fitting.map { ($0.size.width, $0.horizontal) } ?? (rect.width, .required)
        let height = fitting.map { ($0.size.height, $0.vertical) } ?? (rect.height, .required)
        append([(variable(index, 1), 1)], .equal, width.0, width.1, .rule("\(name).width == \(LayoutConstraint.number(width.0)) (the root)"))
        append([(variable(index, 3), 1)], .equal, height.0, height.1, .rule("\(name).height == \(LayoutConstraint.number(height.0)) (the root)"))
    }

    /// A view's frame and autoresizing mask as required rows, per axis: the fixed parts of
    /// (leading margin, size, trailing margin) keep their lengths, and the flexible ones share
    /// the rest of the superview's length in their current proportions.
    private mutating func addAutoresizingRows(_ index: Int, _ view: View, _ parent: Int, _ superview: View) {
        let frame = view.untransformedFrame.offsetBy(dx: -superview.bounds.minX, dy: -superview.bounds.minY)
        let mask = view.autoresizingMask
        let name = "\(LayoutConstraint.name(of: view)) autoresizing"
        addAutoresizingRows(
            axis: (index, 0, 1), parent: parent, length: superview.bounds.width, start: frame.minX, size: frame.width,
            flexible: [mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin)],
            name: name + " (horizontal)")
        addAutoresizingRows(
            axis: (index, 2, 3), parent: parent, length: superview.bounds.height, start: frame.minY, size: frame.height,
            flexible: [mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin)],
            name: name + " (vertical)")
    }

    private mutating func addAutoresizingRows(
        axis: (item: Int, position: Int, size: Int), parent: Int, length: CGFloat, start: CGFloat, size: CGFloat,
        flexible: [Bool], name: String
    ) {
        let p = variable(axis.item, axis.position), s = variable(axis.item, axis.size)
        let pp = variable(parent, axis.position), ps = variable(parent, axis.size)
        // The three parts as expressions: leading margin, size, trailing margin.
        let parts: [[(Int, Double)]] = [[(p, 1), (pp, -1)], [(s, 1)], [(pp, 1), (ps, 1), (p, -1), (s, -1)]]
        let current = [start, size, length - start - size]
        let flexibleParts = (0..<3).filter { flexible[$0] }
        let fixedParts = flexibleParts.isEmpty ? [0, 1] : (0..<3).filter { !flexible[$0] }
        for part in fixedParts {
            append(parts[part], .equal, current[part], .required, .rule(name))
        }
        // Flexible parts a and b keep a : b, that is a·cb − b·ca = 0 (equal shares when both are 0).
        for (a, b) in zip(flexibleParts, flexibleParts.dropFirst()) {
            let (ca, cb) = current[a] == 0 && current[b] == 0 ? (1.0, 1.0) : (Double(current[a]), Double(current[b]))
            let row = parts[a].map { ($0.0, $0.1 * cb) } + parts[b].map { ($0.0, -$0.1 * ca) }
            append(row, .equal, 0, .required, .rule(name))
        }
    }

    /// The intrinsic size per axis: size ≤ intrinsic at the hugging priority, size ≥
    /// intrinsic at the compression-resistance priority.
    private mutating func addIntrinsicSizeRows(_ index: Int, _ view: View) {
        let intrinsic = view.layoutIntrinsicSize
        let name = LayoutConstraint.name(of: view)
        for (axis, part, value) in [(LayoutConstraint.Axis.horizontal, 1, intrinsic.width), (.vertical, 3, intrinsic.height)]
        where value != View.noIntrinsicMetric && value.isFinite && value >= 0 {
            let dimension = axis == .horizontal ? "width" : "height"
            append(
                [(variable(index, part), 1)], .lessThanOrEqual, value, view.contentHuggingPriority(for: axis),
                .rule("\(name).\(dimension) <= \(LayoutConstraint.number(value)) (content hugging)"))
            append(
                [(variable(index, part), 1)], .greaterThanOrEqual, value, view.contentCompressionResistancePriority(for: axis),
                .rule("\(name).\(dimension) >= \(LayoutConstraint.number(value)) (compression resistance)"))
        }
    }

    // MARK: Constraints

    /// What orders constraints: items (by index), attributes, relation, numbers.
    private struct SortKey: Comparable {
        var items: (Int, Int, Int, Int)
        var attributes: (Int, Int, Int)
        var numbers: (Double, Double, Float)

        static func < (a: SortKey, b: SortKey) -> Bool {
            if a.items != b.items { return a.items < b.items }
            if a.attributes != b.attributes { return a.attributes < b.attributes }
            return a.numbers < b.numbers
        }

        static func == (a: SortKey, b: SortKey) -> Bool {
            a.items == b.items && a.attributes == b.attributes && a.numbers == b.numbers
        }
    }

    private func sortKey(_ c: LayoutConstraint) -> SortKey {
        func itemKey(_ item: LayoutItem?) -> (Int, Int) {
            guard let item else { return (-1, 0) }
            if let guide = item as? LayoutGuide, guide.isMarginsGuide, let owner = guide.owningView {
                return (index(of: owner) ?? -1, 1)
            }
            return (index(of: item) ?? -1, 0)
        }
        let (a, b) = (itemKey(c.firstItem), itemKey(c.secondItem))
        return SortKey(
            items: (a.0, a.1, b.0, b.1), attributes: (c.firstAttribute.rawValue, c.secondAttribute.rawValue, c.relation.rawValue),
            numbers: (Double(c.multiplier), Double(c.constant), c.priority.rawValue))
    }

    /// `first − multiplier × second` against the constant. Locations are measured in the
    /// holder's coordinates, which matters only when the multiplier is not 1.
    private mutating func addRow(for constraint: LayoutConstraint) {
        guard let firstItem = constraint.firstItem, let first = expression(firstItem, constraint.firstAttribute) else { return }
        let m = Double(constraint.multiplier)
        var second: Expression?
        if let secondItem = constraint.secondItem {
            guard let found = expression(secondItem, constraint.secondAttribute) else { return }
            second = found
        }
        let start = terms.count
        var constant = Double(constraint.constant) * directionSign(constraint) - first.constant
        first.appendTerms(scaledBy: 1, to: &terms)
        if let second {
            second.appendTerms(scaledBy: -m, to: &terms)
            constant += m * second.constant
            if !constraint.firstAttribute.isDimension && m != 1, let holder = constraint.container {
                constant += holderTerm(holder, constraint.firstAttribute.axis, m)
            }
        }
        rows.append(
            cnp_row(
                first_term: UInt32(start), term_count: UInt32(terms.count - start), constant: constant,
                priority: Double(constraint.priority.rawValue), relation: constraint.relation.cnpRelation))
        origins.append(.constraint(constraint))
    }

    /// first − X = m·(second − X) + c, with X the holder's content origin: appends X's term
    /// when the holder has variables and returns what X adds to the constant.
    private mutating func holderTerm(_ holder: View, _ axis: LayoutConstraint.Axis, _ m: Double) -> Double {
        let part = axis == .horizontal ? 0 : 2
        if let h = index(of: holder) {
            terms.append(cnp_term(variable: UInt32(variable(h, part)), coefficient: -(1 - m)))
            return (1 - m) * Double(part == 0 ? -holder.bounds.minX : -holder.bounds.minY)
        }
        let origin = Self.contentOrigin(of: holder)
        return (1 - m) * Double(part == 0 ? origin.x : origin.y)
    }

    /// −1 for a leading/trailing constraint whose first item lays out right to left: its
    /// constant runs leftwards, as the leading-to-trailing direction does.
    private func directionSign(_ constraint: LayoutConstraint) -> Double {
        switch constraint.firstAttribute {
        case .leading, .trailing, .leadingMargin, .trailingMargin:
            guard let item = constraint.firstItem?.layoutOwningView else { return 1 }
            return isRightToLeft(item) ? -1 : 1
        default:
            return 1
        }
    }

    /// Whether `view` lays out right to left; without a right-to-left window or a forced
    /// direction anywhere in the tree (the common case), no view's chain needs walking.
    private func isRightToLeft(_ view: View) -> Bool {
        mayHaveRightToLeft && view.effectiveUserInterfaceLayoutDirection == .rightToLeft
    }

    /// An attribute as at most two terms over one item's variables, plus a constant.
    struct Expression {
        var first: (variable: Int, coefficient: Double)
        var second: (variable: Int, coefficient: Double)?
        var constant: Double

        func appendTerms(scaledBy scale: Double, to terms: inout [cnp_term]) {
            terms.append(cnp_term(variable: UInt32(first.variable), coefficient: scale * first.coefficient))
            if let second { terms.append(cnp_term(variable: UInt32(second.variable), coefficient: scale * second.coefficient)) }
        }
    }

    /// An attribute of an item over its variables.
    private func expression(_ item: LayoutItem, _ attribute: LayoutConstraint.Attribute) -> Expression? {
        let guide = item as? LayoutGuide
        let isMargins = guide?.isMarginsGuide == true
        guard let base: LayoutItem = isMargins ? guide?.owningView : item, let i = index(of: base) else { return nil }
        let view = base as? View
        let margins = view?.layoutMargins ?? .zero
        var insets = isMargins ? margins : .zero
        var attribute = attribute
        switch attribute {
        case .leading, .trailing, .leadingMargin, .trailingMargin:
            let rightToLeft = (view ?? guide?.owningView).map(isRightToLeft) ?? false
            let isLeading = attribute == .leading || attribute == .leadingMargin
            if attribute == .leadingMargin || attribute == .trailingMargin { insets = margins }
            attribute = isLeading != rightToLeft ? .left : .right
        case .firstBaseline, .lastBaseline: attribute = .bottom
        case .leftMargin: (attribute, insets) = (.left, margins)
        case .rightMargin: (attribute, insets) = (.right, margins)
        case .topMargin: (attribute, insets) = (.top, margins)
        case .bottomMargin: (attribute, insets) = (.bottom, margins)
        case .centerXWithinMargins: (attribute, insets) = (.centerX, margins)
        case .centerYWithinMargins: (attribute, insets) = (.centerY, margins)
        default: break
        }
        let (x, w, y, h) = (variable(i, 0), variable(i, 1), variable(i, 2), variable(i, 3))
        let (l, r, t, b) = (Double(insets.left), Double(insets.right), Double(insets.top), Double(insets.bottom))
        switch attribute {
        case .left: return Expression(first: (x, 1), constant: l)
        case .right: return Expression(first: (x, 1), second: (w, 1), constant: -r)
        case .centerX: return Expression(first: (x, 1), second: (w, 0.5), constant: (l - r) / 2)
        case .width: return Expression(first: (w, 1), constant: -(l + r))
        case .top: return Expression(first: (y, 1), constant: t)
        case .bottom: return Expression(first: (y, 1), second: (h, 1), constant: -b)
        case .centerY: return Expression(first: (y, 1), second: (h, 0.5), constant: (t - b) / 2)
        case .height: return Expression(first: (h, 1), constant: -(t + b))
        default: return nil
        }
    }

    // MARK: Rows

    private mutating func append(
        _ row: [(Int, Double)], _ relation: LayoutConstraint.Relation, _ constant: CGFloat, _ priority: LayoutPriority,
        _ origin: Origin
    ) {
        rows.append(
            cnp_row(
                first_term: UInt32(terms.count), term_count: UInt32(row.count), constant: Double(constant),
                priority: Double(priority.rawValue), relation: relation.cnpRelation))
        terms += row.map { cnp_term(variable: UInt32($0.0), coefficient: $0.1) }
        origins.append(origin)
    }

    static func partName(_ part: Int) -> String { ["left", "width", "top", "height"][part] }
}

extension LayoutConstraint.Relation {
    var cnpRelation: Int32 {
        switch self {
        case .equal: Int32(CNP_RELATION_EQUAL.rawValue)
        case .lessThanOrEqual: Int32(CNP_RELATION_LESS_EQUAL.rawValue)
        case .greaterThanOrEqual: Int32(CNP_RELATION_GREATER_EQUAL.rawValue)
        }
    }
}

extension View {
    /// The frame as if the transform were the identity: where Auto Layout places the view.
    var untransformedFrame: CGRect {
        let size = geometry.bounds.size
        return CGRect(
            x: geometry.center.x - geometry.anchorPoint.x * size.width,
            y: geometry.center.y - geometry.anchorPoint.y * size.height, width: size.width, height: size.height)
    }
}
