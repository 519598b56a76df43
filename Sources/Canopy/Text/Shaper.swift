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

/// A face as HarfBuzz shapes it: kerning, ligatures, combining marks and right-to-left scripts
/// from the font's own OpenType tables. This file is the only one that sees HarfBuzz's pointers.
///
/// The font is made once from the file's bytes and never changed; HarfBuzz shapes with a
/// font from several threads at once, each with its own buffer, so the wrapper is Sendable.
final class Shaper: @unchecked Sendable {
    private let font: OpaquePointer

    /// A shaper for the font file `data`, or `nil` when HarfBuzz cannot read it.
    init?(data: Data) {
        let blob = data.withUnsafeBytes { bytes -> OpaquePointer? in
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count <= Int(UInt32.max) else {
                return nil
            }
            return hb_blob_create(base, UInt32(bytes.count), HB_MEMORY_MODE_DUPLICATE, nil, nil)
        }
        guard let blob else { return nil }
        defer { hb_blob_destroy(blob) }
        guard let face = hb_face_create(blob, 0) else { return nil }
        defer { hb_face_destroy(face) }
        guard hb_face_get_glyph_count(face) > 0, let font = hb_font_create(face) else { return nil }
        hb_font_make_immutable(font)
        self.font = font
    }

    deinit { hb_font_destroy(font) }

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
