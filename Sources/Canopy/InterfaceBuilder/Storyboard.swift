import Foundation

/// A storyboard's scenes, each a view controller with its view, ready to be made any number
/// of times: `UIStoryboard`'s role.
///
/// ```swift
/// let storyboard = try Storyboard(name: "Main", bundle: .module, classes: classes)
/// let home = try storyboard.instantiateInitialViewController()
/// ```
///
/// Segues are recorded (``segues(from:)``) but not performed.
public final class Storyboard {
    private let document: InterfaceBuilderDocument
    /// The classes the storyboard's objects may be.
    public let classes: ArchiveClasses
    /// What the file holds that was read differently or not at all.
    public var warnings: [InterfaceBuilderWarning] { document.warnings }

    /// Reads a storyboard from the contents of a `.storyboard` file named `name` (for error
    /// messages); `bundle` is where the images it names are looked up.
    /// - Throws: ``ArchiveError`` naming the file and line when the file is malformed, breaks
    ///   `limits`, is not an iOS storyboard, or refers to an object it does not have.
    public init(
        data: Data, name: String = "storyboard", bundle: Bundle? = nil, classes: ArchiveClasses = .builtIn,
        limits: InterfaceBuilderLimits = InterfaceBuilderLimits()
    ) throws(ArchiveError) {
        document = try InterfaceBuilderReader.read(data, file: name, limits: limits) { Image(named: $0, in: bundle) }
        guard document.isStoryboard else {
            throw ArchiveError(.malformed("a xib is read with Nib, not Storyboard"), file: name)
        }
        self.classes = classes
    }

    /// Reads the storyboard `name` (`name.storyboard`) found in `bundle`'s resources or their
    /// folders.
    /// - Throws: ``ArchiveError`` when no such file exists, or as ``init(data:name:bundle:classes:limits:)``.
    public convenience init(name: String, bundle: Bundle = .main, classes: ArchiveClasses = .builtIn) throws(ArchiveError) {
        guard let url = ResourceLookup.url(of: name, extensions: ["storyboard"], in: bundle) else {
            throw ArchiveError(.malformed("no storyboard named \"\(name)\" is in \(bundle.bundlePath)"), file: name + ".storyboard")
        }
        try self.init(contentsOf: url, bundle: bundle, classes: classes)
    }

    /// Reads the `.storyboard` file at `url`.
    /// - Throws: ``ArchiveError`` when the file cannot be read, or as ``init(data:name:bundle:classes:limits:)``.
    public convenience init(contentsOf url: URL, bundle: Bundle? = nil, classes: ArchiveClasses = .builtIn) throws(ArchiveError) {
        let data = try ResourceLookup.contents(of: url)
        try self.init(data: data, name: url.lastPathComponent, bundle: bundle, classes: classes)
    }

    /// The storyboard identifiers of its view controllers, in the file's order.
    public var identifiers: [String] { document.scenes.compactMap(\.storyboardIdentifier) }

    /// The Interface Builder ids of its scenes' view controllers, in the file's order.
    public var viewControllerIDs: [String] { document.scenes.compactMap(\.viewControllerID) }

    /// The Interface Builder id of the initial view controller, if the storyboard names one.
    public var initialViewControllerID: String? { document.initialViewControllerID }

    /// Makes the initial view controller's scene, or returns `nil` when the storyboard names none.
    /// - Throws: ``ArchiveError`` as ``Nib/instantiate(withOwner:options:)`` does.
    public func instantiateInitialViewController() throws(ArchiveError) -> ViewController? {
        guard document.initialViewControllerID != nil else { return nil }
        return try instantiateScene(withIdentifier: nil).topLevelObjects.first as? ViewController
    }

    /// Makes the scene of the view controller whose storyboard identifier is `identifier`.
    /// - Throws: ``ArchiveError`` when no view controller has that identifier, or as
    ///   ``Nib/instantiate(withOwner:options:)`` does.
    public func instantiateViewController(withIdentifier identifier: String) throws(ArchiveError) -> ViewController {
        try instantiateScene(withIdentifier: identifier).topLevelObjects[0] as! ViewController
    }

    /// Makes the scene of the view controller whose storyboard identifier (or Interface
    /// Builder id) is `identifier`, or the initial one's when it is `nil`, and returns every
    /// object made; the view controller is the one top-level object.
    /// - Throws: ``ArchiveError`` when no such scene exists, or as
    ///   ``Nib/instantiate(withOwner:options:)`` does.
    public func instantiateScene(withIdentifier identifier: String?) throws(ArchiveError) -> NibObjects {
        let wanted = identifier ?? document.initialViewControllerID
        guard let wanted,
            let scene = document.scenes.first(where: { $0.storyboardIdentifier == wanted })
                ?? document.scenes.first(where: { $0.viewControllerID == wanted })
        else {
            let what = identifier.map { "no view controller has the identifier \"\($0)\"" } ?? "the storyboard has no initial view controller"
            throw ArchiveError(.malformed(what), file: sourceName)
        }
        return try instantiate(scene)
    }

    /// The segues that leave the scene of the view controller whose storyboard identifier (or
    /// Interface Builder id) is `identifier`.
    public func segues(from identifier: String) -> [StoryboardSegue] {
        (document.scenes.first { $0.storyboardIdentifier == identifier } ?? document.scenes.first { $0.viewControllerID == identifier })?
            .segues ?? []
    }

    private var sourceName: String? { document.scenes.first?.archive.source }

    private func instantiate(_ scene: InterfaceBuilderDocument.Scene) throws(ArchiveError) -> NibObjects {
        guard let index = scene.viewController else {
            throw ArchiveError(.malformed("the scene has no view controller"), file: sourceName)
        }
        let made = try NibLoading.instantiate(scene.archive, roots: [index], classes: classes, owner: nil, external: [:])
        guard made.topLevelObjects.first is ViewController else {
            let found = made.topLevelObjects.first.map { String(describing: type(of: $0)) } ?? "nothing"
            throw ArchiveError(.wrongClass(expected: "ViewController", found: found), file: sourceName, line: scene.archive.objects[index].line)
        }
        return made
    }
}
