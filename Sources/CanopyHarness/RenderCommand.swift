import ArgumentParser
import Canopy
import Foundation

/// `canopy render`: a picture of a laid-out scene, as PNG pixels or an SVG wire frame.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Lay out a scene and draw it: real pixels as PNG, or an SVG wire frame.",
        discussion: """
            An output ending in .png gets the window as the views draw it (background colours, \
            corner radii, borders, opacity, clipping, transforms) at --scale pixels per point. \
            Any other output gets SVG: each view's bounds in window space (transforms applied), \
            darker the deeper it is, with its id when the box is large enough; with \
            --constraints, each constraint between two items is a line between their centers, \
            solid when required and dashed when optional. When the layout fails nothing is \
            written, and the command exits 1 with the reason.
            """)

    @Argument(help: "A scene file (see docs/scene-format.md), or an Interface Builder .xib or .storyboard file.")
    var scene: String

    @Option(name: .customLong("scene"), help: "For a .xib, the id of a top-level view; for a .storyboard, a view controller's storyboard identifier or id.")
    var identifier: String?

    @Option(name: .shortAndLong, help: "The file to write: PNG when its name ends in .png, else SVG.")
    var output: String

    @Option(help: "Pixels per point of a PNG.")
    var scale: Double = 1

    @Flag(help: "Draw the constraints as lines between the items they relate (SVG).")
    var constraints = false

    func validate() throws {
        guard scale.isFinite, scale > 0 else { throw ValidationError("--scale must be a positive number, got \(scale)") }
    }

    func run() throws {
        let loaded = try LoadedScene(path: scene, identifier: identifier)
        loaded.reportWarnings()
        let window = loaded.window
        if let failure = LayoutFailure(window.runUpdateCycle()) { throw failure }
        let data: Data
        if output.lowercased().hasSuffix(".png") {
            let image: Image
            do { image = try window.render(scale: CGFloat(scale)) } catch { throw HarnessError("\(error)") }
            guard let png = image.pngData() else { throw HarnessError("cannot encode the PNG file") }
            data = png
        } else {
            data = Data(svg(of: loaded).utf8)
        }
        do { try data.write(to: URL(fileURLWithPath: output), options: .atomic) } catch {
            throw HarnessError("cannot write \(output): \(error.localizedDescription)")
        }
    }

    /// The wire frame: boxes, ids, and constraints when asked.
    private func svg(of loaded: LoadedScene) -> String {
        let window = loaded.window
        let tree = window.flattenedTree
        let size = window.bounds.size
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(jsonNumber(size.width))" height="\(jsonNumber(size.height))" \
            viewBox="0 0 \(jsonNumber(size.width)) \(jsonNumber(size.height))" font-family="sans-serif" font-size="10">

            """
        let places = placesInTree(of: loaded.views.map(\.view), in: window)
        for (view, id) in loaded.views {
            guard let place = places[ObjectIdentifier(view)], place.isShown else { continue }
            svg += box(view, id: id, depth: place.depth, in: tree)
        }
        if constraints {
            for constraint in loaded.constraints {
                guard let first = constraint.firstItem, let second = constraint.secondItem else { continue }
                let (a, b) = (center(of: first, in: tree), center(of: second, in: tree))
                let dash = constraint.priority == .required ? "" : " stroke-dasharray=\"4 3\""
                svg += "<line x1=\"\(jsonNumber(a.x))\" y1=\"\(jsonNumber(a.y))\" x2=\"\(jsonNumber(b.x))\" y2=\"\(jsonNumber(b.y))\" stroke=\"#d33\" stroke-width=\"0.75\"\(dash)/>\n"
            }
        }
        svg += "</svg>\n"
        return svg
    }

    /// The map from `view`'s space into window space, read from the flattened tree's world
    /// transforms (computed for the whole tree in one pass, so a deep tree stays linear).
    private func toWindow(_ view: View, in tree: FlattenedTree) -> CGAffineTransform {
        tree.index(of: view).map { tree.worldTransform(at: $0) } ?? .identity
    }

    /// Each view's depth below the window and whether it shows (it and its ancestors are not
    /// hidden), whatever order the scene lists its views in; each view is visited once.
    private func placesInTree(of views: [View], in window: Window) -> [ObjectIdentifier: (depth: Int, isShown: Bool)] {
        var places: [ObjectIdentifier: (depth: Int, isShown: Bool)] = [ObjectIdentifier(window): (0, !window.isHidden)]
        for view in views {
            var path: [View] = []
            var current: View? = view
            while let next = current, places[ObjectIdentifier(next)] == nil {
                path.append(next)
                current = next.superview
            }
            var place = current.flatMap { places[ObjectIdentifier($0)] } ?? (-1, true)
            for next in path.reversed() {
                place = (place.depth + 1, place.isShown && !next.isHidden)
                places[ObjectIdentifier(next)] = place
            }
        }
        return places
    }

    /// The view's bounds as a polygon in window space, and its id when it fits.
    private func box(_ view: View, id: String, depth: Int, in tree: FlattenedTree) -> String {
        let b = view.bounds, map = toWindow(view, in: tree)
        let corners = [CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY), CGPoint(x: b.maxX, y: b.maxY), CGPoint(x: b.minX, y: b.maxY)]
            .map { $0.applying(map) }
        let points = corners.map { "\(jsonNumber($0.x)),\(jsonNumber($0.y))" }.joined(separator: " ")
        let shade = max(40, 245 - 22 * depth)
        var text = "<polygon points=\"\(points)\" fill=\"rgb(\(shade),\(shade),255)\" fill-opacity=\"0.35\" stroke=\"#335\" stroke-width=\"0.5\"/>\n"
        if b.width >= 30, b.height >= 12 {
            let at = corners[0]
            text += "<text x=\"\(jsonNumber(at.x + 2))\" y=\"\(jsonNumber(at.y + 10))\">\(escaped(id))</text>\n"
        }
        return text
    }

    private func center(of item: LayoutItem, in tree: FlattenedTree) -> CGPoint {
        if let view = item as? View { return CGPoint(x: view.bounds.midX, y: view.bounds.midY).applying(toWindow(view, in: tree)) }
        let guide = item as! LayoutGuide
        let frame = guide.layoutFrame
        guard let owner = guide.owningView else { return .zero }
        return CGPoint(x: frame.midX, y: frame.midY).applying(toWindow(owner, in: tree))
    }

    private func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
