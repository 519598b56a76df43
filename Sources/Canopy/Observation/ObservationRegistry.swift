/// The observers of one object's properties; see ``PropertyObservable``.
///
/// Each observer remembers the last value it reported, so one notification after any change
/// is enough: every observer reads its own property and reports only a real change, once.
public final class ObservationRegistry {
    final class Entry {
        var check: ((AnyObject) -> Void)?
        init(check: @escaping (AnyObject) -> Void) { self.check = check }
    }

    private var entries: [Entry] = []

    /// Creates an empty registry.
    public init() {}

    /// Whether any observer is registered.
    public var isEmpty: Bool { entries.isEmpty }

    /// Tells the observers that properties of `object` (the registry's owner) may have changed;
    /// each observer whose value did change is called once. Observers added or cancelled by a
    /// handler take effect at the next notification.
    public func propertiesDidChange(of object: AnyObject) {
        for entry in entries {
            // A handler may cancel its own observation; the local copy keeps it alive meanwhile.
            if let check = entry.check { check(object) }
        }
    }

    func add(_ check: @escaping (AnyObject) -> Void) -> Observation {
        let entry = Entry(check: check)
        entries.append(entry)
        return Observation(registry: self, entry: entry)
    }

    func remove(_ entry: Entry) {
        entry.check = nil
        entries.removeAll { $0 === entry }
    }
}

/// A running observation; it stops when cancelled or released.
public final class Observation {
    private weak var registry: ObservationRegistry?
    private var entry: ObservationRegistry.Entry?

    init(registry: ObservationRegistry, entry: ObservationRegistry.Entry) {
        self.registry = registry
        self.entry = entry
    }

    /// Stops the observation; the handler is not called again. Cancelling twice does nothing.
    public func cancel() {
        guard let entry else { return }
        self.entry = nil
        registry?.remove(entry)
    }

    deinit { cancel() }
}
