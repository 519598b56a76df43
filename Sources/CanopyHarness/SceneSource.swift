import ArgumentParser
import Canopy
import CanopyWorkloads
import Foundation

/// Every shape the harness can generate: the Auto Layout scenes and the autoresizing trees.
enum GeneratedShape: String, CaseIterable, ExpressibleByArgument {
    case stack, tree, grid, feed, soft, random
    case balanced, deep, flat

    static let names = allCases.map(\.rawValue).joined(separator: ", ")

    /// Refuses a `--count` outside what a scene may hold.
    static func validate(count: Int) throws {
        let limit = SceneLimits().maximumViewCount
        guard (1...limit).contains(count) else { throw ValidationError("--count must be between 1 and \(limit)") }
    }

    /// The scene of `count` views.
    func makeScene(count: Int, seed: UInt64) -> Scene {
        if let shape = ConstraintShape(rawValue: rawValue) {
            return ConstraintTreeGenerator(shape: shape, count: count, seed: seed).makeScene()
        }
        return TreeGenerator(shape: TreeShape(rawValue: rawValue)!, count: count, seed: seed).makeScene()
    }
}

/// A scene file, a `.xib` or a `.storyboard` made into views in a window, with an id for
/// each view and the constraints it holds.
struct LoadedScene {
    let window: Window
    /// The views in the file's order, each with its id (the scene's id, or Interface Builder's).
    let views: [(view: View, id: String)]
    let constraints: [LayoutConstraint]
    /// What an Interface Builder file holds that was read differently or not at all.
    let warnings: [String]

    /// Reads `path`; `identifier` picks a `.xib`'s top-level view or a `.storyboard`'s view
    /// controller (storyboard identifier or id), by default the first view or the initial
    /// view controller. Custom classes of an Interface Builder file are made as the built-in
    /// class their element names: the harness does not have the app's classes.
    init(path: String, identifier: String? = nil) throws {
        let url = URL(fileURLWithPath: path)
        switch url.pathExtension.lowercased() {
        case "xib", "storyboard":
            var classes = ArchiveClasses.builtIn
            classes.substitutesBuiltInClasses = true
            do {
                (window, views, constraints, warnings) = try Self.load(url, identifier: identifier, classes: classes)
            } catch let error as ArchiveError {
                throw HarnessError(error.description)
            }
        default:
            guard identifier == nil else { throw HarnessError("--scene applies to .xib and .storyboard files only") }
            let scene = try Scene.load(from: url)
            let instance = try scene.instantiate()
            window = instance.window
            views = zip(instance.views, scene.views).map { ($0, $1.id) }
            constraints = instance.constraints
            warnings = []
        }
    }

    private static func load(_ url: URL, identifier: String?, classes: ArchiveClasses) throws
        -> (Window, [(view: View, id: String)], [LayoutConstraint], [String])
    {
        let made: NibObjects
        let root: View
        var controller: ViewController?
        let warnings: [InterfaceBuilderWarning]
        if url.pathExtension.lowercased() == "storyboard" {
            let storyboard = try Storyboard(contentsOf: url, classes: classes)
            // A storyboard without an initial view controller (some launch screens) shows its
            // first; a navigation or tab bar controller (read as a plain view controller) shows
            // the first controller it contains.
            var scene = identifier ?? storyboard.initialViewControllerID ?? storyboard.viewControllerIDs.first
            var visited = Set<String>()
            while let current = scene, visited.insert(current).inserted,
                let contained = storyboard.segues(from: current).first(where: { $0.kind == "relationship" })
            {
                scene = contained.destinationID
            }
            made = try storyboard.instantiateScene(withIdentifier: scene)
            controller = made.topLevelObjects[0] as? ViewController
            root = controller!.view
            warnings = storyboard.warnings
        } else {
            let nib = try Nib(contentsOf: url, classes: classes)
            made = try nib.instantiateObjects(withOwner: nil)
            let tops = made.objects.filter { entry in made.topLevelObjects.contains { $0 === entry.object } }
            guard let top = tops.first(where: { $0.object is View && (identifier == nil || $0.identifier == identifier) }) else {
                throw HarnessError(identifier.map { "the xib has no top-level view with the id \($0)" } ?? "the xib has no top-level view")
            }
            root = top.object as! View
            warnings = nib.warnings
        }
        let window = Window(frame: CGRect(origin: .zero, size: root.frame.size))
        if let controller {
            // The window keeps the controller, whose root view takes its system margins.
            window.rootViewController = controller
        } else {
            root.frame.origin = .zero
            window.addSubview(root)
        }
        var views: [(view: View, id: String)] = []
        var constraints: [LayoutConstraint] = []
        for (index, entry) in made.objects.enumerated() {
            if let view = entry.object as? View { views.append((view, entry.identifier ?? "object\(index)")) }
            if let constraint = entry.object as? LayoutConstraint { constraints.append(constraint) }
        }
        return (window, views, constraints, warnings.map(\.description))
    }

    /// The id of each view, by object.
    func ids() -> [ObjectIdentifier: String] {
        var ids: [ObjectIdentifier: String] = [:]
        for (view, id) in views { ids[ObjectIdentifier(view)] = id }
        return ids
    }

    /// Prints the warnings to standard error, one per line.
    func reportWarnings() {
        for warning in warnings { FileHandle.standardError.write(Data("canopy: \(warning)\n".utf8)) }
    }
}

/// `WxH`, as in `--resize 900x768`.
struct SizeArgument: ExpressibleByArgument {
    let size: CGSize

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, parts.allSatisfy({ $0.isFinite && $0 > 0 && $0 <= 1e7 }) else { return nil }
        size = CGSize(width: parts[0], height: parts[1])
    }
}

/// Numbers for JSON: whole numbers without a fraction.
func jsonNumber(_ value: CGFloat) -> String {
    let value = Double(value)
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
}

func jsonString(_ text: String) -> String {
    let data = try! JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])
    return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
}

/// `[x, y, width, height]` as stored: a solved rectangle may have a negative size.
func jsonRect(_ rect: CGRect) -> String {
    "[" + [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height].map(jsonNumber).joined(separator: ", ") + "]"
}
