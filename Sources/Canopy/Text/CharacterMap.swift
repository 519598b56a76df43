/// A font's map from Unicode scalars to glyph numbers, from its 'cmap' table: the full-Unicode
/// subtable (format 12) when there is one, else the Basic Multilingual Plane one (format 4).
struct CharacterMap: Sendable {
    /// Contiguous runs of scalars with consecutive glyphs (format 12's groups), sorted by start.
    private let runs: [(start: UInt32, end: UInt32, firstGlyph: Int)]
    /// Scalars mapped one by one (format 4, at most the 65,536 scalars of the BMP).
    private let singles: [UInt32: Int]

    init(_ cmap: FontTables.Table) throws {
        var best: (rank: Int, offset: Int)?
        for index in 0..<Int(try cmap.uint16(at: 2)) {
            let record = 4 + 8 * index
            let platform = try cmap.uint16(at: record), encoding = try cmap.uint16(at: record + 2)
            let offset = Int(try cmap.uint32(at: record + 4))
            let format = try cmap.uint16(at: offset)
            let rank = Self.rank(platform: platform, encoding: encoding, format: format)
            if rank > 0, rank > (best?.rank ?? 0) { best = (rank, offset) }
        }
        guard let best else { throw FontTables.Malformed("has no Unicode character map Canopy can read") }
        let subtable = try cmap.subtable(at: best.offset, name: "the character map")
        if try subtable.uint16(at: 0) == 12 {
            (runs, singles) = (try Self.readFormat12(subtable), [:])
        } else {
            (runs, singles) = ([], try Self.readFormat4(subtable))
        }
    }

    /// The glyph for `scalar`; 0 (the missing-glyph box) when the font lacks it.
    func glyph(for scalar: UInt32) -> Int {
        if let glyph = singles[scalar] { return glyph }
        var low = 0, high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].end < scalar { low = middle + 1 } else { high = middle }
        }
        guard low < runs.count, runs[low].start <= scalar else { return 0 }
        return runs[low].firstGlyph + Int(scalar - runs[low].start)
    }

    /// Prefers full Unicode (format 12) to the BMP (format 4); 0 for subtables it cannot use.
    private static func rank(platform: UInt16, encoding: UInt16, format: UInt16) -> Int {
        let unicode = platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10))
        guard unicode else { return 0 }
        return format == 12 ? 2 : format == 4 ? 1 : 0
    }

    private static func readFormat12(_ table: FontTables.Table) throws -> [(start: UInt32, end: UInt32, firstGlyph: Int)] {
        let count = Int(try table.uint32(at: 12))
        guard count <= table.bytes.count / 12 else { throw FontTables.Malformed("the character map is truncated") }
        return try (0..<count).map { index in
            let group = 16 + 12 * index
            return (try table.uint32(at: group), try table.uint32(at: group + 4), Int(try table.uint32(at: group + 8)))
        }
    }

    /// Format 4: segments of BMP scalars, each either offset by a delta (modulo 65,536) or
    /// looked up in the glyph array.
    private static func readFormat4(_ table: FontTables.Table) throws -> [UInt32: Int] {
        let segments = Int(try table.uint16(at: 6)) / 2
        let ends = 14, starts = 16 + 2 * segments, deltas = starts + 2 * segments, ranges = deltas + 2 * segments
        var singles: [UInt32: Int] = [:]
        for segment in 0..<segments {
            let start = UInt32(try table.uint16(at: starts + 2 * segment))
            let end = UInt32(try table.uint16(at: ends + 2 * segment))
            let delta = Int(try table.uint16(at: deltas + 2 * segment))
            let rangeOffset = Int(try table.uint16(at: ranges + 2 * segment))
            guard start <= end, start != 0xFFFF else { continue }
            if rangeOffset == 0 {
                for scalar in start...end { singles[scalar] = (Int(scalar) + delta) & 0xFFFF }
            } else {
                for scalar in start...end {
                    let at = ranges + 2 * segment + rangeOffset + 2 * Int(scalar - start)
                    let glyph = Int(try table.uint16(at: at))
                    singles[scalar] = glyph == 0 ? 0 : (glyph + delta) & 0xFFFF
                }
            }
        }
        return singles
    }
}
