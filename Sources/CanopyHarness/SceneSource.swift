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
        let window = TreeGenerator(shape: TreeShape(rawValue: rawValue)!, count: count, seed: seed).makeWindow()
        return Scene(capturing: window)
    }
}

/// A scene file made into views, with the ids of its views.
struct LoadedScene {
    let scene: Scene
    let instance: SceneInstance

    init(path: String) throws {
        scene = try Scene.load(from: URL(fileURLWithPath: path))
        instance = try scene.instantiate()
    }

    var window: Window { instance.window }

    /// The id of each view, by object.
    func ids() -> [ObjectIdentifier: String] {
        var ids: [ObjectIdentifier: String] = [:]
        for (view, record) in zip(instance.views, scene.views) { ids[ObjectIdentifier(view)] = record.id }
        for (guide, record) in zip(instance.guides, scene.guides) { ids[ObjectIdentifier(guide)] = record.id }
        return ids
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
