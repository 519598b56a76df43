import Foundation

// A constraint archives its items as views: a layout guide is written as its owning view and
// the guide's name there ("safeAreaLayoutGuide", "layoutMarginsGuide", "layoutGuides[2]").
extension LayoutConstraint: Archivable {
    /// Creates an inactive constraint from an archive; the view that held it activates it.
    /// Returns `nil`, with the reason in the coder's ``Coder/error``, when the parts cannot
    /// make a constraint.
    public convenience init?(coder: Coder) {
        do {
            let first = try Self.decodeItem(from: coder, key: "firstItem", guideKey: "firstItemGuide")
            let second = try coder.containsValue(forKey: "secondItem") ? Self.decodeItem(from: coder, key: "secondItem", guideKey: "secondItemGuide") : nil
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
        Self.encodeItem(firstItem, with: coder, key: "firstItem")
        coder.encode(firstAttribute, forKey: "firstAttribute")
        if secondItem != nil {
            Self.encodeItem(secondItem, with: coder, key: "secondItem")
            coder.encode(secondAttribute, forKey: "secondAttribute")
        }
        coder.encode(relation, forKey: "relation", unless: .equal)
        coder.encode(multiplier, forKey: "multiplier", unless: 1)
        coder.encode(constant, forKey: "constant", unless: 0)
        coder.encode(priority, forKey: "priority", unless: .required)
        coder.encode(identifier, forKey: "identifier", unless: nil)
    }

    private static func encodeItem(_ item: LayoutItem?, with coder: Coder, key: String) {
        guard let guide = item as? LayoutGuide else {
            coder.encode(item as? View, forKey: key)
            return
        }
        guard let owner = guide.owningView else { return coder.encode(nil as View?, forKey: key) }
        coder.encode(owner, forKey: key)
        coder.encode(guideName(guide, in: owner), forKey: key + "Guide")
    }

    private static func guideName(_ guide: LayoutGuide, in owner: View) -> String {
        if guide === owner.layoutStateStorage?.safeAreaGuide { return "safeAreaLayoutGuide" }
        if let name = (owner as? ScrollView)?.ownGuideName(guide) { return name }
        if guide.isMarginsGuide { return "layoutMarginsGuide" }
        let index = owner.archivedLayoutGuides.firstIndex { $0 === guide } ?? -1
        return "layoutGuides[\(index)]"
    }

    /// The item under `key`: a view, or the guide `guideKey` names in it. The guide's key is
    /// a literal rather than made from `key`, as this runs for every archived constraint.
    private static func decodeItem(from coder: Coder, key: String, guideKey: String) throws(ArchiveError) -> LayoutItem {
        guard let view = try coder.decodeObject(of: View.self, forKey: key) else {
            throw coder.invalid(key, "a constraint needs this item")
        }
        guard let name = try coder.decodeIfPresent(String.self, forKey: guideKey) else { return view }
        switch name {
        case "safeAreaLayoutGuide": return view.safeAreaLayoutGuide
        case "layoutMarginsGuide": return view.layoutMarginsGuide
        case "contentLayoutGuide", "frameLayoutGuide":
            guard let scrollView = view as? ScrollView else { throw coder.invalid(guideKey, "\(view) is not a scroll view") }
            return name == "contentLayoutGuide" ? scrollView.contentLayoutGuide : scrollView.frameLayoutGuide
        default:
            let guides = view.archivedLayoutGuides
            guard name.hasPrefix("layoutGuides["), name.hasSuffix("]"),
                let index = Int(name.dropFirst("layoutGuides[".count).dropLast()), guides.indices.contains(index)
            else { throw coder.invalid(guideKey, "\(view) has no guide \"\(name)\"") }
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

