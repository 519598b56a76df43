import Foundation

// Strict decoding: every object refuses keys the format does not have and every value is read
// with its type, so that the error's coding path names the place. Ranges are checked after, with
// the references (`SceneIndex`), for scenes made in code too.

/// A key of any name (scene objects are read by name and checked against a list).
struct SceneKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

typealias SceneObject = KeyedDecodingContainer<SceneKey>

extension Decoder {
    /// The object, after checking that it has no keys outside `allowed`.
    func sceneObject(allowing allowed: Set<String>) throws -> SceneObject {
        let object = try container(keyedBy: SceneKey.self)
        for key in object.allKeys where !allowed.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath + [key], debugDescription: "the format has no key '\(key.stringValue)'"))
        }
        return object
    }
}

extension KeyedDecodingContainer where Key == SceneKey {
    func fail(_ key: String, _ message: String) -> DecodingError {
        DecodingError.dataCorruptedError(forKey: SceneKey(key), in: self, debugDescription: message)
    }

    func value<T: Decodable>(_ key: String) throws -> T? {
        try decodeIfPresent(T.self, forKey: SceneKey(key))
    }

    func required<T: Decodable>(_ key: String) throws -> T {
        try decode(T.self, forKey: SceneKey(key))
    }

    func number(_ key: String) throws -> CGFloat? {
        try value(key).map { (value: Double) in CGFloat(value) }
    }

    /// Exactly `count` numbers (their ranges are checked with the rest of the scene).
    func numbers(_ key: String, count: Int) throws -> [CGFloat]? {
        guard let values: [Double] = try value(key) else { return nil }
        guard values.count == count else { throw fail(key, "expected \(count) numbers, found \(values.count)") }
        return values.map { CGFloat($0) }
    }

    func point(_ key: String) throws -> CGPoint? {
        try numbers(key, count: 2).map { CGPoint(x: $0[0], y: $0[1]) }
    }

    func priority(_ key: String) throws -> LayoutPriority? {
        try number(key).map { LayoutPriority(Float($0)) }
    }

    func priorities(_ key: String) throws -> Scene.AxisPriorities? {
        try numbers(key, count: 2).map {
            Scene.AxisPriorities(horizontal: LayoutPriority(Float($0[0])), vertical: LayoutPriority(Float($0[1])))
        }
    }

    func name<Value>(_ key: String, _ names: SceneNames<Value>) throws -> Value? {
        guard let text: String = try value(key) else { return nil }
        guard let value = names.value(named: text) else { throw fail(key, "\"\(text)\" is not one of \(names.list)") }
        return value
    }

    /// A non-empty id.
    func id(_ key: String) throws -> String? {
        guard let text: String = try value(key) else { return nil }
        guard !text.isEmpty else { throw fail(key, "an id cannot be empty") }
        return text
    }
}

extension Scene: Decodable {
    /// Reads a scene object, refusing keys the format does not define; values are checked by
    /// ``load(from:classes:limits:)`` and ``instantiate(classes:limits:)``.
    public init(from decoder: any Decoder) throws {
        let object = try decoder.sceneObject(allowing: ["format", "version", "window", "views", "guides", "constraints"])
        guard let format: String = try object.value("format"), format == "canopy-scene" else {
            throw object.fail("format", "a scene file has \"format\": \"canopy-scene\"")
        }
        let version: Int = try object.required("version")
        guard version == Scene.formatVersion else {
            throw object.fail("version", "version \(version) is not known (this reader knows \(Scene.formatVersion))")
        }
        if object.contains(SceneKey("window")) {
            let window = try object.nestedContainer(keyedBy: SceneKey.self, forKey: SceneKey("window"))
            for key in window.allKeys where !["scale", "layoutDirection"].contains(key.stringValue) {
                throw window.fail(key.stringValue, "the format has no key '\(key.stringValue)'")
            }
            scale = try window.number("scale") ?? 1
            layoutDirection = try window.name("layoutDirection", SceneVocabulary.directions) ?? .leftToRight
        }
        views = try object.required("views")
        guides = try object.value("guides") ?? []
        constraints = try object.value("constraints") ?? []
    }
}

extension Scene.ViewRecord: Decodable {
    static let keys: Set<String> = [
        "id", "class", "parent", "frame", "center", "boundsOrigin", "transform", "anchorPoint", "hidden",
        "clipsToBounds", "userInteractionEnabled", "alpha", "tag", "accessibilityIdentifier", "translatesAutoresizingMaskIntoConstraints",
        "autoresizingMask", "semanticContentAttribute", "intrinsicContentSize", "hugging", "compressionResistance",
        "layoutMargins", "stack",
    ]

    /// Reads a view object, refusing keys the format does not define.
    public init(from decoder: any Decoder) throws {
        let object = try decoder.sceneObject(allowing: Self.keys)
        guard let id = try object.id("id") else { throw object.fail("id", "every view needs an id") }
        self.init(id: id, className: try object.value("class") ?? "View", parent: try object.id("parent"))
        if let f = try object.numbers("frame", count: 4) {
            frame = CGRect(x: f[0], y: f[1], width: f[2], height: f[3])
        }
        center = try object.point("center")
        boundsOrigin = try object.point("boundsOrigin") ?? .zero
        if let t = try object.numbers("transform", count: 6) {
            transform = CGAffineTransform(a: t[0], b: t[1], c: t[2], d: t[3], tx: t[4], ty: t[5])
        }
        anchorPoint = try object.point("anchorPoint") ?? anchorPoint
        isHidden = try object.value("hidden") ?? false
        clipsToBounds = try object.value("clipsToBounds") ?? false
        isUserInteractionEnabled = try object.value("userInteractionEnabled") ?? true
        alpha = try object.number("alpha") ?? 1
        tag = try object.value("tag") ?? 0
        accessibilityIdentifier = try object.value("accessibilityIdentifier")
        translatesAutoresizingMaskIntoConstraints = try object.value("translatesAutoresizingMaskIntoConstraints") ?? true
        autoresizingMask = try Self.mask(in: object)
        semanticContentAttribute = try object.name("semanticContentAttribute", SceneVocabulary.semanticContentAttributes) ?? .unspecified
        if let size = try object.numbers("intrinsicContentSize", count: 2) {
            intrinsicContentSize = CGSize(width: size[0], height: size[1])
        }
        hugging = try object.priorities("hugging") ?? hugging
        compressionResistance = try object.priorities("compressionResistance") ?? compressionResistance
        if let m = try object.numbers("layoutMargins", count: 4) {
            layoutMargins = EdgeInsets(top: m[0], left: m[1], bottom: m[2], right: m[3])
        }
        stack = try object.value("stack")
    }

    private static func mask(in object: SceneObject) throws -> AutoresizingMask {
        guard let names: [String] = try object.value("autoresizingMask") else { return [] }
        var mask: AutoresizingMask = []
        for name in names {
            guard let flag = SceneVocabulary.autoresizing.value(named: name) else {
                throw object.fail("autoresizingMask", "\"\(name)\" is not one of \(SceneVocabulary.autoresizing.list)")
            }
            mask.insert(flag)
        }
        return mask
    }
}

extension Scene.StackRecord: Decodable {
    /// Reads a stack object, refusing keys the format does not define.
    public init(from decoder: any Decoder) throws {
        let object = try decoder.sceneObject(allowing: [
            "axis", "distribution", "alignment", "spacing", "marginsRelative", "arranged",
        ])
        self.init(arranged: try object.value("arranged") ?? [])
        axis = try object.name("axis", SceneVocabulary.axes) ?? .horizontal
        distribution = try object.name("distribution", SceneVocabulary.distributions) ?? .fill
        alignment = try object.name("alignment", SceneVocabulary.alignments) ?? .fill
        spacing = try object.number("spacing") ?? 0
        isLayoutMarginsRelativeArrangement = try object.value("marginsRelative") ?? false
    }
}

extension Scene.GuideRecord: Decodable {
    /// Reads a guide object, refusing keys the format does not define.
    public init(from decoder: any Decoder) throws {
        let object = try decoder.sceneObject(allowing: ["id", "owner", "margins"])
        guard let id = try object.id("id") else { throw object.fail("id", "every guide needs an id") }
        guard let owner = try object.id("owner") else { throw object.fail("owner", "every guide needs an owner") }
        self.init(id: id, owner: owner, isMarginsGuide: try object.value("margins") ?? false)
    }
}

extension Scene.ConstraintRecord: Decodable {
    /// Reads a constraint object, refusing keys the format does not define.
    public init(from decoder: any Decoder) throws {
        let object = try decoder.sceneObject(allowing: [
            "first", "firstAttribute", "relation", "second", "secondAttribute", "multiplier", "constant", "priority",
            "identifier",
        ])
        guard let first = try object.id("first") else { throw object.fail("first", "every constraint needs a first item") }
        guard let firstAttribute = try object.name("firstAttribute", SceneVocabulary.attributes) else {
            throw object.fail("firstAttribute", "every constraint needs a first attribute")
        }
        self.init(first: first, firstAttribute)
        relation = try object.name("relation", SceneVocabulary.relations) ?? .equal
        second = try object.id("second")
        secondAttribute = try object.name("secondAttribute", SceneVocabulary.attributes) ?? .notAnAttribute
        multiplier = try object.number("multiplier") ?? 1
        constant = try object.number("constant") ?? 0
        priority = try object.priority("priority") ?? .required
        identifier = try object.value("identifier")
    }
}
