import Foundation

/// The view classes a scene may name, each with a way to make one: the built-in ones, and any
/// an app registers.
///
/// ```swift
/// var classes = SceneClasses.builtIn
/// classes.register("AvatarView") { AvatarView() }
/// let views = try Scene.load(from: url, classes: classes).instantiate(classes: classes)
/// ```
public struct SceneClasses: Sendable {
    private var makers: [String: @Sendable () -> View]

    /// `View`, `Control`, `Button`, `ScrollView`, `StackView`, `Label` and `ImageView` (`Window`
    /// is made by the scene).
    public static let builtIn = SceneClasses(makers: [
        "View": { View() }, "Control": { Control() }, "Button": { Button() }, "ScrollView": { ScrollView() },
        "StackView": { StackView() }, "Label": { Label() }, "ImageView": { ImageView() },
    ])

    private init(makers: [String: @Sendable () -> View]) { self.makers = makers }

    /// Makes `name` mean views made by `make` (replacing a class of that name).
    public mutating func register(_ name: String, make: @escaping @Sendable () -> View) {
        makers[name] = make
    }

    /// Whether `name` is `Window` or a class that can be made.
    public func contains(_ name: String) -> Bool { name == "Window" || makers[name] != nil }

    /// The way to make `name`'s views, if it can be made.
    func maker(of name: String) -> (@Sendable () -> View)? { makers[name] }
}

/// Bounds on what a scene file may hold, so that a huge or hostile file is refused before it
/// takes the memory it asks for.
public struct SceneLimits: Sendable {
    /// The largest file read, in bytes; 1 GiB by default.
    public var maximumFileSize = 1 << 30
    /// The most views a scene may have; 10 million by default.
    public var maximumViewCount = 10_000_000

    /// The default limits.
    public init() {}
}
