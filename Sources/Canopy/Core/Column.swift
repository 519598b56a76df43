/// A growable array of plain values in memory the owner frees, handed to the C core as a
/// pointer. Unlike `Array`, it never copies on write and takes no exclusive access, so the core
/// can read it while Swift code called back from the core reads it too.
struct Column<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 16) {
        self.capacity = max(capacity, 1)
        base = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
    }

    /// Frees the memory; the column must not be used afterwards.
    func deallocate() {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Empties the column, keeping at least `minimumCapacity` slots.
    mutating func removeAll(keepingCapacity minimumCapacity: Int = 0) {
        base.deinitialize(count: count)
        count = 0
        if minimumCapacity > capacity { grow(to: minimumCapacity) }
    }

    mutating func append(_ element: Element) {
        if count == capacity { grow(to: capacity * 2) }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Sets the count to `newCount`, filling new slots with `value`.
    mutating func resize(to newCount: Int, filling value: Element) {
        if newCount > capacity { grow(to: newCount) }
        if newCount > count {
            (base + count).initialize(repeating: value, count: newCount - count)
        } else {
            (base + newCount).deinitialize(count: count - newCount)
        }
        count = newCount
    }

    subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    /// Bytes held, for memory reports.
    var bytes: Int { capacity * MemoryLayout<Element>.stride }

    private mutating func grow(to newCapacity: Int) {
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}
