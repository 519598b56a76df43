import Foundation

/// A whole view tree as data: the window, its views with their geometry and flags, layout
/// guides, constraints and stack views, read from and written to a versioned JSON file (the
/// format is in `docs/scene-format.md`).
///
/// Scenes carry layouts between places: the harness generates and profiles them, an app can
/// capture its own window and replay it, a bug report can attach one.
///
/// ```swift
/// let scene = try Scene.load(from: URL(fileURLWithPath: "feed.json"))
/// let window = try scene.instantiate().window
/// window.runUpdateCycle()
/// try Scene(capturing: window).write(to: URL(fileURLWithPath: "after.json"))
/// ```
public struct Scene: Equatable, Sendable {
    /// The screen's points-to-pixels factor, which frames are rounded to.
    public var scale: CGFloat = 1
    /// The window's layout direction.
    public var layoutDirection = UserInterfaceLayoutDirection.leftToRight
    /// The views, the window first; the others name their parents.
    public var views: [ViewRecord] = []
    /// Layout guides, each owned by a view.
    public var guides: [GuideRecord] = []
    /// Active constraints.
    public var constraints: [ConstraintRecord] = []
    /// What the views' archives hold beyond what the records say (a layer's shadow, a
    /// control's state, attributed text, gesture recognizers, inspectable properties, a custom
    /// class's own coder keys), or `nil` for nothing. Its first objects stand for the views,
    /// in order; a view with nothing more is a placeholder. ``init(capturing:)`` fills it, and
    /// ``instantiate(classes:limits:)`` makes the views it holds values for through their
    /// `init?(coder:)`.
    public var archive: Archive?

    /// Creates a scene of the given parts.
    public init(
        scale: CGFloat = 1, layoutDirection: UserInterfaceLayoutDirection = .leftToRight, views: [ViewRecord],
        guides: [GuideRecord] = [], constraints: [ConstraintRecord] = []
    ) {
        self.scale = scale
        self.layoutDirection = layoutDirection
        self.views = views
        self.guides = guides
        self.constraints = constraints
    }

    /// The version of the file format this type reads and writes.
    public static let formatVersion = 1
}

extension Scene {
    /// One view of a scene. Every property but ``id`` has UIKit's default.
    public struct ViewRecord: Equatable, Sendable {
        /// A name unique among the scene's views and guides.
        public var id: String
        /// The class: a built-in name (`View`, `Window`, `Control`, `Button`, `ScrollView`,
        /// `StackView`) or one registered in ``SceneClasses``.
        public var className = "View"
        /// The superview's id; `nil` for the window only.
        public var parent: String?
        /// The frame as if the transform were the identity, in the superview's bounds coordinates.
        public var frame = CGRect.zero
        /// The center, when ``frame`` does not give it back exactly (it then wins).
        public var center: CGPoint? {
            get { placement.center }
            set { placement.center = newValue }
        }
        /// The bounds origin.
        public var boundsOrigin: CGPoint {
            get { placement.boundsOrigin }
            set { placement.boundsOrigin = newValue }
        }
        /// The transform.
        public var transform: CGAffineTransform {
            get { placement.transform }
            set { placement.transform = newValue }
        }
        /// The anchor point, in unit coordinates of the bounds.
        public var anchorPoint: CGPoint {
            get { placement.anchorPoint }
            set { placement.anchorPoint = newValue }
        }
        /// Whether the view is hidden.
        public var isHidden = false
        /// Whether the view clips its subviews.
        public var clipsToBounds = false
        /// Whether the view receives touches.
        public var isUserInteractionEnabled = true
        // Declared with the other flags, before the 8-byte fields: a record then takes 120
        // bytes, not 128.
        /// Whether the frame and autoresizing mask become constraints.
        public var translatesAutoresizingMaskIntoConstraints = true
        /// The opacity, 0…1.
        public var alpha: CGFloat = 1
        /// The tag.
        public var tag: Int {
            get { placement.tag }
            set { placement.tag = newValue }
        }
        /// The name diagnostics use for the view.
        public var accessibilityIdentifier: String? {
            get { placement.accessibilityIdentifier }
            set { placement.accessibilityIdentifier = newValue }
        }
        /// How the view resizes with its superview.
        public var autoresizingMask: AutoresizingMask = []
        /// The view's own layout direction setting.
        public var semanticContentAttribute: SemanticContentAttribute {
            get { placement.semanticContentAttribute }
            set { placement.semanticContentAttribute = newValue }
        }
        /// An intrinsic size the loaded view reports whatever its class (`-1` for none in a
        /// dimension), or `nil` for the class's own.
        public var intrinsicContentSize: CGSize? {
            get { placement.intrinsicContentSize }
            set { placement.intrinsicContentSize = newValue }
        }
        /// Content hugging priorities.
        public var hugging: AxisPriorities {
            get { placement.hugging }
            set { placement.hugging = newValue }
        }
        /// Compression resistance priorities.
        public var compressionResistance: AxisPriorities {
            get { placement.compressionResistance }
            set { placement.compressionResistance = newValue }
        }
        /// The layout margins.
        public var layoutMargins: EdgeInsets {
            get { placement.layoutMargins }
            set { placement.layoutMargins = newValue }
        }
        /// A stack view's arrangement; `nil` for other classes.
        public var stack: StackRecord? {
            get { placement.stack }
            set { placement.stack = newValue }
        }
        /// The background colour, or `nil` for none.
        public var backgroundColor: Color? {
            get { appearance.backgroundColor }
            set { appearance.backgroundColor = newValue }
        }
        /// The layer's corner radius.
        public var cornerRadius: CGFloat {
            get { appearance.cornerRadius }
            set { appearance.cornerRadius = newValue }
        }
        /// The layer's border width.
        public var borderWidth: CGFloat {
            get { appearance.borderWidth }
            set { appearance.borderWidth = newValue }
        }
        /// The layer's border colour.
        public var borderColor: Color {
            get { appearance.borderColor }
            set { appearance.borderColor = newValue }
        }
        /// A label's text and how it is set; `nil` for other classes.
        public var label: LabelRecord? {
            get { appearance.label }
            set { appearance.label = newValue }
        }
        /// A button's titles; `nil` for other classes.
        public var button: ButtonRecord? {
            get { appearance.button }
            set { appearance.button = newValue }
        }
        /// An image view's image; `nil` for none and for other classes.
        public var image: ImageRecord? {
            get { appearance.image }
            set { appearance.image = newValue }
        }
        /// How the view's content fills its bounds; `nil` for its class's default.
        public var contentMode: ContentMode? {
            get { appearance.contentMode }
            set { appearance.contentMode = newValue }
        }

        /// The drawing properties, kept out of line: most views leave them at their defaults,
        /// and a large scene's records stay small.
        private var appearanceBox: Box<Appearance>?
        /// The drawing properties as one value: a reader of several (checking, instantiating)
        /// takes them once, not one copy of the whole per property.
        private(set) var appearance: Appearance {
            get { appearanceBox?.value ?? Appearance() }
            set { appearanceBox = newValue == Appearance() ? nil : Box(value: newValue) }
        }

        /// The appearance where any of it differs from the defaults: `nil` for the many views
        /// that keep them, without making the defaults.
        var customAppearance: Appearance? { appearanceBox?.value }

        struct Appearance: Equatable, Sendable {
            var backgroundColor: Color?
            var cornerRadius: CGFloat = 0
            var borderWidth: CGFloat = 0
            var borderColor = Color.black
            var label: LabelRecord?
            var button: ButtonRecord?
            var image: ImageRecord?
            var contentMode: ContentMode?
        }

        /// Where the view sits beyond its frame, and its layout settings, kept out of line like
        /// the drawing properties: most views of a large scene leave them at their defaults.
        private var placementBox: Box<Placement>?
        /// The placement and layout settings as one value, read once like ``appearance``.
        private(set) var placement: Placement {
            get { placementBox?.value ?? Placement() }
            set { placementBox = newValue.isDefault ? nil : Box(value: newValue) }
        }

        /// The placement where any of it differs from the defaults (see ``customAppearance``).
        var customPlacement: Placement? { placementBox?.value }

        struct Placement: Equatable, Sendable {
            var center: CGPoint?
            var boundsOrigin = CGPoint.zero
            var transform = CGAffineTransform.identity
            var anchorPoint = CGPoint(x: 0.5, y: 0.5)
            var tag = 0
            var accessibilityIdentifier: String?
            var semanticContentAttribute = SemanticContentAttribute.unspecified
            var intrinsicContentSize: CGSize?
            var hugging = AxisPriorities(horizontal: .defaultLow, vertical: .defaultLow)
            var compressionResistance = AxisPriorities(horizontal: .defaultHigh, vertical: .defaultHigh)
            var layoutMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
            var stack: StackRecord?

            /// Whether every field has its default; the transform's bits too, so that a -0
            /// entry reads back.
            var isDefault: Bool { self == Placement() && transform.hasIdentityBits }
        }

        /// A value kept out of line, compared by value.
        final class Box<Value: Equatable & Sendable>: Equatable, Sendable {
            let value: Value
            init(value: Value) { self.value = value }
            static func == (a: Box, b: Box) -> Bool { a.value == b.value }
        }

        /// Creates a record with UIKit's defaults.
        public init(id: String, className: String = "View", parent: String? = nil, frame: CGRect = .zero) {
            self.id = id
            self.className = className
            self.parent = parent
            self.frame = frame
        }
    }

    /// A pair of priorities, one per axis.
    public struct AxisPriorities: Equatable, Sendable {
        /// The horizontal priority.
        public var horizontal: LayoutPriority
        /// The vertical priority.
        public var vertical: LayoutPriority

        /// Creates a pair.
        public init(horizontal: LayoutPriority, vertical: LayoutPriority) {
            self.horizontal = horizontal
            self.vertical = vertical
        }
    }

    /// A stack view's settings and arranged views.
    public struct StackRecord: Equatable, Sendable {
        /// The direction of the line.
        public var axis = LayoutConstraint.Axis.horizontal
        /// How the length is shared.
        public var distribution = StackView.Distribution.fill
        /// How views sit across the axis.
        public var alignment = StackView.Alignment.fill
        /// The gap between neighbours.
        public var spacing: CGFloat = 0
        /// Whether the arrangement lies within the layout margins.
        public var isLayoutMarginsRelativeArrangement = false
        /// The ids of the arranged subviews, in order.
        public var arranged: [String] = []

        /// Creates a horizontal, filling stack of `arranged`.
        public init(arranged: [String] = []) { self.arranged = arranged }
    }

    /// A label's text and its setting.
    public struct LabelRecord: Equatable, Sendable {
        /// The text, or `nil` for none.
        public var text: String?
        /// The size of the system font.
        public var fontSize: CGFloat = 17
        /// Whether the font is the bold system font.
        public var isBold = false
        /// The text's colour.
        public var textColor = Color.black
        /// The most lines (0: any number).
        public var numberOfLines = 1
        /// Where the lines sit across the width.
        public var textAlignment = TextAlignment.natural

        /// Creates a one-line record of `text` in the 17-point system font.
        public init(text: String? = nil) { self.text = text }
    }

    /// A button's title in its normal state, and those other states have of their own (the
    /// states without fall back to the normal one).
    public struct ButtonRecord: Equatable, Sendable {
        /// The title, or `nil` for none.
        public var title: String?
        /// The title's colour, or `nil` for the button type's.
        public var titleColor: Color?
        /// The size of the system font the title is set in.
        public var fontSize: CGFloat = 15
        /// Whether that font is the bold system font.
        public var isBold = false
        /// The titles and colours of the highlighted, selected and disabled states, where set.
        public var states: [StateTitleRecord] = []

        /// Creates a record of `title` in the 15-point system font.
        public init(title: String? = nil) { self.title = title }
    }

    /// The title and its colour set for one state of a button other than the normal one.
    public struct StateTitleRecord: Equatable, Sendable {
        /// The state: ``Control/State/highlighted``, ``Control/State/selected`` or
        /// ``Control/State/disabled``.
        public var state: Control.State
        /// The title, or `nil` for the normal state's.
        public var title: String?
        /// The title's colour, or `nil` for the normal state's.
        public var titleColor: Color?

        /// Creates a record of `state`'s title and colour.
        public init(state: Control.State, title: String? = nil, titleColor: Color? = nil) {
            self.state = state
            self.title = title
            self.titleColor = titleColor
        }
    }

    /// An image kept in the scene: the bytes of a PNG file, and its scale (pixels per point).
    public struct ImageRecord: Equatable, Sendable {
        /// The PNG file's bytes (base64 in the file).
        public var pngData: Data
        /// Pixels per point; 1 by default.
        public var scale: CGFloat = 1

        /// Creates a record of a PNG file's bytes at `scale`.
        public init(pngData: Data, scale: CGFloat = 1) {
            self.pngData = pngData
            self.scale = scale
        }
    }

    /// A layout guide: one added with `addLayoutGuide`, a view's layout margins guide, or a
    /// scroll view's content or frame layout guide.
    public struct GuideRecord: Equatable, Sendable {
        /// A name unique among the scene's views and guides.
        public var id: String
        /// The id of the view that owns the guide.
        public var owner: String
        /// Whether this is the owner's `layoutMarginsGuide`.
        public var isMarginsGuide = false
        /// Whether this is the owner's `safeAreaLayoutGuide`, whose four pins to the owner's
        /// edges loading makes again.
        public var isSafeAreaGuide = false
        /// Which of its scroll view's own guides this is, if one.
        public var scrollViewGuide: ScrollViewGuide?

        /// A scroll view's own guides, named as the scroll view names them.
        public enum ScrollViewGuide: String, Sendable, Hashable {
            /// ``ScrollView/contentLayoutGuide``.
            case content = "contentLayoutGuide"
            /// ``ScrollView/frameLayoutGuide``.
            case frame = "frameLayoutGuide"
        }

        /// Creates a guide record.
        public init(id: String, owner: String, isMarginsGuide: Bool = false) {
            self.id = id
            self.owner = owner
            self.isMarginsGuide = isMarginsGuide
        }
    }

    /// An active constraint between items named by id.
    public struct ConstraintRecord: Equatable, Sendable {
        // Declared widest first, the one-byte fields last: a record then takes 72 bytes, not 88
        // (a scene of a million views holds four million).
        /// The constrained item's id.
        public var first: String
        /// The related item's id, or `nil` for a constant.
        public var second: String?
        /// A name for diagnostics.
        public var identifier: String?
        /// The factor on the second attribute.
        public var multiplier: CGFloat = 1
        /// The amount added to the second side.
        public var constant: CGFloat = 0
        /// The priority.
        public var priority = LayoutPriority.required
        /// The constrained attribute.
        public var firstAttribute: LayoutConstraint.Attribute
        /// How the sides compare.
        public var relation = LayoutConstraint.Relation.equal
        /// The related attribute (``LayoutConstraint/Attribute/notAnAttribute`` without a second item).
        public var secondAttribute = LayoutConstraint.Attribute.notAnAttribute

        /// Creates `first.firstAttribute relation multiplier × second.secondAttribute + constant`.
        public init(
            first: String, _ firstAttribute: LayoutConstraint.Attribute, _ relation: LayoutConstraint.Relation = .equal,
            second: String? = nil, _ secondAttribute: LayoutConstraint.Attribute = .notAnAttribute,
            multiplier: CGFloat = 1, constant: CGFloat = 0, priority: LayoutPriority = .required
        ) {
            self.first = first
            self.firstAttribute = firstAttribute
            self.relation = relation
            self.second = second
            self.secondAttribute = secondAttribute
            self.multiplier = multiplier
            self.constant = constant
            self.priority = priority
        }
    }
}
