import Foundation

/// An archived object's values by key: a short list kept in key order. An object holds a few
/// values, and finding one by comparing keys in a sorted list costs less than hashing the key
/// (a 100,000-view archive looks up millions of keys). Most lookups are of keys an object
/// lacks (a view reads thirty, and holds a few), so a 64-bit mask of the keys' lengths and
/// last bytes answers most of them before any comparison.
///
/// ```swift
/// var values: ArchiveValues = ["alpha": .number(0.5)]
/// values["tag"] = .integer(7)
/// values.keys                              // ["alpha", "tag"]
/// ```
public struct ArchiveValues: Equatable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    private var keysInOrder: [String] = []
    private var valuesInOrder: [ArchiveValue] = []
    private var keyMask: UInt64 = 0

    /// No values.
    public init() {}

    /// The given values; a key given twice keeps its last value.
    public init(dictionaryLiteral elements: (String, ArchiveValue)...) {
        for (key, value) in elements { self[key] = value }
    }

    /// The values under `keys`, as a file lists them: in one pass when the keys are in
    /// order, as Canopy's writer leaves them; one by one otherwise.
    init(keys: [String], values: [ArchiveValue]) {
        guard zip(keys, keys.dropFirst()).allSatisfy({ $0 < $1 }) else {
            for (key, value) in zip(keys, values) { self[key] = value }
            return
        }
        keysInOrder = keys
        valuesInOrder = values
        keyMask = keys.reduce(0) { $0 | Self.maskBit(of: $1) }
    }

    /// The value under `key`, or `nil`; setting `nil` removes it.
    public subscript(key: String) -> ArchiveValue? {
        get {
            guard keyMask & Self.maskBit(of: key) != 0 else { return nil }
            let place = place(of: key)
            return place < keysInOrder.count && keysInOrder[place] == key ? valuesInOrder[place] : nil
        }
        set {
            // Archive files list keys in order: appending is the common case.
            let place = keysInOrder.last.map { $0 < key } ?? true ? keysInOrder.count : place(of: key)
            let present = place < keysInOrder.count && keysInOrder[place] == key
            switch (present, newValue) {
            case (true, let value?): valuesInOrder[place] = value
            case (true, nil):
                keysInOrder.remove(at: place)
                valuesInOrder.remove(at: place)
                keyMask = keysInOrder.reduce(0) { $0 | Self.maskBit(of: $1) }
            case (false, let value?) where place == keysInOrder.count:
                keysInOrder.append(key)
                valuesInOrder.append(value)
                keyMask |= Self.maskBit(of: key)
            case (false, let value?):
                keysInOrder.insert(key, at: place)
                valuesInOrder.insert(value, at: place)
                keyMask |= Self.maskBit(of: key)
            case (false, nil): break
            }
        }
    }

    /// The keys, in order.
    public var keys: [String] { keysInOrder }

    /// How many values there are.
    public var count: Int { keysInOrder.count }

    /// Whether there are none.
    public var isEmpty: Bool { keysInOrder.isEmpty }

    /// Makes room for `count` values.
    public mutating func reserveCapacity(_ count: Int) {
        keysInOrder.reserveCapacity(count)
        valuesInOrder.reserveCapacity(count)
    }

    /// The keys and values, in key order.
    public func makeIterator() -> some IteratorProtocol<(key: String, value: ArchiveValue)> {
        zip(keysInOrder, valuesInOrder).lazy.map { (key: $0, value: $1) }.makeIterator()
    }

    /// The bit `key` sets in the mask: from its length and last byte, read from the string's
    /// bytes in place (the generic `utf8.last` costs more than the lookup it saves).
    private static func maskBit(of key: String) -> UInt64 {
        let mix = key.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.count &* 11 &+ Int(bytes.last ?? 0) &* 4
        }
        return 1 << UInt64((mix ?? key.utf8.count) & 63)
    }

    /// Where `key` is or would go: the first place whose key is not less than it.
    private func place(of key: String) -> Int {
        var low = 0, high = keysInOrder.count
        while low < high {
            let middle = (low + high) / 2
            if keysInOrder[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
