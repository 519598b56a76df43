import Canopy
import Foundation
import Testing

/// Expected values were read from the same files with fontTools (an independent TrueType
/// reader): DejaVu Sans has 2048 units per em, an ascender of 1901 and a descender of -483.
@Suite("Fonts: real metrics from TrueType files")
struct FontTests {
    @Test func theSystemFaceHasDejaVuSansMetrics() {
        let face = Font.systemFont(ofSize: 15).face
        #expect(face.unitsPerEm == 2048 && face.ascender == 1901 && face.descender == -483 && face.lineGap == 0)
        #expect(face.advance(of: "Tap me") == 7712)
        #expect(face.advance(of: "Hello, world") == 12132)
        #expect(Font.boldSystemFont(ofSize: 15).face.advance(of: "Tap me") == 8481)
    }

    @Test func charactersBeyondTheBasicPlaneAndMissingOnesMeasure() {
        let face = Font.systemFont(ofSize: 15).face
        #expect(face.advance(of: "\u{1F600}") == 2135)  // beyond the Basic Multilingual Plane
        #expect(face.advance(of: "Ω€漢") == 1565 + 1303 + 1229)  // 漢 is missing: the .notdef box
    }

    @Test func sizesScaleWithThePointSizeAndRoundUp() {
        let font = Font.systemFont(ofSize: 15)
        // Shaped, "Tap me" is 7373 units wide (HarfBuzz's hb-shape on DejaVuSans.ttf: T is
        // kerned against a, 912 rather than 1251), not the 7712 its nominal advances add to.
        #expect(font.width(of: "Tap me") == 7373.0 * 15 / 2048)
        #expect(isClose(font.lineHeight, 2384.0 * 15 / 2048))
        #expect(font.size(of: "Tap me") == CGSize(width: 55, height: 18))
        #expect(font.size(of: "") == .zero)
        #expect(Font.systemFont(ofSize: 30).width(of: "Tap me") == 7373.0 * 30 / 2048)
    }

    @Test func badFilesAreRefusedWithTheirReason() {
        #expect(throws: FontFileError.self) { try FontFace(contentsOfFile: "/nonexistent.ttf") }
        do {
            _ = try FontFace(data: Data("not a font".utf8), path: "notes.txt")
            Issue.record("a text file was read as a font")
        } catch {
            #expect(error.description.hasPrefix("notes.txt: not a TrueType or OpenType font"))
        }
        // Every truncation of a real font is refused, never read past its end.
        let real = FileManager.default.contents(atPath: Font.systemFacePath)!
        for length in [0, 3, 11, 12, 200, 600, real.count / 2] {
            #expect(throws: FontFileError.self) { try FontFace(data: real.prefix(length)) }
        }
    }
}

/// The faces named here are in Debian's fonts-dejavu-core, which the bootstrap installs.
@Suite("Fonts found by name through fontconfig, and system font weights")
struct FontLookupTests {
    @Test func aPostScriptNameFullNameOrFamilyFindsItsFace() throws {
        let bold = try #require(Font(name: "DejaVuSans-Bold", size: 12))
        #expect(bold.face.path == Font.boldSystemFacePath)
        #expect(bold.width(of: "Tap me") == Font.boldSystemFont(ofSize: 12).width(of: "Tap me"))
        #expect(try #require(Font(name: "DejaVu Sans Bold", size: 12)).face.path == Font.boldSystemFacePath)
        #expect(try #require(Font(name: "dejavu sans", size: 12)).face.path == Font.systemFacePath, "the family's regular face")
        let mono = try #require(Font(name: "DejaVu Sans Mono", size: 10))
        #expect(mono.face.path?.hasSuffix("/DejaVuSansMono.ttf") == true)
        #expect(mono.width(of: "iii") == mono.width(of: "MMM"))
        #expect(mono.pointSize == 10)
    }

    @Test func anUnknownNameOrABadSizeGivesNil() {
        #expect(Font(name: "NoSuchFont-Regular", size: 12) == nil)
        #expect(Font(name: "", size: 12) == nil)
        #expect(Font(name: "DejaVu Sans", size: .nan) == nil)
        #expect(Font(name: "DejaVu Sans", size: -1) == nil)
    }

    @Test func weightsFromSemiboldUpAreTheBoldFace() {
        for weight in [Font.Weight.semibold, .bold, .heavy, .black] {
            #expect(Font.systemFont(ofSize: 14, weight: weight) == Font.boldSystemFont(ofSize: 14))
        }
        for weight in [Font.Weight.ultraLight, .thin, .light, .regular, .medium] {
            #expect(Font.systemFont(ofSize: 14, weight: weight) == Font.systemFont(ofSize: 14))
        }
    }

    @Test func aNamedFontDraws() throws {
        let mono = try #require(Font(name: "DejaVu Sans Mono", size: 20))
        let image = drawn(120, 30) { _ in "mono".draw(at: .zero, withAttributes: [.font: mono]) }
        let inked = (0..<120).filter { x in (0..<30).contains { y in (image.pixelColor(x: x, y: y)?.alpha ?? 0) > 0.5 } }
        #expect(!inked.isEmpty && CGFloat(inked.last!) <= mono.width(of: "mono") + 1)
    }
}

/// Expected widths come from HarfBuzz's own `hb-shape` tool on DejaVuSans.ttf, in design units
/// (2048 per em).
@Suite("Shaping: kerning, ligatures, marks, right-to-left and ideographic text measure as they draw")
struct ShapingTests {
    private let font = Font.systemFont(ofSize: 2048)  // one point per design unit

    @Test func kerningNarrowsPairs() {
        #expect(font.width(of: "Tap me") == 7373)
        #expect(font.face.advance(of: "Tap me") == 7712, "the nominal advances, unkerned")
    }

    @Test func arabicJoinsAndMeasuresAsShaped() {
        // Lam-alef becomes one glyph: three glyphs of 1268, 1222 and 1716 units.
        let width: CGFloat = 1268 + 1222 + 1716
        #expect(font.width(of: "سلام") == width)
        let label = Label()
        label.text = "سلام"
        label.font = Font.systemFont(ofSize: 20)
        #expect(label.intrinsicContentSize.width == (4206.0 * 20 / 2048).rounded(.up))
    }

    @Test func aCombiningMarkAddsNoWidth() {
        #expect(font.width(of: "e\u{301}") == font.width(of: "e"))
        #expect(font.width(of: "e\u{301}") == font.width(of: "\u{E9}"))
    }

    @Test func ideographsComeFromAFallbackFaceAndBreakBetweenCharacters() {
        // DejaVu Sans has no ideographs: they are set in the face fontconfig finds for them,
        // WenQuanYi Micro Hei (the bootstrap installs it), one em (2048 units) each, hb-shape says.
        let (em, a): (CGFloat, CGFloat) = (2048, 1255)
        #expect(font.width(of: "漢字") == 2 * em)
        #expect(font.width(of: "a漢") == a + em, "a run of each face")
        let label = Label()
        label.font = Font.systemFont(ofSize: 2048)
        label.numberOfLines = 0
        label.text = "漢字漢字漢字"
        label.preferredMaxLayoutWidth = 3 * 2048 + 100
        #expect(label.intrinsicContentSize == CGSize(width: 3 * 2048, height: 2 * font.lineHeight))
        // Latin text without spaces stays whole until one word is too wide for a line.
        label.text = "abc def"
        label.preferredMaxLayoutWidth = font.width(of: "abc def") + 1
        #expect(label.intrinsicContentSize.height == font.lineHeight)
    }

    @Test func rightToLeftTextDrawsWithinItsMeasure() throws {
        let arabic = Font.systemFont(ofSize: 30)
        let image = drawn(200, 50) { _ in "سلام".draw(at: CGPoint(x: 10, y: 5), withAttributes: [.font: arabic]) }
        let inked = (0..<200).filter { x in (0..<50).contains { y in (image.pixelColor(x: x, y: y)?.alpha ?? 0) > 0.5 } }
        #expect(!inked.isEmpty)
        #expect(inked.first! >= 10 && CGFloat(inked.last!) <= 10 + arabic.width(of: "سلام") + 1)
    }
}
