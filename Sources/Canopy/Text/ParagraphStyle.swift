import Foundation

/// How the lines of a text are set, as UIKit's `NSParagraphStyle`: the space between lines,
/// where they sit across the width and how they break. Given to attributed text under
/// ``Foundation/NSAttributedString/Key/paragraphStyle``; the style of a text's first character
/// sets the whole text.
///
/// ```swift
/// let style = MutableParagraphStyle()
/// style.lineSpacing = 6
/// let text = NSAttributedString(string: "Two\nlines", attributes: [.paragraphStyle: style])
/// ```
public final class ParagraphStyle {
    /// The space added between a line's bottom and the next line's top, in points; 0 by
    /// default. None is added after the last line.
    public var lineSpacing: CGFloat = 0
    /// Where the lines sit across the width; ``TextAlignment/natural`` by default.
    public var alignment = TextAlignment.natural
    /// How lines break and how the last one is cut; ``LineBreakMode/byWordWrapping`` by default.
    public var lineBreakMode = LineBreakMode.byWordWrapping

    /// Creates the default style.
    public init() {}

    /// The default style: no space between lines, natural alignment, wrapping by words.
    public static var `default`: ParagraphStyle { ParagraphStyle() }
}

/// The name UIKit code uses for a paragraph style it changes (`NSMutableParagraphStyle`'s role);
/// every ``ParagraphStyle`` can be changed.
public typealias MutableParagraphStyle = ParagraphStyle

extension NSAttributedString.Key {
    /// The ``Font`` text is set in (the 12-point system font when absent), as UIKit's `.font`.
    public static let font = NSAttributedString.Key("NSFont")
    /// The ``Color`` text is drawn in (black when absent), as UIKit's `.foregroundColor`.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// The ``ParagraphStyle`` lines are set by (``ParagraphStyle/default`` when absent), as
    /// UIKit's `.paragraphStyle`. Read from the first character.
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
}
