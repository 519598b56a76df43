import CCairo
import Foundation

/// Installed fonts, found through fontconfig. This file is the only one that sees fontconfig's
/// pointers.
enum FontLookup {
    /// One installed face: its file and the names it answers to.
    struct Entry {
        let file: String
        let family: String
        let fullName: String
        let postScriptName: String
    }

    /// Every installed face fontconfig lists, ordered by file path (fontconfig's own order is
    /// not fixed).
    static func installed() -> [Entry] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        let objects = FcObjectSetCreate()
        defer { FcObjectSetDestroy(objects) }
        for name in [FC_FILE, FC_FAMILY, FC_FULLNAME, FC_POSTSCRIPT_NAME] { _ = FcObjectSetAdd(objects, name) }
        guard let list = FcFontList(nil, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(list) }
        var entries: [Entry] = []
        for index in 0..<Int(list.pointee.nfont) {
            guard let font = list.pointee.fonts[index], let file = string(font, FC_FILE) else { continue }
            entries.append(Entry(file: file, family: string(font, FC_FAMILY) ?? "", fullName: string(font, FC_FULLNAME) ?? "",
                                 postScriptName: string(font, FC_POSTSCRIPT_NAME) ?? ""))
        }
        return entries.sorted { $0.file < $1.file }
    }

    /// The file of the face named `name`: by PostScript name ("DejaVuSans-Bold"), full name
    /// ("DejaVu Sans Bold") or family ("DejaVu Sans", its regular face first); case is ignored.
    static func file(named name: String) -> String? {
        let wanted = name.lowercased()
        let faces = installed()
        if let face = faces.first(where: { $0.postScriptName.lowercased() == wanted || $0.fullName.lowercased() == wanted }) {
            return face.file
        }
        // A family's regular face has the family's name as its PostScript name, without spaces.
        let family = faces.filter { $0.family.lowercased() == wanted }
        let regular = wanted.replacingOccurrences(of: " ", with: "")
        return (family.first { $0.postScriptName.lowercased() == regular }
            ?? family.min { $0.postScriptName.count < $1.postScriptName.count })?.file
    }

    /// The file fontconfig picks for the generic family `family` ("sans-serif"), bold or not.
    static func bestFile(family: String, bold: Bool) -> String? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        FcPatternAddInteger(pattern, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        return string(match, FC_FILE)
    }

    /// The file of the face fontconfig prefers for drawing `scalar` in a sans-serif family, when
    /// that face has it.
    static func file(covering scalar: Unicode.Scalar) -> String? {
        guard let pattern = FcPatternCreate(), let characters = FcCharSetCreate() else { return nil }
        defer {
            FcPatternDestroy(pattern)
            FcCharSetDestroy(characters)
        }
        FcCharSetAddChar(characters, scalar.value)
        FcPatternAddCharSet(pattern, FC_CHARSET, characters)
        _ = "sans-serif".withCString { FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var covered: OpaquePointer?
        guard FcPatternGetCharSet(match, FC_CHARSET, 0, &covered) == FcResultMatch, let covered,
            FcCharSetHasChar(covered, scalar.value) != 0
        else { return nil }
        return string(match, FC_FILE)
    }

    private static func string(_ pattern: OpaquePointer, _ object: String) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }
}
