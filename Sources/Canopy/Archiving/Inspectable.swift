import Foundation

/// A class whose properties can be set by name: inspectable properties (`@IBInspectable`'s
/// role, and Interface Builder's user-defined runtime attributes), outlets and actions. Swift
/// has no key-value coding, so a class lists these by key path.
///
/// ```swift
/// final class CardView: View {
///     var cornerRadius: CGFloat = 0
///     var titleLabel: Label?
///     func close(_ sender: Button) { ... }
///
///     override class var keyedProperties: [KeyedProperty] {
///         super.keyedProperties + [
///             .inspectable("cornerRadius", \CardView.cornerRadius),
///             .outlet("titleLabel", \CardView.titleLabel),
///             .action("close:", CardView.close),
///         ]
///     }
/// }
/// ```
///
/// Inspectable properties are archived by ``Coder`` with no coder code, and set after the
/// object's `init?(coder:)`, before `awakeFromNib()`. Views list `layer`, so that
/// `"layer.cornerRadius"` reaches the layer's own inspectable properties.
public protocol Inspectable: AnyObject {
    /// The properties that can be set by name; a subclass adds its own to `super`'s.
    static var keyedProperties: [KeyedProperty] { get }
}

/// A property, outlet or action that ``Inspectable`` makes reachable by name.
public struct KeyedProperty {
    enum Role: Equatable {
        case inspectable(archived: Bool)
        case child
        case outlet
        case outletCollection
        case action
    }

    /// The name it is reached by.
    public let key: String
    let role: Role
    /// Sets the value on an object of the declaring class; `false` when the value is of
    /// another kind.
    let set: (AnyObject, ArchiveValue) -> Bool
    /// Reads the archived form of the value (inspectable properties), or the object (children).
    let get: (AnyObject) -> Any?
    /// Whether an outlet of this object can refer to that one (their classes fit).
    let canConnect: (AnyObject, AnyObject) -> Bool
    /// Sets an outlet, or appends to an outlet collection, once ``canConnect`` said yes.
    let connect: (AnyObject, AnyObject) -> Void
    /// Makes the action's call on a receiver, given the sender; `nil` when the sender is of
    /// another class than the action takes.
    let bindAction: ((AnyObject, AnyObject) -> (() -> Void)?)?

    private init(
        key: String, role: Role, set: @escaping (AnyObject, ArchiveValue) -> Bool = { _, _ in false },
        get: @escaping (AnyObject) -> Any? = { _ in nil }, canConnect: @escaping (AnyObject, AnyObject) -> Bool = { _, _ in false },
        connect: @escaping (AnyObject, AnyObject) -> Void = { _, _ in }, bindAction: ((AnyObject, AnyObject) -> (() -> Void)?)? = nil
    ) {
        self.key = key
        self.role = role
        self.set = set
        self.get = get
        self.canConnect = canConnect
        self.connect = connect
        self.bindAction = bindAction
    }

    /// A property set by name and archived with the object (unless `archived` is `false`:
    /// one that mirrors a property archived already under another name).
    public static func inspectable<Root: AnyObject, Value: ArchiveValueConvertible>(
        _ key: String, _ keyPath: ReferenceWritableKeyPath<Root, Value>, archived: Bool = true
    ) -> KeyedProperty {
        KeyedProperty(
            key: key, role: .inspectable(archived: archived),
            set: { object, value in
                guard let root = object as? Root, let typed = Value(archiveValue: value) else { return false }
                root[keyPath: keyPath] = typed
                return true
            },
            get: { object in (object as? Root).map { $0[keyPath: keyPath].archiveValue } })
    }

    /// An object whose own keyed properties are reached through this one's name
    /// (`"layer.cornerRadius"`).
    public static func child<Root: AnyObject, Child: Inspectable>(
        _ key: String, _ keyPath: KeyPath<Root, Child>
    ) -> KeyedProperty {
        KeyedProperty(key: key, role: .child, get: { object in (object as? Root).map { $0[keyPath: keyPath] } })
    }

    /// An outlet: a reference a nib sets to one of its objects (UIKit's `@IBOutlet`; an
    /// implicitly unwrapped `var x: X!` is an optional here too).
    public static func outlet<Root: AnyObject, Value>(
        _ key: String, _ keyPath: ReferenceWritableKeyPath<Root, Value?>
    ) -> KeyedProperty {
        KeyedProperty(
            key: key, role: .outlet, canConnect: { $0 is Root && $1 is Value },
            connect: { object, destination in
                guard let root = object as? Root, let value = destination as? Value else { return }
                root[keyPath: keyPath] = value
            })
    }

    /// An outlet or collection a nib connects by calling `connect` (a view's
    /// `gestureRecognizers`, which ``View/addGestureRecognizer(_:)`` attaches).
    static func connection<Root: AnyObject, Value: AnyObject>(
        _ key: String, role: Role, _ connect: @escaping (Root, Value) -> Void
    ) -> KeyedProperty {
        KeyedProperty(
            key: key, role: role, canConnect: { $0 is Root && $1 is Value },
            connect: { object, destination in
                guard let root = object as? Root, let value = destination as? Value else { return }
                connect(root, value)
            })
    }

    /// An outlet collection: a list a nib appends its objects to, in the file's order.
    public static func outletCollection<Root: AnyObject, Element>(
        _ key: String, _ keyPath: ReferenceWritableKeyPath<Root, [Element]>
    ) -> KeyedProperty {
        KeyedProperty(
            key: key, role: .outletCollection, canConnect: { $0 is Root && $1 is Element },
            connect: { object, destination in
                guard let root = object as? Root, let element = destination as? Element else { return }
                root[keyPath: keyPath].append(element)
            })
    }

    /// An action that takes its sender: `selector` is Interface Builder's name for it
    /// (`"buttonTapped:"`).
    public static func action<Root: AnyObject, Sender>(
        _ selector: String, _ method: @escaping (Root) -> (Sender) -> Void
    ) -> KeyedProperty {
        KeyedProperty(
            key: selector, role: .action,
            bindAction: { receiver, sender in
                guard receiver is Root, sender is Sender else { return nil }
                // Weak both ways: the control keeps this closure, and the receiver is not the
                // control's to keep (UIKit's target-action holds neither).
                return { [weak receiver, weak sender] in
                    guard let root = receiver as? Root, let typedSender = sender as? Sender else { return }
                    method(root)(typedSender)
                }
            })
    }

    /// An action that takes no arguments (`"refresh"`).
    public static func action<Root: AnyObject>(_ selector: String, _ method: @escaping (Root) -> () -> Void) -> KeyedProperty {
        KeyedProperty(
            key: selector, role: .action,
            bindAction: { receiver, _ in
                guard receiver is Root else { return nil }
                return { [weak receiver] in
                    guard let root = receiver as? Root else { return }
                    method(root)()
                }
            })
    }
}

/// Setting and reading inspectable properties by key path.
enum InspectableValues {
    /// The property `key` of `object`'s class, or `nil`.
    static func property(_ key: String, of object: AnyObject) -> KeyedProperty? {
        guard let type = Swift.type(of: object) as? any Inspectable.Type else { return nil }
        return type.keyedProperties.last { $0.key == key }
    }

    /// Sets each value through its key path, in order; with `skippingUnknownKeys`, a key path
    /// the class does not declare is passed over.
    /// - Throws: ``ArchiveError`` naming the class and key path when a key is not declared or
    ///   the value is of another kind.
    static func apply(_ values: [KeyPathValue], to object: AnyObject, skippingUnknownKeys: Bool = false) throws(ArchiveError) {
        for item in values {
            do { try apply(item, to: object) } catch where skippingUnknownKeys && error.reason == .unknownKey {}
        }
    }

    private static func apply(_ item: KeyPathValue, to object: AnyObject) throws(ArchiveError) {
        let components = item.keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var target = object
        for (position, key) in components.enumerated() {
            let className = String(describing: Swift.type(of: target))
            let error = { (reason: ArchiveError.Reason) in
                ArchiveError(reason, className: className, key: item.keyPath, line: item.line)
            }
            guard let property = property(key, of: target) else { throw error(.unknownKey) }
            let isLast = position == components.count - 1
            switch property.role {
            case .child where !isLast:
                guard let child = property.get(target) as AnyObject? else { throw error(.unknownKey) }
                target = child
            case .inspectable where isLast:
                guard property.set(target, item.value) else {
                    throw error(.wrongKind(expected: "a value \(key) takes", found: item.value.kindName))
                }
            default:
                throw error(.unknownKey)
            }
        }
    }

    /// The archived inspectable properties of `type`'s objects, in declaration order.
    static func archivedProperties(of type: AnyObject.Type) -> [KeyedProperty] {
        guard let type = type as? any Inspectable.Type else { return [] }
        return type.keyedProperties.filter { $0.role == .inspectable(archived: true) }
    }

    /// The values of `properties` (``archivedProperties(of:)``) on `object`.
    static func archived(of object: AnyObject, from properties: [KeyedProperty]) -> [KeyPathValue] {
        properties.compactMap { property in
            (property.get(object) as? ArchiveValue).map { KeyPathValue(keyPath: property.key, value: $0, line: nil) }
        }
    }
}
