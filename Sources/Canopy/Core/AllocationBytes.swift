import CCanopy

/// The bytes the allocator holds for `object`'s block, for memory reports.
func allocationBytes(of object: AnyObject) -> Int {
    Int(cnp_allocation_bytes(Unmanaged.passUnretained(object).toOpaque()))
}

extension Array {
    /// Bytes the array's storage asked for: its header and its capacity (none when it has no
    /// storage of its own), for memory reports.
    var storageBytes: Int { capacity > 0 ? 32 + bytes : 0 }
}
