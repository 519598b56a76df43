import Canopy
import Foundation

/// Assembles a scene view by view: ids are `v1`, `v2`… in the order views are added, the window
/// is `window`, and every added view is laid out by constraints only.
struct SceneBuilder {
    var scene: Scene

    init(width: CGFloat = 1024, height: CGFloat = 768) {
        scene = Scene(views: [Scene.ViewRecord(id: "window", className: "Window", frame: CGRect(x: 0, y: 0, width: width, height: height))])
    }

    /// Adds a view under `parent`, with an intrinsic size if given (−1 for none in a dimension).
    @discardableResult
    mutating func addView(in parent: String, intrinsic: CGSize? = nil) -> String {
        var view = Scene.ViewRecord(id: "v\(scene.views.count)", parent: parent)
        view.translatesAutoresizingMaskIntoConstraints = false
        view.intrinsicContentSize = intrinsic
        scene.views.append(view)
        return view.id
    }

    /// Changes the record of the view `id` (views are found from the end: usually the newest).
    mutating func update(_ id: String, _ change: (inout Scene.ViewRecord) -> Void) {
        let index = scene.views.lastIndex { $0.id == id }!
        change(&scene.views[index])
    }

    mutating func addGuide(_ guide: Scene.GuideRecord) { scene.guides.append(guide) }

    /// `first.a (relation) multiplier × second.b + constant @ priority`.
    mutating func constrain(
        _ first: String, _ a: LayoutConstraint.Attribute, _ relation: LayoutConstraint.Relation = .equal,
        _ second: String? = nil, _ b: LayoutConstraint.Attribute = .notAnAttribute, multiplier: CGFloat = 1,
        constant: CGFloat = 0, priority: LayoutPriority = .required
    ) {
        scene.constraints.append(
            Scene.ConstraintRecord(
                first: first, a, relation, second: second, second == nil ? .notAnAttribute : b, multiplier: multiplier,
                constant: constant, priority: priority))
    }
}
