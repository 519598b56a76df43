import Foundation

extension LayoutConstraint: CustomStringConvertible {
    /// A stable, readable description, the same from run to run:
    /// `<LayoutConstraint 'name' Button#3.leading == View.leading + 16 @750>` — each item as
    /// its class (with its tag, or a guide's identifier), the attribute, the relation, the
    /// multiplier when not 1, the constant when not 0, and the priority when not required.
    public var description: String {
        var text = "<LayoutConstraint "
        if let identifier { text += "'\(identifier)' " }
        text += "\(Self.name(of: firstItem)).\(firstAttribute) \(relation.symbol) "
        var hasTerm = false
        if let secondItem {
            if multiplier != 1 { text += "\(Self.number(multiplier)) × " }
            text += "\(Self.name(of: secondItem)).\(secondAttribute)"
            hasTerm = true
        }
        if !hasTerm {
            text += Self.number(constant)
        } else if constant != 0 {
            text += constant < 0 ? " - \(Self.number(-constant))" : " + \(Self.number(constant))"
        }
        if priority != .required { text += " @\(Self.number(CGFloat(priority.rawValue)))" }
        return text + ">"
    }

    /// An item's name in descriptions: its class (and tag), or a guide's identifier.
    static func name(of item: LayoutItem?) -> String {
        switch item {
        case let guide as LayoutGuide:
            let owner = guide.owningView.map { name(of: $0) } ?? "nil"
            return "\(owner).\(guide.identifier.isEmpty ? "guide" : guide.identifier)"
        case let view as View:
            let base = view.tag == 0 ? "\(type(of: view))" : "\(type(of: view))#\(view.tag)"
            return view.accessibilityIdentifier.map { "\(base)('\($0)')" } ?? base
        default:
            return "nil"
        }
    }

    /// `16`, `0.5`: no trailing `.0`.
    static func number(_ value: CGFloat) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}

extension LayoutConstraint.Relation {
    /// `==`, `<=` or `>=`.
    var symbol: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}
