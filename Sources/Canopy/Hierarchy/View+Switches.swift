extension View {
    /// A view's public on-off settings as bits of one field (see ``View/isHidden`` and the
    /// others), so that a view fits a smaller allocation.
    struct Switches: OptionSet {
        let rawValue: UInt16

        static let hidden = Switches(rawValue: 1 << 0)
        static let userInteractionEnabled = Switches(rawValue: 1 << 1)
        static let multipleTouchEnabled = Switches(rawValue: 1 << 2)
        static let exclusiveTouch = Switches(rawValue: 1 << 3)
        static let clipsToBounds = Switches(rawValue: 1 << 4)
        static let opaque = Switches(rawValue: 1 << 5)
        static let clearsContextBeforeDrawing = Switches(rawValue: 1 << 6)
        static let autoresizesSubviews = Switches(rawValue: 1 << 7)
        static let translatesAutoresizingMaskIntoConstraints = Switches(rawValue: 1 << 8)
        /// Not a setting: the view runs animations that keep touches away (see
        /// `View.animate(withDuration:delay:options:animations:completion:)`).
        static let animatingWithoutTouches = Switches(rawValue: 1 << 9)

        /// A new view's settings, as UIKit's defaults.
        static let initial: Switches = [
            .userInteractionEnabled, .opaque, .clearsContextBeforeDrawing, .autoresizesSubviews,
            .translatesAutoresizingMaskIntoConstraints,
        ]

        /// Sets `member` on or off; returns whether that changed it.
        @discardableResult
        mutating func update(_ member: Switches, to isOn: Bool) -> Bool {
            guard contains(member) != isOn else { return false }
            formSymmetricDifference(member)
            return true
        }
    }
}
