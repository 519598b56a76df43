import Foundation

// A view archives what differs from a new view: geometry, appearance, layer styling, Auto
// Layout settings, subviews, layout guides and the constraints it holds.
extension View {
    /// Writes what differs from a new view, its subviews and the constraints it holds.
    func encodeViewProperties(with coder: Coder) {
        coder.encode(bounds, forKey: "bounds")
        coder.encode(center, forKey: "center")
        coder.encode(transform, forKey: "transform", unless: .identity)
        coder.encode(anchorPoint, forKey: "anchorPoint", unless: CGPoint(x: 0.5, y: 0.5))
        coder.encode(autoresizingMask, forKey: "autoresizingMask", unless: [])
        coder.encode(autoresizesSubviews, forKey: "autoresizesSubviews", unless: true)
        coder.encode(contentMode, forKey: "contentMode")
        coder.encode(semanticContentAttribute, forKey: "semanticContentAttribute", unless: .unspecified)
        coder.encode(backgroundColor, forKey: "backgroundColor", unless: nil)
        coder.encode(alpha, forKey: "alpha", unless: 1)
        coder.encode(isHidden, forKey: "isHidden", unless: false)
        coder.encode(isOpaque, forKey: "isOpaque", unless: true)
        coder.encode(clipsToBounds, forKey: "clipsToBounds", unless: false)
        coder.encode(clearsContextBeforeDrawing, forKey: "clearsContextBeforeDrawing", unless: true)
        coder.encode(isUserInteractionEnabled, forKey: "isUserInteractionEnabled")
        coder.encode(isMultipleTouchEnabled, forKey: "isMultipleTouchEnabled", unless: false)
        coder.encode(isExclusiveTouch, forKey: "isExclusiveTouch", unless: false)
        coder.encode(tag, forKey: "tag", unless: 0)
        coder.encode(accessibilityIdentifier, forKey: "accessibilityIdentifier", unless: nil)
        coder.encode(layerStorage?.viewTintColor, forKey: "tintColor", unless: nil)
        coder.encode(
            translatesAutoresizingMaskIntoConstraints, forKey: "translatesAutoresizingMaskIntoConstraints", unless: true)
        encodeLayoutSettings(with: coder)
        if let layer = layerStorage { layer.encodeStyle(with: coder) }
        let archived = archivedSubviews
        if !archived.isEmpty { coder.encode(archived, forKey: "subviews") }
        let recognizers = archivedGestureRecognizers
        if !recognizers.isEmpty { coder.encode(recognizers, forKey: "gestureRecognizers") }
        let guides = archivedLayoutGuides
        if !guides.isEmpty { coder.encode(guides.map(\.identifier), forKey: "layoutGuides") }
        let held = archivedConstraints
        if !held.isEmpty { coder.encode(held, forKey: "constraints") }
    }

    private func encodeLayoutSettings(with coder: Coder) {
        coder.encode(layoutMargins, forKey: "layoutMargins", unless: ViewLayoutSettings.defaultMargins)
        let hugging = ViewLayoutSettings.defaultHugging, resistance = ViewLayoutSettings.defaultCompressionResistance
        coder.encode(contentHuggingPriority(for: .horizontal), forKey: "horizontalHuggingPriority", unless: hugging.horizontal)
        coder.encode(contentHuggingPriority(for: .vertical), forKey: "verticalHuggingPriority", unless: hugging.vertical)
        coder.encode(
            contentCompressionResistancePriority(for: .horizontal), forKey: "horizontalCompressionResistancePriority",
            unless: resistance.horizontal)
        coder.encode(
            contentCompressionResistancePriority(for: .vertical), forKey: "verticalCompressionResistancePriority",
            unless: resistance.vertical)
    }

    /// Reads what ``encode(with:)`` writes, or what an Interface Builder file holds (`frame`
    /// in place of `bounds` and `center`). Constraints are read once every object exists.
    func decodeViewProperties(from coder: Coder) throws(ArchiveError) {
        typealias Check = ArchiveChecks
        try coder.read("frame", valid: Check.finite) { (value: CGRect) in frame = value }
        try coder.read("bounds", valid: Check.finite) { (value: CGRect) in bounds = value }
        try coder.read("center", valid: Check.finite) { (value: CGPoint) in center = value }
        try coder.read("transform", valid: Check.finite) { (value: CGAffineTransform) in transform = value }
        try coder.read("anchorPoint", valid: Check.finite) { (value: CGPoint) in anchorPoint = value }
        try coder.read("autoresizingMask") { (value: AutoresizingMask) in autoresizingMask = value }
        try coder.read("autoresizesSubviews") { (value: Bool) in autoresizesSubviews = value }
        try coder.read("contentMode") { (value: ContentMode) in contentMode = value }
        try coder.read("semanticContentAttribute") { (value: SemanticContentAttribute) in semanticContentAttribute = value }
        try coder.read("backgroundColor") { (value: Color?) in backgroundColor = value }
        try coder.read("alpha", valid: Check.finite) { (value: CGFloat) in alpha = value }
        try coder.read("isHidden") { (value: Bool) in isHidden = value }
        try coder.read("isOpaque") { (value: Bool) in isOpaque = value }
        try coder.read("clipsToBounds") { (value: Bool) in clipsToBounds = value }
        try coder.read("clearsContextBeforeDrawing") { (value: Bool) in clearsContextBeforeDrawing = value }
        try coder.read("isUserInteractionEnabled") { (value: Bool) in isUserInteractionEnabled = value }
        try coder.read("isMultipleTouchEnabled") { (value: Bool) in isMultipleTouchEnabled = value }
        try coder.read("isExclusiveTouch") { (value: Bool) in isExclusiveTouch = value }
        try coder.read("tag") { (value: Int) in tag = value }
        try coder.read("accessibilityIdentifier") { (value: String?) in accessibilityIdentifier = value }
        try coder.read("tintColor") { (value: Color?) in tintColor = value }
        try coder.read("translatesAutoresizingMaskIntoConstraints") { (value: Bool) in
            translatesAutoresizingMaskIntoConstraints = value
        }
        try decodeLayoutSettings(from: coder)
        try Layer.decodeStyle(from: coder) { layer }
        for subview in try coder.decodeArray(of: View.self, forKey: "subviews") {
            guard subview.superview == nil, !isDescendant(of: subview) else {
                throw coder.invalid("subviews", "\(subview) is a subview twice, or an ancestor")
            }
            addArchivedSubview(subview)
        }
        for recognizer in try coder.decodeArray(of: GestureRecognizer.self, forKey: "gestureRecognizers") {
            guard recognizer.view == nil else {
                throw coder.invalid("gestureRecognizers", "\(recognizer) belongs to another view")
            }
            addGestureRecognizer(recognizer)
        }
        for identifier in try coder.decodeIfPresent([String].self, forKey: "layoutGuides") ?? [] {
            let guide = LayoutGuide()
            guide.identifier = identifier
            addLayoutGuide(guide)
        }
        if coder.containsValue(forKey: "constraints") {
            coder.whenAllObjectsExist { coder in try self.activateArchivedConstraints(from: coder) }
        }
    }

    private func decodeLayoutSettings(from coder: Coder) throws(ArchiveError) {
        typealias Check = ArchiveChecks
        try coder.read("layoutMargins", valid: Check.finite) { (value: EdgeInsets) in layoutMargins = value }
        try coder.read("horizontalHuggingPriority", valid: Check.priority) { (value: LayoutPriority) in
            setContentHuggingPriority(value, for: .horizontal)
        }
        try coder.read("verticalHuggingPriority", valid: Check.priority) { (value: LayoutPriority) in
            setContentHuggingPriority(value, for: .vertical)
        }
        try coder.read("horizontalCompressionResistancePriority", valid: Check.priority) { (value: LayoutPriority) in
            setContentCompressionResistancePriority(value, for: .horizontal)
        }
        try coder.read("verticalCompressionResistancePriority", valid: Check.priority) { (value: LayoutPriority) in
            setContentCompressionResistancePriority(value, for: .vertical)
        }
    }

    private func activateArchivedConstraints(from coder: Coder) throws(ArchiveError) {
        let held = try coder.decodeArray(of: LayoutConstraint.self, forKey: "constraints")
        for constraint in held where !constraint.itemsShareAHierarchy {
            throw coder.invalid("constraints", "\(constraint) relates views of different hierarchies")
        }
        LayoutConstraint.activate(held)
    }
}
