import Foundation

/// UIKit's named colors, with their light-appearance sRGB values (Canopy has one appearance).
extension Color {
    private init(rgb red: Int, _ green: Int, _ blue: Int, alpha: Double = 1) {
        self.init(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255, alpha: alpha)
    }

    // MARK: Fixed colors

    /// A gray of brightness 1/3.
    public static let darkGray = Color(white: 1.0 / 3)
    /// A gray of brightness 1/2.
    public static let gray = Color(white: 0.5)
    /// A gray of brightness 2/3.
    public static let lightGray = Color(white: 2.0 / 3)
    /// Red and green at full.
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    /// Green and blue at full.
    public static let cyan = Color(red: 0, green: 1, blue: 1)
    /// Red and blue at full.
    public static let magenta = Color(red: 1, green: 0, blue: 1)
    /// Red at full, green at half.
    public static let orange = Color(red: 1, green: 0.5, blue: 0)
    /// Red and blue at half.
    public static let purple = Color(red: 0.5, green: 0, blue: 0.5)
    /// Red 0.6, green 0.4, blue 0.2.
    public static let brown = Color(red: 0.6, green: 0.4, blue: 0.2)

    // MARK: System colors

    /// The system blue, also the default tint.
    public static let systemBlue = Color(rgb: 0, 122, 255)
    /// The system red.
    public static let systemRed = Color(rgb: 255, 59, 48)
    /// The system green.
    public static let systemGreen = Color(rgb: 52, 199, 89)
    /// The system orange.
    public static let systemOrange = Color(rgb: 255, 149, 0)
    /// The system yellow.
    public static let systemYellow = Color(rgb: 255, 204, 0)
    /// The system pink.
    public static let systemPink = Color(rgb: 255, 45, 85)
    /// The system purple.
    public static let systemPurple = Color(rgb: 175, 82, 222)
    /// The system indigo.
    public static let systemIndigo = Color(rgb: 88, 86, 214)
    /// The system teal.
    public static let systemTeal = Color(rgb: 48, 176, 199)
    /// The system gray.
    public static let systemGray = Color(rgb: 142, 142, 147)

    // MARK: Semantic colors

    /// The background of a screen: white.
    public static let systemBackground = Color.white
    /// Primary text: black.
    public static let label = Color.black
    /// Secondary text: a translucent gray-blue.
    public static let secondaryLabel = Color(rgb: 60, 60, 67, alpha: 0.6)
    /// Thin separating lines.
    public static let separator = Color(rgb: 60, 60, 67, alpha: 0.29)

    // MARK: Components

    /// Writes the components into the arguments, as UIKit's method does.
    /// - Returns: `true`: every Canopy color has RGB components.
    @discardableResult
    public func getRed(
        _ red: inout CGFloat, green: inout CGFloat, blue: inout CGFloat, alpha: inout CGFloat
    ) -> Bool {
        (red, green, blue, alpha) = (CGFloat(self.red), CGFloat(self.green), CGFloat(self.blue), CGFloat(self.alpha))
        return true
    }

    /// Writes the brightness (the components' Rec. 601 luma) and the alpha.
    /// - Returns: `true`.
    @discardableResult
    public func getWhite(_ white: inout CGFloat, alpha: inout CGFloat) -> Bool {
        white = CGFloat((299 * red + 587 * green + 114 * blue) / 1000)  // exact for grays
        alpha = CGFloat(self.alpha)
        return true
    }

    /// This color with its alpha replaced.
    public func withAlphaComponent(_ alpha: CGFloat) -> Color {
        Color(red: red, green: green, blue: blue, alpha: Double(alpha))
    }
}
