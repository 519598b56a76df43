extension UnsafeBufferPointer where Element: AnyObject {
    /// Calls `body` on each element in order (last first when `reversed`), lent without
    /// counting a reference to it: the buffer's owner keeps the elements, so a walk over a
    /// large tree's views or constraints need not count and release each one (a pair of atomic
    /// operations an element).
    /// - Precondition: `body` does not change the buffer's owner.
    func forEachLent(reversed: Bool = false, _ body: (Element) -> Void) {
        withMemoryRebound(to: Unmanaged<Element>.self) { handles in
            if reversed {
                for handle in handles.reversed() { handle._withUnsafeGuaranteedRef(body) }
            } else {
                for handle in handles { handle._withUnsafeGuaranteedRef(body) }
            }
        }
    }
}

extension Array where Element: AnyObject {
    /// Calls `body` on each element in order (last first when `reversed`), lent: see
    /// `UnsafeBufferPointer.forEachLent`.
    /// - Precondition: `body` does not change the array.
    func forEachLent(reversed: Bool = false, _ body: (Element) -> Void) {
        withUnsafeBufferPointer { $0.forEachLent(reversed: reversed, body) }
    }
}
