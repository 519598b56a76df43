import CHarfBuzz
import Foundation

/// One glyph of shaped text: which glyph, the UTF-8 offset of the first byte of the characters
/// it draws (its cluster), how far it advances the pen and how far it sits from the pen, in
/// design units (y up, as fonts measure).
struct ShapedGlyph {
    let glyph: Int
    let cluster: Int
    let advance: Int
    let offset: (x: Int, y: Int)
}

/// A face as HarfBuzz reads and shapes it: its metrics, its character map and advances, and
/// kerning, ligatures, combining marks and right-to-left scripts from its OpenType tables. This
/// file is the only one that sees HarfBuzz's pointers; HarfBuzz checks every table it reads
/// against the file's bounds.
///
/// The font is made once from the file's bytes and never changed; HarfBuzz shapes with a
/// font from several threads at once, each with its own buffer, so the wrapper is Sendable.
final class Shaper: @unchecked Sendable {
    private let font: OpaquePointer
    /// Design units per em, and the horizontal ascender, descender (negative) and line gap.
    let unitsPerEm: Int
    let ascender: Int, descender: Int, lineGap: Int

    /// A shaper for the font file `data` (the first font of a collection), or why it cannot be
    /// one.
    init(data: Data) throws(UnreadableFont) {
        let blob = data.withUnsafeBytes { bytes -> OpaquePointer? in
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count <= Int(UInt32.max) else {
                return nil
            }
            return hb_blob_create(base, UInt32(bytes.count), HB_MEMORY_MODE_DUPLICATE, nil, nil)
        }
        guard let blob else { throw .init("is empty or too large") }
        defer { hb_blob_destroy(blob) }
        guard let face = hb_face_create(blob, 0) else { throw .init("cannot be read") }
        defer { hb_face_destroy(face) }
        try Self.check(face)
        guard let font = hb_font_create(face) else { throw .init("cannot be read") }
        var ascender: hb_position_t = 0, descender: hb_position_t = 0, lineGap: hb_position_t = 0
        guard hb_ot_metrics_get_position(font, HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER, &ascender) != 0,
            hb_ot_metrics_get_position(font, HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER, &descender) != 0
        else {
            hb_font_destroy(font)
            throw .init("has no horizontal metrics")
        }
        _ = hb_ot_metrics_get_position(font, HB_OT_METRICS_TAG_HORIZONTAL_LINE_GAP, &lineGap)
        hb_font_make_immutable(font)
        self.font = font
        unitsPerEm = Int(hb_face_get_upem(face))
        (self.ascender, self.descender, self.lineGap) = (Int(ascender), Int(descender), Int(lineGap))
    }

    /// Refuses a face without glyphs, without the tables metrics come from, or without a
    /// Unicode character map.
    private static func check(_ face: OpaquePointer) throws(UnreadableFont) {
        guard hb_face_get_glyph_count(face) > 0 else { throw .init("not a TrueType or OpenType font (it has no glyphs)") }
        for name in ["head", "hhea", "hmtx", "cmap"] {
            let tag = name.utf8.reduce(hb_tag_t(0)) { $0 << 8 | hb_tag_t($1) }
            let table = hb_face_reference_table(face, tag)
            defer { hb_blob_destroy(table) }
            guard hb_blob_get_length(table) > 0 else { throw .init("has no '\(name)' table") }
        }
        let scalars = hb_set_create()
        defer { hb_set_destroy(scalars) }
        hb_face_collect_unicodes(face, scalars)
        guard hb_set_get_population(scalars) > 0 else { throw .init("has no Unicode character map") }
    }

    deinit { hb_font_destroy(font) }

    /// The glyph that draws `scalar`; 0 (the missing-glyph box) when the font lacks it.
    func glyph(for scalar: Unicode.Scalar) -> Int {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0 ? Int(glyph) : 0
    }

    /// The advance width of `glyph`, in design units.
    func advance(ofGlyph glyph: Int) -> Int { Int(hb_font_get_glyph_h_advance(font, hb_codepoint_t(glyph))) }

    /// The glyphs of `text` in visual order (left to right), set right to left when
    /// `rightToLeft` says so; its script, and its direction when `rightToLeft` is `nil`, guessed
    /// from its first strong character.
    func shape(_ text: some StringProtocol, rightToLeft: Bool? = nil) -> [ShapedGlyph] {
        guard !text.isEmpty, let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        var utf8 = String(text)
        utf8.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), 0, Int32(chars.count))
            }
        }
        if let rightToLeft { hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR) }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return [] }
        return (0..<Int(count)).map { i in
            ShapedGlyph(glyph: Int(infos[i].codepoint), cluster: Int(infos[i].cluster), advance: Int(positions[i].x_advance),
                        offset: (Int(positions[i].x_offset), Int(positions[i].y_offset)))
        }
    }
}

/// Why HarfBuzz cannot read a font file.
struct UnreadableFont: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
