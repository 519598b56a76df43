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
