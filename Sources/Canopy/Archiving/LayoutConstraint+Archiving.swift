import Foundation

// A constraint archives its items as views: a layout guide is written as its owning view and
// the guide's name there ("safeAreaLayoutGuide", "layoutMarginsGuide", "layoutGuides[2]").
extension LayoutConstraint: Archivable {
    /// Creates an inactive constraint from an archive; the view that held it activates it.
    /// Returns `nil`, with the reason in the coder's ``Coder/error``, when the parts cannot
    /// make a constraint.
    public convenience init?(coder: Coder) {
        do {
            let first = try Self.decodeItem(from: coder, keys: Self.firstItemKeys)
            let second = try coder.containsValue(forKey: Self.secondItemKeys.item)
                ? Self.decodeItem(from: coder, keys: Self.secondItemKeys) : nil
            let firstAttribute = try coder.decode(Attribute.self, forKey: "firstAttribute")
            let secondAttribute = try coder.decodeIfPresent(Attribute.self, forKey: "secondAttribute") ?? .notAnAttribute
            let relation = try coder.decodeIfPresent(Relation.self, forKey: "relation") ?? .equal
            let multiplier = try coder.decodeIfPresent(CGFloat.self, forKey: "multiplier") ?? 1
            let constant = try coder.decodeIfPresent(CGFloat.self, forKey: "constant") ?? 0
            let priority = try coder.decodeIfPresent(LayoutPriority.self, forKey: "priority") ?? .required
            if let problem = Self.problem(firstAttribute, second != nil, secondAttribute, multiplier: multiplier, constant: constant) {
                throw coder.invalid("firstAttribute", problem)
            }
            guard priority.isValid else { throw coder.invalid("priority", "a priority must be 1...1000") }
            self.init(
                item: first, attribute: firstAttribute, relatedBy: relation, toItem: second, attribute: secondAttribute,
                multiplier: multiplier, constant: constant)
            self.priority = priority
            identifier = try coder.decodeIfPresent(String.self, forKey: "identifier")
        } catch {
            coder.failWithError(error)
            return nil
        }
    }

    /// Writes the items, attributes, relation, multiplier, constant, priority and identifier.
    public func encode(with coder: Coder) {
        Self.encodeItem(firstItem, with: coder, keys: Self.firstItemKeys)
        coder.encode(firstAttribute, forKey: "firstAttribute")
        if secondItem != nil {
            Self.encodeItem(secondItem, with: coder, keys: Self.secondItemKeys)
            coder.encode(secondAttribute, forKey: "secondAttribute")
        }
        coder.encode(relation, forKey: "relation", unless: .equal)
        coder.encode(multiplier, forKey: "multiplier", unless: 1)
        coder.encode(constant, forKey: "constant", unless: 0)
        coder.encode(priority, forKey: "priority", unless: .required)
        coder.encode(identifier, forKey: "identifier", unless: nil)
    }

    /// The keys of an item: its view, and the name of the guide in that view when the item is
    /// a guide. Written out once rather than made per constraint (decoding runs per constraint).
    private typealias ItemKeys = (item: String, guide: String)
    private static let firstItemKeys: ItemKeys = ("firstItem", "firstItemGuide")
    private static let secondItemKeys: ItemKeys = ("secondItem", "secondItemGuide")

    private static func encodeItem(_ item: LayoutItem?, with coder: Coder, keys: ItemKeys) {
        guard let guide = item as? LayoutGuide else {
            coder.encode(item as? View, forKey: keys.item)
            return
        }
        guard let owner = guide.owningView else { return coder.encode(nil as View?, forKey: keys.item) }
        coder.encode(owner, forKey: keys.item)
        coder.encode(guideName(guide, in: owner), forKey: keys.guide)
    }

    private static func guideName(_ guide: LayoutGuide, in owner: View) -> String {
        if guide === owner.layoutSettings?.safeAreaGuide { return "safeAreaLayoutGuide" }
        if let name = (owner as? ScrollView)?.ownGuideName(guide) { return name }
        if guide.isMarginsGuide { return "layoutMarginsGuide" }
        let index = owner.archivedLayoutGuides.firstIndex { $0 === guide } ?? -1
        return "layoutGuides[\(index)]"
    }

    /// The item under `keys`: a view, or the guide named in it.
    private static func decodeItem(from coder: Coder, keys: ItemKeys) throws(ArchiveError) -> LayoutItem {
        guard let view = try coder.decodeObject(of: View.self, forKey: keys.item) else {
            throw coder.invalid(keys.item, "a constraint needs this item")
        }
        guard let name = try coder.decodeIfPresent(String.self, forKey: keys.guide) else { return view }
        switch name {
        case "safeAreaLayoutGuide": return view.safeAreaLayoutGuide
        case "layoutMarginsGuide": return view.layoutMarginsGuide
        case "contentLayoutGuide", "frameLayoutGuide":
            guard let scrollView = view as? ScrollView else { throw coder.invalid(keys.guide, "\(view) is not a scroll view") }
            return name == "contentLayoutGuide" ? scrollView.contentLayoutGuide : scrollView.frameLayoutGuide
        default:
            let guides = view.archivedLayoutGuides
            guard name.hasPrefix("layoutGuides["), name.hasSuffix("]"),
                let index = Int(name.dropFirst("layoutGuides[".count).dropLast()), guides.indices.contains(index)
            else { throw coder.invalid(keys.guide, "\(view) has no guide \"\(name)\"") }
            return guides[index]
        }
    }

    /// Whether both items belong to one view hierarchy, so that the constraint can be active.
    var itemsShareAHierarchy: Bool {
        guard let first = firstItem?.layoutOwningView else { return false }
        guard let second = secondItem else { return true }
        guard let other = second.layoutOwningView else { return false }
        return first.rootView === other.rootView
    }
}

