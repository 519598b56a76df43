/// The active constraints a view holds, in the order it came to hold them. Most views of a
/// large tree hold one (a size of their own) or none: the first is kept as it is, in the room of
/// one reference, and a list is made for the second, with room for four (a view that holds two
/// usually holds more).
struct HeldConstraints {
    private enum Storage {
        case none
        case one(LayoutConstraint)
        case many([LayoutConstraint])
    }

    private var storage = Storage.none

    var isEmpty: Bool {
        if case .none = storage { true } else { false }
    }

    var count: Int {
        switch storage {
        case .none: 0
        case .one: 1
        case .many(let list): list.count
        }
    }

    /// The constraints as a list.
    var array: [LayoutConstraint] {
        switch storage {
        case .none: []
        case .one(let constraint): [constraint]
        case .many(let list): list
        }
    }

    /// Bytes the list's storage asked for (none while there is no list), for memory reports.
    var storageBytes: Int {
        if case .many(let list) = storage { list.storageBytes } else { 0 }
    }

    // Inlined, as the appends of the list were: installing a constraint is mostly this.
    @inline(__always)
    mutating func append(_ constraint: LayoutConstraint) {
        switch storage {
        case .none:
            storage = .one(constraint)
        case .one(let first):
            var list: [LayoutConstraint] = []
            list.reserveCapacity(4)
            list.append(first)
            list.append(constraint)
            storage = .many(list)
        case .many(var list):
            storage = .none  // the list is then referenced once, and grows in place
            list.append(constraint)
            storage = .many(list)
        }
    }

    mutating func removeAll(where shouldBeRemoved: (LayoutConstraint) -> Bool) {
        switch storage {
        case .none:
            break
        case .one(let constraint):
            if shouldBeRemoved(constraint) { storage = .none }
        case .many(var list):
            storage = .none
            list.removeAll(where: shouldBeRemoved)
            storage = list.isEmpty ? .none : .many(list)
        }
    }

    /// Calls `body` with the constraints in a buffer, as `Array.withUnsafeBufferPointer` does.
    @inline(__always)
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<LayoutConstraint>) -> R) -> R {
        switch storage {
        case .none: body(UnsafeBufferPointer(start: nil, count: 0))
        case .one(let constraint): withUnsafePointer(to: constraint) { body(UnsafeBufferPointer(start: $0, count: 1)) }
        case .many(let list): list.withUnsafeBufferPointer(body)
        }
    }

    /// Calls `body` with each constraint, uncounted: the list holds them meanwhile (see
    /// `UnsafeBufferPointer.forEachLent`).
    func forEachLent(_ body: (LayoutConstraint) -> Void) {
        withUnsafeBufferPointer { $0.forEachLent(body) }
    }
}
