import Foundation

/// A graph of archived objects: each a class name with keyed values, some values referring to
/// other objects by their place, so that shared and cyclic references survive.
///
/// An archive is made by encoding objects (``init(rootObjects:classes:)``) or by reading an
/// Interface Builder file (``Nib``); ``Coder`` turns it back into objects.
public struct Archive: Equatable, Sendable {
    /// The objects, in the order they were archived.
    public var objects: [ArchivedObject] = []
    /// The places of the top-level objects.
    public var roots: [Int] = []
    /// The outlets and actions to connect once every object exists.
    public var connections: [ArchivedConnection] = []
    /// The file the archive was read from, for error messages.
    public var source: String?

    /// An empty archive.
    public init() {}

    /// Archives `rootObjects` and every object they encode, each once however often it is
    /// referred to.
    public init(rootObjects: [any Archivable], classes: ArchiveClasses = .builtIn) {
        let coder = Coder(encodingWith: classes)
        roots = rootObjects.map { coder.index(encoding: $0) }
        objects = coder.encodedObjects
    }

    /// Makes the archive's objects (each once, however often it is referred to) and returns
    /// the top-level ones, in order. Nothing is connected or awakened: that is a nib's work.
    /// - Throws: ``ArchiveError`` when a class is not registered in `classes` or is not the
    ///   one expected where it is referred to, a value is unusable, or a reference is cyclic.
    public func unarchive(classes: ArchiveClasses = .builtIn) throws(ArchiveError) -> [AnyObject] {
        try Coder(decoding: self, classes: classes).decodeObjects(at: roots)
    }
}

/// One archived object: its class's archive name, its keyed values, and the values to set
/// through key paths after it is made (inspectable properties).
public struct ArchivedObject: Equatable, Sendable {
    /// The name its class is registered under in ``ArchiveClasses``.
    public var className: String
    /// The values its `init?(coder:)` reads.
    public var values = ArchiveValues()
    /// Values set through key paths once the object is made, in order (inspectable properties
    /// and Interface Builder's user-defined runtime attributes).
    public var keyPathValues: [KeyPathValue] = []
    /// For a placeholder (File's Owner, First Responder), Interface Builder's identifier of it.
    public var placeholder: String?
    /// The object's id in the Interface Builder file it was read from.
    public var identifier: String?
    /// For an object of a custom class, the built-in class its Interface Builder element
    /// names (`Label` for a `<label customClass="BadgeLabel">`), which
    /// ``ArchiveClasses/substitutesBuiltInClasses`` makes instead.
    public var builtInClassName: String?
    /// The line of the file it was read from, if any.
    public var line: Int?

    /// An object of the class registered as `className`, with no values yet.
    public init(className: String, line: Int? = nil) {
        self.className = className
        self.line = line
    }
}

/// A value to set through a key path (`"cornerRadius"`, `"layer.borderWidth"`).
public struct KeyPathValue: Equatable, Sendable {
    /// The dotted key path.
    public var keyPath: String
    /// The value.
    public var value: ArchiveValue
    /// The line of the file it was read from, if any.
    public var line: Int?

    /// A value to set through `keyPath`.
    public init(keyPath: String, value: ArchiveValue, line: Int? = nil) {
        self.keyPath = keyPath
        self.value = value
        self.line = line
    }
}

/// An outlet or action recorded in an archive, connected once every object exists.
public struct ArchivedConnection: Equatable, Sendable {
    /// What the connection sets.
    public enum Kind: Equatable, Sendable {
        /// The source's outlet named ``ArchivedConnection/name`` is set to the destination.
        case outlet
        /// The destination is appended to the source's outlet collection.
        case outletCollection
        /// The source control sends the destination's action named ``ArchivedConnection/name``
        /// for these events.
        case action(ControlEvents)
    }

    /// What the connection sets.
    public var kind: Kind
    /// The place of the object that holds the outlet, or the control that sends the action.
    public var source: Int
    /// The outlet's name, or the action's selector (`"buttonTapped:"`).
    public var name: String
    /// The place of the object the outlet refers to, or that receives the action.
    public var destination: Int
    /// The line of the file it was read from, if any.
    public var line: Int?
}
