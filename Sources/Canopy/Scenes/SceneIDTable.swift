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
            switch probe(for: id, hash: hash, among: records) {
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

    /// The number of the id equal to `id`, or `nil`.
    mutating func number<Record: NamedSceneRecord>(of id: String, among records: [Record]) -> Int? {
        if let hash = tableHash(of: id) {
            switch probe(for: id, hash: hash, among: records) {
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

    /// Linear probing from the slot the hash's low bits pick.
    private func probe<Record: NamedSceneRecord>(for id: String, hash: UInt32, among records: [Record]) -> Probe {
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        for _ in 0..<longestProbe {
            let entry = slots[slot]
            if entry == 0 { return .vacant(slot) }
            let number = Int(entry & 0xFFFF_FFFF) - 1
            if UInt32(entry >> 32) == hash, records[number].id == id { return .found(number) }
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
