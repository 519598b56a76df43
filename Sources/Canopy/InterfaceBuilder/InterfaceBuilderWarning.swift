import Foundation

/// Something an Interface Builder file holds that Canopy reads differently or not at all: an
/// element or attribute it does not know, a class it reads as a plain view, a font that is not
/// installed. Reading goes on; the caller decides what a warning means.
public struct InterfaceBuilderWarning: Hashable, Sendable, CustomStringConvertible {
    /// The line of the file.
    public var line: Int
    /// What was not read, and what was done instead.
    public var message: String

    /// `line 12: <textField> is read as a plain View`.
    public var description: String { "line \(line): \(message)" }
}
