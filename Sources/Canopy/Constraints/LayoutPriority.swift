/// How much a constraint matters, from 1 to 1000. Priorities are strict: no number of
/// lower-priority constraints outweighs one of a higher priority, and ``required`` constraints
/// hold exactly.
public struct LayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
    /// The priority's value, 1...1000.
    public var rawValue: Float

    /// Creates a priority from its value.
    public init(rawValue: Float) { self.rawValue = rawValue }

    /// Creates a priority from its value.
    public init(_ rawValue: Float) { self.rawValue = rawValue }

    /// Must hold (1000).
    public static let required = LayoutPriority(1000)
    /// A button's resistance to compression (750).
    public static let defaultHigh = LayoutPriority(750)
    /// A button's hugging of its content (250).
    public static let defaultLow = LayoutPriority(250)
    /// The level `systemLayoutSizeFitting` uses to pull toward the target size (50).
    public static let fittingSizeLevel = LayoutPriority(50)

    /// Whether the priority is within 1...1000.
    var isValid: Bool { rawValue >= 1 && rawValue <= 1000 }

    /// Orders priorities by value.
    public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The priority raised by `amount`.
    public static func + (priority: LayoutPriority, amount: Float) -> LayoutPriority {
        LayoutPriority(priority.rawValue + amount)
    }

    /// The priority lowered by `amount`.
    public static func - (priority: LayoutPriority, amount: Float) -> LayoutPriority {
        LayoutPriority(priority.rawValue - amount)
    }
}
