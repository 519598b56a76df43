/// A scene checked once and instantiated any number of times, as UIKit's `UINib` reads its
/// file once for every `instantiate(withOwner:options:)`.
///
/// ``Scene/instantiate(classes:limits:)`` checks the scene each time, since a scene is a value
/// that may have been edited since it was read. A list that makes every cell from one scene
/// need not check it again: a prepared scene keeps the scene as it was checked, with what the
/// check resolved (each view's parent, each constraint's items), and makes new objects from it.
///
/// ```swift
/// let cell = try PreparedScene(Scene.load(from: URL(fileURLWithPath: "cell.json")))
/// let windows = try (0..<100).map { _ in try cell.instantiate().window }
/// ```
public struct PreparedScene: Sendable {
    /// The scene, as it was checked.
    public let scene: Scene
    /// The classes the scene's views are made with.
    public let classes: SceneClasses
    private let index: SceneIndex

    /// Checks `scene` once for all its instantiations.
    /// - Throws: ``SceneError`` naming the place of the first rule the scene breaks, as
    ///   ``Scene/instantiate(classes:limits:)`` does.
    public init(_ scene: Scene, classes: SceneClasses = .builtIn, limits: SceneLimits = SceneLimits()) throws(SceneError) {
        index = try SceneIndex(scene, classes: classes, limits: limits)
        self.scene = scene
        self.classes = classes
    }

    /// Makes the scene's window, views, guides and constraints, as
    /// ``Scene/instantiate(classes:limits:)`` does, without checking the scene again.
    /// - Throws: ``SceneError`` when a class refuses its archived values (`init?(coder:)`).
    public func instantiate() throws(SceneError) -> SceneInstance {
        try scene.instantiate(checked: index, classes: classes)
    }
}
