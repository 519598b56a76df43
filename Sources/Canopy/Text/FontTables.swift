/// The table directory of a TrueType/OpenType file, with bounds-checked big-endian reads:
/// a truncated or corrupt file raises ``Malformed`` instead of reading past the end.
struct FontTables {
    struct Malformed: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// One table's bytes.
    struct Table {
        let name: String
        let bytes: ArraySlice<UInt8>

        func uint8(at offset: Int) throws -> UInt8 {
            guard offset >= 0, offset < bytes.count else { throw Malformed("\(name) is truncated at byte \(offset)") }
            return bytes[bytes.startIndex + offset]
        }

        func uint16(at offset: Int) throws -> UInt16 {
            UInt16(try uint8(at: offset)) << 8 | UInt16(try uint8(at: offset + 1))
        }

        func int16(at offset: Int) throws -> Int16 { Int16(bitPattern: try uint16(at: offset)) }

        func uint32(at offset: Int) throws -> UInt32 {
            UInt32(try uint16(at: offset)) << 16 | UInt32(try uint16(at: offset + 2))
        }

        /// The bytes from `offset` to the end, as a table of their own.
        func subtable(at offset: Int, name: String) throws -> Table {
            guard offset >= 0, offset <= bytes.count else { throw Malformed("\(name) lies outside \(self.name)") }
            return Table(name: name, bytes: bytes.dropFirst(offset))
        }
    }

    private let file: Table
    private var directory: [String: (offset: Int, length: Int)] = [:]

    /// Reads the directory of the file's font, or of the first font of a collection (`ttcf`).
    init(bytes: [UInt8]) throws {
        file = Table(name: "the file", bytes: bytes[...])
        // A collection lists its fonts' directories; their tables' offsets count from the file's start.
        let start = try file.uint32(at: 0) == 0x7474_6366 ? Int(try file.uint32(at: 12)) : 0
        let version = try file.uint32(at: start)
        guard version == 0x0001_0000 || version == 0x4F54_544F || version == 0x7472_7565 else {
            throw Malformed("not a TrueType or OpenType font (it starts with 0x\(String(version, radix: 16)))")
        }
        for index in 0..<Int(try file.uint16(at: start + 4)) {
            let record = start + 12 + 16 * index
            let tag = String(decoding: try (0..<4).map { try file.uint8(at: record + $0) }, as: UTF8.self)
            directory[tag] = (Int(try file.uint32(at: record + 8)), Int(try file.uint32(at: record + 12)))
        }
    }

    func table(_ tag: String) throws -> Table {
        guard let (offset, length) = directory[tag] else { throw Malformed("has no '\(tag)' table") }
        guard offset <= file.bytes.count, length <= file.bytes.count - offset else {
            throw Malformed("the '\(tag)' table runs past the end of the file")
        }
        return Table(name: "'\(tag)'", bytes: file.bytes[offset..<(offset + length)])
    }
}
