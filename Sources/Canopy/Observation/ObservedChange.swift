/// One change of an observed property.
public struct ObservedChange<Value> {
    /// The value before the change (for the `.initial` call, the current value).
    public let oldValue: Value
    /// The value after the change.
    public let newValue: Value
    /// Whether this is the call made at once for ``ObservationOptions/initial``.
    public let isInitial: Bool
}

extension ObservedChange: Equatable where Value: Equatable {}
extension ObservedChange: Sendable where Value: Sendable {}

/// Options for ``PropertyObservable/observe(_:options:changeHandler:)``.
public struct ObservationOptions: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates options from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Call the handler once at once, with the current value.
    public static let initial = ObservationOptions(rawValue: 1 << 0)
}
