import Foundation

/// Bounds on what an archive file may hold, so that a huge or hostile file is refused before it
/// takes the memory it asks for.
public struct ArchiveLimits: Sendable {
    /// The largest file read, in bytes; 1 GiB by default.
    public var maximumFileSize = 1 << 30
    /// How deeply lists may nest inside a value; 64 by default.
    public var maximumValueDepth = 64

    /// The default limits.
    public init() {}
}

extension Archive {
    /// Reads a Canopy archive file written by ``data()``.
    /// - Throws: ``ArchiveError`` naming `name` and the byte where reading stopped when the
    ///   file is not an archive, is cut short, breaks `limits`, or holds a value that cannot be
    ///   (a count past the end, an unknown tag, a font file that cannot be read, a bad PNG).
    public init(data: Data, name: String = "archive", limits: ArchiveLimits = ArchiveLimits()) throws(ArchiveError) {
        guard data.count <= limits.maximumFileSize else {
            throw ArchiveError(.malformed("the file is \(data.count) bytes, over the limit of \(limits.maximumFileSize)"), file: name)
        }
        var reader = ArchiveReader(bytes: [UInt8](data), name: name, limits: limits)
        self = try reader.readArchive()
    }
}

struct ArchiveReader {
    private let bytes: [UInt8]
    private let name: String
    private let limits: ArchiveLimits
    private var offset = 0
    private var strings: [String] = []
    private var faces: [String: FontFace] = [:]

    init(bytes: [UInt8], name: String, limits: ArchiveLimits) {
        self.bytes = bytes
        self.name = name
        self.limits = limits
    }

    mutating func readArchive() throws(ArchiveError) -> Archive {
        guard bytes.starts(with: Archive.magic) else { throw failure("the file is not a Canopy archive") }
        offset = Archive.magic.count
        let stringCount = try readCount(each: 1)
        strings.reserveCapacity(stringCount)
        for _ in 0..<stringCount {
            let length = try readCount(each: 1)
            strings.append(String(decoding: bytes[offset..<offset + length], as: UTF8.self))
            offset += length
        }
        var archive = Archive()
        let objectCount = try readCount(each: 7)
        archive.objects.reserveCapacity(objectCount)
        for _ in 0..<objectCount { archive.objects.append(try readObject()) }
        let rootCount = try readCount(each: 1)
        for _ in 0..<rootCount { archive.roots.append(try readIndex(below: objectCount)) }
        let connectionCount = try readCount(each: 5)
        for _ in 0..<connectionCount { archive.connections.append(try readConnection(objectCount: objectCount)) }
        archive.source = try readOptionalString()
        guard offset == bytes.count else { throw failure("\(bytes.count - offset) bytes follow the archive") }
        return archive
    }

    private mutating func readObject() throws(ArchiveError) -> ArchivedObject {
        var object = ArchivedObject(className: try readString())
        object.placeholder = try readOptionalString()
        object.identifier = try readOptionalString()
        object.builtInClassName = try readOptionalString()
        object.line = try readLine()
        let valueCount = try readCount(each: 2)
        var keys: [String] = [], values: [ArchiveValue] = []
        keys.reserveCapacity(valueCount)
        values.reserveCapacity(valueCount)
        for _ in 0..<valueCount {
            keys.append(try readString())
            values.append(try readValue(depth: 0))
        }
        object.values = ArchiveValues(keys: keys, values: values)
        let keyPathCount = try readCount(each: 3)
        for _ in 0..<keyPathCount {
            let keyPath = try readString()
            object.keyPathValues.append(KeyPathValue(keyPath: keyPath, value: try readValue(depth: 0), line: try readLine()))
        }
        return object
    }

    private mutating func readConnection(objectCount: Int) throws(ArchiveError) -> ArchivedConnection {
        let kindCode = try readCount(each: 0)
        let kind: ArchivedConnection.Kind
        switch kindCode {
        case 0: kind = .outlet
        case 1: kind = .outletCollection
        default: kind = .action(ControlEvents(rawValue: UInt(kindCode - 2)))
        }
        let source = try readIndex(below: objectCount)
        let name = try readString()
        let destination = try readIndex(below: objectCount)
        return ArchivedConnection(kind: kind, source: source, name: name, destination: destination, line: try readLine())
    }

    private mutating func readValue(depth: Int) throws(ArchiveError) -> ArchiveValue {
        guard offset < bytes.count else { throw failure("the file ends inside a value") }
        guard let tag = ArchiveTag(rawValue: bytes[offset]) else { throw failure("the value tag \(bytes[offset]) is unknown") }
        offset += 1
        switch tag {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .integer:
            let zigzag = UInt(bitPattern: try readCount(each: 0, bounded: false))
            return .integer(Int(bitPattern: zigzag >> 1) ^ -Int(bitPattern: zigzag & 1))
        case .number: return .number(try readDouble())
        case .string: return .string(try readString())
        case .point: return .point(CGPoint(x: try readDouble(), y: try readDouble()))
        case .size: return .size(CGSize(width: try readDouble(), height: try readDouble()))
        case .rect:
            return .rect(CGRect(x: try readDouble(), y: try readDouble(), width: try readDouble(), height: try readDouble()))
        case .insets:
            return .insets(EdgeInsets(top: try readDouble(), left: try readDouble(), bottom: try readDouble(), right: try readDouble()))
        case .transform:
            return .transform(
                CGAffineTransform(
                    a: try readDouble(), b: try readDouble(), c: try readDouble(), d: try readDouble(), tx: try readDouble(),
                    ty: try readDouble()))
        case .color:
            return .color(Color(red: try readDouble(), green: try readDouble(), blue: try readDouble(), alpha: try readDouble()))
        case .font: return .font(try readFont())
        case .blankImage:
            let width = try readDouble(), height = try readDouble(), scale = try readDouble()
            guard width.isFinite, height.isFinite, width >= 0, height >= 0, scale.isFinite, scale > 0 else {
                throw failure("a blank image of \(width) × \(height) at scale \(scale)")
            }
            return .image(Image(size: CGSize(width: width, height: height), scale: scale))
        case .pngImage:
            let scale = try readDouble()
            let length = try readCount(each: 1)
            let png = Data(bytes[offset..<offset + length])
            offset += length
            guard let image = Image(data: png, scale: scale) else { throw failure("an image that is not a PNG file Canopy reads") }
            return .image(image)
        case .array:
            guard depth < limits.maximumValueDepth else { throw failure("lists nest deeper than \(limits.maximumValueDepth)") }
            let count = try readCount(each: 1)
            var values: [ArchiveValue] = []
            values.reserveCapacity(count)
            for _ in 0..<count { values.append(try readValue(depth: depth + 1)) }
            return .array(values)
        case .object:
            return .object(try readCount(each: 0))
        }
    }

    /// A font by its face's file: the system faces come from ``Font``, others are read once
    /// per archive.
    private mutating func readFont() throws(ArchiveError) -> Font {
        let path = try readOptionalString()
        let size = try readDouble()
        guard size.isFinite, size >= 0 else { throw failure("a font size of \(size)") }
        switch path {
        case Font.systemFont(ofSize: 0).face.path: return .systemFont(ofSize: size)
        case Font.boldSystemFont(ofSize: 0).face.path: return .boldSystemFont(ofSize: size)
        case let path?:
            if let face = faces[path] { return Font(face: face, pointSize: size) }
            do {
                let face = try FontFace(contentsOfFile: path)
                faces[path] = face
                return Font(face: face, pointSize: size)
            } catch {
                throw failure("the font file cannot be read: \(error)")
            }
        case nil:
            throw failure("a font that came from no file")
        }
    }

    private mutating func readLine() throws(ArchiveError) -> Int? {
        let stored = try readCount(each: 0)
        return stored == 0 ? nil : stored - 1
    }

    /// A varint; with `each`, a count of items that each take at least that many bytes, so
    /// that a count past the end of the file is refused before anything is reserved for it.
    private mutating func readCount(each minimumBytes: Int, bounded: Bool = true) throws(ArchiveError) -> Int {
        var value: UInt = 0
        var shift: UInt = 0
        while true {
            guard offset < bytes.count else { throw failure("the file ends inside a number") }
            let byte = bytes[offset]
            offset += 1
            guard shift < 64 else { throw failure("a number longer than 64 bits") }
            value |= UInt(byte & 0x7F) << shift
            if byte & 0x80 == 0 { break }
            shift += 7
        }
        guard bounded else { return Int(bitPattern: value) }
        guard value <= UInt(bytes.count - offset) / UInt(max(minimumBytes, 1)) || (minimumBytes == 0 && value <= UInt(Int.max)) else {
            throw failure("a count of \(value) runs past the end of the file")
        }
        return Int(value)
    }

    private mutating func readIndex(below count: Int) throws(ArchiveError) -> Int {
        let index = try readCount(each: 0)
        guard index < count else { throw failure("the object index \(index) is past the \(count) objects") }
        return index
    }

    private mutating func readString() throws(ArchiveError) -> String {
        let index = try readCount(each: 0)
        guard index < strings.count else { throw failure("the string index \(index) is past the \(strings.count) strings") }
        return strings[index]
    }

    private mutating func readOptionalString() throws(ArchiveError) -> String? {
        let stored = try readCount(each: 0)
        guard stored > 0 else { return nil }
        guard stored - 1 < strings.count else { throw failure("the string index \(stored - 1) is past the \(strings.count) strings") }
        return strings[stored - 1]
    }

    private mutating func readDouble() throws(ArchiveError) -> Double {
        guard bytes.count - offset >= 8 else { throw failure("the file ends inside a number") }
        var bits: UInt64 = 0
        for index in 0..<8 { bits |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
        offset += 8
        return Double(bitPattern: bits)
    }

    private func failure(_ why: String) -> ArchiveError {
        ArchiveError(.malformed("\(why) (at byte \(offset))"), file: name)
    }
}
