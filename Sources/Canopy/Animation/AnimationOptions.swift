extension View {
    /// How ``View/animate(withDuration:delay:options:animations:completion:)`` runs its
    /// animations, with UIKit's raw values.
    public struct AnimationOptions: OptionSet, Sendable {
        /// The options' bits, as UIKit numbers them.
        public let rawValue: UInt

        /// The options whose bits `rawValue` has.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Accepted for porting; a layout pass in the block is animated whether or not it is set.
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        /// The animated views keep taking touches (by default they take none until their
        /// animations end).
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Accepted for porting: every animation starts from what is shown, as animations of
        /// the same property add up (see ``View/animate(withDuration:delay:options:animations:completion:)``).
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Runs the animations again and again, until they are removed.
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Runs each animation forward, then backward; the values then jump to the new ones.
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// Inside another block's `animations`: this block's own duration, not the outer one's.
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        /// Inside another block's `animations`: this block's own curve, not the outer one's.
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        /// Inside another block's `animations`: none of the outer block's options (by default a
        /// nested block adds the outer `.repeat`, `.autoreverse` and `.allowUserInteraction`).
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)

        /// The options a nested block takes from the block it is in.
        static let inherited: AnimationOptions = [.repeat, .autoreverse, .allowUserInteraction]

        /// Slow at both ends (the default).
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        /// Slow at first.
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// Slow at the end.
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// In step with time.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        /// The curve the options name (the two bits at 16).
        var timingFunction: MediaTimingFunction {
            switch (rawValue >> 16) & 3 {
            case 1: .easeIn
            case 2: .easeOut
            case 3: .linear
            default: .easeInEaseOut
            }
        }

        /// The options with their curve bits replaced by `other`'s.
        func withCurve(of other: AnimationOptions) -> AnimationOptions {
            let curveBits: UInt = 3 << 16
            return AnimationOptions(rawValue: (rawValue & ~curveBits) | (other.rawValue & curveBits))
        }
    }
}
