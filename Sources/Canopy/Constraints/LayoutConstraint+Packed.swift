extension LayoutConstraint {
    /// A constraint's attributes, relation and kinds of item, with its places in its items'
    /// reference lists, in one word: a large tree holds four constraints a view, and these
    /// fields apart took a constraint from an 80-byte block to a 96-byte one.
    ///
    /// A place takes 24 bits. The largest values say that the place did not fit (the
    /// constraint is then found in its item's list by a search, as it is removed) or, for the
    /// second item, that it is the first again (listed once).
    struct Packed {
        private var bits: UInt64

        private static let attributeMask: UInt64 = 0x1F
        private static let placeMask: UInt64 = 0xFF_FFFF
        private static let unknownPlace = placeMask
        private static let firstAgain = placeMask - 1
        /// Where the second item's place starts; the first's starts 24 bits lower.
        private static let secondPlaceShift: UInt64 = 40

        // The attributes and the relation are kept as their cases' tags (a byte each, their
        // order of declaration), which read back without the range checks of `init(rawValue:)`:
        // collecting a system reads them of every constraint.
        init(first: Attribute, second: Attribute, relation: Relation, firstIsGuide: Bool, secondIsGuide: Bool) {
            bits = Self.tag(first) | Self.tag(second) << 5 | Self.tag(relation) << 10
            if firstIsGuide { bits |= 1 << 12 }
            if secondIsGuide { bits |= 1 << 13 }
        }

        var firstAttribute: Attribute { Self.value(of: bits & Self.attributeMask) }
        var secondAttribute: Attribute { Self.value(of: bits >> 5 & Self.attributeMask) }
        var relation: Relation { Self.value(of: bits >> 10 & 3) }
        var firstIsGuide: Bool { bits & 1 << 12 != 0 }
        var secondIsGuide: Bool { bits & 1 << 13 != 0 }

        /// The place of the constraint's entry in its first or second item's list, or `nil`
        /// when it did not fit and must be searched for.
        func place(asSecondItem: Bool) -> Int? {
            let place = bits >> Self.shift(asSecondItem) & Self.placeMask
            return place < Self.firstAgain ? Int(place) : nil
        }

        mutating func setPlace(_ place: Int, asSecondItem: Bool) {
            store(place < Self.firstAgain ? UInt64(place) : Self.unknownPlace, asSecondItem: asSecondItem)
        }

        /// Whether the second item is the first again, which lists the constraint once.
        var secondIsFirst: Bool { bits >> Self.secondPlaceShift & Self.placeMask == Self.firstAgain }

        mutating func markSecondAsFirst() { store(Self.firstAgain, asSecondItem: true) }

        private static func tag<Case>(_ value: Case) -> UInt64 { UInt64(unsafeBitCast(value, to: UInt8.self)) }

        private static func value<Case>(of tag: UInt64) -> Case {
            unsafeBitCast(UInt8(truncatingIfNeeded: tag), to: Case.self)
        }

        private static func shift(_ asSecondItem: Bool) -> UInt64 {
            asSecondItem ? secondPlaceShift : secondPlaceShift - 24
        }

        private mutating func store(_ place: UInt64, asSecondItem: Bool) {
            let shift = Self.shift(asSecondItem)
            bits = bits & ~(Self.placeMask << shift) | place << shift
        }
    }

    /// What few constraints have: a multiplier other than 1 and a name.
    final class Rare {
        let multiplier: CGFloat
        let identifier: String?

        init(multiplier: CGFloat, identifier: String?) {
            self.multiplier = multiplier
            self.identifier = identifier
        }

        /// The side object for `multiplier` and `identifier`, or `nil` when neither needs one.
        static func make(multiplier: CGFloat, identifier: String?) -> Rare? {
            multiplier == 1 && identifier == nil ? nil : Rare(multiplier: multiplier, identifier: identifier)
        }
    }
}
