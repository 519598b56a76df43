import Foundation

/// An app's constraints as rows: the order they are listed in, and each one's terms.
extension LayoutSystem {
    /// Where a constraint's item is in the system: its item's index (for a margins guide, its
    /// view's), and whether it is that view's margins guide.
    struct ItemPlace {
        var index: Int
        var isMarginsGuide: Bool
    }

    /// The place of `item`, or `nil` when it has no variables here (or no item).
    ///
    /// Methods are not passed as closures here or in the callers: a closure over a method of
    /// the system copies the system, once per constraint.
    func place(of item: LayoutItem?) -> ItemPlace? {
        guard let item else { return nil }
        // A margins guide is never an item of its own, so an item found is not one.
        if let index = index(of: item) { return ItemPlace(index: index, isMarginsGuide: false) }
        guard let guide = item as? LayoutGuide, guide.isMarginsGuide, let view = guide.owningView,
            let index = index(of: view)
        else { return nil }
        return ItemPlace(index: index, isMarginsGuide: true)
    }

    /// What orders constraints: items (by index, a margins guide after its view), attributes,
    /// relation, then numbers (multiplier, constant, priority), then the order collected. The
    /// items and the attributes are packed into a word each, and the numbers are read from the
    /// constraint only when those tie, so that sorting a large system moves and compares
    /// little (16 bytes a constraint); the items' places are read back from the key when the
    /// rows are built, rather than looked up again.
    struct SortKey {
        /// The first item's place (index + 1, 0 for none) in the top 31 bits, then whether it
        /// is its view's margins guide; the same for the second item in the low 32 bits.
        var items: UInt64
        /// The first attribute, the second and the relation + 1, a byte each.
        var attributes: UInt32
        /// The constraint's place in the collected list (see ``Collected``).
        var position: UInt32

        /// Whether `a` comes before `b`, the keys of the constraints `constraints` numbers
        /// `a.position` and `b.position`.
        static func precedes(_ a: SortKey, _ b: SortKey, in constraints: Collected) -> Bool {
            if a.items != b.items { return a.items < b.items }
            if a.attributes != b.attributes { return a.attributes < b.attributes }
            let (first, second) = (constraints.numbers(at: Int(a.position)), constraints.numbers(at: Int(b.position)))
            return first != second ? first < second : a.position < b.position
        }

        /// Sorts `keys` into the order of ``precedes(_:_:in:)``. Constraints are collected by
        /// holder, and a holder mostly holds its subviews' constraints together, each view's
        /// few side by side: they come nearly in order, and an insertion sort moves each key a
        /// step or two, where the library's merge sort compared each some fifteen times. A key
        /// that would move far (activated long after its neighbours) leaves the rest to the
        /// library's sort, which merges such long runs cheaply.
        static func sort(_ keys: inout [SortKey], in constraints: Collected) {
            let sortedByInsertion = keys.withUnsafeMutableBufferPointer { keys in
                for i in keys.indices.dropFirst() {
                    let key = keys[i]
                    var j = i
                    while j > 0, precedes(key, keys[j - 1], in: constraints) {
                        guard i - j < 16 else {
                            keys[j] = key
                            return false
                        }
                        keys[j] = keys[j - 1]
                        j -= 1
                    }
                    keys[j] = key
                }
                return true
            }
            if !sortedByInsertion { keys.sort { precedes($0, $1, in: constraints) } }
        }

        /// The key of a table's record, its items' places packed in `places` by number.
        init(_ record: ConstraintTable.Record, places: [UInt64], position: Int) {
            let second = record.second < 0 ? 0 : places[Int(record.second)]
            self.init(
                items: places[Int(record.first)] << 32 | second,
                attributes: Self.attributes(record.firstAttribute, record.secondAttribute, record.relation),
                position: UInt32(position))
        }

        init(items: UInt64, attributes: UInt32, position: UInt32) {
            (self.items, self.attributes, self.position) = (items, attributes, position)
        }

        @inline(__always)
        static func attributes(
            _ first: LayoutConstraint.Attribute, _ second: LayoutConstraint.Attribute,
            _ relation: LayoutConstraint.Relation
        ) -> UInt32 {
            UInt32(first.rawValue) << 16 | UInt32(second.rawValue) << 8 | UInt32(relation.rawValue + 1)
        }

        static func packed(_ place: ItemPlace?) -> UInt64 {
            guard let place else { return 0 }
            return UInt64(place.index + 1) << 1 | (place.isMarginsGuide ? 1 : 0)
        }

        static func unpacked(_ half: UInt64) -> ItemPlace? {
            half >> 1 == 0 ? nil : ItemPlace(index: Int(half >> 1) - 1, isMarginsGuide: half & 1 == 1)
        }

        var firstPlace: ItemPlace? { Self.unpacked(items >> 32) }
        var secondPlace: ItemPlace? { Self.unpacked(items & 0xFFFF_FFFF) }
    }

    /// The place of `item`, as ``place(of:)-(LayoutItem?)``; a view with a recorded place is
    /// found without counting a reference to it.
    func place(of item: UncountedItem?) -> ItemPlace? {
        guard let item else { return nil }
        if let index = recordedIndex(ofView: item) { return ItemPlace(index: index, isMarginsGuide: false) }
        return place(of: item.item)
    }

    /// The constraints a system is collected from, numbered in one list: the objects the views
    /// hold, then the records of the window's table that are not objects (a record at place
    /// `p` is numbered `objects.count + p`).
    struct Collected {
        let objects: UnsafeMutableBufferPointer<LayoutConstraint>
        let table: ConstraintTable?

        /// The place in the table of the constraint numbered `position`, or `nil` for an object.
        @inline(__always)
        func recordPlace(_ position: Int) -> Int? { position < objects.count ? nil : position - objects.count }

        /// The numbers that order constraints whose items and attributes are the same.
        func numbers(at position: Int) -> (Double, Double, Float) {
            guard let place = recordPlace(position) else {
                let c = objects[position]
                return (Double(c.multiplier), Double(c.constant), c.priority.rawValue)
            }
            let record = table!.record(at: place)
            return (Double(table!.multiplier(ofRecord: place)), Double(record.constant), record.priority.rawValue)
        }
    }

    func sortKey(_ c: LayoutConstraint, position: Int) -> SortKey {
        SortKey(
            items: SortKey.packed(place(of: c.uncountedFirstItem)) << 32 | SortKey.packed(place(of: c.uncountedSecondItem)),
            attributes: SortKey.attributes(c.firstAttribute, c.secondAttribute, c.relation), position: UInt32(position))
    }

    /// What a constraint's row is made of, read from an object or from a table's record.
    struct RowParts {
        var firstAttribute: LayoutConstraint.Attribute
        var secondAttribute: LayoutConstraint.Attribute
        var relation: LayoutConstraint.Relation
        var multiplier: CGFloat
        var constant: CGFloat
        var priority: LayoutPriority
        var firstItem: UncountedItem?
        var secondItem: UncountedItem?
    }

    /// Appends the constraint's row, its items' places looked up.
    mutating func addRow(for constraint: LayoutConstraint) {
        let parts = constraint.rowParts
        addRow(
            parts, first: place(of: parts.firstItem), second: place(of: parts.secondItem),
            origin: .constraint(constraint))
    }

    /// Appends the row of the table's record at `place`, its items' places looked up.
    mutating func addRow(forRecord place: Int, of table: ConstraintTable) {
        let parts = table.rowParts(ofRecord: place)
        addRow(
            parts, first: self.place(of: parts.firstItem), second: self.place(of: parts.secondItem),
            origin: .tableRecord(Int32(place)))
    }

    /// `first − multiplier × second` against the constant. Locations are measured in the
    /// holder's coordinates, which matters only when the multiplier is not 1. No row when an
    /// item has no variables here.
    mutating func addRow(
        _ parts: RowParts, first firstPlace: ItemPlace?, second secondPlace: ItemPlace?, origin: consuming Origin
    ) {
        guard let firstPlace,
            let first = Self.expression(firstPlace, parts.firstAttribute, among: itemReferences, mayHaveRightToLeft)
        else { return }
        let m = Double(parts.multiplier)
        var second: Expression?
        if let secondPlace {
            let found = Self.expression(secondPlace, parts.secondAttribute, among: itemReferences, mayHaveRightToLeft)
            guard let found else { return }
            second = found
        } else if parts.secondItem != nil {
            return
        }
        let start = termCount
        var constant = Double(parts.constant) * directionSign(parts) - first.constant
        first.appendTerms(scaledBy: 1, to: &self)
        if let second {
            second.appendTerms(scaledBy: -m, to: &self)
            constant += m * second.constant
            if !parts.firstAttribute.isDimension && m != 1, let holder = holder(of: origin) {
                constant += holderTerm(holder, parts.firstAttribute.axis, m)
            }
        }
        if parts.firstAttribute.isBaseline || parts.secondAttribute.isBaseline,
            parts.firstItem?.item is Label || parts.secondItem?.item is Label
        {
            // A label's baselines move with its text: the row is read again at each refresh.
            textDependentRows.append(rows.count)
        }
        append(termsFrom: start, parts.relation, constant, parts.priority, origin)
    }

    /// The view holding the constraint a row comes from.
    private func holder(of origin: Origin) -> View? {
        switch origin {
        case .constraint(let constraint): constraint.container
        case .tableRecord(let place): table?.holder(ofRecord: Int(place))
        case .rule: nil
        }
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
        let origin = windowOrigins.of(holder)
        return (1 - m) * Double(part == 0 ? origin.x : origin.y)
    }

    /// −1 for a leading/trailing constraint whose first item lays out right to left: its
    /// constant runs leftwards, as the leading-to-trailing direction does.
    private func directionSign(_ parts: RowParts) -> Double {
        switch parts.firstAttribute {
        case .leading, .trailing, .leadingMargin, .trailingMargin:
            return Self.isRightToLeft(parts.firstItem?.item.layoutOwningView, mayHaveRightToLeft) ? -1 : 1
        default:
            return 1
        }
    }

    /// Whether `view` lays out right to left; without a right-to-left window or a forced
    /// direction anywhere in the tree (the common case: `mayHaveRightToLeft` is false), no
    /// view's chain needs walking.
    private static func isRightToLeft(_ view: @autoclosure () -> View?, _ mayHaveRightToLeft: Bool) -> Bool {
        guard mayHaveRightToLeft, let view = view() else { return false }
        return view.effectiveUserInterfaceLayoutDirection == .rightToLeft
    }

    /// An attribute as at most two terms over one item's variables, plus a constant: `first`
    /// with coefficient 1 (every attribute starts at an edge or a size), then, for an edge or a
    /// center across the item, `second` (-1 for none) with `secondCoefficient`. Flat, with no
    /// optional inside: each row makes two, which then move in registers.
    struct Expression {
        var first: Int
        var second = -1
        var secondCoefficient = 0.0
        var constant: Double

        init(_ first: Int, constant: Double) {
            (self.first, self.constant) = (first, constant)
        }

        init(_ first: Int, _ second: Int, _ secondCoefficient: Double, constant: Double) {
            (self.first, self.second) = (first, second)
            (self.secondCoefficient, self.constant) = (secondCoefficient, constant)
        }

        @inline(__always)
        func appendTerms(scaledBy scale: Double, to system: inout LayoutSystem) {
            system.appendTerm(first, scale)
            if second >= 0 { system.appendTerm(second, scale * secondCoefficient) }
        }
    }

    /// An attribute of the item at `place` among `items` over its variables. The item itself
    /// is read only for margins and for a leading or trailing edge that may run right to left
    /// (`mayHaveRightToLeft`): most rows need neither, and a cell's first layout collects
    /// every row. Static: a method of the system called while a row is appended is handed a
    /// copy of the whole system.
    @inline(__always)
    private static func expression(
        _ place: ItemPlace, _ attribute: LayoutConstraint.Attribute, among items: [UncountedItem],
        _ mayHaveRightToLeft: Bool
    ) -> Expression? {
        let i = place.index
        func item(_ index: Int) -> LayoutItem { items[index].item }
        var attribute = attribute, withinMargins = place.isMarginsGuide
        switch attribute {
        case .leading, .trailing, .leadingMargin, .trailingMargin:
            let isLeading = attribute == .leading || attribute == .leadingMargin
            if attribute == .leadingMargin || attribute == .trailingMargin { withinMargins = true }
            attribute = isLeading != isRightToLeft(item(i).layoutOwningView, mayHaveRightToLeft) ? .left : .right
        case .firstBaseline, .lastBaseline: if !(item(i) is Label) { attribute = .bottom }
        case .leftMargin: (attribute, withinMargins) = (.left, true)
        case .rightMargin: (attribute, withinMargins) = (.right, true)
        case .topMargin: (attribute, withinMargins) = (.top, true)
        case .bottomMargin: (attribute, withinMargins) = (.bottom, true)
        case .centerXWithinMargins: (attribute, withinMargins) = (.centerX, true)
        case .centerYWithinMargins: (attribute, withinMargins) = (.centerY, true)
        default: break
        }
        // A guide has no margins of its own; a margins guide's place is its view's.
        let insets = withinMargins ? (item(i) as? View)?.layoutMargins ?? .zero : .zero
        let (x, w, y, h) = (variable(i, 0), variable(i, 1), variable(i, 2), variable(i, 3))
        let (l, r, t, b) = (Double(insets.left), Double(insets.right), Double(insets.top), Double(insets.bottom))
        switch attribute {
        case .left: return Expression(x, constant: l)
        case .right: return Expression(x, w, 1, constant: -r)
        case .centerX: return Expression(x, w, 0.5, constant: (l - r) / 2)
        case .width: return Expression(w, constant: -(l + r))
        case .top: return Expression(y, constant: t)
        case .bottom: return Expression(y, h, 1, constant: -b)
        case .centerY: return Expression(y, h, 0.5, constant: (t - b) / 2)
        case .height: return Expression(h, constant: -(t + b))
        case .firstBaseline, .lastBaseline:
            // A label's baselines sit at fixed distances from its center, where it centres its text.
            let offsets = (item(i) as! Label).baselinesBelowCenter
            return Expression(y, h, 0.5, constant: Double(attribute == .firstBaseline ? offsets.first : offsets.last))
        default: return nil
        }
    }
}

extension LayoutConstraint.Attribute {
    /// The terms the attribute takes in a row (see `expression`): one for an edge or a size
    /// measured from the item's origin, two for the others (a leading or trailing edge may be
    /// the right one). A location related with a multiplier other than 1 adds its holder's.
    var termCount: Int {
        switch self {
        case .notAnAttribute: 0
        case .left, .top, .width, .height, .leftMargin, .topMargin: 1
        default: 2
        }
    }
}

extension LayoutConstraint {
    /// The parts a row is made of.
    var rowParts: LayoutSystem.RowParts {
        LayoutSystem.RowParts(
            firstAttribute: firstAttribute, secondAttribute: secondAttribute, relation: relation,
            multiplier: multiplier, constant: constant, priority: priority,
            firstItem: uncountedFirstItem, secondItem: uncountedSecondItem)
    }
}
