import Foundation

/// Writes objects into an ``Archive`` and makes them again from it, by key: `NSCoder`'s role
/// for keyed archives.
///
/// A class reads its values in `init?(coder:)` and writes them in `encode(with:)`:
///
/// ```swift
/// final class BadgeView: View {
///     var count = 0
///     required init?(coder: Coder) {
///         super.init(coder: coder)
///         count = coder.decodeInteger(forKey: "count")
///     }
///     override func encode(with coder: Coder) {
///         super.encode(with: coder)
///         coder.encode(count, forKey: "count")
///     }
/// }
/// ```
///
/// Objects referred to from several places are archived once and made once. An object that
/// needs objects still being made (a view's constraints refer to the view) reads them in
/// ``whenAllObjectsExist(_:)``.
public final class Coder {
    /// Whether this coder writes an archive (rather than reading one).
    public let isEncoding: Bool
    /// The first failure a decoding method met, or that a class reported with
    /// ``failWithError(_:)``.
    public private(set) var error: ArchiveError?

    let classes: ArchiveClasses
    /// The objects read (decoding), and the file they came from.
    private let objects: [ArchivedObject]
    private let source: String?
    /// The objects written (encoding).
    private(set) var encodedObjects: [ArchivedObject] = []
    /// The object whose keys are read or written now.
    @exclusivity(unchecked) private var current = -1
    /// The values of the object being read, held here while it is read: one copy per object
    /// rather than one per key looked up.
    @exclusivity(unchecked) private var currentValues = ArchiveValues()

    // Decoding state. Every access to these is momentary (no access spans a call that could
    // reach another), so the runtime's exclusivity checks (some 6% of decoding a large
    // archive) are left out.
    @exclusivity(unchecked) private var made: [AnyObject?] = []
    @exclusivity(unchecked) private var making: [Bool] = []
    @exclusivity(unchecked) private var depth = 0
    @exclusivity(unchecked) private var lastEntry: (name: String, entry: ArchiveClasses.Entry)?
    private var deferred: [(object: Int, body: (Coder) throws -> Void)] = []
    /// The places of the objects made, in the order they were made.
    @exclusivity(unchecked) private(set) var madeOrder: [Int] = []

    // Encoding state.
    private var indexOfObject: [ObjectIdentifier: Int] = [:]
    private var encodedRetained: [AnyObject] = []
    private var archivedPropertiesByClass: [ObjectIdentifier: [KeyedProperty]] = [:]
    /// Whether views and constraints the first object refers to are written as their class
    /// name alone, not followed (one view's own values, without its subtree).
    private let writesOneView: Bool

    init(encodingWith classes: ArchiveClasses, writingOneView: Bool = false) {
        isEncoding = true
        self.classes = classes
        objects = []
        source = nil
        writesOneView = writingOneView
    }

    /// A coder that makes `archive`'s objects from `classes`; `placeholders` are objects that
    /// exist already (a nib's File's Owner), by place.
    init(decoding archive: Archive, classes: ArchiveClasses, placeholders: [Int: AnyObject] = [:]) {
        isEncoding = false
        writesOneView = false
        self.classes = classes
        objects = archive.objects
        source = archive.source
        made = Array(repeating: nil, count: archive.objects.count)
        making = Array(repeating: false, count: archive.objects.count)
        for (index, object) in placeholders { made[index] = object }
    }

    // MARK: Encoding

    /// Writes `value` under `key`.
    public func encode<T: ArchiveValueConvertible>(_ value: T, forKey key: String) {
        precondition(isEncoding, "Canopy: encode(_:forKey:) called on a decoding coder")
        encodedObjects[current].values[key] = value.archiveValue
    }

    /// Writes a reference to `object` (archiving it if it is not yet), or `nil`, under `key`.
    public func encode(_ object: (any Archivable)?, forKey key: String) {
        precondition(isEncoding, "Canopy: encode(_:forKey:) called on a decoding coder")
        let value = object.map { ArchiveValue.object(index(encoding: $0)) } ?? .null
        encodedObjects[current].values[key] = value
    }

    /// Writes references to `objects`, in order, under `key`.
    public func encode<T: Archivable>(_ objects: [T], forKey key: String) {
        precondition(isEncoding, "Canopy: encode(_:forKey:) called on a decoding coder")
        let values = objects.map { ArchiveValue.object(index(encoding: $0)) }
        encodedObjects[current].values[key] = .array(values)
    }

    /// The place of `object` in the archive, archiving it (and what it refers to) first if
    /// it is not there yet.
    func index(encoding object: any Archivable) -> Int {
        if let index = indexOfObject[ObjectIdentifier(object)] { return index }
        let index = encodedObjects.count
        encodedObjects.append(ArchivedObject(className: classes.name(of: object)))
        indexOfObject[ObjectIdentifier(object)] = index
        encodedRetained.append(object)  // keeps identifiers unique while encoding
        if writesOneView, index > 0, object is View || object is LayoutConstraint { return index }
        let outer = current
        current = index
        object.encode(with: self)
        encodedObjects[index].keyPathValues = InspectableValues.archived(of: object, from: archivedProperties(of: object))
        current = outer
        return index
    }

    /// The archived inspectable properties of `object`'s class, worked out once per class:
    /// a class's property list is built anew each time it is asked for.
    private func archivedProperties(of object: AnyObject) -> [KeyedProperty] {
        let type = ObjectIdentifier(Swift.type(of: object))
        if let properties = archivedPropertiesByClass[type] { return properties }
        let properties = InspectableValues.archivedProperties(of: Swift.type(of: object))
        archivedPropertiesByClass[type] = properties
        return properties
    }

    /// Forgets what was written, keeping the storage: the next object is written alone.
    func restartEncoding() {
        encodedObjects.removeAll(keepingCapacity: true)
        indexOfObject.removeAll(keepingCapacity: true)
        encodedRetained.removeAll(keepingCapacity: true)
    }

    /// The object written at `place`.
    func encodedObject(at place: Int) -> AnyObject { encodedRetained[place] }

    // MARK: Decoding values

    /// Whether the object being made has a value under `key`.
    public func containsValue(forKey key: String) -> Bool {
        !isEncoding && value(forKey: key) != nil
    }

    /// The value under `key`, which must be there and of type `T`.
    /// - Throws: ``ArchiveError`` naming the key and class when it is missing or of another kind.
    public func decode<T: ArchiveValueConvertible>(_ type: T.Type, forKey key: String) throws(ArchiveError) -> T {
        guard let value = try decodeIfPresent(type, forKey: key) else { throw failure(.missingValue, key: key) }
        return value
    }

    /// The value under `key` if there is one; it must be of type `T`.
    /// - Throws: ``ArchiveError`` naming the key and class when it is of another kind.
    public func decodeIfPresent<T: ArchiveValueConvertible>(_ type: T.Type, forKey key: String) throws(ArchiveError) -> T? {
        guard let value = value(forKey: key) else { return nil }
        guard let decoded = T(archiveValue: value) else {
            throw failure(.wrongKind(expected: String(describing: T.self), found: value.kindName), key: key)
        }
        return decoded
    }

    /// The truth value under `key`; `false` when missing. A value of another kind sets
    /// ``error`` and reads as `false`.
    public func decodeBool(forKey key: String) -> Bool { lenient(Bool.self, key) ?? false }

    /// The whole number under `key`; 0 when missing or unusable (which sets ``error``).
    public func decodeInteger(forKey key: String) -> Int { lenient(Int.self, key) ?? 0 }

    /// The number under `key`; 0 when missing or unusable (which sets ``error``).
    public func decodeDouble(forKey key: String) -> Double { lenient(Double.self, key) ?? 0 }

    /// The point under `key`; `.zero` when missing or unusable (which sets ``error``).
    public func decodeCGPoint(forKey key: String) -> CGPoint { lenient(CGPoint.self, key) ?? .zero }

    /// The size under `key`; `.zero` when missing or unusable (which sets ``error``).
    public func decodeCGSize(forKey key: String) -> CGSize { lenient(CGSize.self, key) ?? .zero }

    /// The rect under `key`; `.zero` when missing or unusable (which sets ``error``).
    public func decodeCGRect(forKey key: String) -> CGRect { lenient(CGRect.self, key) ?? .zero }

    /// The insets under `key`; `.zero` when missing or unusable (which sets ``error``).
    public func decodeEdgeInsets(forKey key: String) -> EdgeInsets { lenient(EdgeInsets.self, key) ?? .zero }

    /// The transform under `key`; the identity when missing or unusable (which sets ``error``).
    public func decodeCGAffineTransform(forKey key: String) -> CGAffineTransform {
        lenient(CGAffineTransform.self, key) ?? .identity
    }

    /// The string under `key`; `nil` when missing or unusable (which sets ``error``).
    public func decodeString(forKey key: String) -> String? { lenient(String.self, key) }

    private func lenient<T: ArchiveValueConvertible>(_ type: T.Type, _ key: String) -> T? {
        do { return try decodeIfPresent(type, forKey: key) } catch {
            failWithError(error)
            return nil
        }
    }

    // MARK: Decoding objects

    /// The object under `key`, made now if it is not yet; `nil` when the key is missing or
    /// holds `nil`.
    /// - Throws: ``ArchiveError`` when the object is not a `T`, cannot be made, or is still
    ///   being made (use ``whenAllObjectsExist(_:)`` for references back up the tree).
    public func decodeObject<T>(of type: T.Type, forKey key: String) throws(ArchiveError) -> T? {
        guard let value = value(forKey: key) else { return nil }
        switch value {
        case .null: return nil
        case .object(let index): return try object(at: index, as: type, key: key)
        default: throw failure(.wrongKind(expected: "an object", found: value.kindName), key: key)
        }
    }

    /// The objects listed under `key`, each made now if it is not yet; empty when missing.
    /// - Throws: ``ArchiveError`` as ``decodeObject(of:forKey:)`` does, for any of them.
    public func decodeArray<T>(of type: T.Type, forKey key: String) throws(ArchiveError) -> [T] {
        guard let value = value(forKey: key) else { return [] }
        guard case .array(let values) = value else {
            throw failure(.wrongKind(expected: "a list of objects", found: value.kindName), key: key)
        }
        var objects: [T] = []
        objects.reserveCapacity(values.count)
        for element in values {
            guard case .object(let index) = element else {
                throw failure(.wrongKind(expected: "an object", found: element.kindName), key: key)
            }
            objects.append(try object(at: index, as: type, key: key))
        }
        return objects
    }

    /// Runs `body` once every object of the archive has been made, with this coder reading the
    /// same object's values: the place to read references to objects that are still being made
    /// now (a view's constraints, which refer to the view). Errors `body` throws fail the
    /// whole decoding.
    public func whenAllObjectsExist(_ body: @escaping (Coder) throws -> Void) {
        precondition(!isEncoding, "Canopy: whenAllObjectsExist(_:) called on an encoding coder")
        deferred.append((current, body))
    }

    /// Records `error` as the reason decoding failed (the first one is kept); a class calls
    /// this before returning `nil` from `init?(coder:)`.
    public func failWithError(_ error: any Error) {
        guard self.error == nil else { return }
        let record = currentObject
        let archiveError = error as? ArchiveError ?? ArchiveError(.invalidValue(String(describing: error)))
        self.error = archiveError.located(file: source, line: record?.line, className: record?.className)
    }

    // MARK: Making the archive's objects

    /// Makes the objects at `indices` and, once every object exists, runs the deferred reads.
    func decodeObjects(at indices: [Int]) throws(ArchiveError) -> [AnyObject] {
        let objects = try indices.map { index throws(ArchiveError) in try object(at: index, as: AnyObject.self, key: nil) }
        try runDeferred()
        return objects
    }

    /// Every object made so far, and the placeholders.
    func madeObject(at index: Int) -> AnyObject? { made.indices.contains(index) ? made[index] : nil }

    private func runDeferred() throws(ArchiveError) {
        var next = 0
        while next < deferred.count {
            let (index, body) = deferred[next]
            next += 1
            let outer = enter(index)
            defer { leave(outer) }
            do { try body(self) } catch {
                failWithError(error)
                throw self.error!
            }
        }
        deferred = []
    }

    /// The value under `key` of the object being read, without copying the object.
    private func value(forKey key: String) -> ArchiveValue? {
        currentValues[key]
    }

    /// Makes the object at `index` the one read, and returns what to restore after.
    private func enter(_ index: Int) -> Int {
        let outer = current
        current = index
        currentValues = objects[index].values
        return outer
    }

    private func leave(_ outer: Int) {
        current = outer
        currentValues = objects.indices.contains(outer) ? objects[outer].values : ArchiveValues()
    }

    private var currentObject: ArchivedObject? {
        objects.indices.contains(current) ? objects[current] : nil
    }

    private func object<T>(at index: Int, as type: T.Type, key: String?) throws(ArchiveError) -> T {
        guard objects.indices.contains(index) else {
            throw failure(.danglingReference(String(index)), key: key)
        }
        let object = try make(index, key: key)
        guard let typed = object as? T else {
            throw failure(.wrongClass(expected: String(describing: T.self), found: classes.name(of: object)), key: key)
        }
        return typed
    }

    private func make(_ index: Int, key: String?) throws(ArchiveError) -> AnyObject {
        if let object = made[index] { return object }
        guard !making[index] else { throw failure(.cycle, key: key) }
        guard depth < classes.maximumDepth else { throw located(ArchiveError(.tooDeep), at: index) }
        guard let entry = entry(for: index) else {
            throw located(ArchiveError(.unknownClass(objects[index].className)), at: index)
        }
        making[index] = true
        depth += 1
        let outer = enter(index)
        let object = entry.make(self)
        leave(outer)
        depth -= 1
        making[index] = false
        guard let object else { throw error ?? located(ArchiveError(.initializerFailed), at: index) }
        if let error { throw error }
        made[index] = object
        madeOrder.append(index)
        guard !objects[index].keyPathValues.isEmpty else { return object }
        do {
            try InspectableValues.apply(
                objects[index].keyPathValues, to: object, skippingUnknownKeys: classes.substitutesBuiltInClasses)
        } catch {
            throw error.located(file: source, line: nil, className: objects[index].className)
        }
        return object
    }

    /// The registered class that makes the object at `index`. Runs of objects of one class
    /// are common (a view's constraints), and their names share storage, so the last answer
    /// is kept.
    private func entry(for index: Int) -> ArchiveClasses.Entry? {
        let name = objects[index].className
        if let last = lastEntry, last.name == name { return last.entry }
        if let entry = classes.entry(named: name) {
            lastEntry = (name, entry)
            return entry
        }
        guard classes.substitutesBuiltInClasses else { return nil }
        return objects[index].builtInClassName.flatMap(classes.entry(named:))
    }

    private func located(_ error: ArchiveError, at index: Int) -> ArchiveError {
        error.located(file: source, line: objects[index].line, className: objects[index].className)
    }

    private func failure(_ reason: ArchiveError.Reason, key: String?) -> ArchiveError {
        let record = currentObject
        return ArchiveError(reason, className: record?.className, key: key, file: source, line: record?.line)
    }

    // MARK: What Canopy's own classes read and write with

    /// Writes `value` under `key` unless it is `standard`, so that archives hold only what
    /// differs from a new object.
    func encode<T: ArchiveValueConvertible & Equatable>(_ value: T, forKey key: String, unless standard: T) {
        if value != standard { encode(value, forKey: key) }
    }

    /// Reads `key` when present and passes it to `apply`, after `isValid` accepts it.
    /// - Throws: ``ArchiveError`` when the value is of another kind or `isValid` refuses it.
    func read<T: ArchiveValueConvertible>(
        _ key: String, valid isValid: (T) -> Bool = { _ in true }, _ apply: (T) -> Void
    ) throws(ArchiveError) {
        guard let value = try decodeIfPresent(T.self, forKey: key) else { return }
        guard isValid(value) else { throw invalid(key, "\(value) is out of range") }
        apply(value)
    }

    /// An error about the value under `key` of the object being read.
    func invalid(_ key: String, _ why: String) -> ArchiveError { failure(.invalidValue(why), key: key) }

    /// Runs `body`; when it throws, records the error as the decoding's failure and returns
    /// `false`, so that an `init?(coder:)` can return `nil`.
    func attempt(_ body: () throws(ArchiveError) -> Void) -> Bool {
        do {
            try body()
            return true
        } catch {
            failWithError(error)
            return false
        }
    }
}

