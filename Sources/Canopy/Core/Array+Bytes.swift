extension Array {
    /// Bytes the array's storage holds for elements (its capacity), for memory reports.
    var bytes: Int { capacity * MemoryLayout<Element>.stride }
}
