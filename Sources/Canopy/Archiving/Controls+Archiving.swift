import Foundation

extension Control {
    func encodeControlProperties(with coder: Coder) {
        coder.encode(isEnabled, forKey: "isEnabled", unless: true)
        coder.encode(isSelected, forKey: "isSelected", unless: false)
        coder.encode(contentHorizontalAlignment, forKey: "contentHorizontalAlignment", unless: .center)
        coder.encode(contentVerticalAlignment, forKey: "contentVerticalAlignment", unless: .center)
    }

    func decodeControlProperties(from coder: Coder) throws(ArchiveError) {
        try coder.read("isEnabled") { (value: Bool) in isEnabled = value }
        try coder.read("isSelected") { (value: Bool) in isSelected = value }
        try coder.read("contentHorizontalAlignment") { (value: ContentHorizontalAlignment) in contentHorizontalAlignment = value }
        try coder.read("contentVerticalAlignment") { (value: ContentVerticalAlignment) in contentVerticalAlignment = value }
    }
}

extension Button {
    /// The states whose title, title colour and image are archived, by the names that follow
    /// `"title."`, `"titleColor."` and `"image."` in the keys.
    static let archivedStates: [(name: String, state: State)] = [
        ("normal", .normal), ("highlighted", .highlighted), ("disabled", .disabled), ("selected", .selected),
    ]

    func encodeButtonProperties(with coder: Coder) {
        coder.encode(buttonType, forKey: "buttonType", unless: .custom)
        coder.encode(titleFont, forKey: "titleFont", unless: .systemFont(ofSize: 15))
        coder.encode(contentEdgeInsets, forKey: "contentEdgeInsets", unless: .zero)
        coder.encode(titleEdgeInsets, forKey: "titleEdgeInsets", unless: .zero)
        coder.encode(imageEdgeInsets, forKey: "imageEdgeInsets", unless: .zero)
        for (name, state) in Self.archivedStates {
            coder.encode(titles[state], forKey: "title." + name, unless: nil)
            coder.encode(titleColors[state], forKey: "titleColor." + name, unless: nil)
            coder.encode(images[state], forKey: "image." + name, unless: nil)
        }
    }

    func decodeButtonProperties(from coder: Coder) throws(ArchiveError) {
        typealias Check = ArchiveChecks
        try coder.read("titleFont") { (value: Font) in titleFont = value }
        try coder.read("contentEdgeInsets", valid: Check.finite) { (value: EdgeInsets) in contentEdgeInsets = value }
        try coder.read("titleEdgeInsets", valid: Check.finite) { (value: EdgeInsets) in titleEdgeInsets = value }
        try coder.read("imageEdgeInsets", valid: Check.finite) { (value: EdgeInsets) in imageEdgeInsets = value }
        for (name, state) in Self.archivedStates {
            try coder.read("title." + name) { (value: String?) in setTitle(value, for: state) }
            try coder.read("titleColor." + name) { (value: Color?) in setTitleColor(value, for: state) }
            try coder.read("image." + name) { (value: Image?) in setImage(value, for: state) }
        }
    }
}

extension Label {
    func encodeLabelProperties(with coder: Coder) {
        coder.encode(text, forKey: "text", unless: nil)
        coder.encode(font, forKey: "font", unless: .systemFont(ofSize: 17))
        coder.encode(textColor, forKey: "textColor", unless: .black)
        coder.encode(textAlignment, forKey: "textAlignment", unless: .natural)
        coder.encode(numberOfLines, forKey: "numberOfLines", unless: 1)
        coder.encode(lineBreakMode, forKey: "lineBreakMode", unless: .byTruncatingTail)
        coder.encode(preferredMaxLayoutWidth, forKey: "preferredMaxLayoutWidth", unless: 0)
        if let attributedRuns { coder.encode(ArchivedAttributedText(attributedRuns), forKey: "attributedText") }
    }

    func decodeLabelProperties(from coder: Coder) throws(ArchiveError) {
        try coder.read("text") { (value: String?) in text = value }
        try coder.read("font") { (value: Font) in font = value }
        // Interface Builder writes `nil` for the default colour.
        try coder.read("textColor") { (value: Color?) in if let value { textColor = value } }
        try coder.read("textAlignment") { (value: TextAlignment) in textAlignment = value }
        try coder.read("numberOfLines", valid: { (value: Int) in value >= 0 }) { numberOfLines = $0 }
        try coder.read("lineBreakMode") { (value: LineBreakMode) in lineBreakMode = value }
        try coder.read("preferredMaxLayoutWidth", valid: ArchiveChecks.notNegative) { (value: CGFloat) in
            preferredMaxLayoutWidth = value
        }
        try coder.read("attributedText") { (value: ArchivedAttributedText) in attributedText = value.string }
    }
}

extension StackView {
    func encodeStackProperties(with coder: Coder) {
        coder.encode(axis, forKey: "axis", unless: .horizontal)
        coder.encode(distribution, forKey: "distribution", unless: .fill)
        coder.encode(alignment, forKey: "alignment", unless: .fill)
        coder.encode(spacing, forKey: "spacing", unless: 0)
        coder.encode(isLayoutMarginsRelativeArrangement, forKey: "isLayoutMarginsRelativeArrangement", unless: false)
    }

    func decodeStackProperties(from coder: Coder) throws(ArchiveError) {
        try coder.read("axis") { (value: LayoutConstraint.Axis) in axis = value }
        try coder.read("distribution") { (value: Distribution) in distribution = value }
        try coder.read("alignment") { (value: Alignment) in alignment = value }
        try coder.read("spacing", valid: ArchiveChecks.finite) { (value: CGFloat) in spacing = value }
        try coder.read("isLayoutMarginsRelativeArrangement") { (value: Bool) in isLayoutMarginsRelativeArrangement = value }
    }
}

extension ScrollView {
    func encodeScrollProperties(with coder: Coder) {
        coder.encode(contentSize, forKey: "contentSize", unless: .zero)
        coder.encode(contentInset, forKey: "contentInset", unless: .zero)
        coder.encode(isScrollEnabled, forKey: "isScrollEnabled", unless: true)
        coder.encode(bounces, forKey: "bounces", unless: true)
        coder.encode(alwaysBounceVertical, forKey: "alwaysBounceVertical", unless: false)
        coder.encode(alwaysBounceHorizontal, forKey: "alwaysBounceHorizontal", unless: false)
        coder.encode(isPagingEnabled, forKey: "isPagingEnabled", unless: false)
        coder.encode(isDirectionalLockEnabled, forKey: "isDirectionalLockEnabled", unless: false)
    }

    func decodeScrollProperties(from coder: Coder) throws(ArchiveError) {
        typealias Check = ArchiveChecks
        try coder.read("contentSize", valid: Check.finite) { (value: CGSize) in contentSize = value }
        try coder.read("contentInset", valid: Check.finite) { (value: EdgeInsets) in contentInset = value }
        try coder.read("isScrollEnabled") { (value: Bool) in isScrollEnabled = value }
        try coder.read("bounces") { (value: Bool) in bounces = value }
        try coder.read("alwaysBounceVertical") { (value: Bool) in alwaysBounceVertical = value }
        try coder.read("alwaysBounceHorizontal") { (value: Bool) in alwaysBounceHorizontal = value }
        try coder.read("isPagingEnabled") { (value: Bool) in isPagingEnabled = value }
        try coder.read("isDirectionalLockEnabled") { (value: Bool) in isDirectionalLockEnabled = value }
    }
}
