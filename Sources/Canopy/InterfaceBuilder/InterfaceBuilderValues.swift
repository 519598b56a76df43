import Foundation

/// Interface Builder's spellings of values: numbers, geometry elements, colours, fonts and the
/// names of enumeration cases.
enum InterfaceBuilderValues {
    /// `YES` or `NO`.
    static func bool(_ text: String) -> Bool? {
        switch text {
        case "YES": true
        case "NO": false
        default: nil
        }
    }

    /// A finite decimal number.
    static func number(_ text: String) -> Double? {
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// A multiplier: a decimal (`"0.5"`) or a ratio (`"16:9"` or `"1/3"`).
    static func multiplier(_ text: String) -> Double? {
        let parts = text.split(omittingEmptySubsequences: false) { $0 == ":" || $0 == "/" }
        guard parts.count == 2 else { return number(text) }
        guard let top = number(String(parts[0])), let bottom = number(String(parts[1])), bottom != 0 else { return nil }
        return top / bottom
    }

    /// The numbers of `names` in `element`, all required.
    static func numbers(_ element: MarkupElement, _ names: [String]) -> [Double]? {
        var values: [Double] = []
        for name in names {
            guard let text = element[name], let value = number(text) else { return nil }
            values.append(value)
        }
        return values
    }

    /// A `<rect>`, `<point>`, `<size>`, `<inset>` or `<edgeInsets>` element's value.
    static func geometry(_ element: MarkupElement) -> ArchiveValue? {
        switch element.name {
        case "rect":
            guard let v = numbers(element, ["x", "y", "width", "height"]) else { return nil }
            return .rect(CGRect(x: v[0], y: v[1], width: v[2], height: v[3]))
        case "point":
            guard let v = numbers(element, ["x", "y"]) else { return nil }
            return .point(CGPoint(x: v[0], y: v[1]))
        case "size":
            guard let v = numbers(element, ["width", "height"]) else { return nil }
            return .size(CGSize(width: v[0], height: v[1]))
        case "inset":
            guard let v = numbers(element, ["minX", "minY", "maxX", "maxY"]) else { return nil }
            return .insets(EdgeInsets(top: v[1], left: v[0], bottom: v[3], right: v[2]))
        case "edgeInsets":
            guard let v = numbers(element, ["top", "left", "bottom", "right"]) else { return nil }
            return .insets(EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3]))
        default:
            return nil
        }
    }

    /// A `<color>` element's colour: components, a gray, a system colour or a named colour
    /// (looked up in `named`, the document's resources); `nil` for a name nothing defines.
    static func color(_ element: MarkupElement, named: [String: Color]) -> Color? {
        if let v = numbers(element, ["red", "green", "blue"]) {
            let alpha = element["alpha"].flatMap(number) ?? 1
            return Color(red: v[0], green: v[1], blue: v[2], alpha: alpha)
        }
        if let white = element["white"].flatMap(number) {
            return Color(white: white, alpha: element["alpha"].flatMap(number) ?? 1)
        }
        for attribute in ["systemColor", "cocoaTouchSystemColor", "name"] {
            if let name = element[attribute] { return named[name] ?? systemColors[name] }
        }
        return nil
    }

    /// UIKit's system colours by the names Interface Builder writes, for files whose resources
    /// do not define them.
    static let systemColors: [String: Color] = [
        "systemBackgroundColor": .systemBackground, "secondarySystemBackgroundColor": Color(white: 0.95),
        "labelColor": .label, "secondaryLabelColor": .secondaryLabel, "separatorColor": .separator,
        "systemBlueColor": .systemBlue, "systemRedColor": .systemRed, "systemGreenColor": .systemGreen,
        "systemOrangeColor": .systemOrange, "systemYellowColor": .systemYellow, "systemPinkColor": .systemPink,
        "systemPurpleColor": .systemPurple, "systemIndigoColor": .systemIndigo, "systemTealColor": .systemTeal,
        "systemGrayColor": .systemGray, "tintColor": .systemBlue, "darkTextColor": .black, "lightTextColor": Color(white: 1, alpha: 0.6),
        "groupTableViewBackgroundColor": Color(red: 0.94, green: 0.94, blue: 0.96), "whiteColor": .white,
        "blackColor": .black, "clearColor": .clear,
    ]

    /// A `<fontDescription>`'s font: the system font (regular, bold or a weight), a text style's
    /// size, or an installed face by name. `nil` for a named face that is not installed.
    static func font(_ element: MarkupElement) -> Font? {
        let size = element["pointSize"].flatMap(number) ?? textStyleSizes[element["style"] ?? ""] ?? 17
        guard size >= 0 else { return nil }
        if let name = element["name"] { return Font(name: name, size: size) }
        switch element["type"] {
        case "boldSystem": return .boldSystemFont(ofSize: size)
        default:
            let weight = element["weight"].flatMap { weights[$0] } ?? (element["style"] == "UICTFontTextStyleHeadline" ? .semibold : .regular)
            return .systemFont(ofSize: size, weight: weight)
        }
    }

    /// An attributed string's `<font key="NSFont">`: an installed face by `name`, else the
    /// system font (bold for a bold `metaFont`), at `size`. `nil` for a named face that is not
    /// installed.
    static func fragmentFont(_ element: MarkupElement) -> Font? {
        let size = max(element["size"].flatMap(number) ?? 17, 0)
        if let name = element["name"] { return Font(name: name, size: size) }
        return element["metaFont"]?.contains("Bold") == true ? .boldSystemFont(ofSize: size) : .systemFont(ofSize: size)
    }

    /// An attributed string's `<paragraphStyle>`: its line spacing, alignment and line break mode.
    static func paragraphStyle(_ element: MarkupElement) -> ParagraphStyle {
        let style = ParagraphStyle()
        if let spacing = element["lineSpacing"].flatMap(number), spacing.isFinite, spacing >= 0 { style.lineSpacing = spacing }
        let alignments: [String: TextAlignment] = [
            "left": .left, "center": .center, "right": .right, "justified": .justified, "natural": .natural,
        ]
        if let alignment = element["alignment"].flatMap({ alignments[$0] }) { style.alignment = alignment }
        let breaks: [String: LineBreakMode] = [
            "wordWrapping": .byWordWrapping, "charWrapping": .byCharWrapping, "clipping": .byClipping,
            "truncatingHead": .byTruncatingHead, "truncatingTail": .byTruncatingTail, "truncatingMiddle": .byTruncatingMiddle,
        ]
        if let mode = element["lineBreakMode"].flatMap({ breaks[$0] }) { style.lineBreakMode = mode }
        return style
    }

    private static let weights: [String: Font.Weight] = [
        "ultraLight": .ultraLight, "thin": .thin, "light": .light, "regular": .regular, "medium": .medium,
        "semibold": .semibold, "bold": .bold, "heavy": .heavy, "black": .black,
    ]

    /// The default sizes of UIKit's text styles.
    private static let textStyleSizes: [String: Double] = [
        "UICTFontTextStyleLargeTitle": 34, "UICTFontTextStyleTitle1": 28, "UICTFontTextStyleTitle2": 22,
        "UICTFontTextStyleTitle3": 20, "UICTFontTextStyleHeadline": 17, "UICTFontTextStyleBody": 17,
        "UICTFontTextStyleCallout": 16, "UICTFontTextStyleSubhead": 15, "UICTFontTextStyleFootnote": 13,
        "UICTFontTextStyleCaption1": 12, "UICTFontTextStyleCaption2": 11,
    ]

    /// The control events of an action's `eventType`.
    static let controlEvents: [String: ControlEvents] = [
        "touchDown": .touchDown, "touchDownRepeat": .touchDownRepeat, "touchDragInside": .touchDragInside,
        "touchDragOutside": .touchDragOutside, "touchDragEnter": .touchDragEnter, "touchDragExit": .touchDragExit,
        "touchUpInside": .touchUpInside, "touchUpOutside": .touchUpOutside, "touchCancel": .touchCancel,
        "valueChanged": .valueChanged, "primaryActionTriggered": .primaryActionTriggered,
    ]

    /// The flags of an `<autoresizingMask>` element.
    static func autoresizingMask(_ element: MarkupElement) -> AutoresizingMask {
        let flags: [(String, AutoresizingMask)] = [
            ("flexibleMinX", .flexibleLeftMargin), ("widthSizable", .flexibleWidth), ("flexibleMaxX", .flexibleRightMargin),
            ("flexibleMinY", .flexibleTopMargin), ("heightSizable", .flexibleHeight), ("flexibleMaxY", .flexibleBottomMargin),
        ]
        var mask: AutoresizingMask = []
        for (name, flag) in flags where element[name] == "YES" { mask.insert(flag) }
        return mask
    }
}
