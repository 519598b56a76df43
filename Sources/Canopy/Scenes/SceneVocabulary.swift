import Foundation

/// The names enumerations' cases have in scene files, both ways.
struct SceneNames<Value: Equatable>: Sendable where Value: Sendable {
    let pairs: [(name: String, value: Value)]
    /// The names, for reading them without making strings.
    let words: JSONWords

    init(_ pairs: [(String, Value)]) {
        self.pairs = pairs.map { (name: $0.0, value: $0.1) }
        words = JSONWords(pairs.map(\.0))
    }

    func name(of value: Value) -> String { pairs.first { $0.value == value }!.name }
}

/// Every named value of the scene format.
enum SceneVocabulary {
    static let attributes = SceneNames<LayoutConstraint.Attribute>([
        ("left", .left), ("right", .right), ("top", .top), ("bottom", .bottom), ("leading", .leading),
        ("trailing", .trailing), ("width", .width), ("height", .height), ("centerX", .centerX), ("centerY", .centerY),
        ("lastBaseline", .lastBaseline), ("firstBaseline", .firstBaseline), ("leftMargin", .leftMargin),
        ("rightMargin", .rightMargin), ("topMargin", .topMargin), ("bottomMargin", .bottomMargin),
        ("leadingMargin", .leadingMargin), ("trailingMargin", .trailingMargin),
        ("centerXWithinMargins", .centerXWithinMargins), ("centerYWithinMargins", .centerYWithinMargins),
    ])
    static let relations = SceneNames<LayoutConstraint.Relation>([
        ("==", .equal), ("<=", .lessThanOrEqual), (">=", .greaterThanOrEqual),
    ])
    static let axes = SceneNames<LayoutConstraint.Axis>([("horizontal", .horizontal), ("vertical", .vertical)])
    static let distributions = SceneNames<StackView.Distribution>([
        ("fill", .fill), ("fillEqually", .fillEqually), ("fillProportionally", .fillProportionally),
        ("equalSpacing", .equalSpacing), ("equalCentering", .equalCentering),
    ])
    static let alignments = SceneNames<StackView.Alignment>([
        ("fill", .fill), ("leading", .leading), ("center", .center), ("trailing", .trailing),
        ("firstBaseline", .firstBaseline), ("lastBaseline", .lastBaseline),
    ])
    static let textAlignments = SceneNames<TextAlignment>([
        ("natural", .natural), ("left", .left), ("center", .center), ("right", .right), ("justified", .justified),
    ])
    static let directions = SceneNames<UserInterfaceLayoutDirection>([
        ("leftToRight", .leftToRight), ("rightToLeft", .rightToLeft),
    ])
    static let semanticContentAttributes = SceneNames<SemanticContentAttribute>([
        ("unspecified", .unspecified), ("forceLeftToRight", .forceLeftToRight), ("forceRightToLeft", .forceRightToLeft),
    ])
    static let contentModes = SceneNames<ContentMode>([
        ("scaleToFill", .scaleToFill), ("scaleAspectFit", .scaleAspectFit), ("scaleAspectFill", .scaleAspectFill),
        ("redraw", .redraw), ("center", .center), ("top", .top), ("bottom", .bottom), ("left", .left), ("right", .right),
        ("topLeft", .topLeft), ("topRight", .topRight), ("bottomLeft", .bottomLeft), ("bottomRight", .bottomRight),
    ])
    static let scrollViewGuides = SceneNames<Scene.GuideRecord.ScrollViewGuide>([("content", .content), ("frame", .frame)])
    static let controlStates = SceneNames<Control.State>([
        ("highlighted", .highlighted), ("selected", .selected), ("disabled", .disabled),
    ])
    static let autoresizing = SceneNames<AutoresizingMask>([
        ("flexibleLeftMargin", .flexibleLeftMargin), ("flexibleWidth", .flexibleWidth),
        ("flexibleRightMargin", .flexibleRightMargin), ("flexibleTopMargin", .flexibleTopMargin),
        ("flexibleHeight", .flexibleHeight), ("flexibleBottomMargin", .flexibleBottomMargin),
    ])

    /// The largest magnitude a number in a scene may have, in points: no screen needs more, and
    /// sums of such numbers stay exact enough.
    static let largestMagnitude: Double = 1e9
}
