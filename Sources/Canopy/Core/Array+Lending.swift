extension UnsafeBufferPointer where Element: AnyObject {
    /// Calls `body` on each element in order, lent without counting a reference to it: the
    /// buffer's owner keeps the elements, so a walk over a large tree's views or constraints
    /// need not count and release each one (a pair of atomic operations an element).
    /// - Precondition: `body` does not change the buffer's owner.
    func forEachLent(_ body: (Element) -> Void) {
        withMemoryRebound(to: Unmanaged<Element>.self) { handles in
            for handle in handles { handle._withUnsafeGuaranteedRef(body) }
        }
    }

    /// The index of the first element from `start` on that satisfies `predicate`, each element
    /// lent to it (see `forEachLent`), or `nil`.
    /// - Precondition: `start >= 0`, and `predicate` does not change the buffer's owner.
    func firstIndexLent(from start: Int, where predicate: (Element) -> Bool) -> Int? {
        withMemoryRebound(to: Unmanaged<Element>.self) { handles in
            guard start < handles.count else { return nil }
            return (start..<handles.count).first { handles[$0]._withUnsafeGuaranteedRef(predicate) }
        }
    }
}

extension Array where Element: AnyObject {
    /// Calls `body` on each element in order, lent: see `UnsafeBufferPointer.forEachLent`.
    /// - Precondition: `body` does not change the array.
    func forEachLent(_ body: (Element) -> Void) {
        withUnsafeBufferPointer { $0.forEachLent(body) }
    }

    /// The index of the first element from `start` on that satisfies `predicate`, lent: see
    /// `UnsafeBufferPointer.firstIndexLent(from:where:)`.
    /// - Precondition: `predicate` does not change the array.
    func firstIndexLent(from start: Int, where predicate: (Element) -> Bool) -> Int? {
        withUnsafeBufferPointer { $0.firstIndexLent(from: start, where: predicate) }
    }
}
