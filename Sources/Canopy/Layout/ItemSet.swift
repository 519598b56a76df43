/// A set of item indices, one bit each, visited in ascending order while it grows ahead of the
/// visit: parents come before their children, so placing an item can add its children and
/// still see them in turn.
struct ItemSet {
    private var words: [UInt64]

    /// A set for indices below `count`, empty or holding them all.
    init(count: Int, containingAll: Bool = false) {
        words = Array(repeating: containingAll ? ~0 : 0, count: count / 64 + 1)
        if containingAll { words[words.count - 1] = (1 << UInt64(count & 63)) - 1 }
    }

    mutating func insert(_ index: Int) {
        words[index >> 6] |= 1 << UInt64(index & 63)
    }

    func contains(_ index: Int) -> Bool {
        words[index >> 6] & (1 << UInt64(index & 63)) != 0
    }

    /// The smallest member at or after `start`, if any.
    func first(from start: Int) -> Int? {
        var word = start >> 6
        guard word < words.count else { return nil }
        var bits = words[word] & (~0 << UInt64(start & 63))
        while bits == 0 {
            word += 1
            guard word < words.count else { return nil }
            bits = words[word]
        }
        return word << 6 + bits.trailingZeroBitCount
    }
}
