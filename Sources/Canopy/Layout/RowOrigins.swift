/// Where each row of a `LayoutSystem` came from, 4 bytes a row: a constraint kept as a table
/// record by its place, a rule by its item and kind, packed in the row's code; an app's
/// constraint (and whatever does not fit a code) in a list beside, by its place there. A
/// million-view tree's rows are records and rules: 4 bytes a row, where the origins themselves
/// take 8.
struct RowOrigins {
    private var codes: [UInt32] = []
    /// The origins that do not fit a code, each in the slot its row's code names. A row that
    /// is given another such origin reuses its slot, so edits in place add none.
    private var others: [LayoutSystem.Origin] = []

    // A code's low two bits say what the rest is.
    private static let recordTag: UInt32 = 0, ruleTag: UInt32 = 1, otherTag: UInt32 = 2
    /// A rule's kind takes four bits above the tag, its item the rest.
    private static let ruleKindBits: UInt32 = 4
    private static let largestPacked = Int(UInt32.max >> 2)
    private static let largestRuleItem = Int(UInt32.max >> (2 + ruleKindBits))

    var count: Int { codes.count }

    /// The bytes the origins hold.
    var bytes: Int { codes.bytes + others.bytes }

    mutating func reserveCapacity(_ capacity: Int) {
        codes.reserveCapacity(capacity)
    }

    mutating func append(_ origin: LayoutSystem.Origin) {
        codes.append(Self.packedCode(of: origin) ?? otherCode(for: origin, replacing: nil))
    }

    subscript(row: Int) -> LayoutSystem.Origin {
        get {
            let code = codes[row], value = code >> 2
            switch code & 3 {
            case Self.recordTag: return .tableRecord(Int32(value))
            case Self.ruleTag:
                let kind = value & (1 << Self.ruleKindBits - 1)
                return .rule(item: Int32(value >> Self.ruleKindBits), LayoutSystem.Rule(code: kind))
            default: return others[Int(value)]
            }
        }
        set { codes[row] = Self.packedCode(of: newValue) ?? otherCode(for: newValue, replacing: codes[row]) }
    }

    /// The code that packs `origin`, if one can: every row of a large tree's system is packed,
    /// and is appended through here.
    @inline(__always)
    private static func packedCode(of origin: LayoutSystem.Origin) -> UInt32? {
        switch origin {
        case .tableRecord(let place) where place >= 0 && Int(place) <= largestPacked:
            UInt32(place) << 2 | recordTag
        case .rule(let item, let rule) where item >= 0 && Int(item) <= largestRuleItem:
            (UInt32(item) << ruleKindBits | rule.code) << 2 | ruleTag
        default: nil
        }
    }

    /// The code of `origin` in a slot beside, for a row whose code was `old` (`nil` for a new
    /// row): the row's own slot if it had one.
    private mutating func otherCode(for origin: LayoutSystem.Origin, replacing old: UInt32?) -> UInt32 {
        if let old, old & 3 == Self.otherTag {
            others[Int(old >> 2)] = origin
            return old
        }
        others.append(origin)
        return UInt32(others.count - 1) << 2 | Self.otherTag
    }
}

extension LayoutSystem.Rule {
    /// The rule as a number below 16.
    fileprivate var code: UInt32 {
        switch self {
        case .rootLeft: 0
        case .rootTop: 1
        case .rootWidth: 2
        case .rootHeight: 3
        case .autoresizing(let axis): 4 + UInt32(axis.rawValue)
        case .hugging(let axis): 6 + UInt32(axis.rawValue)
        case .compressionResistance(let axis): 8 + UInt32(axis.rawValue)
        }
    }

    /// The rule numbered `code` by `code`.
    fileprivate init(code: UInt32) {
        let axis: LayoutConstraint.Axis = code % 2 == 0 ? .horizontal : .vertical
        switch code {
        case 0: self = .rootLeft
        case 1: self = .rootTop
        case 2: self = .rootWidth
        case 3: self = .rootHeight
        case 4, 5: self = .autoresizing(axis)
        case 6, 7: self = .hugging(axis)
        default: self = .compressionResistance(axis)
        }
    }
}
