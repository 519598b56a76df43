import Foundation

/// Why an archive or an Interface Builder file could not become objects, and where.
public struct ArchiveError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Equatable, Sendable {
        /// A value the class needs is missing.
        case missingValue
        /// A value is of another kind than the class reads (`expected`, `found`).
        case wrongKind(expected: String, found: String)
        /// A value is of the right kind but out of range.
        case invalidValue(String)
        /// No class is registered under this name.
        case unknownClass(String)
        /// An object is of another class than the one expected there.
        case wrongClass(expected: String, found: String)
        /// An object refers, while it is being made, to an object that is still being made.
        case cycle
        /// Objects nest deeper than ``ArchiveClasses/maximumDepth``.
        case tooDeep
        /// A class's `init?(coder:)` returned `nil` without saying why.
        case initializerFailed
        /// A key path names a property the class does not declare.
        case unknownKey
        /// A reference names no object of the archive.
        case danglingReference(String)
        /// The file is not well-formed, or breaks a bound (`reason`).
        case malformed(String)
    }

    /// What went wrong.
    public var reason: Reason
    /// The class concerned, if any.
    public var className: String?
    /// The key or key path concerned, if any.
    public var key: String?
    /// The file concerned, if any.
    public var file: String?
    /// The line of the file, if known.
    public var line: Int?

    /// Creates an error.
    public init(_ reason: Reason, className: String? = nil, key: String? = nil, file: String? = nil, line: Int? = nil) {
        self.reason = reason
        self.className = className
        self.key = key
        self.file = file
        self.line = line
    }

    /// Where and what, in one line: `Card.xib, line 12: Label's "numberOfLines": expected a
    /// whole number, found a string`.
    public var description: String {
        var place: [String] = []
        if let file { place.append(file) }
        if let line { place.append("line \(line)") }
        var subject = ""
        switch (className, key) {
        case let (name?, key?): subject = "\(name)'s \"\(key)\": "
        case let (name?, nil): subject = "\(name): "
        case let (nil, key?): subject = "\"\(key)\": "
        case (nil, nil): break
        }
        let prefix = place.isEmpty ? "" : place.joined(separator: ", ") + ": "
        return prefix + subject + reasonText
    }

    private var reasonText: String {
        switch reason {
        case .missingValue: "the value is missing"
        case .wrongKind(let expected, let found): "expected \(expected), found \(found)"
        case .invalidValue(let why): why
        case .unknownClass(let name): "no class is registered as \"\(name)\""
        case .wrongClass(let expected, let found): "expected a \(expected), found a \(found)"
        case .cycle: "the object refers to itself while it is being made"
        case .tooDeep: "objects nest too deeply"
        case .initializerFailed: "init(coder:) returned nil"
        case .unknownKey: "the class has no such inspectable property, outlet or action"
        case .danglingReference(let id): "no object has the id \"\(id)\""
        case .malformed(let why): why
        }
    }

    /// This error with the file, line and class filled in where it had none.
    func located(file: String?, line: Int?, className: String? = nil) -> ArchiveError {
        var copy = self
        copy.file = copy.file ?? file
        copy.line = copy.line ?? line
        copy.className = copy.className ?? className
        return copy
    }
}
