import Foundation

/// Manages a view: loads it on first use, takes part in its layout, and contains child view
/// controllers.
///
/// Its view comes next after the view in the responder chain, and the controller then passes
/// on to the view's superview.
open class ViewController: Responder, Archivable, PropertyObservable {
    private var loadedView: View?
    /// The view an archive or storyboard gave, installed by ``loadView()``.
    private var archivedView: View?

    /// The name of the nib ``loadView()`` loads the view from, or `nil`.
    public let nibName: String?
    /// Where ``nibName`` is looked up (``Nib/init(named:bundle:classes:)``).
    public let nibBundle: Bundle?
    /// The classes the nib may make; the built-in ones by default.
    public var nibClasses = ArchiveClasses.builtIn
    /// Why ``loadView()`` could not load the view from its nib (it then made an empty view),
    /// or `nil`.
    public private(set) var nibLoadingError: ArchiveError?

    /// The observers of the controller's properties (its ``preferredContentSize``).
    public let observationRegistry = ObservationRegistry()

    /// The view controller that contains this one, or `nil`.
    public private(set) weak var parent: ViewController?
    /// The contained view controllers, in the order they were added.
    public private(set) var children: [ViewController] = []

    /// Creates a view controller; its view is not loaded until first accessed.
    public override init() {
        nibName = nil
        nibBundle = nil
    }

    /// Creates a view controller whose view is loaded from the nib `nibName` in `bundle`
    /// (with the controller as File's Owner, whose `view` outlet the nib connects) on first
    /// access.
    public init(nibName: String?, bundle: Bundle?) {
        self.nibName = nibName
        nibBundle = bundle
    }

    /// Creates a view controller from an archive or a storyboard scene; the archived view is
    /// installed when the view is first accessed, as UIKit loads a storyboard's view.
    public required init?(coder: Coder) {
        nibName = nil
        nibBundle = nil
        super.init()
        guard coder.attempt({ () throws(ArchiveError) in
            archivedView = try coder.decodeObject(of: View.self, forKey: "view")
            try coder.read("preferredContentSize", valid: ArchiveChecks.finite) { (value: CGSize) in
                preferredContentSize = value
            }
        }) else { return nil }
    }

    /// Writes the view (if loaded) and the preferred content size; a subclass that
    /// overrides it calls `super`.
    open func encode(with coder: Coder) {
        if let view = loadedView ?? archivedView { coder.encode(view, forKey: "view") }
        coder.encode(preferredContentSize, forKey: "preferredContentSize", unless: .zero)
    }

    /// `view`, the outlet a nib's File's Owner connects to the controller's view.
    open override class var keyedProperties: [KeyedProperty] {
        super.keyedProperties + [.outlet("view", \ViewController.nibViewOutlet)]
    }

    /// Whether the root view keeps at least ``systemMinimumLayoutMargins``; true by default.
    public var viewRespectsSystemMinimumLayoutMargins = true {
        didSet { viewIfLoaded?.constraintsDidChange() }
    }

    /// The least layout margins of the root view: none at the top and bottom, and 16 points at
    /// the sides, or 20 on a screen at least 414 points wide (UIKit's 16 and 20 for compact and
    /// larger widths; Canopy has no size classes and decides by the screen's width).
    public var systemMinimumLayoutMargins: EdgeInsets {
        let width = viewIfLoaded?.window?.screen.bounds.width ?? viewIfLoaded?.bounds.width ?? 0
        let side: CGFloat = width >= 414 ? 20 : 16
        return EdgeInsets(top: 0, left: side, bottom: 0, right: side)
    }

    /// The view as an outlet a nib sets.
    var nibViewOutlet: View? {
        get { loadedView }
        set { if let newValue { view = newValue } }
    }

    /// The controller's root view, loaded on first access: ``loadView()`` then
    /// ``viewDidLoad()``, exactly once. Its final size is not known in `viewDidLoad()`: the
    /// container sets it later.
    public var view: View {
        get {
            loadViewIfNeeded()
            return loadedView!
        }
        set {
            // A root view's margins include the system minimum: a change of root view is a
            // change of margins for Auto Layout.
            loadedView?.owningViewController = nil
            loadedView?.constraintsDidChange()
            loadedView = newValue
            newValue.owningViewController = self
            newValue.constraintsDidChange()
        }
    }

    /// Whether the view has been loaded.
    public var isViewLoaded: Bool { loadedView != nil }

    /// The view if it is loaded, without loading it.
    public var viewIfLoaded: View? { loadedView }

    /// Loads the view now if it is not loaded yet.
    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { view = View(frame: .zero) }
        viewDidLoad()
    }

    /// Creates the view and assigns it to ``view``. The default installs the view of the
    /// archive or storyboard the controller came from, or loads the nib ``nibName`` (an
    /// unreadable nib leaves an empty view and its error in ``nibLoadingError``), or makes a
    /// plain, empty view; override to build your own (without calling `super`).
    open func loadView() {
        if let archivedView {
            self.archivedView = nil
            view = archivedView
        } else if let nibName {
            do {
                _ = try Nib(named: nibName, bundle: nibBundle ?? .main, classes: nibClasses).instantiate(withOwner: self)
            } catch {
                nibLoadingError = error
            }
            if loadedView == nil { view = View(frame: .zero) }
        } else {
            view = View(frame: .zero)
        }
    }

    /// The size the controller would like its view to have (a popover's or a child's), zero by
    /// default. Setting it tells the ``parent`` through
    /// ``preferredContentSizeDidChange(forChildContentContainer:)``; nothing resizes the view by
    /// itself, as in UIKit.
    public var preferredContentSize = CGSize.zero {
        didSet {
            guard preferredContentSize != oldValue else { return }
            observationRegistry.propertiesDidChange(of: self)
            parent?.preferredContentSizeDidChange(forChildContentContainer: self)
        }
    }

    /// Called when a child's ``preferredContentSize`` changed; does nothing by default.
    open func preferredContentSizeDidChange(forChildContentContainer container: ViewController) {}

    /// Called once, after the view is loaded.
    open func viewDidLoad() {}

    /// Called before the view's `layoutSubviews()`.
    open func viewWillLayoutSubviews() {}

    /// Called after the view's `layoutSubviews()`.
    open func viewDidLayoutSubviews() {}

    /// Called before the controller moves to `parent` (`nil`: before it is removed).
    /// ``addChild(_:)`` calls it for the child; before ``removeFromParent()``, call
    /// `willMove(toParent: nil)` yourself, as in UIKit.
    open func willMove(toParent parent: ViewController?) {}

    /// Called after the controller moved to `parent`. ``removeFromParent()`` calls
    /// `didMove(toParent: nil)`; after ``addChild(_:)`` and adding the child's view, call
    /// `didMove(toParent: self)` on the child yourself, as in UIKit.
    open func didMove(toParent parent: ViewController?) {}

    /// Adds `child` as a child controller, removing it from its old parent first; calls
    /// `child.willMove(toParent: self)`.
    /// - Precondition: `child` is not this controller or one of its ancestors.
    open func addChild(_ child: ViewController) {
        var ancestor: ViewController? = self
        while let controller = ancestor {
            precondition(controller !== child, "Canopy: cannot add \(child) as a child of its own descendant \(self)")
            ancestor = controller.parent
        }
        if child.parent === self { return }
        child.removeFromParent()
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    /// Removes this controller from its parent and calls `didMove(toParent: nil)`. Does nothing
    /// without a parent.
    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    /// The view's superview: a controller comes between its view and that superview in the
    /// responder chain.
    open override var next: Responder? {
        loadedView?.superview
    }

    override var windowForFirstResponder: Window? { loadedView?.window }
}
