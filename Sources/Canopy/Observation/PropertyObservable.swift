/// An object whose properties can be watched with ``observe(_:options:changeHandler:)``:
/// views (frame, bounds, center, transform, alpha, isHidden, a scroll view's contentOffset and
/// contentSize, a control's state...) and gesture recognizers (state).
///
/// This is Canopy's counterpart of key-value observing: typed, closure based, synchronous.
/// A conforming class calls ``ObservationRegistry/propertiesDidChange(of:)`` after each change
/// of a property it lets be observed.
public protocol PropertyObservable: AnyObject {
    /// The observers of this object's properties.
    var observationRegistry: ObservationRegistry { get }
}

extension PropertyObservable {
    /// Calls `changeHandler` each time the value at `keyPath` changes, with the object and the
    /// old and new values, until the returned token is cancelled or released.
    ///
    /// The handler runs synchronously, after the change is complete (a frame change has
    /// already moved the center and resized the bounds), once per change; setting a property
    /// to its current value is not a change.
    ///
    /// ```swift
    /// let token = scrollView.observe(\.contentOffset) { scrollView, change in
    ///     header.frame.origin.y = min(0, change.newValue.y)
    /// }
    /// ```
    /// - Parameters:
    ///   - keyPath: The property to watch.
    ///   - options: `.initial` also calls the handler at once, with the current value as both
    ///     old and new.
    ///   - changeHandler: Called with the object and the change.
    /// - Returns: The token that keeps the observation alive; keep it as long as you observe.
    public func observe<Value: Equatable>(
        _ keyPath: KeyPath<Self, Value>,
        options: ObservationOptions = [],
        changeHandler: @escaping (Self, ObservedChange<Value>) -> Void
    ) -> Observation {
        var last = self[keyPath: keyPath]
        let check: (AnyObject) -> Void = { owner in
            let object = unsafeDowncast(owner, to: Self.self)
            let current = object[keyPath: keyPath]
            guard current != last else { return }
            let change = ObservedChange(oldValue: last, newValue: current, isInitial: false)
            last = current
            changeHandler(object, change)
        }
        let observation = observationRegistry.add(check)
        if options.contains(.initial) {
            changeHandler(self, ObservedChange(oldValue: last, newValue: last, isInitial: true))
        }
        return observation
    }
}
