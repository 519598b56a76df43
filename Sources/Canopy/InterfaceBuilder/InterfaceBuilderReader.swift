import Foundation

/// An Interface Builder file read into archives: one for a xib, one per scene for a
/// storyboard.
struct InterfaceBuilderDocument {
    /// The objects of one `<objects>` block.
    struct Scene {
        var archive: Archive
        /// For a storyboard scene, the place of its view controller in ``archive``.
        var viewController: Int?
        /// Interface Builder's id of the view controller.
        var viewControllerID: String?
        /// The view controller's storyboard identifier.
        var storyboardIdentifier: String?
        /// The segues leaving the scene.
        var segues: [StoryboardSegue] = []
    }

    var isStoryboard: Bool
    var scenes: [Scene]
    /// A storyboard's initial view controller, by Interface Builder id.
    var initialViewControllerID: String?
    var warnings: [InterfaceBuilderWarning]
}

/// Reads the XML that Xcode writes for `.xib` and `.storyboard` files (document version 3.0,
/// Cocoa Touch) into archives whose objects ``Coder`` makes: each element becomes an archived
/// object of the class it names, with Canopy's keys for its attributes.
final class InterfaceBuilderReader {
    /// What an Interface Builder id stands for.
    enum Target {
        case object(Int)
        case guide(view: Int, name: String)
        /// A view controller's top or bottom layout guide: its view's safe area, any of whose
        /// attributes reads as the edge `attribute` (off a device the old guides are empty
        /// strips at the edges).
        case edgeGuide(view: Int, attribute: String)
        /// An element Canopy does not read, by its name.
        case unsupported(String)
    }

    let file: String
    let imageNamed: (String) -> Image?
    var warningSet: Set<InterfaceBuilderWarning> = []
    var warningList: [InterfaceBuilderWarning] = []
    var namedColors: [String: Color] = [:]
    var imageSizes: [String: CGSize] = [:]

    // The objects block being read.
    var archive = Archive()
    var ids: [String: Target] = [:]
    var pendingItems: [(object: Int, key: String, id: String, line: Int)] = []
    var pendingConnections: [(kind: ArchivedConnection.Kind, source: Int, name: String, id: String, line: Int)] = []
    var segues: [StoryboardSegue] = []
    /// The `<variation>` elements of the block: constraints installed per size class.
    var variations: [MarkupElement] = []

    private init(file: String, imageNamed: @escaping (String) -> Image?) {
        self.file = file
        self.imageNamed = imageNamed
    }

    /// Reads `data`, a `.xib` or `.storyboard` file named `file`; `imageNamed` finds the images
    /// the file names.
    /// - Throws: ``ArchiveError`` naming the file and line when the XML is malformed or breaks a
    ///   limit, the document is not an iOS xib or storyboard of version 3.0, a value cannot be
    ///   read, or a reference names no object.
    static func read(
        _ data: Data, file: String, limits: InterfaceBuilderLimits, imageNamed: @escaping (String) -> Image?
    ) throws(ArchiveError) -> InterfaceBuilderDocument {
        let root = try MarkupReader.read(data, file: file, limits: limits)
        return try InterfaceBuilderReader(file: file, imageNamed: imageNamed).readDocument(root)
    }

    private static let xibType = "com.apple.InterfaceBuilder3.CocoaTouch.XIB"
    private static let storyboardType = "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB"

    private func readDocument(_ root: MarkupElement) throws(ArchiveError) -> InterfaceBuilderDocument {
        guard root.name == "document" else { throw malformed("the root element is <\(root.name)>, not <document>", root) }
        let type = root["type"] ?? ""
        guard type == Self.xibType || type == Self.storyboardType else {
            throw malformed("the document type \"\(type)\" is not an iOS xib or storyboard", root)
        }
        guard root["version"] == "3.0" else {
            throw malformed("the document version \"\(root["version"] ?? "")\" is not 3.0", root)
        }
        if let resources = root.child("resources") { readResources(resources) }
        let isStoryboard = type == Self.storyboardType
        var scenes: [InterfaceBuilderDocument.Scene] = []
        for child in root.children {
            switch child.name {
            case "objects" where !isStoryboard:
                scenes.append(try readObjects(child))
            case "scenes" where isStoryboard:
                for scene in child.children {
                    guard scene.name == "scene" else {
                        skip(scene, "<\(scene.name)> in <scenes> is not read")
                        continue
                    }
                    guard let objects = scene.child("objects") else { throw malformed("a scene has no <objects>", scene) }
                    scenes.append(try readObjects(objects))
                }
            case "device", "dependencies", "resources", "customFonts", "designables": break
            default: skip(child, "<\(child.name)> is not read")
            }
        }
        guard !scenes.isEmpty else { throw malformed(isStoryboard ? "the storyboard has no <scenes>" : "the xib has no <objects>", root) }
        return InterfaceBuilderDocument(
            isStoryboard: isStoryboard, scenes: scenes, initialViewControllerID: root["initialViewController"],
            warnings: warningList)
    }

    /// Colours and images the document defines: `<namedColor>`, `<systemColor>`, `<image>`.
    private func readResources(_ resources: MarkupElement) {
        for resource in resources.children {
            guard let name = resource["name"] else { continue }
            switch resource.name {
            case "namedColor", "systemColor":
                if let color = resource.child("color").flatMap({ InterfaceBuilderValues.color($0, named: [:]) }) {
                    namedColors[name] = color
                }
            case "image":
                if let size = InterfaceBuilderValues.numbers(resource, ["width", "height"]), size[0] >= 0, size[1] >= 0 {
                    imageSizes[name] = CGSize(width: size[0], height: size[1])
                }
            default: break
            }
        }
    }

    /// Reads one `<objects>` block: placeholders, top-level views and view controllers.
    private func readObjects(_ objects: MarkupElement) throws(ArchiveError) -> InterfaceBuilderDocument.Scene {
        archive = Archive()
        archive.source = file
        ids = [:]
        pendingItems = []
        pendingConnections = []
        segues = []
        variations = []
        var scene = InterfaceBuilderDocument.Scene(archive: Archive())
        for element in objects.children {
            switch element.name {
            case "placeholder":
                let index = newObject("Placeholder", element)
                archive.objects[index].placeholder = element["placeholderIdentifier"] ?? ""
                if let connections = element.child("connections") { readConnections(connections, source: index) }
            case "exit": break
            case _ where Self.viewControllerClasses[element.name] != nil:
                let index = try readViewController(element)
                archive.roots.append(index)
                scene.viewController = scene.viewController ?? index
                scene.viewControllerID = scene.viewControllerID ?? element["id"]
                scene.storyboardIdentifier = scene.storyboardIdentifier ?? element["storyboardIdentifier"]
            case _ where isViewElement(element):
                archive.roots.append(try readView(element))
            case _ where Self.recognizerClasses[element.name] != nil:
                archive.roots.append(try readRecognizer(element))
            default:
                skip(element, "<\(element.name)> is not read")
            }
        }
        try resolveReferences()
        scene.archive = archive
        scene.segues = segues
        return scene
    }

    // MARK: Objects and references

    /// Appends an object of `className` read from `element`, under the element's id.
    func newObject(_ className: String, _ element: MarkupElement) -> Int {
        let index = archive.objects.count
        var object = ArchivedObject(className: className, line: element.line)
        object.identifier = element["id"]
        if element["customClass"] != nil { object.builtInClassName = Self.viewClasses[element.name] ?? Self.viewControllerClasses[element.name] }
        archive.objects.append(object)
        if let id = element["id"] { ids[id] = .object(index) }
        return index
    }

    /// Sets `key` of the object at `index`.
    func set(_ key: String, _ value: ArchiveValue, at index: Int) {
        archive.objects[index].values[key] = value
    }

    /// Resolves the constraints' items and the connections' destinations by id, once every id
    /// of the block is known. Constraints that name a guide Canopy lacks are dropped, with a
    /// warning.
    private func resolveReferences() throws(ArchiveError) {
        var dropped = Set<Int>()
        for item in pendingItems {
            switch ids[item.id] {
            case .object(let target): set(item.key, .object(target), at: item.object)
            case .guide(let view, let name):
                set(item.key, .object(view), at: item.object)
                set(item.key + "Guide", .string(name), at: item.object)
            case .edgeGuide(let view, let attribute):
                set(item.key, .object(view), at: item.object)
                set(item.key + "Guide", .string("safeAreaLayoutGuide"), at: item.object)
                let attributeKey = item.key == "firstItem" ? "firstAttribute" : "secondAttribute"
                set(attributeKey, .string(attribute), at: item.object)
            case .unsupported(let what):
                dropped.insert(item.object)
                warning("a constraint on the \(what) is not read", line: item.line)
            case nil:
                throw ArchiveError(.danglingReference(item.id), key: item.key, file: file, line: item.line)
            }
        }
        let leftOut = leftOutBySizeClass()
        for id in leftOut.constraints {
            if case .object(let index)? = ids[id] { dropped.insert(index) }
        }
        let views = Set(leftOut.subviews.compactMap { id -> Int? in if case .object(let index)? = ids[id] { index } else { nil } })
        if !views.isEmpty { dropped.formUnion(removeSubviews(views)) }
        if !dropped.isEmpty { removeConstraints(dropped) }
        for connection in pendingConnections {
            if case .unsupported(let what)? = ids[connection.id] {
                warning("\"\(connection.name)\" refers to a <\(what)>, which is not read; it is not connected", line: connection.line)
                continue
            }
            guard case .object(let destination)? = ids[connection.id] else {
                throw ArchiveError(.danglingReference(connection.id), key: connection.name, file: file, line: connection.line)
            }
            let sender = archive.objects[connection.source].builtInClassName ?? archive.objects[connection.source].className
            if archive.objects[destination].placeholder == "IBFirstResponder", !["Control", "Button"].contains(sender) {
                // Only a control sends an action with no target; a recognizer's needs one.
                warning("the action \"\(connection.name)\" of a \(sender) goes to First Responder, which only a control sends to", line: connection.line)
                continue
            }
            archive.connections.append(
                ArchivedConnection(
                    kind: connection.kind, source: connection.source, name: connection.name, destination: destination,
                    line: connection.line))
        }
    }

    /// The ids of the constraints and subviews that the size classes Canopy lays out for leave
    /// out. Canopy has no trait collections and takes a phone held upright: compact width,
    /// regular height. The default variation's masks apply first, then those of variations for
    /// these classes.
    private func leftOutBySizeClass() -> (constraints: Set<String>, subviews: Set<String>) {
        let applying = variations.filter { $0["key"] == "default" } + variations.filter { variation in
            guard let key = variation["key"], key != "default" else { return false }
            return key.split(separator: "-").allSatisfy { $0 == "widthClass=compact" || $0 == "heightClass=regular" }
        }
        var leftOut: [String: Set<String>] = ["constraints": [], "subviews": []]
        for variation in applying {
            for mask in variation.children where mask.name == "mask" {
                guard let key = mask["key"], leftOut[key] != nil else {
                    warn("size-class variations of \(mask["key"] ?? "a mask") are not read", mask)
                    continue
                }
                for item in mask.children {
                    guard let id = item["reference"] else { continue }
                    if item.name == "exclude" { leftOut[key]!.insert(id) } else if item.name == "include" { leftOut[key]!.remove(id) }
                }
            }
        }
        return (leftOut["constraints"]!, leftOut["subviews"]!)
    }

    /// Takes the views at `removed` out of their superviews' subviews (so they are not made),
    /// and returns the constraints that name them or a view under them from outside, which
    /// can no longer be installed.
    private func removeSubviews(_ removed: Set<Int>) -> Set<Int> {
        var gone = Set<Int>()  // the views taken out and everything under them
        var stack = Array(removed)
        while let index = stack.popLast() {
            guard gone.insert(index).inserted else { continue }
            if case .array(let subviews)? = archive.objects[index].values["subviews"] {
                for case .object(let child) in subviews { stack.append(child) }
            }
        }
        var constraints = Set<Int>()
        for index in archive.objects.indices where !gone.contains(index) {
            if case .array(let subviews)? = archive.objects[index].values["subviews"] {
                archive.objects[index].values["subviews"] = .array(
                    subviews.filter { if case .object(let i) = $0 { !removed.contains(i) } else { true } })
            }
            guard case .array(let held)? = archive.objects[index].values["constraints"] else { continue }
            for case .object(let constraint) in held {
                let items = ["firstItem", "secondItem"].compactMap { key -> Int? in
                    if case .object(let item)? = archive.objects[constraint].values[key] { item } else { nil }
                }
                if items.contains(where: gone.contains) { constraints.insert(constraint) }
            }
        }
        return constraints
    }

    private func removeConstraints(_ dropped: Set<Int>) {
        for index in archive.objects.indices {
            guard case .array(let held)? = archive.objects[index].values["constraints"] else { continue }
            archive.objects[index].values["constraints"] = .array(
                held.filter { if case .object(let i) = $0 { !dropped.contains(i) } else { true } })
        }
    }

    // MARK: Connections

    /// Reads `<outlet>`, `<outletCollection>`, `<action>` and `<segue>` elements whose source is
    /// the object at `source`.
    func readConnections(_ connections: MarkupElement, source: Int) {
        for element in connections.children {
            switch element.name {
            case "outlet", "outletCollection":
                guard let property = element["property"], let destination = element["destination"] else {
                    warn("an <\(element.name)> without property or destination is not read", element)
                    continue
                }
                let kind: ArchivedConnection.Kind = element.name == "outlet" ? .outlet : .outletCollection
                pendingConnections.append((kind, source, property, destination, element.line))
            case "action":
                guard let selector = element["selector"], let destination = element["destination"] else {
                    warn("an <action> without selector or destination is not read", element)
                    continue
                }
                guard let events = InterfaceBuilderValues.controlEvents[element["eventType"] ?? "touchUpInside"] else {
                    warn("the event type \"\(element["eventType"] ?? "")\" is not sent; the action is not read", element)
                    continue
                }
                pendingConnections.append((.action(events), source, selector, destination, element.line))
            case "segue":
                guard let destination = element["destination"] else { continue }
                segues.append(StoryboardSegue(identifier: element["identifier"], kind: element["kind"] ?? "show", destinationID: destination))
            default:
                skip(element, "<\(element.name)> in <connections> is not read")
            }
        }
    }

    // MARK: Diagnostics

    func warn(_ message: String, _ element: MarkupElement) { warning(message, line: element.line) }

    /// Warns that `element` is not read (unless `message` is `nil`), and marks the ids in its
    /// subtree as elements not read, so that outlets and constraints naming them are skipped
    /// with a warning rather than failing as references to nothing.
    func skip(_ element: MarkupElement, _ message: String?) {
        if let message { warn(message, element) }
        var stack = [element]
        while let next = stack.popLast() {
            if let id = next["id"], ids[id] == nil { ids[id] = .unsupported(next.name) }
            stack += next.children
        }
    }

    func warning(_ message: String, line: Int) {
        let warning = InterfaceBuilderWarning(line: line, message: message)
        if warningSet.insert(warning).inserted { warningList.append(warning) }
    }

    func malformed(_ why: String, _ element: MarkupElement) -> ArchiveError {
        ArchiveError(.malformed(why), file: file, line: element.line)
    }
}

/// A storyboard segue, recorded (Canopy does not perform segues).
public struct StoryboardSegue: Equatable, Sendable {
    /// The segue's identifier, if it has one.
    public var identifier: String?
    /// Interface Builder's kind: `"show"`, `"presentation"`, `"relationship"`, `"embed"`...
    public var kind: String
    /// The Interface Builder id of the destination view controller.
    public var destinationID: String

    /// A segue of `kind` to the view controller whose Interface Builder id is `destinationID`.
    public init(identifier: String?, kind: String, destinationID: String) {
        self.identifier = identifier
        self.kind = kind
        self.destinationID = destinationID
    }
}
