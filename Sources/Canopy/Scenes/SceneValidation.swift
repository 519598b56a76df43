import Foundation

/// A scene's references resolved to indices, made only for a scene whose references all hold:
/// one window first, unique ids, existing parents, owners and items, no cycles, arranged views
/// under their stacks.
struct SceneIndex {
    // The ids' tables are emptied once every reference is resolved: a million views' table
    // takes some 16 MB, which would otherwise stay while the views are made.
    private var views = SceneIDTable(capacity: 0)
    private var guides = SceneIDTable(capacity: 0)
    // Indices are kept in 32 bits (the limits keep counts far below), as a large scene's
    // indices are alive while its views are made.
    /// Each view's parent index (−1 for the window).
    private(set) var parents: [Int32] = []
    /// Each constraint's items, numbered views first and then guides (−1 for no second item),
    /// so that instantiating does not look the names up again.
    private(set) var constraintItems: [(first: Int32, second: Int32)] = []
    /// Each guide's owning view.
    private(set) var guideOwners: [Int] = []
    /// Each stack view's arranged views, by the stack's index.
    private(set) var arrangedViews: [Int: [Int]] = [:]

    init(_ scene: Scene, classes: SceneClasses, limits: SceneLimits) throws(SceneError) {
        guard scene.views.count <= limits.maximumViewCount else {
            throw SceneError(location: "views", message: "\(scene.views.count) views exceed the limit of \(limits.maximumViewCount)")
        }
        guard let window = scene.views.first, window.className == "Window", window.parent == nil else {
            throw SceneError(location: "views[0]", message: "the first view must be the window: class \"Window\", no parent")
        }
        views = SceneIDTable(capacity: scene.views.count)
        guides = SceneIDTable(capacity: scene.guides.count)
        // Records are read in place, by index, throughout: iterating would copy every record,
        // and a record holds several strings.
        if let i = views.insertAll(scene.views) { throw Self.duplicate(scene.views[i].id, "views[\(i)].id") }
        for (i, guide) in scene.guides.enumerated() {
            guard view(guide.id, in: scene) == nil, guides.insert(guide.id, among: scene.guides) == nil else {
                throw Self.duplicate(guide.id, "guides[\(i)].id")
            }
        }
        guard (0.01...100).contains(scene.scale) else {
            throw SceneError(location: "window.scale", message: "\(scene.scale) is outside 0.01…100")
        }
        for i in scene.views.indices { try Self.checkValues(ofViewAt: i, in: scene) }
        try resolveParents(scene, classes)
        try checkClassSettings(scene, classes)
        if let archive = scene.archive { try Self.checkArchive(archive, of: scene) }
        try checkGuides(scene)
        try resolveConstraints(scene)
        (views, guides) = (SceneIDTable(capacity: 0), SceneIDTable(capacity: 0))
    }

    /// The number of the view named `id`, or `nil`.
    private mutating func view(_ id: String, in scene: Scene) -> Int? {
        views.number(of: id, among: scene.views)
    }

    /// Whether the view at `candidate` (any number) is named `id`. Ids are unique, so a view
    /// compared equal is the one the table would give: comparing a few likely neighbours
    /// first spares a large scene's lookups, each of which misses the cache.
    private static func isView(_ id: String, at candidate: Int, in scene: Scene) -> Bool {
        scene.views.indices.contains(candidate) && scene.views[candidate].id == id
    }

    // MARK: Values

    /// Checks `scene.views[i]`, read in place (a record passed to a call was copied).
    private static func checkValues(ofViewAt i: Int, in scene: Scene) throws(SceneError) {
        func location() -> String { "views[\(i)]" }
        // The placement and the appearance are checked where they differ from the defaults
        // (which hold): most views of a large scene keep them, and making the defaults to read
        // them cost more than the rest of the check. Each is read once: every property read
        // through the record would copy the whole of its part.
        let p = scene.views[i].customPlacement, a = scene.views[i].customAppearance
        let f = scene.views[i].frame
        // The stored size: `width` and `height` would read a negative size as positive.
        try finite([f.origin.x, f.origin.y, f.size.width, f.size.height], location() + ".frame")
        guard f.size.width >= 0, f.size.height >= 0 else {
            throw SceneError(location: location() + ".frame", message: "a frame's width and height cannot be negative")
        }
        if let p { try checkPlace(p, location) }
        try finite([scene.views[i].alpha], location() + ".alpha", within: 0...1)
        if let p { try checkLayoutSettings(p, location) }
        if let a { try checkAppearance(a, location) }
    }

    /// Checks where a placement puts the view: center, bounds origin, transform, anchor point
    /// and margins.
    private static func checkPlace(_ p: Scene.ViewRecord.Placement, _ location: () -> String) throws(SceneError) {
        let t = p.transform, m = p.layoutMargins
        if let c = p.center { try finite([c.x, c.y], location() + ".center") }
        try finite([p.boundsOrigin.x, p.boundsOrigin.y], location() + ".boundsOrigin")
        try finite([t.a, t.b, t.c, t.d, t.tx, t.ty], location() + ".transform")
        try finite([p.anchorPoint.x, p.anchorPoint.y], location() + ".anchorPoint")
        try finite([m.top, m.left, m.bottom, m.right], location() + ".layoutMargins")
    }

    /// Checks a placement's layout settings: intrinsic size, priorities and stack spacing.
    private static func checkLayoutSettings(_ p: Scene.ViewRecord.Placement, _ location: () -> String) throws(SceneError) {
        if let size = p.intrinsicContentSize {
            try finite([size.width, size.height], location() + ".intrinsicContentSize")
            guard View.isIntrinsicDimension(size.width), View.isIntrinsicDimension(size.height) else {
                throw SceneError(location: location() + ".intrinsicContentSize", message: "each dimension is at least 0, or -1 for none")
            }
        }
        let (hugging, resistance) = (p.hugging, p.compressionResistance)
        try finite([CGFloat(hugging.horizontal.rawValue), CGFloat(hugging.vertical.rawValue)], location() + ".hugging", within: 1...1000)
        try finite(
            [CGFloat(resistance.horizontal.rawValue), CGFloat(resistance.vertical.rawValue)], location() + ".compressionResistance",
            within: 1...1000)
        if let stack = p.stack { try finite([stack.spacing], location() + ".stack.spacing") }
    }

    /// Checks the drawing properties: font sizes, the image, the corner radius and border width.
    private static func checkAppearance(_ a: Scene.ViewRecord.Appearance, _ location: () -> String) throws(SceneError) {
        if let label = a.label {
            try finite([label.fontSize], location() + ".label.fontSize", within: 0...CGFloat.greatestFiniteMagnitude)
        }
        if let button = a.button {
            try finite([button.fontSize], location() + ".button.fontSize", within: 0...CGFloat.greatestFiniteMagnitude)
        }
        if let image = a.image {
            try finite([image.scale], location() + ".image.scale", within: 0.01...100)
            guard Image(data: image.pngData, scale: image.scale) != nil else {
                throw SceneError(location: location() + ".image.png", message: "is not a PNG file Canopy reads (or is past 32,767 pixels on a side)")
            }
        }
        try finite([a.cornerRadius], location() + ".cornerRadius", within: 0...CGFloat.greatestFiniteMagnitude)
        try finite([a.borderWidth], location() + ".borderWidth", within: 0...CGFloat.greatestFiniteMagnitude)
    }

    private static func checkValues(
        multiplier: CGFloat, constant: CGFloat, priority: LayoutPriority, _ firstAttribute: LayoutConstraint.Attribute,
        hasSecondItem: Bool, _ secondAttribute: LayoutConstraint.Attribute, at location: @autoclosure () -> String
    ) throws(SceneError) {
        // The numbers of nearly every constraint pass: tested together first, as the checks one
        // by one (which name the number that fails) cost about a quarter of checking a constraint.
        let largest = SceneVocabulary.largestMagnitude
        if !(abs(multiplier) <= largest && abs(constant) <= largest && priority.isValid) {
            try finite([multiplier], location() + ".multiplier")
            try finite([constant], location() + ".constant")
            try finite([CGFloat(priority.rawValue)], location() + ".priority", within: 1...1000)
        }
        if let problem = LayoutConstraint.problem(
            firstAttribute, hasSecondItem, secondAttribute, multiplier: multiplier, constant: constant)
        {
            throw SceneError(location: location(), message: "UIKit refuses this constraint: \(problem)")
        }
    }

    /// Numbers must be finite, within the format's magnitude, and within `range` when given.
    /// Locations are written only for an error: a million-view scene would spend most of its
    /// check building them. The values are held inline, not in an allocated array: a scene is
    /// checked every time it is instantiated.
    private static func finite<let count: Int>(
        _ values: InlineArray<count, CGFloat>, _ location: @autoclosure () -> String, within range: ClosedRange<CGFloat>? = nil
    ) throws(SceneError) {
        for index in values.indices {
            let value = values[index]
            guard value.isFinite, abs(value) <= SceneVocabulary.largestMagnitude else {
                throw SceneError(location: location(), message: "\(value) is not a finite number within ±1e9")
            }
            if let range, !range.contains(value) {
                throw SceneError(location: location(), message: "\(value) is outside \(range.lowerBound)…\(range.upperBound)")
            }
        }
    }

    /// The scene's archive stands for its views, in order, under their classes; the objects
    /// after the views are ones the views refer to, not more views' stand-ins; and nothing in
    /// it is connected (a scene has no outlets).
    private static func checkArchive(_ archive: Archive, of scene: Scene) throws(SceneError) {
        guard archive.objects.count >= scene.views.count else {
            throw SceneError(
                location: "archive", message: "\(archive.objects.count) objects cannot stand for \(scene.views.count) views")
        }
        guard archive.connections.isEmpty else {
            throw SceneError(location: "archive", message: "a scene's archive has no outlets or actions")
        }
        for i in scene.views.indices where archive.objects[i].className != scene.views[i].className {
            throw SceneError(
                location: "archive.objects[\(i)]",
                message: "stands for views[\(i)], of class \"\(scene.views[i].className)\", "
                    + "not \"\(archive.objects[i].className)\"")
        }
        for i in scene.views.indices where archive.objects[i].placeholder.map({ $0 != Scene.placeholderMark }) ?? false {
            throw SceneError(location: "archive.objects[\(i)]", message: "is a placeholder of another kind")
        }
        for i in archive.objects.indices.dropFirst(scene.views.count) where archive.objects[i].placeholder != nil {
            throw SceneError(location: "archive.objects[\(i)]", message: "only the views' stand-ins may be placeholders")
        }
    }

    // MARK: References

    private static func duplicate(_ id: String, _ location: String) -> SceneError {
        SceneError(location: location, message: "the id \"\(id)\" is used twice")
    }

    private mutating func resolveParents(_ scene: Scene, _ classes: SceneClasses) throws(SceneError) {
        parents = [-1]
        parents.reserveCapacity(scene.views.count)
        // Siblings and views of one class mostly come in runs: the previous view's parent and
        // class are compared before a lookup, and a new run's parent with the view after the
        // previous run's (a tree listed level by level has its parents in order).
        var lastClass: String?
        var lastParent: (id: String, index: Int)?
        for i in scene.views.indices {
            let className = scene.views[i].className
            guard className == lastClass || classes.contains(className) else {
                throw SceneError(location: "views[\(i)].class", message: "\"\(className)\" is neither built in nor registered")
            }
            if i == 0 { continue }
            guard className != "Window" else {
                throw SceneError(location: "views[\(i)].class", message: "only the first view can be the window")
            }
            guard let parentID = scene.views[i].parent else {
                throw SceneError(location: "views[\(i)]", message: "\"\(scene.views[i].id)\" has no parent; only the window may have none")
            }
            lastClass = className
            if lastParent?.id != parentID {
                let next = (lastParent?.index ?? -2) + 1
                let parent = Self.isView(parentID, at: next, in: scene) ? next : view(parentID, in: scene)
                guard let parent else {
                    throw SceneError(location: "views[\(i)].parent", message: "no view has the id \"\(parentID)\"")
                }
                lastParent = (parentID, parent)
            }
            parents.append(Int32(lastParent!.index))
        }
        // Every view must hang from the window; those that do not sit on a cycle of parents.
        // Each view's children are listed in one array (a counting sort by parent), not in an
        // array per view: a large scene would make one allocation per parent.
        let count = scene.views.count
        var childStart = [Int](repeating: 0, count: count + 1)
        for parent in parents.dropFirst() { childStart[Int(parent) + 1] += 1 }
        for view in 0..<count { childStart[view + 1] += childStart[view] }
        var cursor = childStart
        var children = [Int](repeating: 0, count: count)
        for child in 1..<count {
            let parent = Int(parents[child])
            children[cursor[parent]] = child
            cursor[parent] += 1
        }
        var reached = [Bool](repeating: false, count: count)
        var pending = [0]
        while let view = pending.popLast() {
            reached[view] = true
            pending += children[childStart[view]..<childStart[view + 1]]
        }
        if let stray = reached.firstIndex(of: false) {
            throw SceneError(location: "views[\(stray)].parent", message: "\"\(scene.views[stray].id)\" is its own ancestor (the parents form a cycle)")
        }
    }

    /// Class-specific settings (a stack's, a label's, a button's) only on views of that kind.
    private mutating func checkClassSettings(_ scene: Scene, _ classes: SceneClasses) throws(SceneError) {
        var kinds: [String: View?] = [:]  // one view made per class name, to ask its kind
        func require(_ isKind: (View?) -> Bool, _ i: Int, _ key: String, _ kind: String) throws(SceneError) {
            let name = scene.views[i].className
            if kinds[name] == nil { kinds[name] = .some(classes.maker(of: name)?()) }
            guard isKind(kinds[name]!) else {
                throw SceneError(location: "views[\(i)].\(key)", message: "\"\(name)\" is not \(kind) class")
            }
        }
        for (k, guide) in scene.guides.enumerated() where guide.scrollViewGuide != nil {
            guard let i = view(guide.owner, in: scene) else { continue }
            do {
                try require({ $0 is ScrollView }, i, "class", "a scroll view")
            } catch {
                throw SceneError(location: "guides[\(k)].scrollView", message: error.message)
            }
        }
        for i in scene.views.indices {
            if let appearance = scene.views[i].customAppearance {
                if appearance.label != nil { try require({ $0 is Label }, i, "label", "a label") }
                if appearance.button != nil { try require({ $0 is Button }, i, "button", "a button") }
                if appearance.image != nil { try require({ $0 is ImageView }, i, "image", "an image view") }
            }
            guard let stack = scene.views[i].customPlacement?.stack else { continue }
            try require({ $0 is StackView }, i, "stack", "a stack view")
            var seen = Set<Int>()
            for (k, id) in stack.arranged.enumerated() {
                let location = "views[\(i)].stack.arranged[\(k)]"
                guard let arranged = view(id, in: scene) else { throw SceneError(location: location, message: "no view has the id \"\(id)\"") }
                guard parents[arranged] == Int32(i) else {
                    throw SceneError(location: location, message: "\"\(id)\" is not a subview of the stack \"\(scene.views[i].id)\"")
                }
                guard seen.insert(arranged).inserted else { throw SceneError(location: location, message: "\"\(id)\" is arranged twice") }
                arrangedViews[i, default: []].append(arranged)
            }
        }
    }

    private mutating func checkGuides(_ scene: Scene) throws(SceneError) {
        var marginsOwners = Set<Int>(), safeAreaOwners = Set<Int>()
        var scrollGuideOwners: [Scene.GuideRecord.ScrollViewGuide: Set<Int>] = [:]
        guideOwners.reserveCapacity(scene.guides.count)
        for (i, guide) in scene.guides.enumerated() {
            guard let owner = view(guide.owner, in: scene) else {
                throw SceneError(location: "guides[\(i)].owner", message: "no view has the id \"\(guide.owner)\"")
            }
            guideOwners.append(owner)
            if guide.isMarginsGuide, !marginsOwners.insert(owner).inserted {
                throw SceneError(location: "guides[\(i)].margins", message: "\"\(guide.owner)\" has one margins guide already")
            }
            if guide.isSafeAreaGuide {
                guard !guide.isMarginsGuide, guide.scrollViewGuide == nil else {
                    throw SceneError(
                        location: "guides[\(i)].safeArea", message: "a safe-area guide is no other kind of guide")
                }
                guard safeAreaOwners.insert(owner).inserted else {
                    throw SceneError(
                        location: "guides[\(i)].safeArea", message: "\"\(guide.owner)\" has one safe-area guide already")
                }
            }
            guard let kind = guide.scrollViewGuide else { continue }
            guard !guide.isMarginsGuide else {
                throw SceneError(location: "guides[\(i)].scrollView", message: "a margins guide is not a scroll view's guide")
            }
            guard scrollGuideOwners[kind, default: []].insert(owner).inserted else {
                throw SceneError(location: "guides[\(i)].scrollView", message: "\"\(guide.owner)\" has that guide already")
            }
        }
    }

    /// Checks each constraint's values and resolves its items, in one pass over the records (a
    /// large scene's do not stay in the cache between two). Consecutive constraints mostly name
    /// the same items (a view's constraints are written together), so the previous
    /// constraint's are compared first: a string comparison costs less than hashing the id.
    private mutating func resolveConstraints(_ scene: Scene) throws(SceneError) {
        constraintItems.reserveCapacity(scene.constraints.count)
        // Constraints come mostly grouped by their first view, in the views' order, and relate
        // it to its superview, to the sibling listed before it or to one a few constraints
        // back (the first of a row of siblings of equal widths): those views' ids are compared
        // before an id is looked up (see isView).
        func guess(_ id: String, _ candidate: Int) -> Int? {
            Self.isView(id, at: candidate, in: scene) ? candidate : nil
        }
        var previous: (first: String, firstItem: Int, second: String?, secondItem: Int) = ("", -1, nil, -1)
        // The first items before the current one, latest first.
        var earlierFirsts = (-1, -1, -1)
        for i in scene.constraints.indices {
            // The numbers and attributes are passed, not the record: a record passed to a call
            // was copied, its strings retained and released.
            try Self.checkValues(
                multiplier: scene.constraints[i].multiplier, constant: scene.constraints[i].constant,
                priority: scene.constraints[i].priority, scene.constraints[i].firstAttribute,
                hasSecondItem: scene.constraints[i].second != nil, scene.constraints[i].secondAttribute,
                at: "constraints[\(i)]")
            let firstID = scene.constraints[i].first, secondID = scene.constraints[i].second
            if previous.firstItem < 0 || firstID != previous.first {
                let next = previous.firstItem < scene.views.count ? previous.firstItem + 1 : -1
                earlierFirsts = (previous.firstItem, earlierFirsts.0, earlierFirsts.1)
                previous.first = firstID
                if let guessed = guess(firstID, next) {
                    previous.firstItem = guessed
                } else {
                    previous.firstItem = try item(firstID, in: scene, at: "constraints[\(i)].first")
                }
            }
            if secondID != previous.second {
                previous.second = secondID
                let first = previous.firstItem, parent = first < parents.count ? Int(parents[first]) : -1
                if let secondID {
                    if let guessed = guess(secondID, parent) ?? guess(secondID, first - 1)
                        ?? guess(secondID, earlierFirsts.0) ?? guess(secondID, earlierFirsts.1)
                        ?? guess(secondID, earlierFirsts.2)
                    {
                        previous.secondItem = guessed
                    } else {
                        previous.secondItem = try item(secondID, in: scene, at: "constraints[\(i)].second")
                    }
                } else {
                    previous.secondItem = -1
                }
            }
            constraintItems.append((Int32(previous.firstItem), Int32(previous.secondItem)))
        }
    }

    /// The number of the view or guide named `id`.
    private mutating func item(_ id: String, in scene: Scene, at location: @autoclosure () -> String) throws(SceneError) -> Int {
        if let view = view(id, in: scene) { return view }
        if let guide = guides.number(of: id, among: scene.guides) { return scene.views.count + guide }
        throw SceneError(location: location(), message: "no view or guide has the id \"\(id)\"")
    }
}
