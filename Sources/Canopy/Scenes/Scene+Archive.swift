import Foundation

// A scene keeps everything a view's archive keeps. What the scene's own keys say (geometry,
// flags, colours, text, titles, stacks, the tree and its constraints) it says in JSON; the rest
// (a layer's shadow, a control's state, a label's attributed text, gesture recognizers,
// inspectable properties, a custom class's own coder keys) travels as one Canopy archive inside
// the file, so that one encoding of those values exists, not two.
extension Scene {
    /// Whether the scene's own keys say what `view`'s archive holds under `key`, as exactly as
    /// the archive does.
    private static func ownKeysSay(_ key: String, of view: View, record: ViewRecord) -> Bool {
        if viewKeysSaid.contains(key) { return true }
        switch view {
        case let label as Label:
            // Attributed text is read after the plain settings it styles: they stay with it.
            guard label.attributedText == nil else { return false }
            return labelKeysSaid.contains(key) || (key == "font" && isSystemFont(label.font))
        case let button as Button:
            return key.hasPrefix("title.") || key.hasPrefix("titleColor.")
                || (key == "titleFont" && isSystemFont(button.titleFont))
        case is StackView: return stackKeysSaid.contains(key)
        case is ImageView: return key == "image" && record.image != nil
        default: return false
        }
    }

    private static let viewKeysSaid: Set<String> = [
        "bounds", "center", "transform", "anchorPoint", "autoresizingMask", "semanticContentAttribute", "contentMode",
        "backgroundColor", "alpha", "isHidden", "clipsToBounds", "isUserInteractionEnabled", "tag",
        "accessibilityIdentifier", "translatesAutoresizingMaskIntoConstraints", "layoutMargins",
        "horizontalHuggingPriority", "verticalHuggingPriority", "horizontalCompressionResistancePriority",
        "verticalCompressionResistancePriority", "layer.cornerRadius", "layer.borderWidth", "layer.borderColor",
        "subviews", "constraints", "layoutGuides",
    ]
    private static let labelKeysSaid: Set<String> = ["text", "textColor", "textAlignment", "numberOfLines"]
    private static let stackKeysSaid: Set<String> = [
        "axis", "distribution", "alignment", "spacing", "isLayoutMarginsRelativeArrangement",
    ]

    /// Whether a scene's `fontSize` and `bold` give `font` back.
    private static func isSystemFont(_ font: Font) -> Bool {
        font == .systemFont(ofSize: font.pointSize) || font == .boldSystemFont(ofSize: font.pointSize)
    }

    /// The archive of what `tree`'s views hold beyond `records`, or `nil` when they hold
    /// nothing more. Its first `tree.count` objects stand for the views, in order: a view with
    /// nothing more is a placeholder. Objects the views refer to follow, each once.
    ///
    /// Each view is written alone (its subviews and constraints are the scene's), so the
    /// memory this takes does not grow with the tree. A reference to a view outside `tree`,
    /// or to a constraint, is not kept.
    static func archive(of tree: [View], records: [ViewRecord]) -> Archive? {
        let coder = Coder(encodingWith: .builtIn, writingOneView: true)
        var remapping = ArchiveRemapping(coder: coder, tree: tree, archive: Archive())
        remapping.archive.objects = records.map { record in
            var object = ArchivedObject(className: record.className)
            object.placeholder = Self.placeholderMark
            return object
        }
        var holdsMore = false
        for (i, view) in tree.enumerated() {
            coder.restartEncoding()
            _ = coder.index(encoding: view)
            var object = ArchivedObject(className: records[i].className)
            for (key, value) in coder.encodedObjects[0].values where !ownKeysSay(key, of: view, record: records[i]) {
                object.values[key] = remapping.remap(value)
            }
            object.keyPathValues = coder.encodedObjects[0].keyPathValues.map { remapping.remap($0) }
            guard !object.values.isEmpty || !object.keyPathValues.isEmpty else { continue }
            remapping.archive.objects[i] = object
            holdsMore = true
        }
        return holdsMore ? remapping.archive : nil
    }

    /// The mark of an archive object that stands for a view with nothing beyond its record.
    static let placeholderMark = "scene view"

    /// Makes the views whose archive objects hold values (the others, `made` already, are the
    /// archive's placeholders), reading those values through each class's `init?(coder:)`.
    static func makeArchivedViews(
        _ archive: Archive, made: inout [View?], records: [ViewRecord], classes: SceneClasses
    ) throws(SceneError) {
        var archiveClasses = ArchiveClasses.builtIn
        var placeholders: [Int: AnyObject] = [:]
        var places: [Int] = []
        for i in records.indices {
            if let view = made[i] {
                placeholders[i] = view
                continue
            }
            let className = records[i].className
            if !archiveClasses.contains(sceneClassName(className)) {
                // A registered class is known by its maker only: one view is made to learn it.
                let type: View.Type =
                    className == "Window" ? Window.self : Swift.type(of: classes.maker(of: className)!())
                archiveClasses.register(viewType: type, as: sceneClassName(className))
            }
            places.append(i)
        }
        var renamed = archive
        for i in places { renamed.objects[i].className = sceneClassName(records[i].className) }
        let coder = Coder(decoding: renamed, classes: archiveClasses, placeholders: placeholders)
        let objects: [AnyObject]
        do { objects = try coder.decodeObjects(at: places) } catch {
            throw SceneError(location: "archive", message: error.description)
        }
        // Each was made under a name registered for a view class, so each is a view.
        for (i, object) in zip(places, objects) { made[i] = (object as! View) }
    }

    /// The name a scene's class is made under from its archive: apart from the names nested
    /// objects may use, so that an archived object cannot name a scene's view class.
    private static func sceneClassName(_ className: String) -> String { "scene:" + className }
}

/// Copies the objects one view's coder wrote into the scene's archive, renumbering
/// references: views to their places in the scene, other objects to places after the views,
/// each copied once however many views refer to it.
private struct ArchiveRemapping {
    let coder: Coder
    /// The scene's views, in order.
    let tree: [View]
    var archive: Archive
    /// The scene's views, by identity, to their places: made when a view is first referred
    /// to, which few scenes do.
    private var places: [ObjectIdentifier: Int]?

    init(coder: Coder, tree: [View], archive: Archive) {
        self.coder = coder
        self.tree = tree
        self.archive = archive
    }
    /// Objects copied already, by identity, to their places in `archive`.
    var copied: [ObjectIdentifier: Int] = [:]

    mutating func remap(_ value: ArchiveValue) -> ArchiveValue {
        switch value {
        case .object(let written): reference(to: written)
        case .array(let values): .array(values.map { remap($0) })
        default: value
        }
    }

    mutating func remap(_ keyPathValue: KeyPathValue) -> KeyPathValue {
        var remapped = keyPathValue
        remapped.value = remap(keyPathValue.value)
        return remapped
    }

    private mutating func reference(to written: Int) -> ArchiveValue {
        let object = coder.encodedObject(at: written)
        let identity = ObjectIdentifier(object)
        if object is View, let place = place(ofView: identity) { return .object(place) }
        if object is View || object is LayoutConstraint { return .null }
        if let place = copied[identity] { return .object(place) }
        let place = archive.objects.count
        copied[identity] = place
        archive.objects.append(ArchivedObject(className: coder.encodedObjects[written].className))
        var copy = coder.encodedObjects[written]
        for (key, value) in coder.encodedObjects[written].values { copy.values[key] = remap(value) }
        copy.keyPathValues = copy.keyPathValues.map { remap($0) }
        archive.objects[place] = copy
        return .object(place)
    }

    private mutating func place(ofView identity: ObjectIdentifier) -> Int? {
        if places == nil {
            places = Dictionary(uniqueKeysWithValues: tree.enumerated().map { (ObjectIdentifier($1), $0) })
        }
        return places?[identity]
    }
}
