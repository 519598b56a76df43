/// Indices keyed by object identity: an open-addressing table over object addresses.
///
/// Collecting a window's system looks every constraint's items up; with a `Dictionary` keyed by
/// `ObjectIdentifier`, hashing (SipHash) was most of a large tree's first update cycle. An
/// address is already well spread once multiplied by an odd constant, and linear probing keeps
/// the lookups in one cache line.
struct ItemIndexTable {
    private var keys: [UInt] = []
    private var values: [Int32] = []
    private var mask = 0
    private(set) var count = 0

    /// A table that takes `capacity` items without growing.
    init(capacity: Int = 0) {
        allocate(slots: Self.slots(for: capacity))
    }

    /// The index stored for the object `id`, if any.
    subscript(id: ObjectIdentifier) -> Int? {
        let key = Self.key(id)
        var slot = Self.home(key, mask)
        while true {
            let found = keys[slot]
            if found == key { return Int(values[slot]) }
            if found == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// Stores `index` for the object `id`; returns false, changing nothing, when it has an index.
    @discardableResult
    mutating func insert(_ id: ObjectIdentifier, index: Int) -> Bool {
        if 2 * (count + 1) > keys.count { rehash(slots: 2 * keys.count) }
        let key = Self.key(id)
        var slot = Self.home(key, mask)
        while keys[slot] != 0 {
            if keys[slot] == key { return false }
            slot = (slot + 1) & mask
        }
        keys[slot] = key
        values[slot] = Int32(index)
        count += 1
        return true
    }

    func contains(_ id: ObjectIdentifier) -> Bool { self[id] != nil }

    /// Bytes held by the table.
    var bytes: Int { keys.bytes + values.bytes }

    // MARK: Storage

    /// A power of two at least twice `capacity`: the table stays at most half full.
    private static func slots(for capacity: Int) -> Int {
        max(16, (2 * capacity).nextPowerOfTwo)
    }

    /// The object's address (never 0, the mark of an empty slot).
    private static func key(_ id: ObjectIdentifier) -> UInt { UInt(bitPattern: id) }

    /// Fibonacci hashing: the multiplication gathers the address's varying bits at the top.
    private static func home(_ key: UInt, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    private mutating func allocate(slots: Int) {
        keys = Array(repeating: 0, count: slots)
        values = Array(repeating: 0, count: slots)
        mask = slots - 1
        count = 0
    }

    private mutating func rehash(slots: Int) {
        let (oldKeys, oldValues) = (keys, values)
        allocate(slots: slots)
        for (key, value) in zip(oldKeys, oldValues) where key != 0 {
            var slot = Self.home(key, mask)
            while keys[slot] != 0 { slot = (slot + 1) & mask }
            keys[slot] = key
            values[slot] = value
            count += 1
        }
    }
}

extension Int {
    /// The smallest power of two not below `self` (1 for values below 1).
    fileprivate var nextPowerOfTwo: Int { self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount) }
}
