import Foundation

/// An app's constraints as rows: the order they are listed in, and each one's terms.
extension LayoutSystem {
    /// What orders constraints: items (by index, a margins guide after its view), attributes,
    /// relation, numbers. The items and the attributes are packed into a word each, so that
    /// sorting a large system moves and compares little.
    struct SortKey: Comparable {
        /// The first item's index + 1 (0 for none) in the top 31 bits, then whether it is its
        /// view's margins guide; the same for the second item in the low 32 bits.
        var items: UInt64
        /// The first attribute, the second and the relation + 1, a byte each.
        var attributes: UInt32
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

    func sortKey(_ c: LayoutConstraint) -> SortKey {
        func itemKey(_ item: LayoutItem?) -> UInt64 {
            guard let item else { return 0 }
            if let guide = item as? LayoutGuide, guide.isMarginsGuide, let owner = guide.owningView {
                return UInt64(index(of: owner).map { $0 + 1 } ?? 0) << 1 | 1
            }
            return UInt64(index(of: item).map { $0 + 1 } ?? 0) << 1
        }
        let attributes = UInt32(c.firstAttribute.rawValue) << 16 | UInt32(c.secondAttribute.rawValue) << 8
            | UInt32(c.relation.rawValue + 1)
        return SortKey(
            items: itemKey(c.firstItem) << 32 | itemKey(c.secondItem), attributes: attributes,
            numbers: (Double(c.multiplier), Double(c.constant), c.priority.rawValue))
    }

    /// `first − multiplier × second` against the constant. Locations are measured in the
    /// holder's coordinates, which matters only when the multiplier is not 1.
    mutating func addRow(for constraint: LayoutConstraint) {
        guard let firstItem = constraint.firstItem, let first = expression(firstItem, constraint.firstAttribute) else { return }
        let m = Double(constraint.multiplier)
        var second: Expression?
        if let secondItem = constraint.secondItem {
            guard let found = expression(secondItem, constraint.secondAttribute) else { return }
            second = found
        }
        let start = terms.count
        var constant = Double(constraint.constant) * directionSign(constraint) - first.constant
        first.appendTerms(scaledBy: 1, to: &self)
        if let second {
            second.appendTerms(scaledBy: -m, to: &self)
            constant += m * second.constant
            if !constraint.firstAttribute.isDimension && m != 1, let holder = constraint.container {
                constant += holderTerm(holder, constraint.firstAttribute.axis, m)
            }
        }
        append(termsFrom: start, constraint.relation, constant, constraint.priority, .constraint(constraint))
    }

    /// first − X = m·(second − X) + c, with X the holder's content origin: appends X's term
    /// when the holder has variables and returns what X adds to the constant.
    private mutating func holderTerm(_ holder: View, _ axis: LayoutConstraint.Axis, _ m: Double) -> Double {
        let part = axis == .horizontal ? 0 : 2
        if let h = index(of: holder) {
            appendTerm(variable(h, part), -(1 - m))
            return (1 - m) * Double(part == 0 ? -holder.bounds.minX : -holder.bounds.minY)
        }
        // The holder's place is read from its frame: the row must be read again at each solve.
        frameDependentRows.append(rows.count)
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

        func appendTerms(scaledBy scale: Double, to system: inout LayoutSystem) {
            system.appendTerm(first.variable, scale * first.coefficient)
            if let second { system.appendTerm(second.variable, scale * second.coefficient) }
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
}
