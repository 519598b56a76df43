import Foundation

/// Reads a scene file's JSON straight into a ``Scene``, checking each value's kind and count as
/// it arrives and the limits as records arrive. Ranges and references are checked afterwards
/// (``SceneIndex``), for scenes made in code too; ``start(of:)`` lets those errors name the
/// line and column of the record they are about.
struct SceneReader {
    private var scanner: JSONScanner
    private let limits: SceneLimits
    /// Where each view, guide and constraint record starts.
    private var viewStarts: [(line: Int, column: Int)] = []
    private var guideStarts: [(line: Int, column: Int)] = []
    private var constraintStarts: [(line: Int, column: Int)] = []
    /// Where the window object starts.
    private var windowStart: (line: Int, column: Int)?

    private static let sceneKeys = JSONWords(["format", "version", "window", "views", "guides", "constraints", "archive"])
    private static let windowKeys = JSONWords(["scale", "layoutDirection"])
    private static let viewKeys = JSONWords([
        "id", "class", "parent", "frame", "center", "boundsOrigin", "transform", "anchorPoint", "hidden",
        "clipsToBounds", "userInteractionEnabled", "alpha", "tag", "accessibilityIdentifier",
        "translatesAutoresizingMaskIntoConstraints", "autoresizingMask", "semanticContentAttribute",
        "intrinsicContentSize", "hugging", "compressionResistance", "layoutMargins", "stack", "backgroundColor",
        "cornerRadius", "borderWidth", "borderColor", "label", "button", "image", "contentMode",
    ])
    private static let buttonKeys = JSONWords(["title", "titleColor", "fontSize", "bold", "states"])
    private static let stateTitleKeys = JSONWords(["state", "title", "titleColor"])
    private static let imageKeys = JSONWords(["png", "scale"])
    private static let labelKeys = JSONWords(["text", "fontSize", "bold", "textColor", "numberOfLines", "alignment"])
    private static let stackKeys = JSONWords(["axis", "distribution", "alignment", "spacing", "marginsRelative", "arranged"])
    private static let guideKeys = JSONWords(["id", "owner", "margins", "scrollView", "safeArea"])
    private static let constraintKeys = JSONWords([
        "first", "firstAttribute", "relation", "second", "secondAttribute", "multiplier", "constant", "priority", "identifier",
    ])

    init(scanner: JSONScanner, limits: SceneLimits) {
        self.scanner = scanner
        self.limits = limits
    }

    /// Reads the scene: the one object of the input.
    mutating func read() throws(SceneError) -> Scene {
        if try scanner.isAtEnd() { throw SceneError(line: 1, column: 1, location: "", message: "the file is empty") }
        var scene = Scene(views: [])
        var has = (format: false, version: false, views: false)
        var object = try scanner.beginObject()
        while let key = try scanner.nextKey(&object, in: Self.sceneKeys) {
            switch key {
            case 0:
                guard try scanner.readString() == "canopy-scene" else {
                    throw scanner.error("a scene file has \"format\": \"canopy-scene\"")
                }
                has.format = true
            case 1:
                let version = try scanner.readInteger()
                guard version == Scene.formatVersion else {
                    throw scanner.error("version \(version) is not known (this reader knows \(Scene.formatVersion))")
                }
                has.version = true
            case 2: try readWindow(into: &scene)
            case 3:
                has.views = true
                scene.views = try readViews()
            case 4: scene.guides = try readGuides()
            case 5: scene.constraints = try readConstraints()
            default: scene.archive = try readArchive()
            }
        }
        try scanner.expectEnd()
        func whole(_ message: String) -> SceneError { SceneError(line: 1, column: 1, location: "", message: message) }
        guard has.format else { throw whole("a scene file has \"format\": \"canopy-scene\"") }
        guard has.version else { throw whole("the key 'version' is missing") }
        guard has.views else { throw whole("the key 'views' is missing") }
        return scene
    }

    /// The line and column to name for an error about `location` (a path such as
    /// `views[3].parent`): where its record starts.
    func start(of location: String) -> (line: Int, column: Int)? {
        if location.hasPrefix("window") { return windowStart }
        guard let bracket = location.firstIndex(of: "["), let close = location.firstIndex(of: "]"),
            let index = Int(location[location.index(after: bracket)..<close])
        else { return nil }
        let starts: [(line: Int, column: Int)]
        switch location[..<bracket] {
        case "views": starts = viewStarts
        case "guides": starts = guideStarts
        case "constraints": starts = constraintStarts
        default: return nil
        }
        return starts.indices.contains(index) ? starts[index] : nil
    }

    // MARK: Records

    /// The archive: a Canopy archive file in base64, read with the scene's size limit.
    private mutating func readArchive() throws(SceneError) -> Archive {
        let start = try scanner.nextValueStart()
        let text = try scanner.readString()
        func failure(_ message: String) -> SceneError {
            SceneError(line: start.line, column: start.column, location: "archive", message: message)
        }
        guard let data = Data(base64Encoded: text) else { throw failure("is not base64") }
        var archiveLimits = ArchiveLimits()
        archiveLimits.maximumFileSize = min(archiveLimits.maximumFileSize, limits.maximumFileSize)
        do { return try Archive(data: data, name: "archive", limits: archiveLimits) } catch {
            throw failure(error.description)
        }
    }

    private mutating func readWindow(into scene: inout Scene) throws(SceneError) {
        windowStart = try scanner.nextValueStart()
        var object = try scanner.beginObject()
        while let key = try scanner.nextKey(&object, in: Self.windowKeys) {
            switch key {
            case 0: scene.scale = CGFloat(try scanner.readNumber())
            default: scene.layoutDirection = try name(SceneVocabulary.directions)
            }
        }
    }

    private mutating func readViews() throws(SceneError) -> [Scene.ViewRecord] {
        var views: [Scene.ViewRecord] = []
        var array = try scanner.beginArray()
        while try scanner.nextElement(&array) {
            viewStarts.append(try recordStart(views.count, maximum: limits.maximumViewCount, "views"))
            views.append(try readView())
        }
        return views
    }

    private mutating func readView() throws(SceneError) -> Scene.ViewRecord {
        var view = Scene.ViewRecord(id: "")
        var hasID = false
        var object = try scanner.beginObject()
        while let key = try scanner.nextKey(&object, in: Self.viewKeys) {
            switch key {
            case 0: view.id = try id(); hasID = true
            case 1: view.className = try scanner.readString()
            case 2: view.parent = try id()
            case 3:
                let f = try numbers(4)
                view.frame = CGRect(x: f[0], y: f[1], width: f[2], height: f[3])
            case 4: view.center = try point()
            case 5: view.boundsOrigin = try point()
            case 6:
                let t = try numbers(6)
                view.transform = CGAffineTransform(a: t[0], b: t[1], c: t[2], d: t[3], tx: t[4], ty: t[5])
            case 7: view.anchorPoint = try point()
            case 8: view.isHidden = try scanner.readBool()
            case 9: view.clipsToBounds = try scanner.readBool()
            case 10: view.isUserInteractionEnabled = try scanner.readBool()
            case 11: view.alpha = CGFloat(try scanner.readNumber())
            case 12: view.tag = try scanner.readInteger()
            case 13: view.accessibilityIdentifier = try scanner.readString()
            case 14: view.translatesAutoresizingMaskIntoConstraints = try scanner.readBool()
            case 15: view.autoresizingMask = try mask()
            case 16: view.semanticContentAttribute = try name(SceneVocabulary.semanticContentAttributes)
            case 17:
                let size = try numbers(2)
                view.intrinsicContentSize = CGSize(width: size[0], height: size[1])
            case 18: view.hugging = try priorities()
            case 19: view.compressionResistance = try priorities()
            case 20:
                let m = try numbers(4)
                view.layoutMargins = EdgeInsets(top: m[0], left: m[1], bottom: m[2], right: m[3])
            case 21: view.stack = try readStack()
            case 22: view.backgroundColor = try color()
            case 23: view.cornerRadius = CGFloat(try scanner.readNumber())
            case 24: view.borderWidth = CGFloat(try scanner.readNumber())
            case 25: view.borderColor = try color()
            case 26: view.label = try readLabel()
            case 27: view.button = try readButton()
            case 28: view.image = try readImage()
            default: view.contentMode = try name(SceneVocabulary.contentModes)
            }
        }
        guard hasID else { throw missing("id", "every view needs an id") }
        return view
    }

    private mutating func readLabel() throws(SceneError) -> Scene.LabelRecord {
        var label = Scene.LabelRecord()
        var object = try scanner.beginObject()
        while let key = try scanner.nextKey(&object, in: Self.labelKeys) {
            switch key {
            case 0: label.text = try scanner.readString()
            case 1: label.fontSize = CGFloat(try scanner.readNumber())
            case 2: label.isBold = try scanner.readBool()
            case 3: label.textColor = try color()
            case 4: label.numberOfLines = try scanner.readInteger()
            default: label.textAlignment = try name(SceneVocabulary.textAlignments)
            }
        }
        return label
    }

    private mutating func readButton() throws(SceneError) -> Scene.ButtonRecord {
        var button = Scene.ButtonRecord()
        var object = try scanner.beginObject()
        while let key = try scanner.nextKey(&object, in: Self.buttonKeys) {
            switch key {
            case 0: button.title = try scanner.readString()
            case 1: button.titleColor = try color()
            case 2: button.fontSize = CGFloat(try scanner.readNumber())
            case 3: button.isBold = try scanner.readBool()
            default:
                var states = try scanner.beginArray()
                while try scanner.nextElement(&states) { button.states.append(try readStateTitle()) }
            }
        }
        return button
    }

    private mutating func readStateTitle() throws(SceneError) -> Scene.StateTitleRecord {
        var record = Scene.StateTitleRecord(state: .normal)
        var object = try scanner.beginObject()
        var hasState = false
        while let key = try scanner.nextKey(&object, in: Self.stateTitleKeys) {
            switch key {
            case 0:
                record.state = try name(SceneVocabulary.controlStates)
                hasState = true
            case 1: record.title = try scanner.readString()
            default: record.titleColor = try color()
            }
        }
        guard hasState else { throw missing("state", "each of a button's states names its state") }
        return record
    }

    private mutating func readImage() throws(SceneError) -> Scene.ImageRecord {
        var image = Scene.ImageRecord(pngData: Data())
        var object = try scanner.beginObject()
        var hasData = false
        while let key = try scanner.nextKey(&object, in: Self.imageKeys) {
            switch key {
            case 0:
                let text = try scanner.readString()
                guard let data = Data(base64Encoded: text) else { throw scanner.error("an image's png is not base64") }
                image.pngData = data
                hasData = true
            default: image.scale = CGFloat(try scanner.readNumber())
            }
        }
        guard hasData else { throw missing("png", "an image holds a PNG file's bytes in base64") }
        return image
    }

    private mutating func readStack() throws(SceneError) -> Scene.StackRecord {
        var stack = Scene.StackRecord()
        var object = try scanner.beginObject()
        while let key = try scanner.nextKey(&object, in: Self.stackKeys) {
            switch key {
            case 0: stack.axis = try name(SceneVocabulary.axes)
            case 1: stack.distribution = try name(SceneVocabulary.distributions)
            case 2: stack.alignment = try name(SceneVocabulary.alignments)
            case 3: stack.spacing = CGFloat(try scanner.readNumber())
            case 4: stack.isLayoutMarginsRelativeArrangement = try scanner.readBool()
            default:
                var array = try scanner.beginArray()
                while try scanner.nextElement(&array) { stack.arranged.append(try scanner.readString()) }
            }
        }
        return stack
    }

    private mutating func readGuides() throws(SceneError) -> [Scene.GuideRecord] {
        var guides: [Scene.GuideRecord] = []
        var array = try scanner.beginArray()
        while try scanner.nextElement(&array) {
            guideStarts.append(try recordStart(guides.count, "guides"))
            var guide = Scene.GuideRecord(id: "", owner: "")
            var has = (id: false, owner: false)
            var object = try scanner.beginObject()
            while let key = try scanner.nextKey(&object, in: Self.guideKeys) {
                switch key {
                case 0: guide.id = try id(); has.id = true
                case 1: guide.owner = try id(); has.owner = true
                case 2: guide.isMarginsGuide = try scanner.readBool()
                case 3: guide.scrollViewGuide = try name(SceneVocabulary.scrollViewGuides)
                default: guide.isSafeAreaGuide = try scanner.readBool()
                }
            }
            guard has.id else { throw missing("id", "every guide needs an id") }
            guard has.owner else { throw missing("owner", "every guide needs an owner") }
            guides.append(guide)
        }
        return guides
    }

    private mutating func readConstraints() throws(SceneError) -> [Scene.ConstraintRecord] {
        var constraints: [Scene.ConstraintRecord] = []
        var array = try scanner.beginArray()
        while try scanner.nextElement(&array) {
            constraintStarts.append(try recordStart(constraints.count, "constraints"))
            constraints.append(try readConstraint())
        }
        return constraints
    }

    private mutating func readConstraint() throws(SceneError) -> Scene.ConstraintRecord {
        var constraint = Scene.ConstraintRecord(first: "", .notAnAttribute)
        var has = (first: false, attribute: false)
        var object = try scanner.beginObject()
        while let key = try scanner.nextKey(&object, in: Self.constraintKeys) {
            switch key {
            case 0: constraint.first = try id(); has.first = true
            case 1: constraint.firstAttribute = try name(SceneVocabulary.attributes); has.attribute = true
            case 2: constraint.relation = try name(SceneVocabulary.relations)
            case 3: constraint.second = try scanner.takeNull() ? nil : try id()
            case 4: constraint.secondAttribute = try name(SceneVocabulary.attributes)
            case 5: constraint.multiplier = CGFloat(try scanner.readNumber())
            case 6: constraint.constant = CGFloat(try scanner.readNumber())
            case 7: constraint.priority = try priority()
            default: constraint.identifier = try scanner.readString()
            }
        }
        guard has.first else { throw missing("first", "every constraint needs a first item") }
        guard has.attribute else { throw missing("firstAttribute", "every constraint needs a first attribute") }
        return constraint
    }

    // MARK: Pieces

    /// Where record `index` starts, refusing it past `maximum`.
    private mutating func recordStart(_ index: Int, maximum: Int = .max, _ name: String) throws(SceneError) -> (line: Int, column: Int) {
        guard index < maximum else { throw scanner.error("more than \(maximum) \(name), the limit") }
        return try scanner.nextValueStart()
    }

    /// An error about a key a record lacks, placed where the record starts.
    private func missing(_ key: String, _ message: String) -> SceneError {
        let location = JSONScanner.text(of: scanner.path)
        let start = self.start(of: location) ?? (scanner.valueLine, scanner.valueColumn)
        return SceneError(line: start.line, column: start.column, location: location + ".\(key)", message: message)
    }

    private mutating func id() throws(SceneError) -> String {
        if try scanner.takeNull() { throw scanner.error("expected an id, found null") }
        let text = try scanner.readString()
        guard !text.isEmpty else { throw scanner.error("an id cannot be empty") }
        return text
    }

    private mutating func name<Value>(_ names: SceneNames<Value>) throws(SceneError) -> Value {
        names.pairs[try scanner.readWord(in: names.words)].value
    }

    /// A colour as `[red, green, blue, alpha]`, each 0…1 (checked by validation).
    private mutating func color() throws(SceneError) -> Color {
        let c = try numbers(4) { value, scanner throws(SceneError) in
            guard (0...1).contains(value) else { throw scanner.error("a colour component is 0 to 1, found \(value)") }
            return value
        }
        return Color(red: c[0], green: c[1], blue: c[2], alpha: c[3])
    }

    /// Exactly `count` numbers; the one past them fails where it starts.
    private mutating func numbers(_ count: Int) throws(SceneError) -> [CGFloat] {
        try numbers(count) { value, _ throws(SceneError) in CGFloat(value) }
    }

    /// Exactly `count` numbers, each made a value by `convert` (given the scanner, at the
    /// number, for its errors); the one past them fails where it starts.
    private mutating func numbers<Value>(
        _ count: Int, _ convert: (Double, JSONScanner) throws(SceneError) -> Value
    ) throws(SceneError) -> [Value] {
        var values: [Value] = []
        values.reserveCapacity(count)
        let start = try scanner.nextValueStart()
        var array = try scanner.beginArray()
        while try scanner.nextElement(&array) {
            guard values.count < count else { throw scanner.error("expected \(count) numbers, found more") }
            let number = try scanner.readNumber()
            values.append(try convert(number, scanner))
        }
        guard values.count == count else {
            throw SceneError(
                line: start.line, column: start.column, location: JSONScanner.text(of: scanner.path),
                message: "expected \(count) numbers, found \(values.count)")
        }
        return values
    }

    private mutating func point() throws(SceneError) -> CGPoint {
        let p = try numbers(2)
        return CGPoint(x: p[0], y: p[1])
    }

    private mutating func priorities() throws(SceneError) -> Scene.AxisPriorities {
        let values = try numbers(2, Self.priority)
        return Scene.AxisPriorities(horizontal: values[0], vertical: values[1])
    }

    private mutating func priority() throws(SceneError) -> LayoutPriority {
        let number = try scanner.readNumber()
        return try Self.priority(number, scanner)
    }

    /// A priority, refused when it would silently become another as a `Float` (999.99999999
    /// rounds to 1000, required).
    private static func priority(_ value: Double, _ scanner: JSONScanner) throws(SceneError) -> LayoutPriority {
        guard !(value < 1000 && Float(value) >= 1000) else {
            throw scanner.error("\(value) would round to 1000 (required); write 1000, or a priority below 999.99997")
        }
        return LayoutPriority(Float(value))
    }

    private mutating func mask() throws(SceneError) -> AutoresizingMask {
        var mask: AutoresizingMask = []
        var array = try scanner.beginArray()
        while try scanner.nextElement(&array) {
            mask.insert(try name(SceneVocabulary.autoresizing))
        }
        return mask
    }
}
