import Foundation

/// A value as an archive holds it: a number, a string, a geometry value, a colour, a font, an
/// image, a list, or a reference to another archived object.
public enum ArchiveValue: Equatable, Sendable {
    /// A truth value.
    case bool(Bool)
    /// A whole number.
    case integer(Int)
    /// A real number.
    case number(Double)
    /// Text.
    case string(String)
    /// A point.
    case point(CGPoint)
    /// A size.
    case size(CGSize)
    /// A rectangle.
    case rect(CGRect)
    /// Edge insets.
    case insets(EdgeInsets)
    /// An affine transform.
    case transform(CGAffineTransform)
    /// A colour.
    case color(Color)
    /// A font.
    case font(Font)
    /// An image.
    case image(Image)
    /// A list of values.
    case array([ArchiveValue])
    /// Another archived object, by its place in the archive.
    case object(Int)
    /// No value (an optional that was `nil`).
    case null

    /// The kind's name, for error messages.
    var kindName: String {
        switch self {
        case .bool: "a truth value"
        case .integer: "a whole number"
        case .number: "a number"
        case .string: "a string"
        case .point: "a point"
        case .size: "a size"
        case .rect: "a rect"
        case .insets: "edge insets"
        case .transform: "a transform"
        case .color: "a colour"
        case .font: "a font"
        case .image: "an image"
        case .array: "a list"
        case .object: "an object"
        case .null: "nil"
        }
    }

    /// The value as a number, from either numeric kind.
    var double: Double? {
        switch self {
        case .number(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }
}

/// A type whose values an archive holds directly, as an ``ArchiveValue`` (numbers, strings,
/// geometry, colours, fonts, images, enumerations, and lists and optionals of these).
public protocol ArchiveValueConvertible {
    /// Creates a value from its archived form, or `nil` when `archiveValue` is of another kind.
    init?(archiveValue: ArchiveValue)
    /// The value's archived form.
    var archiveValue: ArchiveValue { get }
}

extension Bool: ArchiveValueConvertible {
    /// Reads `.bool`.
    public init?(archiveValue: ArchiveValue) {
        guard case .bool(let value) = archiveValue else { return nil }
        self = value
    }
    /// `.bool`.
    public var archiveValue: ArchiveValue { .bool(self) }
}

extension Int: ArchiveValueConvertible {
    /// Reads `.integer`, or a `.number` that is a whole number in range.
    public init?(archiveValue: ArchiveValue) {
        switch archiveValue {
        case .integer(let value): self = value
        case .number(let value): guard let exact = Int(exactly: value) else { return nil }; self = exact
        default: return nil
        }
    }
    /// `.integer`.
    public var archiveValue: ArchiveValue { .integer(self) }
}

extension UInt: ArchiveValueConvertible {
    /// Reads a whole number that is not negative.
    public init?(archiveValue: ArchiveValue) {
        guard let value = Int(archiveValue: archiveValue), value >= 0 else { return nil }
        self = UInt(value)
    }
    /// `.integer`; a value past `Int.max` keeps its bit pattern.
    public var archiveValue: ArchiveValue { .integer(Int(bitPattern: self)) }
}

extension Double: ArchiveValueConvertible {
    /// Reads either numeric kind.
    public init?(archiveValue: ArchiveValue) {
        guard let value = archiveValue.double else { return nil }
        self = value
    }
    /// `.number`.
    public var archiveValue: ArchiveValue { .number(self) }
}

extension Float: ArchiveValueConvertible {
    /// Reads either numeric kind.
    public init?(archiveValue: ArchiveValue) {
        guard let value = archiveValue.double else { return nil }
        self = Float(value)
    }
    /// `.number`.
    public var archiveValue: ArchiveValue { .number(Double(self)) }
}

extension CGFloat: ArchiveValueConvertible {
    /// Reads either numeric kind.
    public init?(archiveValue: ArchiveValue) {
        guard let value = archiveValue.double else { return nil }
        self = CGFloat(value)
    }
    /// `.number`.
    public var archiveValue: ArchiveValue { .number(Double(self)) }
}

extension String: ArchiveValueConvertible {
    /// Reads `.string`.
    public init?(archiveValue: ArchiveValue) {
        guard case .string(let value) = archiveValue else { return nil }
        self = value
    }
    /// `.string`.
    public var archiveValue: ArchiveValue { .string(self) }
}

extension CGPoint: ArchiveValueConvertible {
    /// Reads `.point`.
    public init?(archiveValue: ArchiveValue) {
        guard case .point(let value) = archiveValue else { return nil }
        self = value
    }
    /// `.point`.
    public var archiveValue: ArchiveValue { .point(self) }
}

extension CGSize: ArchiveValueConvertible {
    /// Reads `.size`.
    public init?(archiveValue: ArchiveValue) {
        guard case .size(let value) = archiveValue else { return nil }
        self = value
    }
    /// `.size`.
    public var archiveValue: ArchiveValue { .size(self) }
}

extension CGRect: ArchiveValueConvertible {
    /// Reads `.rect`.
    public init?(archiveValue: ArchiveValue) {
        guard case .rect(let value) = archiveValue else { return nil }
        self = value
    }
    /// `.rect`.
    public var archiveValue: ArchiveValue { .rect(self) }
}

extension EdgeInsets: ArchiveValueConvertible {
    /// Reads `.insets`.
    public init?(archiveValue: ArchiveValue) {
        guard case .insets(let value) = archiveValue else { return nil }
        self = value
    }
    /// `.insets`.
    public var archiveValue: ArchiveValue { .insets(self) }
}

extension CGAffineTransform: ArchiveValueConvertible {
    /// Reads `.transform`.
    public init?(archiveValue: ArchiveValue) {
        guard case .transform(let value) = archiveValue else { return nil }
        self = value
    }
    /// `.transform`.
    public var archiveValue: ArchiveValue { .transform(self) }
}

extension Color: ArchiveValueConvertible {
    /// Reads `.color`.
    public init?(archiveValue: ArchiveValue) {
        guard case .color(let value) = archiveValue else { return nil }
        self = value
    }
    /// `.color`.
    public var archiveValue: ArchiveValue { .color(self) }
}

extension Font: ArchiveValueConvertible {
    /// Reads `.font`.
    public init?(archiveValue: ArchiveValue) {
        guard case .font(let value) = archiveValue else { return nil }
        self = value
    }
    /// `.font`.
    public var archiveValue: ArchiveValue { .font(self) }
}

extension Image: ArchiveValueConvertible {
    /// Reads `.image`.
    public init?(archiveValue: ArchiveValue) {
        guard case .image(let value) = archiveValue else { return nil }
        self = value
    }
    /// `.image`.
    public var archiveValue: ArchiveValue { .image(self) }
}

extension Optional: ArchiveValueConvertible where Wrapped: ArchiveValueConvertible {
    /// Reads `.null` as `nil`, anything else as the wrapped type.
    public init?(archiveValue: ArchiveValue) {
        if case .null = archiveValue {
            self = .none
        } else {
            guard let value = Wrapped(archiveValue: archiveValue) else { return nil }
            self = .some(value)
        }
    }
    /// `.null`, or the wrapped value's form.
    public var archiveValue: ArchiveValue { map(\.archiveValue) ?? .null }
}

extension Array: ArchiveValueConvertible where Element: ArchiveValueConvertible {
    /// Reads `.array` whose every element is of the element type.
    public init?(archiveValue: ArchiveValue) {
        guard case .array(let values) = archiveValue else { return nil }
        var elements: [Element] = []
        elements.reserveCapacity(values.count)
        for value in values {
            guard let element = Element(archiveValue: value) else { return nil }
            elements.append(element)
        }
        self = elements
    }
    /// `.array` of the elements' forms.
    public var archiveValue: ArchiveValue { .array(map(\.archiveValue)) }
}

/// An enumeration archived by its case's name, so that archives read the same when cases are
/// reordered.
public protocol ArchivedByName: ArchiveValueConvertible, CaseIterable, Hashable, Sendable {
    /// The names of the cases, made once per type (`ArchiveNameTable(Self.self)`).
    static var archiveNames: ArchiveNameTable<Self> { get }
}

/// The names of an enumeration's cases, both ways: `String(describing:)` of each case, worked
/// out once rather than on every read.
public struct ArchiveNameTable<Value: CaseIterable & Hashable>: Sendable where Value: Sendable {
    let names: [Value: String]
    let values: [String: Value]

    /// The table of `type`'s cases.
    public init(_ type: Value.Type) {
        var names: [Value: String] = [:], values: [String: Value] = [:]
        for value in Value.allCases {
            let name = String(describing: value)
            names[value] = name
            values[name] = value
        }
        self.names = names
        self.values = values
    }
}

extension ArchivedByName {
    /// Reads the `.string` that names a case.
    public init?(archiveValue: ArchiveValue) {
        guard case .string(let name) = archiveValue, let value = Self.archiveNames.values[name] else { return nil }
        self = value
    }
    /// `.string` of the case's name.
    public var archiveValue: ArchiveValue { .string(Self.archiveNames.names[self]!) }
}

/// An option set or wrapper archived by its raw value.
public protocol ArchivedByRawValue: ArchiveValueConvertible, RawRepresentable
where RawValue: ArchiveValueConvertible {}

extension ArchivedByRawValue {
    /// Reads the raw value.
    public init?(archiveValue: ArchiveValue) {
        guard let raw = RawValue(archiveValue: archiveValue) else { return nil }
        self.init(rawValue: raw)
    }
    /// The raw value's form.
    public var archiveValue: ArchiveValue { rawValue.archiveValue }
}
