import Foundation

/// A class that can be archived and made again from its archive: `NSCoding`'s role.
///
/// Every view, view controller and constraint is archivable. A subclass with stored properties
/// of its own reads them in `init?(coder:)` and writes them in `encode(with:)`, or declares
/// them inspectable (``Inspectable``) and writes no coder code.
public protocol Archivable: AnyObject, SendableMetatype {
    /// Creates the object from an archive's values, or `nil` (setting ``Coder/error``) when
    /// they are unusable.
    init?(coder: Coder)
    /// Writes the object's values.
    func encode(with coder: Coder)
}

/// The classes an archive may name, each under one name: only these are ever made from an
/// archive or an Interface Builder file (`NSSecureCoding`'s lesson).
///
/// ```swift
/// var classes = ArchiveClasses.builtIn
/// classes.register(CardView.self)            // as "CardView", Interface Builder's customClass
/// let objects = try Nib(contentsOf: url, classes: classes).instantiate(withOwner: nil)
/// ```
public struct ArchiveClasses: Sendable {
    struct Entry: Sendable {
        let type: AnyObject.Type
        let make: @Sendable (Coder) -> AnyObject?
    }

    private var entries: [String: Entry] = [:]
    private var names: [ObjectIdentifier: String] = [:]

    /// How deeply archived objects may nest (a view in a view...); 1,000 by default.
    public var maximumDepth = 1_000

    /// Whether an object of an unregistered custom class is made as the built-in class its
    /// Interface Builder element names, its inspectable values, outlets and actions that the
    /// built-in class lacks being skipped; `false` by default (such an object is an error).
    /// For tools that lay out an app's files without the app's classes.
    public var substitutesBuiltInClasses = false

    /// Canopy's archivable classes, under their names: `View`, `Window`, `Control`, `Button`,
    /// `Label`, `ImageView`, `ScrollView`, `StackView`, `ViewController`, `LayoutConstraint` and
    /// the gesture recognizers (`TapGestureRecognizer`...).
    public static let builtIn: ArchiveClasses = {
        var classes = ArchiveClasses()
        classes.register(View.self)
        classes.register(Window.self)
        classes.register(Control.self)
        classes.register(Button.self)
        classes.register(Label.self)
        classes.register(ImageView.self)
        classes.register(ScrollView.self)
        classes.register(StackView.self)
        classes.register(ViewController.self)
        classes.register(LayoutConstraint.self)
        classes.register(TapGestureRecognizer.self)
        classes.register(LongPressGestureRecognizer.self)
        classes.register(PanGestureRecognizer.self)
        classes.register(ScreenEdgePanGestureRecognizer.self)
        classes.register(SwipeGestureRecognizer.self)
        classes.register(PinchGestureRecognizer.self)
        classes.register(RotationGestureRecognizer.self)
        classes.register(StandInView.self)
        classes.register(StandInControl.self)
        return classes
    }()

    /// Registers `type` under `name` (its own name by default), replacing what `name` meant.
    public mutating func register<T: Archivable>(_ type: T.Type, as name: String? = nil) {
        let name = name ?? String(describing: type)
        entries[name] = Entry(type: type, make: { T(coder: $0) })
        names[ObjectIdentifier(type)] = name
    }

    /// Registers the view class `type`, known only at run time, under `name`.
    mutating func register(viewType type: View.Type, as name: String) {
        entries[name] = Entry(type: type, make: { type.init(coder: $0) })
        names[ObjectIdentifier(type)] = names[ObjectIdentifier(type)] ?? name
    }

    /// Whether a class is registered under `name`.
    public func contains(_ name: String) -> Bool { entries[name] != nil }

    /// The name `object`'s class is registered under, or its own name.
    func name(of object: AnyObject) -> String {
        let type: AnyObject.Type = Swift.type(of: object)
        return names[ObjectIdentifier(type)] ?? String(describing: type)
    }

    func entry(named name: String) -> Entry? { entries[name] }
}
