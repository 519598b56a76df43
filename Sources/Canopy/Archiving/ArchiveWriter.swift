import Foundation

// Canopy's archive file: a magic number, a table of the strings the archive uses, then the
// objects, roots and connections, with every number little-endian and every count a varint.
// Keys are written in sorted order and strings in first-use order, so the same archive always
// gives the same bytes.
extension Archive {
    /// The first bytes of every Canopy archive file.
    static let magic: [UInt8] = Array("CNPARC01".utf8)

    /// The archive as a Canopy archive file, which ``init(data:name:limits:)`` reads back
    /// into an equal archive; the same archive always gives the same bytes.
    public func data() -> Data {
        var writer = ArchiveWriter()
        writer.write(self)
        return writer.finished()
    }
}

/// The tags that open each value in an archive file.
enum ArchiveTag: UInt8 {
    case null = 0, `false`, `true`, integer, number, string, point, size, rect, insets, transform, color, font
    case blankImage, pngImage, array, object
}

struct ArchiveWriter {
    private var strings: [String: Int] = [:]
    private var stringList: [String] = []
    private var body: [UInt8] = []

    mutating func write(_ archive: Archive) {
        writeCount(archive.objects.count)
        for object in archive.objects { write(object) }
        writeCount(archive.roots.count)
        for root in archive.roots { writeCount(root) }
        writeCount(archive.connections.count)
        for connection in archive.connections { write(connection) }
        writeOptionalString(archive.source)
    }

    /// The magic number, the string table, then the body.
    func finished() -> Data {
        var head = ArchiveWriter()
        head.body = Archive.magic
        head.writeCount(stringList.count)
        for string in stringList {
            let utf8 = Array(string.utf8)
            head.writeCount(utf8.count)
            head.body += utf8
        }
        return Data(head.body + body)
    }

    private mutating func write(_ object: ArchivedObject) {
        writeString(object.className)
        writeOptionalString(object.placeholder)
        writeOptionalString(object.identifier)
        writeOptionalString(object.builtInClassName)
        writeCount(object.line.map { $0 + 1 } ?? 0)
        writeCount(object.values.count)
        for (key, value) in object.values {
            writeString(key)
            write(value)
        }
        writeCount(object.keyPathValues.count)
        for item in object.keyPathValues {
            writeString(item.keyPath)
            write(item.value)
            writeCount(item.line.map { $0 + 1 } ?? 0)
        }
    }

    private mutating func write(_ connection: ArchivedConnection) {
        switch connection.kind {
        case .outlet: writeCount(0)
        case .outletCollection: writeCount(1)
        case .action(let events): writeCount(2 + Int(events.rawValue))
        }
        writeCount(connection.source)
        writeString(connection.name)
        writeCount(connection.destination)
        writeCount(connection.line.map { $0 + 1 } ?? 0)
    }

    private mutating func write(_ value: ArchiveValue) {
        switch value {
        case .null: tag(.null)
        case .bool(let flag): tag(flag ? .true : .false)
        case .integer(let number):
            tag(.integer)
            writeCount(Int(bitPattern: UInt(bitPattern: (number << 1) ^ (number >> (Int.bitWidth - 1)))))
        case .number(let number):
            tag(.number)
            writeDoubles(number)
        case .string(let string):
            tag(.string)
            writeString(string)
        case .point(let p):
            tag(.point)
            writeDoubles(p.x, p.y)
        case .size(let s):
            tag(.size)
            writeDoubles(s.width, s.height)
        case .rect(let r):
            tag(.rect)
            writeDoubles(r.origin.x, r.origin.y, r.size.width, r.size.height)
        case .insets(let i):
            tag(.insets)
            writeDoubles(i.top, i.left, i.bottom, i.right)
        case .transform(let t):
            tag(.transform)
            writeDoubles(t.a, t.b, t.c, t.d, t.tx, t.ty)
        case .color(let c):
            tag(.color)
            writeDoubles(c.red, c.green, c.blue, c.alpha)
        case .font(let font):
            tag(.font)
            writeOptionalString(font.face.path)
            writeDoubles(font.pointSize)
        case .image(let image):
            if let png = image.pngData() {
                tag(.pngImage)
                writeDoubles(image.scale)
                writeCount(png.count)
                body += png
            } else {
                tag(.blankImage)
                writeDoubles(image.size.width, image.size.height, image.scale)
            }
        case .array(let values):
            tag(.array)
            writeCount(values.count)
            for element in values { write(element) }
        case .object(let index):
            tag(.object)
            writeCount(index)
        }
    }

    private mutating func tag(_ tag: ArchiveTag) { body.append(tag.rawValue) }

    /// A count, index or zigzagged whole number as a varint: 7 bits a byte, low bits first.
    private mutating func writeCount(_ count: Int) {
        var value = UInt(bitPattern: count)
        while value >= 0x80 {
            body.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        body.append(UInt8(value))
    }

    private mutating func writeDoubles(_ values: Double...) {
        for value in values {
            withUnsafeBytes(of: value.bitPattern.littleEndian) { body += $0 }
        }
    }

    private mutating func writeDoubles(_ values: CGFloat...) {
        for value in values {
            withUnsafeBytes(of: Double(value).bitPattern.littleEndian) { body += $0 }
        }
    }

    private mutating func writeString(_ string: String) {
        if let index = strings[string] { return writeCount(index) }
        strings[string] = stringList.count
        writeCount(stringList.count)
        stringList.append(string)
    }

    /// 0 for `nil`, else the string's index plus 1.
    private mutating func writeOptionalString(_ string: String?) {
        guard let string else { return writeCount(0) }
        if strings[string] == nil {
            strings[string] = stringList.count
            stringList.append(string)
        }
        writeCount(strings[string]! + 1)
    }
}
