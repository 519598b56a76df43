import Foundation

/// Why a scene could not be read, written or made into views: one message, and where the
/// problem is.
public struct SceneError: Error, Equatable, CustomStringConvertible {
    /// The file, when the scene came from one.
    public var file: String?
    /// The line (from 1) where the problem is, when the scene was read from JSON.
    public var line: Int?
    /// The column (from 1, in characters) where the problem is, when the scene was read from JSON.
    public var column: Int?
    /// The place as a path into the scene (`views[12].frame`), or empty for the scene as a whole.
    public var location: String
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(file: String? = nil, line: Int? = nil, column: Int? = nil, location: String, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.location = location
        self.message = message
    }

    /// `file:line:column: location: message`, leaving out what is unknown; one line.
    public var description: String {
        var place = file ?? ""
        if let line, let column { place += place.isEmpty ? "line \(line), column \(column)" : ":\(line):\(column)" }
        return ([place, location].filter { !$0.isEmpty } + [message]).joined(separator: ": ")
    }
}
