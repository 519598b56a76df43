import Foundation

// Canopy's enumerations are archived by case name, its option sets and priorities by raw value.
extension ContentMode: ArchivedByName {
    public static let archiveNames = ArchiveNameTable(Self.self)
}
extension SemanticContentAttribute: ArchivedByName {
    public static let archiveNames = ArchiveNameTable(Self.self)
}
extension LayerContentsGravity: ArchivedByName {
    public static let archiveNames = ArchiveNameTable(Self.self)
}
extension TextAlignment: ArchivedByName {
    public static let archiveNames = ArchiveNameTable(Self.self)
}
extension LineBreakMode: ArchivedByName {
    public static let archiveNames = ArchiveNameTable(Self.self)
}
extension Button.ButtonType: ArchivedByName {
    public static let archiveNames = ArchiveNameTable(Self.self)
}
extension Control.ContentHorizontalAlignment: ArchivedByName {
    public static let archiveNames = ArchiveNameTable(Self.self)
}
extension Control.ContentVerticalAlignment: ArchivedByName {
    public static let archiveNames = ArchiveNameTable(Self.self)
}
extension StackView.Distribution: ArchivedByName {
    public static let archiveNames = ArchiveNameTable(Self.self)
}
extension StackView.Alignment: ArchivedByName {
    public static let archiveNames = ArchiveNameTable(Self.self)
}
extension LayoutConstraint.Attribute: ArchivedByName {
    public static let archiveNames = ArchiveNameTable(Self.self)
}
extension LayoutConstraint.Relation: ArchivedByName {
    public static let archiveNames = ArchiveNameTable(Self.self)
}
extension LayoutConstraint.Axis: ArchivedByName {
    public static let archiveNames = ArchiveNameTable(Self.self)
}
extension AutoresizingMask: ArchivedByRawValue {}
extension CornerMask: ArchivedByRawValue {}
extension LayoutPriority: ArchivedByRawValue {}

extension Coder {
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
    func invalid(_ key: String, _ why: String) -> ArchiveError {
        var error = ArchiveError(.invalidValue(why), key: key)
        if let record = currentRecord { error = error.located(file: archiveSource, line: record.line, className: record.className) }
        return error
    }
}

/// Range checks shared by the archived classes.
enum ArchiveChecks {
    static func finite(_ value: CGFloat) -> Bool { value.isFinite }
    static func finite(_ value: CGPoint) -> Bool { value.isFinite }
    static func finite(_ value: CGSize) -> Bool { value.width.isFinite && value.height.isFinite }
    static func finite(_ value: CGRect) -> Bool { value.isFinite }
    static func finite(_ value: EdgeInsets) -> Bool { value.isFinite }
    static func finite(_ value: CGAffineTransform) -> Bool { value.isFinite }
    static func priority(_ value: LayoutPriority) -> Bool { value.isValid }
    static func notNegative(_ value: CGFloat) -> Bool { value.isFinite && value >= 0 }
}

extension Coder {
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
