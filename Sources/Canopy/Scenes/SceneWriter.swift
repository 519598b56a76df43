import Foundation

/// Writes a scene as JSON, one view, guide or constraint per line, keys in a fixed order and
/// defaults left out: the same scene always gives the same bytes.
struct SceneWriter {
    private var text = ""

    static func data(of scene: Scene) -> Data {
        var writer = SceneWriter()
        writer.write(scene)
        return Data(writer.text.utf8)
    }

    private mutating func write(_ scene: Scene) {
        text.reserveCapacity(64 + 160 * scene.views.count + 160 * scene.constraints.count)
        text += "{\n  \"format\": \"canopy-scene\",\n  \"version\": \(Scene.formatVersion),\n"
        var window = Fields()
        window.number("scale", scene.scale, unless: 1)
        window.name("layoutDirection", scene.layoutDirection, SceneVocabulary.directions, unless: .leftToRight)
        if !window.isEmpty { text += "  \"window\": \(window.object),\n" }
        var lists = [(key: "views", objects: scene.views.map(Self.fields))]
        if !scene.guides.isEmpty { lists.append(("guides", scene.guides.map(Self.fields))) }
        if !scene.constraints.isEmpty { lists.append(("constraints", scene.constraints.map(Self.fields))) }
        for (n, entry) in lists.enumerated() {
            list(entry.key, entry.objects, last: n == lists.count - 1 && scene.archive == nil)
        }
        if let archive = scene.archive { text += "  \"archive\": \"\(archive.data().base64EncodedString())\"\n" }
        text += "}\n"
    }

    private mutating func list(_ key: String, _ objects: [Fields], last: Bool) {
        text += "  \"\(key)\": [\n"
        for (index, object) in objects.enumerated() {
            text += "    " + object.object + (index == objects.count - 1 ? "\n" : ",\n")
        }
        text += last ? "  ]\n" : "  ],\n"
    }

    private static func fields(_ view: Scene.ViewRecord) -> Fields {
        var f = Fields()
        f.string("id", view.id)
        f.string("class", view.className, unless: "View")
        if let parent = view.parent { f.string("parent", parent) }
        f.numbers("frame", [view.frame.origin.x, view.frame.origin.y, view.frame.size.width, view.frame.size.height], unless: [0, 0, 0, 0])
        if let center = view.center { f.numbers("center", [center.x, center.y]) }
        f.numbers("boundsOrigin", [view.boundsOrigin.x, view.boundsOrigin.y], unless: [0, 0])
        let t = view.transform
        f.numbers("transform", [t.a, t.b, t.c, t.d, t.tx, t.ty], unless: [1, 0, 0, 1, 0, 0])
        f.numbers("anchorPoint", [view.anchorPoint.x, view.anchorPoint.y], unless: [0.5, 0.5])
        f.bool("hidden", view.isHidden, unless: false)
        f.bool("clipsToBounds", view.clipsToBounds, unless: false)
        f.bool("userInteractionEnabled", view.isUserInteractionEnabled, unless: true)
        f.number("alpha", view.alpha, unless: 1)
        if view.tag != 0 { f.raw("tag", "\(view.tag)") }
        if let name = view.accessibilityIdentifier { f.string("accessibilityIdentifier", name) }
        f.bool("translatesAutoresizingMaskIntoConstraints", view.translatesAutoresizingMaskIntoConstraints, unless: true)
        let mask = SceneVocabulary.autoresizing.pairs.filter { view.autoresizingMask.contains($0.value) }.map(\.name)
        if !mask.isEmpty { f.raw("autoresizingMask", "[" + mask.map(Fields.quoted).joined(separator: ", ") + "]") }
        f.name("semanticContentAttribute", view.semanticContentAttribute, SceneVocabulary.semanticContentAttributes, unless: .unspecified)
        if let size = view.intrinsicContentSize { f.numbers("intrinsicContentSize", [size.width, size.height]) }
        f.priorities("hugging", view.hugging, unless: 250)
        f.priorities("compressionResistance", view.compressionResistance, unless: 750)
        let m = view.layoutMargins
        f.numbers("layoutMargins", [m.top, m.left, m.bottom, m.right], unless: [8, 8, 8, 8])
        if let stack = view.stack { f.raw("stack", fields(stack).object) }
        if let color = view.backgroundColor { f.numbers("backgroundColor", color.components) }
        f.number("cornerRadius", view.cornerRadius, unless: 0)
        f.number("borderWidth", view.borderWidth, unless: 0)
        f.numbers("borderColor", view.borderColor.components, unless: Color.black.components)
        if let label = view.label { f.raw("label", fields(label).object) }
        if let button = view.button { f.raw("button", fields(button).object) }
        if let image = view.image {
            var record = Fields()
            record.string("png", image.pngData.base64EncodedString())
            record.number("scale", image.scale, unless: 1)
            f.raw("image", record.object)
        }
        if let mode = view.contentMode { f.name("contentMode", mode, SceneVocabulary.contentModes) }
        return f
    }

    private static func fields(_ button: Scene.ButtonRecord) -> Fields {
        var f = Fields()
        if let title = button.title { f.string("title", title) }
        if let color = button.titleColor { f.numbers("titleColor", color.components) }
        f.number("fontSize", button.fontSize, unless: 15)
        f.bool("bold", button.isBold, unless: false)
        if !button.states.isEmpty {
            let states = button.states.map { state -> String in
                var s = Fields()
                s.name("state", state.state, SceneVocabulary.controlStates)
                if let title = state.title { s.string("title", title) }
                if let color = state.titleColor { s.numbers("titleColor", color.components) }
                return s.object
            }
            f.raw("states", "[" + states.joined(separator: ", ") + "]")
        }
        return f
    }

    private static func fields(_ label: Scene.LabelRecord) -> Fields {
        var f = Fields()
        if let text = label.text { f.string("text", text) }
        f.number("fontSize", label.fontSize, unless: 17)
        f.bool("bold", label.isBold, unless: false)
        f.numbers("textColor", label.textColor.components, unless: Color.black.components)
        if label.numberOfLines != 1 { f.raw("numberOfLines", "\(label.numberOfLines)") }
        f.name("alignment", label.textAlignment, SceneVocabulary.textAlignments, unless: .natural)
        return f
    }

    private static func fields(_ stack: Scene.StackRecord) -> Fields {
        var f = Fields()
        f.name("axis", stack.axis, SceneVocabulary.axes, unless: .horizontal)
        f.name("distribution", stack.distribution, SceneVocabulary.distributions, unless: .fill)
        f.name("alignment", stack.alignment, SceneVocabulary.alignments, unless: .fill)
        f.number("spacing", stack.spacing, unless: 0)
        f.bool("marginsRelative", stack.isLayoutMarginsRelativeArrangement, unless: false)
        f.raw("arranged", "[" + stack.arranged.map(Fields.quoted).joined(separator: ", ") + "]")
        return f
    }

    private static func fields(_ guide: Scene.GuideRecord) -> Fields {
        var f = Fields()
        f.string("id", guide.id)
        f.string("owner", guide.owner)
        f.bool("margins", guide.isMarginsGuide, unless: false)
        f.bool("safeArea", guide.isSafeAreaGuide, unless: false)
        if let kind = guide.scrollViewGuide { f.name("scrollView", kind, SceneVocabulary.scrollViewGuides) }
        return f
    }

    private static func fields(_ constraint: Scene.ConstraintRecord) -> Fields {
        var f = Fields()
        f.string("first", constraint.first)
        f.name("firstAttribute", constraint.firstAttribute, SceneVocabulary.attributes)
        f.name("relation", constraint.relation, SceneVocabulary.relations)
        if let second = constraint.second {
            f.string("second", second)
            f.name("secondAttribute", constraint.secondAttribute, SceneVocabulary.attributes)
        }
        f.number("multiplier", constraint.multiplier, unless: 1)
        f.number("constant", constraint.constant, unless: 0)
        f.number("priority", CGFloat(constraint.priority.rawValue), unless: 1000)
        if let identifier = constraint.identifier { f.string("identifier", identifier) }
        return f
    }
}

/// The key-value pairs of one JSON object, in the order added.
private struct Fields {
    private var parts: [String] = []

    var isEmpty: Bool { parts.isEmpty }
    var object: String { "{" + parts.joined(separator: ", ") + "}" }

    mutating func raw(_ key: String, _ json: String) { parts.append("\"\(key)\": \(json)") }

    mutating func string(_ key: String, _ value: String, unless omitted: String? = nil) {
        if value != omitted { raw(key, Self.quoted(value)) }
    }

    mutating func bool(_ key: String, _ value: Bool, unless omitted: Bool) {
        if value != omitted { raw(key, value ? "true" : "false") }
    }

    mutating func number(_ key: String, _ value: CGFloat, unless omitted: CGFloat) {
        if value != omitted { raw(key, Self.number(value)) }
    }

    mutating func numbers(_ key: String, _ values: [CGFloat], unless omitted: [CGFloat]? = nil) {
        if values != omitted { raw(key, "[" + values.map(Self.number).joined(separator: ", ") + "]") }
    }

    mutating func priorities(_ key: String, _ pair: Scene.AxisPriorities, unless omitted: Float) {
        numbers(key, [CGFloat(pair.horizontal.rawValue), CGFloat(pair.vertical.rawValue)], unless: [CGFloat(omitted), CGFloat(omitted)])
    }

    mutating func name<Value>(_ key: String, _ value: Value, _ names: SceneNames<Value>, unless omitted: Value? = nil) {
        if value != omitted { raw(key, Self.quoted(names.name(of: value))) }
    }

    /// Whole numbers without a fraction; others in the shortest form that reads back exactly.
    static func number(_ value: CGFloat) -> String {
        let value = Double(value)
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
