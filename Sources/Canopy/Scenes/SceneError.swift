import Foundation

/// Why a scene could not be read, written or made into views: one message, and where in the
/// file the problem is.
public struct SceneError: Error, Equatable, CustomStringConvertible {
    /// The file, when the scene came from one.
    public var file: String?
    /// The place: a path into the JSON (`views[12].frame`), a line and column for JSON that
    /// does not parse, or empty for the file as a whole.
    public var location: String
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(file: String? = nil, location: String, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    /// `file: location: message`, leaving out what is unknown.
    public var description: String {
        ([file, location.isEmpty ? nil : location].compactMap { $0 } + [message]).joined(separator: ": ")
    }
}

extension SceneError {
    /// The error for a decoding failure, placed by its coding path.
    init(_ error: DecodingError) {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            self.init(location: Self.lineAndColumn(in: context) ?? "", message: Self.jsonMessage(context))
        case .dataCorrupted(let context):
            self.init(location: Self.path(context.codingPath), message: context.debugDescription)
        case .keyNotFound(let key, let context):
            self.init(location: Self.path(context.codingPath), message: "the key '\(key.stringValue)' is missing")
        case .typeMismatch(let type, let context):
            self.init(location: Self.path(context.codingPath), message: "expected \(Self.jsonName(of: type))")
        case .valueNotFound(let type, let context):
            self.init(location: Self.path(context.codingPath), message: "expected \(Self.jsonName(of: type)), found null")
        @unknown default:
            self.init(location: "", message: "\(error)")
        }
    }

    /// `views[3].frame`, from coding keys.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    private static func jsonName(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Double.Type, is Float.Type, is CGFloat.Type: "a number"
        case is [Double].Type, is [String].Type: "an array"
        default: "an object"
        }
    }

    /// The parser's own words, without the decoder's generic preamble.
    private static func jsonMessage(_ context: DecodingError.Context) -> String {
        parserText(context).map { "not valid JSON: \($0)" } ?? context.debugDescription
    }

    private static func lineAndColumn(in context: DecodingError.Context) -> String? {
        guard let text = parserText(context), let range = text.range(of: #"line \d+, column \d+"#, options: .regularExpression)
        else { return nil }
        return String(text[range])
    }

    /// What the JSON parser under the decoder said, if it said anything.
    private static func parserText(_ context: DecodingError.Context) -> String? {
        guard let underlying = context.underlyingError else { return nil }
        return (underlying as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(underlying)"
    }
}
