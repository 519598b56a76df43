import Foundation

/// An Interface Builder file's objects, ready to be made any number of times: `UINib`'s role.
///
/// A nib is read from a `.xib` file as Xcode writes it. ``instantiate(withOwner:options:)``
/// makes its objects, connects outlets and actions (to the owner, which stands for File's
/// Owner, and between the nib's own objects), then calls `awakeFromNib()` on each object it
/// made, as UIKit does.
///
/// ```swift
/// var classes = ArchiveClasses.builtIn
/// classes.register(ProfileCard.self)
/// let nib = try Nib(named: "ProfileCard", bundle: .module, classes: classes)
/// let card = try nib.instantiate(withOwner: nil).first as! ProfileCard
/// ```
public final class Nib {
    /// Keys of ``instantiate(withOwner:options:)``'s options.
    public struct OptionsKey: Hashable, Sendable {
        let name: String
        /// A `[String: AnyObject]` of objects that stand for the nib's external-object
        /// placeholders, by their identifiers.
        public static let externalObjects = OptionsKey(name: "externalObjects")
    }

    /// The nib's objects as an archive.
    public let archive: Archive
    /// What the file holds that was read differently or not at all.
    public let warnings: [InterfaceBuilderWarning]
    /// The classes the nib's objects may be.
    public let classes: ArchiveClasses

    /// Reads a nib from the contents of a `.xib` file named `name` (for error messages);
    /// `bundle` is where the images it names are looked up.
    /// - Throws: ``ArchiveError`` naming the file and line when the file is malformed, breaks
    ///   `limits`, is not an iOS xib, or refers to an object it does not have.
    public init(
        data: Data, name: String = "nib", bundle: Bundle? = nil, classes: ArchiveClasses = .builtIn,
        limits: InterfaceBuilderLimits = InterfaceBuilderLimits()
    ) throws(ArchiveError) {
        let document = try InterfaceBuilderReader.read(data, file: name, limits: limits) { Image(named: $0, in: bundle) }
        guard !document.isStoryboard, let objects = document.scenes.first else {
            throw ArchiveError(.malformed("a storyboard is read with Storyboard, not Nib"), file: name)
        }
        archive = objects.archive
        warnings = document.warnings
        self.classes = classes
    }

    /// Reads the nib `name` (`name.xib`) found in `bundle`'s resources or their folders.
    /// - Throws: ``ArchiveError`` when no such file exists, or as ``init(data:name:bundle:classes:limits:)``.
    public convenience init(named name: String, bundle: Bundle = .main, classes: ArchiveClasses = .builtIn) throws(ArchiveError) {
        guard let url = ResourceLookup.url(of: name, extensions: ["xib"], in: bundle) else {
            throw ArchiveError(.malformed("no nib named \"\(name)\" is in \(bundle.bundlePath)"), file: name + ".xib")
        }
        try self.init(contentsOf: url, bundle: bundle, classes: classes)
    }

    /// Reads the `.xib` file at `url`.
    /// - Throws: ``ArchiveError`` when the file cannot be read, or as ``init(data:name:bundle:classes:limits:)``.
    public convenience init(contentsOf url: URL, bundle: Bundle? = nil, classes: ArchiveClasses = .builtIn) throws(ArchiveError) {
        let data = try ResourceLookup.contents(of: url)
        try self.init(data: data, name: url.lastPathComponent, bundle: bundle, classes: classes)
    }

    /// Makes the nib's objects and returns the top-level ones, in the file's order.
    ///
    /// `owner` stands for File's Owner: its outlets are set and it receives actions. Outlets
    /// and actions are connected once every object exists, then every object made gets
    /// `awakeFromNib()`. Nothing is connected or awakened when anything fails.
    /// - Throws: ``ArchiveError`` when a class is not registered or is not the one expected
    ///   there, a value is unusable, or an outlet or action names a key its class does not
    ///   declare (``Inspectable``).
    public func instantiate(withOwner owner: AnyObject?, options: [OptionsKey: Any]? = nil) throws(ArchiveError) -> [AnyObject] {
        try instantiateObjects(withOwner: owner, options: options).topLevelObjects
    }

    /// Makes the nib's objects as ``instantiate(withOwner:options:)`` does, and returns them
    /// all, by their Interface Builder ids as well.
    public func instantiateObjects(withOwner owner: AnyObject?, options: [OptionsKey: Any]? = nil) throws(ArchiveError) -> NibObjects {
        let external = options?[.externalObjects] as? [String: AnyObject] ?? [:]
        return try NibLoading.instantiate(archive, classes: classes, owner: owner, external: external)
    }
}

/// The objects one instantiation of a nib or storyboard scene made.
public struct NibObjects {
    /// The top-level objects, in the file's order (a storyboard scene's: its view controller).
    public let topLevelObjects: [AnyObject]
    /// Every object made, in the order made, with its Interface Builder id.
    public let objects: [(identifier: String?, object: AnyObject)]
}

/// Making an archive's objects, connecting them and waking them: what nibs and storyboards share.
enum NibLoading {
    static func instantiate(
        _ archive: Archive, roots: [Int]? = nil, classes: ArchiveClasses, owner: AnyObject?, external: [String: AnyObject]
    ) throws(ArchiveError) -> NibObjects {
        var placeholders: [Int: AnyObject] = [:]
        for (index, object) in archive.objects.enumerated() {
            guard let identifier = object.placeholder else { continue }
            if identifier == "IBFilesOwner", let owner { placeholders[index] = owner }
            if let given = external[identifier] { placeholders[index] = given }
        }
        let coder = Coder(decoding: archive, classes: classes, placeholders: placeholders)
        let made = try coder.decodeObjects(at: roots ?? archive.roots)
        try connect(archive, coder: coder, skippingUnknownKeys: classes.substitutesBuiltInClasses)
        for index in coder.madeOrder {
            (coder.madeObject(at: index) as? any NibAwakening)?.awakeFromNib()
        }
        let all = coder.madeOrder.compactMap { index in
            coder.madeObject(at: index).map { (identifier: archive.objects[index].identifier, object: $0) }
        }
        return NibObjects(topLevelObjects: made, objects: all)
    }

    /// Sets outlets and binds actions, after checking every one of them, so that a failure
    /// leaves no object half-connected.
    private static func connect(_ archive: Archive, coder: Coder, skippingUnknownKeys: Bool) throws(ArchiveError) {
        var steps: [() -> Void] = []
        for connection in archive.connections {
            if case .action(let events) = connection.kind, archive.objects[connection.destination].placeholder == "IBFirstResponder" {
                // No target: the action goes up the responder chain when the control sends it.
                if let control = coder.madeObject(at: connection.source) as? Control {
                    steps.append { _ = control.addAction(for: events) { control, event in control.sendAction(connection.name, to: nil, for: event) } }
                }
                continue
            }
            // A connection whose source or destination was not made (a placeholder with no
            // object, an object outside the scene) is not this instantiation's.
            guard let source = coder.madeObject(at: connection.source),
                let destination = coder.madeObject(at: connection.destination)
            else { continue }
            let fail = { (reason: ArchiveError.Reason, object: AnyObject) in
                ArchiveError(
                    reason, className: String(describing: type(of: object)), key: connection.name, file: archive.source,
                    line: connection.line)
            }
            switch connection.kind {
            case .outlet, .outletCollection:
                let role: KeyedProperty.Role = connection.kind == .outlet ? .outlet : .outletCollection
                guard let property = InspectableValues.property(connection.name, of: source), property.role == role else {
                    if skippingUnknownKeys { continue }
                    throw fail(.unknownKey, source)
                }
                guard property.canConnect(source, destination) else {
                    throw fail(.wrongClass(expected: "object the outlet takes", found: String(describing: type(of: destination))), source)
                }
                steps.append { property.connect(source, destination) }
            case .action(let events):
                guard source is Control || source is GestureRecognizer else {
                    if skippingUnknownKeys { continue }  // a custom control made as a plain view
                    throw fail(.wrongClass(expected: "Control or GestureRecognizer", found: String(describing: type(of: source))), source)
                }
                guard let property = InspectableValues.property(connection.name, of: destination), property.role == .action,
                    let call = property.bindAction?(destination, source)
                else {
                    if skippingUnknownKeys { continue }
                    throw fail(.unknownKey, destination)
                }
                if let control = source as? Control {
                    steps.append { _ = control.addAction(for: events) { _, _ in call() } }
                } else if let recognizer = source as? GestureRecognizer {
                    // A recognizer's action runs at each transition, as UIKit's target-action.
                    steps.append { [weak recognizer] in recognizer?.addAction { _ in call() } }
                }
            }
        }
        for step in steps { step() }
    }
}

/// What a nib wakes once its objects exist and are connected: responders (views, view
/// controllers) and gesture recognizers.
protocol NibAwakening: AnyObject {
    func awakeFromNib()
}

extension Responder: NibAwakening {}
extension GestureRecognizer: NibAwakening {}
