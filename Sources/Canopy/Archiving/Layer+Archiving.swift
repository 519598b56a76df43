import Foundation

// A view's layer styling is archived with the view, under "layer."-prefixed keys, when the
// view has a layer; a layer's geometry, opacity and visibility are the view's own values.
extension Layer {
    /// Writes what differs from a new layer.
    func encodeStyle(with coder: Coder) {
        coder.encode(cornerRadius, forKey: "layer.cornerRadius", unless: 0)
        coder.encode(maskedCorners, forKey: "layer.maskedCorners", unless: .all)
        coder.encode(borderWidth, forKey: "layer.borderWidth", unless: 0)
        coder.encode(borderColor, forKey: "layer.borderColor", unless: .black)
        coder.encode(shadowColor, forKey: "layer.shadowColor", unless: .black)
        coder.encode(shadowOpacity, forKey: "layer.shadowOpacity", unless: 0)
        coder.encode(shadowOffset, forKey: "layer.shadowOffset", unless: CGSize(width: 0, height: -3))
        coder.encode(shadowRadius, forKey: "layer.shadowRadius", unless: 3)
        coder.encode(zPosition, forKey: "layer.zPosition", unless: 0)
    }

    /// Reads what ``encodeStyle(with:)`` writes into the layer `layer` gives, which is made
    /// only when one of the keys is there.
    static func decodeStyle(from coder: Coder, layer: () -> Layer) throws(ArchiveError) {
        typealias Check = ArchiveChecks
        try coder.read("layer.cornerRadius", valid: Check.notNegative) { (value: CGFloat) in layer().cornerRadius = value }
        try coder.read("layer.maskedCorners") { (value: CornerMask) in layer().maskedCorners = value }
        try coder.read("layer.borderWidth", valid: Check.notNegative) { (value: CGFloat) in layer().borderWidth = value }
        try coder.read("layer.borderColor") { (value: Color?) in layer().borderColor = value }
        try coder.read("layer.shadowColor") { (value: Color?) in layer().shadowColor = value }
        try coder.read("layer.shadowOpacity", valid: { (value: Float) in value.isFinite }) { layer().shadowOpacity = $0 }
        try coder.read("layer.shadowOffset", valid: Check.finite) { (value: CGSize) in layer().shadowOffset = value }
        try coder.read("layer.shadowRadius", valid: Check.notNegative) { (value: CGFloat) in layer().shadowRadius = value }
        try coder.read("layer.zPosition", valid: Check.finite) { (value: CGFloat) in layer().zPosition = value }
    }
}
