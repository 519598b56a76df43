/// A scene's ids and the numbers of the records they name (the records' places in their list),
/// while a scene is checked.
///
/// Two ASCII strings are equal exactly when their bytes are, so ASCII ids are kept in an
/// open-addressed table of numbers hashed over their bytes: a large scene's table is made
/// several times faster than a `Dictionary`'s, which hashes each string with SipHash. Any other
/// string may equal a string of other bytes (a decomposed accent; the Kelvin sign and "K"),
/// and a table whose probes run long may have been given colliding ids on purpose: once either
/// happens, the table answers from a `Dictionary` of every id instead.
struct SceneIDTable {
    /// Per slot: the id's hash in the high 32 bits and its number + 1 in the low (0: empty).
    private var slots: [UInt64]
    /// How many ids are stored: they are numbered 0 ..< count, in the order stored.
    private(set) var count = 0
    /// Every id's number, once the table has given way.
    private var dictionary: [String: Int]?

    /// The most slots one probe visits before the table gives way to a dictionary.
    private let longestProbe: Int

    /// A table with room for `capacity` ids before it grows, whose probes give way past
    /// `longestProbe` slots.
    init(capacity: Int, longestProbe: Int = 128) {
        slots = Array(repeating: 0, count: Self.slotCount(for: capacity))
        self.longestProbe = longestProbe
    }

    /// Whether the table answers from a dictionary.
    var hasGivenWay: Bool { dictionary != nil }

    /// Stores `id` as number `count`, or returns the number of the id equal to it stored before
    /// (and stores nothing). `records` are the records numbered so far (a list passed, not a
    /// closure: a closure reading the scene's records captured a copy of the scene per call).
    mutating func insert<Record: NamedSceneRecord>(_ id: String, among records: [Record]) -> Int? {
        if let hash = tableHash(of: id) {
            if 2 * (count + 1) > slots.count { grow() }
            switch probe(hash: hash, isID: { records[$0].id == id }) {
            case .found(let number): return number
            case .vacant(let slot):
                slots[slot] = UInt64(hash) << 32 | UInt64(count + 1)
                count += 1
                return nil
            case .tooLong: break
            }
        }
        giveWay(among: records)
        if let number = dictionary![id] { return number }
        dictionary![id] = count
        count += 1
        return nil
    }

    /// Stores the ids of `records`, each numbered by its place, into an empty table: what
    /// `insert(_:among:)` in place order does, but for the order of the stores. Returns the place
    /// of the first record whose id equals an earlier one's (the table then holds the others),
    /// or `nil`.
    ///
    /// A large table misses the cache at every store; the records are stored region of the
    /// table by region, each small enough to stay in the cache, in place order within each (so
    /// an id's first record is stored before the records that repeat it).
    mutating func insertAll<Record: NamedSceneRecord>(_ records: [Record]) -> Int? {
        guard count == 0, dictionary == nil, let entries = Self.entries(ofASCII: records) else {
            return insertEach(records)
        }
        if 2 * records.count > slots.count { slots = Array(repeating: 0, count: Self.slotCount(for: records.count)) }
        var firstRepeat: Int?
        for entry in Self.byRegion(entries, slotCount: slots.count) {
            let place = Int(entry & 0xFFFF_FFFF) - 1
            // The record is read only when a stored id has its hash: a unique id's never is.
            switch probe(hash: UInt32(entry >> 32), isID: { records[$0].id == records[place].id }) {
            case .found: firstRepeat = min(firstRepeat ?? place, place)
            case .vacant(let slot): slots[slot] = entry
            case .tooLong:
                slots = Array(repeating: 0, count: slots.count)
                return insertEach(records)
            }
        }
        count = records.count
        return firstRepeat
    }

    /// `insert(_:among:)` for each record in place order, up to the first whose id repeats an
    /// earlier one's: its place, or `nil`.
    private mutating func insertEach<Record: NamedSceneRecord>(_ records: [Record]) -> Int? {
        for place in records.indices where insert(records[place].id, among: records) != nil {
            return place
        }
        return nil
    }

    /// The number of the id equal to `id`, or `nil`.
    mutating func number<Record: NamedSceneRecord>(of id: String, among records: [Record]) -> Int? {
        if let hash = tableHash(of: id) {
            switch probe(hash: hash, isID: { records[$0].id == id }) {
            case .found(let number): return number
            case .vacant: return nil
            case .tooLong: break
            }
        }
        giveWay(among: records)
        return dictionary![id]
    }

    // MARK: Probing

    private enum Probe {
        case found(Int)
        case vacant(Int)
        case tooLong
    }

    /// Linear probing from the slot the hash's low bits pick; `isID` says whether the id
    /// numbered so is the one probed for (asked only of stored ids with the same hash).
    private func probe(hash: UInt32, isID: (Int) -> Bool) -> Probe {
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        for _ in 0..<longestProbe {
            let entry = slots[slot]
            if entry == 0 { return .vacant(slot) }
            let number = Int(entry & 0xFFFF_FFFF) - 1
            if UInt32(entry >> 32) == hash, isID(number) { return .found(number) }
            slot = (slot + 1) & mask
        }
        return .tooLong
    }

    /// Twice the slots, each entry placed again from its kept hash.
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: 0, count: 2 * old.count)
        let mask = slots.count - 1
        for entry in old where entry != 0 {
            var slot = Int(entry >> 32) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }

    /// Moves every id stored so far into `dictionary`, which answers from then on (once).
    private mutating func giveWay<Record: NamedSceneRecord>(among records: [Record]) {
        guard dictionary == nil else { return }
        var table = [String: Int](minimumCapacity: count)
        for number in 0..<count { table[records[number].id] = number }
        dictionary = table
        slots = []
    }

    // MARK: Hashing

    /// `id`'s hash in the table, or `nil` when the dictionary answers it (it has given way, or
    /// the id is not ASCII).
    private func tableHash(of id: String) -> UInt32? {
        dictionary == nil ? Self.hash(ofASCII: id) : nil
    }

    /// At least twice `capacity`, a power of two.
    private static func slotCount(for capacity: Int) -> Int {
        var count = 16
        while count < 2 * capacity { count <<= 1 }
        return count
    }

    /// Each record's slot entry (its id's hash and its number + 1), in place order, or `nil`
    /// when some id is not ASCII. The records are read in place: iterating would copy each.
    private static func entries<Record: NamedSceneRecord>(ofASCII records: [Record]) -> [UInt64]? {
        var entries: [UInt64] = []
        entries.reserveCapacity(records.count)
        for place in records.indices {
            guard let hash = hash(ofASCII: records[place].id) else { return nil }
            entries.append(UInt64(hash) << 32 | UInt64(place + 1))
        }
        return entries
    }

    /// A region's slots, 2^13 (64 KB), and the most slots a table keeps in the cache whole,
    /// 2^17 (1 MB), as powers of two.
    private static let regionSlotBits = 13, cachedSlotBits = 17

    /// `entries` ordered by the region of a table of `slotCount` slots their slots fall in, in
    /// place order within a region (a counting sort): 8,192 slots a region, 64 KB. Read in
    /// order, neither the entries nor the slots are read far apart. A table of 1 MB or less
    /// stays in the cache whole: its entries keep their order.
    private static func byRegion(_ entries: [UInt64], slotCount: Int) -> [UInt64] {
        let slotBits = slotCount.trailingZeroBitCount
        guard slotBits > cachedSlotBits else { return entries }
        let mask = UInt64(slotCount - 1), regions = 1 << (slotBits - regionSlotBits)
        func region(_ entry: UInt64) -> Int { Int((entry >> 32 & mask) >> UInt64(regionSlotBits)) }
        var next = [Int](repeating: 0, count: regions + 1)
        for entry in entries { next[region(entry) + 1] += 1 }
        for region in 0..<regions { next[region + 1] += next[region] }
        var sorted = [UInt64](repeating: 0, count: entries.count)
        for entry in entries {
            sorted[next[region(entry)]] = entry
            next[region(entry)] += 1
        }
        return sorted
    }

    /// FNV-1a over the bytes, its high half then folded in and the whole multiplied, keeping the
    /// product's high bits (a product's low bits depend on its factors' low bits only, and the
    /// low bits pick the slot); `nil` for a string that is not all ASCII.
    private static func hash(ofASCII id: String) -> UInt32? {
        // Read as one buffer: iterating `utf8` steps through a short string's bytes one call
        // at a time.
        var id = id
        return id.withUTF8 { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            var bits: UInt8 = 0
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
                bits |= byte
            }
            guard bits < 0x80 else { return nil }
            return UInt32(truncatingIfNeeded: ((hash ^ hash >> 32) &* 0x9e37_79b9_7f4a_7c15) >> 32)
        }
    }
}

/// A scene record named by an id.
protocol NamedSceneRecord {
    var id: String { get }
}

extension Scene.ViewRecord: NamedSceneRecord {}
extension Scene.GuideRecord: NamedSceneRecord {}
