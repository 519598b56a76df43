import Foundation

// The guides UIKit gives a scroll view for Auto Layout: one for the content, one for the frame.
extension ScrollView {
    /// The content area (UIKit's `contentLayoutGuide`): its top left is the content's origin
    /// whatever the offset, so that views constrained to it are laid out in content
    /// coordinates; when constraints give it a size, that size becomes ``contentSize`` at each
    /// layout. Made on first use, with the two constraints that place it.
    public var contentLayoutGuide: LayoutGuide {
        if let guide = contentGuide?.guide { return guide }
        let guide = LayoutGuide()
        guide.identifier = "contentLayoutGuide"
        addLayoutGuide(guide)
        // The engine places items in window space, where the content's origin is the scroll
        // view's top left less the offset.
        let left = guide.leftAnchor.constraint(equalTo: leftAnchor, constant: -bounds.minX)
        let top = guide.topAnchor.constraint(equalTo: topAnchor, constant: -bounds.minY)
        LayoutConstraint.activate([left, top])
        contentGuide = (guide, left, top)
        return guide
    }

    /// The scroll view's own rectangle (UIKit's `frameLayoutGuide`): views constrained to it
    /// stay in place while the content scrolls. Made on first use, pinned to the scroll view's
    /// edges by four constraints; its ``LayoutGuide/layoutFrame`` is the bounds.
    public var frameLayoutGuide: LayoutGuide {
        if let guide = frameGuide?.guide { return guide }
        let guide = LayoutGuide()
        guide.identifier = "frameLayoutGuide"
        addLayoutGuide(guide)
        let pins = [
            guide.leftAnchor.constraint(equalTo: leftAnchor), guide.rightAnchor.constraint(equalTo: rightAnchor),
            guide.topAnchor.constraint(equalTo: topAnchor), guide.bottomAnchor.constraint(equalTo: bottomAnchor),
        ]
        LayoutConstraint.activate(pins)
        frameGuide = (guide, pins)
        return guide
    }

    /// Moves the content guide's placing constraints with the offset; adopts the guide's size
    /// as the content size when other constraints name the guide.
    func updateContentLayoutGuide() {
        guard let (guide, left, top) = contentGuide else { return }
        if left.constant != -bounds.minX { left.constant = -bounds.minX }
        if top.constant != -bounds.minY { top.constant = -bounds.minY }
        let sized = guide.references.constraints.contains { $0.isActive && $0 !== left && $0 !== top }
        if sized, contentSize != guide.layoutFrame.size { contentSize = guide.layoutFrame.size }
    }

    /// The constraints that place the scroll view's own guides.
    var ownGuidePins: [LayoutConstraint] {
        (contentGuide.map { [$0.left, $0.top] } ?? []) + (frameGuide?.pins ?? [])
    }

    /// Whether `guide` is one the scroll view makes for itself, and its name.
    func ownGuideName(_ guide: LayoutGuide) -> String? {
        if guide === contentGuide?.guide { return "contentLayoutGuide" }
        if guide === frameGuide?.guide { return "frameLayoutGuide" }
        return nil
    }
}
