import Foundation

/// A growable array of plain values in memory the owner frees, handed to the C core as a
/// pointer. Unlike `Array`, it never copies on write and takes no exclusive access, so the core
/// can read it while Swift code called back from the core reads it too.
///
/// The memory comes from `malloc` and grows with `realloc`: a large column then grows in place
/// or by moving its pages, never with the old block and a copy both resident (a million-view
/// tree's first flatten doubled every column at once).
struct Column<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 16) {
        self.capacity = max(capacity, 1)
        base = Self.reallocate(nil, capacity: self.capacity)
    }

    /// Frees the memory; the column must not be used afterwards.
    func deallocate() {
        free(base)
    }

    /// Empties the column, keeping at least `minimumCapacity` slots.
    mutating func removeAll(keepingCapacity minimumCapacity: Int = 0) {
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
        if newCount > count { (base + count).initialize(repeating: value, count: newCount - count) }
        count = newCount
    }

    subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    /// Bytes held, for memory reports.
    var bytes: Int { capacity * MemoryLayout<Element>.stride }

    private mutating func grow(to newCapacity: Int) {
        base = Self.reallocate(base, capacity: newCapacity)
        capacity = newCapacity
    }

    private static func reallocate(_ memory: UnsafeMutablePointer<Element>?, capacity: Int) -> UnsafeMutablePointer<Element> {
        let (bytes, overflow) = capacity.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
        guard !overflow, let grown = realloc(memory, bytes) else {
            fatalError("Canopy: out of memory growing a column to \(capacity) elements")
        }
        return grown.bindMemory(to: Element.self, capacity: capacity)
    }
}
