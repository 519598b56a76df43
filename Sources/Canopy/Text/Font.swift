import Foundation

/// A face at a point size: what measures text for intrinsic sizes, as UIKit's `UIFont`.
///
/// ```swift
/// let font = Font.systemFont(ofSize: 15)
/// font.size(of: "Tap me")   // (57, 18): the advance width and line height, rounded up
/// ```
public struct Font: Hashable, Sendable {
    /// The face's metrics.
    public let face: FontFace
    /// The size of an em, in points.
    public let pointSize: CGFloat

    /// Creates a font from a face and a size.
    /// - Precondition: `pointSize` is finite and not negative.
    public init(face: FontFace, pointSize: CGFloat) {
        precondition(pointSize.isFinite && pointSize >= 0, "Canopy: a font size must be finite and not negative, got \(pointSize)")
        self.face = face
        self.pointSize = pointSize
    }

    /// Where Canopy's system faces are read from: DejaVu Sans (Debian's fonts-dejavu-core).
    public static let systemFacePath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// The bold system face's file.
    public static let boldSystemFacePath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    // Read once, on first use; immutable afterwards.
    private static let systemFace = systemFace(at: systemFacePath, bold: false)
    private static let boldSystemFace = systemFace(at: boldSystemFacePath, bold: true)

    /// The face at `path`, or when it cannot be read, the sans-serif face fontconfig picks.
    private static func systemFace(at path: String, bold: Bool) -> Result<FontFace, FontFileError> {
        let preferred = Result { () throws(FontFileError) in try FontFace(contentsOfFile: path) }
        guard case .failure = preferred, let fallback = FontLookup.bestFile(family: "sans-serif", bold: bold) else {
            return preferred
        }
        return Result { () throws(FontFileError) in try FontFace(contentsOfFile: fallback) }
    }

    /// The system font at `size`: DejaVu Sans, or when it is not installed, the sans-serif face
    /// fontconfig picks (so text measures differently).
    /// - Precondition: some sans-serif face can be read; `scripts/bootstrap.sh` installs DejaVu.
    public static func systemFont(ofSize size: CGFloat) -> Font {
        Font(face: installed(systemFace), pointSize: size)
    }

    /// The bold system font at `size`: DejaVu Sans Bold, with the same fallback.
    public static func boldSystemFont(ofSize size: CGFloat) -> Font {
        Font(face: installed(boldSystemFace), pointSize: size)
    }

    /// The system font at `size` and `weight`: the bold face from ``Weight/semibold`` up, the
    /// regular one below (DejaVu Sans, which the system font is, has no other weights in
    /// Debian's core package).
    public static func systemFont(ofSize size: CGFloat, weight: Weight) -> Font {
        weight >= .semibold ? boldSystemFont(ofSize: size) : systemFont(ofSize: size)
    }

    /// The installed face named `name` (a PostScript name such as `"DejaVuSans-Bold"`, a full
    /// name such as `"DejaVu Sans Bold"`, or a family such as `"DejaVu Sans Mono"`, case
    /// ignored), found through fontconfig, at `size`; `nil` when no such face is installed or
    /// its file cannot be read, as `UIFont(name:size:)` gives `nil`.
    public init?(name: String, size: CGFloat) {
        guard size.isFinite, size >= 0, let file = FontLookup.file(named: name),
            let face = try? FontFace(contentsOfFile: file)
        else { return nil }
        self.init(face: face, pointSize: size)
    }

    /// A font weight, with UIKit's values from -1 (lightest) to 1 (heaviest).
    public struct Weight: RawRepresentable, Comparable, Hashable, Sendable {
        /// The weight's value.
        public let rawValue: CGFloat
        /// Creates a weight from its value.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// Whether `a` is lighter than `b`.
        public static func < (a: Weight, b: Weight) -> Bool { a.rawValue < b.rawValue }

        /// -0.8.
        public static let ultraLight = Weight(rawValue: -0.8)
        /// -0.6.
        public static let thin = Weight(rawValue: -0.6)
        /// -0.4.
        public static let light = Weight(rawValue: -0.4)
        /// 0.
        public static let regular = Weight(rawValue: 0)
        /// 0.23.
        public static let medium = Weight(rawValue: 0.23)
        /// 0.3: the lightest weight set in the bold face.
        public static let semibold = Weight(rawValue: 0.3)
        /// 0.4.
        public static let bold = Weight(rawValue: 0.4)
        /// 0.56.
        public static let heavy = Weight(rawValue: 0.56)
        /// 0.62.
        public static let black = Weight(rawValue: 0.62)
    }

    private static func installed(_ face: Result<FontFace, FontFileError>) -> FontFace {
        switch face {
        case .success(let face): return face
        case .failure(let error): preconditionFailure("Canopy: no system font can be read (\(error)); install fonts-dejavu-core")
        }
    }

    /// Points per design unit.
    private var scale: CGFloat { pointSize / CGFloat(face.unitsPerEm) }

    /// The height above the baseline, in points.
    public var ascender: CGFloat { CGFloat(face.ascender) * scale }
    /// The depth below the baseline, in points (negative).
    public var descender: CGFloat { CGFloat(face.descender) * scale }
    /// The extra space between lines, in points.
    public var leading: CGFloat { CGFloat(face.lineGap) * scale }
    /// The distance from one baseline to the next: ascender - descender + leading.
    public var lineHeight: CGFloat { ascender - descender + leading }

    /// The width of `text` shaped on one line, in points, unrounded, as it draws: characters
    /// the face lacks are set in the installed face that has them, and right-to-left parts are
    /// shaped in their direction.
    public func width(of text: some StringProtocol) -> CGFloat {
        let paragraph = ShapedParagraph(StyledText(String(text), style: .init(font: self, color: .black)))
        return paragraph.width(of: 0..<paragraph.count)
    }

    /// The size of `text` set on one line, rounded up to whole points as UIKit rounds text
    /// sizes; the empty string measures zero.
    public func size(of text: some StringProtocol) -> CGSize {
        guard !text.isEmpty else { return .zero }
        return CGSize(width: width(of: text).rounded(.up), height: lineHeight.rounded(.up))
    }

    /// Whether two fonts have the same face object and size.
    public static func == (a: Font, b: Font) -> Bool { a.face === b.face && a.pointSize == b.pointSize }

    /// Hashes the face's identity and the size.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(face))
        hasher.combine(pointSize)
    }
}
