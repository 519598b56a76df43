#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Words a JSON reader expects (an object's keys, a string's allowed values), matched on their
/// UTF-8 bytes so that reading one makes no string.
struct JSONWords: Sendable {
    let words: [String]
    private let bytes: [[UInt8]]

    /// - Precondition: at most 64 words (an object's keys seen are kept in 64 bits).
    init(_ words: [String]) {
        precondition(words.count <= 64, "Canopy: a JSON word list holds at most 64 words")
        self.words = words
        bytes = words.map { Array($0.utf8) }
    }

    /// The index of the word spelled by `spelling`, if it is one.
    func index(of spelling: ArraySlice<UInt8>) -> Int? {
        bytes.firstIndex { $0.count == spelling.count && $0.elementsEqual(spelling) }
    }
}

/// Where a file's bytes come from, a chunk at a time, with a limit on how many there may be.
final class JSONByteSource {
    private let descriptor: Int32
    private let byteLimit: Int
    private var total = 0

    init(descriptor: Int32, byteLimit: Int) {
        self.descriptor = descriptor
        self.byteLimit = byteLimit
    }

    /// Fills `chunk` with the next bytes (empty at the end of the file).
    func read(into chunk: inout [UInt8], chunkSize: Int) throws(SceneError) {
        chunk.removeAll(keepingCapacity: true)
        chunk.append(contentsOf: repeatElement(0, count: chunkSize))
        let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, chunkSize) }
        guard count >= 0 else { throw SceneError(location: "", message: "cannot be read: \(String(cString: strerror(errno)))") }
        chunk.removeSubrange(count...)
        total += count
        guard total <= byteLimit else { throw SceneError(location: "", message: "the file has more than \(byteLimit) bytes, the limit") }
    }
}

/// Reads JSON from bytes as they arrive, knowing where it is: the line and column, and the path
/// of keys and indices from the root, so that every error names its place.
///
/// It reads only what the caller asks for, in the order the caller expects it (an object's
/// keys from a list, arrays element by element, strings, numbers), so a value of the wrong
/// kind fails where it starts and nothing is kept beyond what the caller builds: memory
/// follows the scene, not the file. Objects refuse a key given twice. Columns count bytes.
struct JSONScanner {
    /// A step of the path from the root: a key, or an index into an array.
    enum Step {
        case key(String)
        case index(Int)
    }

    /// Where a caller is in an object or an array.
    struct Cursor {
        fileprivate var count = 0
        /// The keys given so far (an object's keys are at most 64).
        fileprivate var seen: UInt64 = 0
    }

    /// The longest number accepted, in characters: a double needs at most 24.
    static let longestNumber = 64
    /// The longest string accepted, in bytes.
    static let longestString = 1 << 16
    private static let chunkSize = 1 << 16

    private var chunk: [UInt8]
    private var position = 0
    /// The offset in the input of `chunk[0]`.
    private var chunkStart = 0
    private let source: JSONByteSource?
    private var line = 1
    /// The offset in the input where the current line starts.
    private var lineStart = 0
    /// Where the value being read starts.
    private(set) var valueLine = 1
    private(set) var valueColumn = 1
    private(set) var path: [Step] = []

    /// A scanner over bytes in memory.
    init(bytes: [UInt8]) {
        chunk = bytes
        source = nil
    }

    /// A scanner over a file open for reading, refusing one longer than `byteLimit` bytes when
    /// it gets there.
    init(fileDescriptor: Int32, byteLimit: Int) {
        chunk = []
        source = JSONByteSource(descriptor: fileDescriptor, byteLimit: byteLimit)
    }

    // MARK: Errors

    /// An error at the start of the value being read, naming the path to it.
    func error(_ message: String) -> SceneError {
        SceneError(line: valueLine, column: valueColumn, location: Self.text(of: path), message: message)
    }

    /// `views[3].frame`.
    static func text(of path: [Step]) -> String {
        var text = ""
        for step in path {
            switch step {
            case .index(let index): text += "[\(index)]"
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            }
        }
        return text
    }

    // MARK: Bytes

    /// The next byte without taking it, or `nil` at the end.
    @inline(__always)
    private mutating func peek() throws(SceneError) -> UInt8? {
        if position < chunk.count { return chunk[position] }
        return try nextChunk() ? chunk[position] : nil
    }

    private mutating func nextChunk() throws(SceneError) -> Bool {
        guard let source else { return false }
        chunkStart += chunk.count
        position = 0
        try source.read(into: &chunk, chunkSize: Self.chunkSize)
        return !chunk.isEmpty
    }

    private mutating func skipWhitespace() throws(SceneError) {
        while let byte = try peek() {
            switch byte {
            case 0x20, 0x09, 0x0D: position += 1
            case 0x0A:
                position += 1
                line += 1
                lineStart = chunkStart + position
            default: return
            }
        }
    }

    /// Moves to the next value and notes where it starts; `nil` at the end of the input.
    private mutating func startValue() throws(SceneError) -> UInt8? {
        try skipWhitespace()
        valueLine = line
        valueColumn = chunkStart + position - lineStart + 1
        return try peek()
    }

    /// Takes the next byte, which must be `byte` (`what` is written only for an error).
    private mutating func expect(_ byte: UInt8, _ what: @autoclosure () -> String) throws(SceneError) {
        guard try startValue() == byte else { throw error("expected \(what())") }
        position += 1
    }

    /// The line and column where the next value starts.
    mutating func nextValueStart() throws(SceneError) -> (line: Int, column: Int) {
        _ = try startValue()
        return (valueLine, valueColumn)
    }

    /// Whether only whitespace is left.
    mutating func isAtEnd() throws(SceneError) -> Bool {
        try startValue() == nil
    }

    /// After the root value: only whitespace may follow.
    mutating func expectEnd() throws(SceneError) {
        guard try startValue() == nil else {
            throw SceneError(line: valueLine, column: valueColumn, location: "", message: "unexpected text after the scene")
        }
    }

    // MARK: Objects and arrays

    /// Starts reading an object.
    mutating func beginObject() throws(SceneError) -> Cursor {
        guard try startValue() == UInt8(ascii: "{") else { throw error("expected an object, found \(try kindAhead())") }
        position += 1
        return Cursor()
    }

    /// The next key of the object, as its index in `keys`, or `nil` at the object's end; the
    /// path names the key until the next call. A key not in `keys`, or given twice, is refused.
    mutating func nextKey(_ cursor: inout Cursor, in keys: JSONWords) throws(SceneError) -> Int? {
        if cursor.count > 0 { path.removeLast() }
        guard try separator(&cursor, closing: UInt8(ascii: "}"), in: "an object") else { return nil }
        guard try startValue() == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
        let spelling = try stringSpelling()
        guard let key = keys.index(of: spelling) else {
            let name = String(decoding: spelling, as: UTF8.self)
            var unknown = error("the format has no key '\(name)'")
            unknown.location = Self.text(of: path + [.key(name)])
            throw unknown
        }
        let bit: UInt64 = 1 << UInt64(key)
        guard cursor.seen & bit == 0 else { throw error("the key '\(keys.words[key])' is given twice") }
        cursor.seen |= bit
        try expect(UInt8(ascii: ":"), "':' after the key '\(keys.words[key])'")
        path.append(.key(keys.words[key]))
        return key
    }

    /// Starts reading an array.
    mutating func beginArray() throws(SceneError) -> Cursor {
        guard try startValue() == UInt8(ascii: "[") else { throw error("expected an array, found \(try kindAhead())") }
        position += 1
        return Cursor()
    }

    /// Whether another element follows (its index is `cursor`'s count less one, and the path
    /// names it until the next call), or the array ended.
    mutating func nextElement(_ cursor: inout Cursor) throws(SceneError) -> Bool {
        if cursor.count > 0 { path.removeLast() }
        guard try separator(&cursor, closing: UInt8(ascii: "]"), in: "an array") else { return false }
        path.append(.index(cursor.count - 1))
        _ = try startValue()  // so that an error about the element names where it starts
        return true
    }

    /// Before a member: nothing (the first), or `,`; true when a member follows, false at the
    /// closing bracket.
    private mutating func separator(_ cursor: inout Cursor, closing: UInt8, in what: String) throws(SceneError) -> Bool {
        let byte = try startValue()
        if byte == closing {
            position += 1
            return false
        }
        if cursor.count > 0 {
            guard let byte else { throw error("the file ends inside \(what)") }
            guard byte == UInt8(ascii: ",") else { throw error("expected ',' or '\(Character(Unicode.Scalar(closing)))' in \(what)") }
            position += 1
        } else if byte == nil {
            throw error("the file ends inside \(what)")
        }
        cursor.count += 1
        return true
    }

    // MARK: Scalars

    /// Whether the next value is `null` (taken if so).
    mutating func takeNull() throws(SceneError) -> Bool {
        guard try startValue() == UInt8(ascii: "n") else { return false }
        try word("null")
        return true
    }

    mutating func readBool() throws(SceneError) -> Bool {
        switch try startValue() {
        case UInt8(ascii: "t"): try word("true"); return true
        case UInt8(ascii: "f"): try word("false"); return false
        default: throw error("expected true or false, found \(try kindAhead())")
        }
    }

    mutating func readString() throws(SceneError) -> String {
        guard try startValue() == UInt8(ascii: "\"") else { throw error("expected a string, found \(try kindAhead())") }
        guard let text = String(validating: try stringSpelling(), as: UTF8.self) else { throw error("a string is not valid UTF-8") }
        return text
    }

    /// A string that must be one of `words`, as its index.
    mutating func readWord(in words: JSONWords) throws(SceneError) -> Int {
        guard try startValue() == UInt8(ascii: "\"") else { throw error("expected a string, found \(try kindAhead())") }
        let spelling = try stringSpelling()
        guard let index = words.index(of: spelling) else {
            let text = String(decoding: spelling, as: UTF8.self)
            throw error("\"\(text)\" is not one of \(words.words.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        return index
    }

    /// The bytes of the string at the start of the value (its opening quote), unescaped.
    /// Most strings have no escapes and lie within the chunk: they are read in place.
    private mutating func stringSpelling() throws(SceneError) -> ArraySlice<UInt8> {
        position += 1
        var end = position
        while end < chunk.count, chunk[end] != UInt8(ascii: "\""), chunk[end] != UInt8(ascii: "\\"), chunk[end] >= 0x20 {
            end += 1
        }
        if end < chunk.count, chunk[end] == UInt8(ascii: "\""), end - position <= Self.longestString {
            defer { position = end + 1 }
            return chunk[position..<end]
        }
        var bytes: [UInt8] = []
        while true {
            guard let byte = try peek() else { throw error("the file ends inside a string") }
            position += 1
            switch byte {
            case UInt8(ascii: "\""): return bytes[...]
            case UInt8(ascii: "\\"): try appendEscape(to: &bytes)
            case 0..<0x20: throw error("a control character inside a string must be escaped")
            default: bytes.append(byte)
            }
            guard bytes.count <= Self.longestString else { throw error("a string longer than \(Self.longestString) bytes") }
        }
    }

    private mutating func takeByte() throws(SceneError) -> UInt8? {
        guard let byte = try peek() else { return nil }
        position += 1
        return byte
    }

    private mutating func appendEscape(to bytes: inout [UInt8]) throws(SceneError) {
        guard let letter = try takeByte() else { throw error("the file ends inside a string") }
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(letter)
        case UInt8(ascii: "b"): bytes.append(0x08)
        case UInt8(ascii: "f"): bytes.append(0x0C)
        case UInt8(ascii: "n"): bytes.append(0x0A)
        case UInt8(ascii: "r"): bytes.append(0x0D)
        case UInt8(ascii: "t"): bytes.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                guard try takeByte() == UInt8(ascii: "\\"), try takeByte() == UInt8(ascii: "u") else {
                    throw error("a lone surrogate in a string")
                }
                let low = try hexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate in a string") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw error("a lone surrogate in a string") }
            bytes.append(contentsOf: String(Character(unicode)).utf8)
        default:
            throw error("a backslash before \(Self.describe(letter)) is not a JSON escape")
        }
    }

    private mutating func hexQuad() throws(SceneError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try takeByte(), let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
                throw error("'\\u' needs four hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// A number, which must be finite as a double.
    mutating func readNumber() throws(SceneError) -> Double {
        let number = try numberBytes()
        guard let value = Self.value(of: number), value.isFinite else {
            throw error("\(String(decoding: number, as: UTF8.self)) is too large for a number")
        }
        return value
    }

    /// A whole number that a double holds exactly (within ±2⁵³).
    mutating func readInteger() throws(SceneError) -> Int {
        let number = try numberBytes()
        let text = String(decoding: number, as: UTF8.self)
        guard let value = Self.value(of: number), value.isFinite, value == value.rounded() else {
            throw error("expected a whole number, found \(text)")
        }
        guard abs(value) <= 9_007_199_254_740_992 else { throw error("\(text) does not fit in a whole number (±2^53)") }
        return Int(value)
    }

    /// The bytes of a JSON number, checked against its grammar.
    private mutating func numberBytes() throws(SceneError) -> [UInt8] {
        guard let first = try startValue(), first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
        else { throw error("expected a number, found \(try kindAhead())") }
        var bytes: [UInt8] = []
        while let byte = try peek(), Self.isNumberByte(byte) {
            bytes.append(byte)
            position += 1
            guard bytes.count <= Self.longestNumber else { throw error("a number longer than \(Self.longestNumber) characters") }
        }
        guard Self.isJSONNumber(bytes) else { throw error("\(String(decoding: bytes, as: UTF8.self)) is not a JSON number") }
        return bytes
    }

    /// The value of a number's bytes: digits alone (up to 15, which a double holds exactly) are
    /// added up; the rest goes through the C library.
    private static func value(of bytes: [UInt8]) -> Double? {
        let negative = bytes[0] == UInt8(ascii: "-")
        let digits = bytes[(negative ? 1 : 0)...]
        if digits.count <= 15, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            let whole = digits.reduce(Int64(0)) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
            return negative ? -Double(whole) : Double(whole)
        }
        return (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { strtod($0.baseAddress!, nil) }
        }
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private static func isJSONNumber(_ bytes: [UInt8]) -> Bool {
        var i = 0
        func digits() -> Int {
            let start = i
            while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
            return i - start
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        let leadingZero = i < bytes.count && bytes[i] == UInt8(ascii: "0")
        let whole = digits()
        guard whole > 0, !(leadingZero && whole > 1) else { return false }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { return false }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == bytes.count
    }

    /// Takes `text` (a literal), or fails naming it.
    private mutating func word(_ text: StaticString) throws(SceneError) {
        for expected in UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount) {
            guard try takeByte() == expected else { throw error("expected \(text)") }
        }
    }

    /// What the next value looks like, for messages.
    private mutating func kindAhead() throws(SceneError) -> String {
        guard let byte = try peek() else { return "the end of the file" }
        switch byte {
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "true or false"
        case UInt8(ascii: "n"): return "null"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
        default: return "\(Self.describe(byte)), which is not JSON"
        }
    }

    /// A byte for a message: the character when it is printable ASCII, else its value (a
    /// message is one line of plain text, whatever the file holds).
    private static func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "the byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
}
