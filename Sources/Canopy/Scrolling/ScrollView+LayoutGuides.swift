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

    /// Moves the content guide's placing constraints with the offset (scrolling does this at
    /// once; a bounds origin set directly is caught at the next layout).
    func placeContentLayoutGuide() {
        guard let (_, left, top) = contentGuide else { return }
        if left.constant != -bounds.minX { left.constant = -bounds.minX }
        if top.constant != -bounds.minY { top.constant = -bounds.minY }
    }

    /// Places the content guide, and takes its width and height as the content size's along
    /// each axis that other constraints fix: the guide's size there, or two of its edges.
    func updateContentLayoutGuide() {
        placeContentLayoutGuide()
        guard let (guide, left, top) = contentGuide else { return }
        makeWindowConstraintsObjects()
        var attributes: Set<LayoutConstraint.Attribute> = []
        for constraint in guide.references.constraints where constraint.isActive && constraint !== left && constraint !== top {
            if constraint.firstItem === guide { attributes.insert(constraint.firstAttribute) }
            if constraint.secondItem === guide { attributes.insert(constraint.secondAttribute) }
        }
        func fixes(_ size: LayoutConstraint.Attribute, _ edges: [LayoutConstraint.Attribute]) -> Bool {
            attributes.contains(size) || edges.filter(attributes.contains).count >= 2
        }
        var size = contentSize
        if fixes(.width, [.left, .right, .leading, .trailing, .centerX]) { size.width = guide.layoutFrame.width }
        if fixes(.height, [.top, .bottom, .centerY]) { size.height = guide.layoutFrame.height }
        if size != contentSize { contentSize = size }
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
