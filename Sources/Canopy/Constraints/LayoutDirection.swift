/// Which way text and leading-to-trailing layout run.
public enum UserInterfaceLayoutDirection: Sendable {
    /// Leading is left (English, say).
    case leftToRight
    /// Leading is right (Arabic, Hebrew).
    case rightToLeft
}

/// A view's own choice of layout direction, as UIKit's `UISemanticContentAttribute`.
public enum SemanticContentAttribute: Sendable, CaseIterable {
    /// Follow the superview (ultimately the window's ``Window/userInterfaceLayoutDirection``).
    case unspecified
    /// Always left to right, for this view and the views that follow it.
    case forceLeftToRight
    /// Always right to left, for this view and the views that follow it.
    case forceRightToLeft
}

extension View {
    /// The direction this view lays out in: its own or the nearest ancestor's forced choice,
    /// else its window's direction (left to right outside a window).
    public var effectiveUserInterfaceLayoutDirection: UserInterfaceLayoutDirection {
        var view: View? = self
        while let current = view {
            switch current.semanticContentAttribute {
            case .forceLeftToRight: return .leftToRight
            case .forceRightToLeft: return .rightToLeft
            case .unspecified: view = current.superview
            }
        }
        return storedWindow?.userInterfaceLayoutDirection ?? .leftToRight
    }
}
