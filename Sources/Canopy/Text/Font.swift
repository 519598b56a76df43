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
    private static let systemFace = Result { () throws(FontFileError) in try FontFace(contentsOfFile: systemFacePath) }
    private static let boldSystemFace = Result { () throws(FontFileError) in try FontFace(contentsOfFile: boldSystemFacePath) }

    /// The system font at `size`.
    /// - Precondition: the system face (``systemFacePath``) is installed; `scripts/bootstrap.sh`
    ///   installs it.
    public static func systemFont(ofSize size: CGFloat) -> Font {
        Font(face: installed(systemFace), pointSize: size)
    }

    /// The bold system font at `size`.
    /// - Precondition: the bold system face (``boldSystemFacePath``) is installed.
    public static func boldSystemFont(ofSize size: CGFloat) -> Font {
        Font(face: installed(boldSystemFace), pointSize: size)
    }

    private static func installed(_ face: Result<FontFace, FontFileError>) -> FontFace {
        switch face {
        case .success(let face): return face
        case .failure(let error): preconditionFailure("Canopy: the system font is missing (\(error)); install fonts-dejavu-core")
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

    /// The advance width of `text` on one line, in points, unrounded.
    public func width(of text: some StringProtocol) -> CGFloat {
        CGFloat(face.advance(of: text)) * scale
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
