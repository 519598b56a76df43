import Foundation

/// The Auto Layout settings most constrained views leave at their defaults (guides, margins,
/// content priorities), kept in the view's extras: a view that changes none of them carries
/// no pointer to them in its layout state.
final class ViewLayoutSettings {
    /// The guides added with `addLayoutGuide`.
    var guides: [LayoutGuide] = []
    var margins = ViewLayoutSettings.defaultMargins
    var marginsGuide: LayoutGuide?
    /// The guide for the safe area, pinned to the edges by four constraints (made on first use).
    var safeAreaGuide: LayoutGuide?
    var hugging = ViewLayoutSettings.defaultHugging
    var compressionResistance = ViewLayoutSettings.defaultCompressionResistance
    /// What the latest solve left undetermined for this view, by attribute.
    var ambiguousAttributes: [LayoutConstraint.Attribute] = []
    /// An intrinsic size recorded in a scene file, reported in place of the class's own.
    var recordedIntrinsicSize: CGSize?
    /// Whether the latest `exerciseAmbiguityInLayout()` met this view's tied rows first.
    var tiesExercisedFirst = false

    static let defaultMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    static let defaultHugging = (horizontal: LayoutPriority.defaultLow, vertical: LayoutPriority.defaultLow)
    static let defaultCompressionResistance = (horizontal: LayoutPriority.defaultHigh, vertical: LayoutPriority.defaultHigh)

    /// The bytes the allocator holds for the settings and the guides, for memory reports.
    var allocatedBytes: Int {
        var all = guides
        for guide in [marginsGuide, safeAreaGuide].compactMap(\.self) where !all.contains(where: { $0 === guide }) {
            all.append(guide)
        }
        return allocationBytes(of: self) + guides.storageBytes + ambiguousAttributes.storageBytes
            + all.reduce(0) { $0 + allocationBytes(of: $1) }
    }

    /// The view is dying: its guides lose their owning view.
    func viewWillDie() {
        for guide in guides { guide.owningView = nil }
        marginsGuide?.owningView = nil
    }
}

extension View {
    /// The Auto Layout settings the view changed from their defaults, if it changed any.
    var layoutSettings: ViewLayoutSettings? { extrasStorage?.layoutSettings }

    /// The view's Auto Layout settings, made on first change.
    var changedLayoutSettings: ViewLayoutSettings {
        if let settings = layoutSettings { return settings }
        let made = ViewLayoutSettings()
        extras.layoutSettings = made
        return made
    }
}
