import Foundation
import Synchronization

/// Why a font file could not be read.
public struct FontFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, as given.
    public let path: String
    /// What is wrong with it.
    public let reason: String

    /// `"<path>: <reason>"`.
    public var description: String { "\(path): \(reason)" }
}

/// One TrueType or OpenType font file, read by HarfBuzz: its metrics (units per em, ascender,
/// descender, line gap, each character's nominal advance width) and its shaping.
///
/// Text is measured and drawn shaped: kerning, ligatures, combining marks and right-to-left
/// scripts as the font's OpenType tables set them. A character the font lacks measures and
/// draws as its missing-glyph box.
public final class FontFace: Sendable {
    /// The design units per em.
    public var unitsPerEm: Int { shaper.unitsPerEm }
    /// The distance above the baseline, in design units (positive).
    public var ascender: Int { shaper.ascender }
    /// The distance below the baseline, in design units (negative).
    public var descender: Int { shaper.descender }
    /// Extra space between lines, in design units.
    public var lineGap: Int { shaper.lineGap }
    /// The file the face was read from, or `nil` for one read from bytes (which measures but
    /// does not draw: the rasteriser reads faces from files).
    public let path: String?
    private let shaper: Shaper
    /// The faces found for characters this one lacks, by character (`nil`: none has it), and
    /// those faces by file, so each is read once. Filled as text needs them.
    private let fallbacks = Mutex<(byScalar: [UInt32: FontFace?], byFile: [String: FontFace])>(([:], [:]))

    /// Reads the face at `path`.
    /// - Throws: ``FontFileError`` when the file cannot be read or is not a font Canopy can read.
    public convenience init(contentsOfFile path: String) throws(FontFileError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FontFileError(path: path, reason: "cannot be read")
        }
        try self.init(data: data, name: path, file: path)
    }

    /// Reads a face from the bytes of a font file; `path` names it in errors.
    /// - Throws: ``FontFileError`` when the bytes are not a font Canopy can read.
    public convenience init(data: Data, path: String = "<data>") throws(FontFileError) {
        try self.init(data: data, name: path, file: nil)
    }

    private init(data: Data, name path: String, file: String?) throws(FontFileError) {
        self.path = file
        do {
            shaper = try Shaper(data: data)
        } catch {
            throw FontFileError(path: path, reason: error.reason)
        }
    }

    /// The advance width of `scalar`, in design units.
    public func advance(of scalar: Unicode.Scalar) -> Int {
        advance(ofGlyph: glyph(for: scalar))
    }

    /// The glyph that draws `scalar` (0, the missing-glyph box, when the face lacks it).
    func glyph(for scalar: Unicode.Scalar) -> Int { shaper.glyph(for: scalar) }

    /// The face that draws `character`: this one when it has the character's first scalar,
    /// else the installed face fontconfig finds for it, else this one (its missing-glyph box).
    func face(drawing character: Character) -> FontFace {
        guard let scalar = character.unicodeScalars.first, glyph(for: scalar) == 0, scalar.value > 0x20 else {
            return self
        }
        return fallbacks.withLock { found -> FontFace in
            if let known = found.byScalar[scalar.value] { return known ?? self }
            var face: FontFace?
            if let file = FontLookup.file(covering: scalar) {
                face = found.byFile[file] ?? (try? FontFace(contentsOfFile: file))
                if let face { found.byFile[file] = face }
            }
            if let candidate = face, candidate.glyph(for: scalar) == 0 { face = nil }
            found.byScalar[scalar.value] = .some(face)
            return face ?? self
        }
    }

    /// The advance width of `glyph`, in design units.
    func advance(ofGlyph glyph: Int) -> Int { shaper.advance(ofGlyph: glyph) }

    /// The sum of the nominal advance widths of `text`'s characters, in design units: the
    /// width before shaping (no kerning, no ligatures).
    public func advance(of text: some StringProtocol) -> Int {
        text.unicodeScalars.reduce(0) { $0 + advance(of: $1) }
    }

    /// The width of `text` shaped on one line, in design units.
    public func shapedAdvance(of text: some StringProtocol) -> Int {
        shaped(text).reduce(0) { $0 + $1.advance }
    }

    /// `text` shaped into glyphs in visual order, right to left when `rightToLeft` says so (its
    /// first strong character decides when `nil`).
    func shaped(_ text: some StringProtocol, rightToLeft: Bool? = nil) -> [ShapedGlyph] {
        shaper.shape(text, rightToLeft: rightToLeft)
    }

    /// The width each character of `text` takes when the whole is shaped (in the direction
    /// `rightToLeft` gives), in design units: the advances of the glyphs whose cluster starts in
    /// it (a ligature counts for its first character). They add up to the shaped advance.
    func characterAdvances(of text: Substring, rightToLeft: Bool? = nil) -> [Int] {
        var starts: [Int] = []  // each character's first UTF-8 offset
        var offset = 0
        for character in text {
            starts.append(offset)
            offset += character.utf8.count
        }
        var advances = [Int](repeating: 0, count: starts.count)
        for glyph in shaped(text, rightToLeft: rightToLeft) {
            // The character whose range holds the cluster: the last start at or before it.
            var low = 0, high = starts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle] <= glyph.cluster { low = middle } else { high = middle - 1 }
            }
            advances[low] += glyph.advance
        }
        return advances
    }
}
