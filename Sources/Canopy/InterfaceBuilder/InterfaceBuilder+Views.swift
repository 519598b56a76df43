import Foundation

// How view, view controller and constraint elements become archived objects.
extension InterfaceBuilderReader {
    /// Canopy's classes for Interface Builder's view elements.
    static let viewClasses: [String: String] = [
        "view": "View", "label": "Label", "button": "Button", "imageView": "ImageView", "scrollView": "ScrollView",
        "stackView": "StackView", "control": "Control", "window": "Window",
    ]

    /// UIKit view elements Canopy has no class for, and the built-in class each is read as
    /// (controls as controls, so that their actions connect), so that they still take part in
    /// layout. Their own attributes and elements are not read.
    static let plainViewElements: [String: String] = [
        "textField": "Control", "switch": "Control", "slider": "Control", "segmentedControl": "Control",
        "stepper": "Control", "datePicker": "Control", "pageControl": "Control",
        "textView": "ScrollView", "tableView": "ScrollView", "collectionView": "ScrollView",
        "activityIndicatorView": "View", "progressView": "View", "pickerView": "View", "searchBar": "View",
        "navigationBar": "View", "toolbar": "View", "tabBar": "View", "mapView": "View", "wkWebView": "View",
        "visualEffectView": "View", "tableViewCell": "View", "collectionViewCell": "View",
        "tableViewCellContentView": "View", "collectionViewCellContentView": "View",
        "collectionReusableView": "View", "containerView": "View", "webView": "View", "arscnView": "View",
        "sceneKitView": "View", "glkView": "View", "mtkView": "View",
    ]

    /// Canopy reads every view controller element as a view controller (of its custom class).
    static let viewControllerClasses: [String: String] = [
        "viewController": "ViewController", "tableViewController": "ViewController",
        "collectionViewController": "ViewController", "navigationController": "ViewController",
        "tabBarController": "ViewController", "pageViewController": "ViewController",
        "splitViewController": "ViewController",
    ]

    func isViewElement(_ element: MarkupElement) -> Bool {
        Self.viewClasses[element.name] != nil || Self.plainViewElements[element.name] != nil
    }

    // MARK: Views

    /// Reads a view element, its subviews and constraints; the place of its object.
    func readView(_ element: MarkupElement) throws(ArchiveError) -> Int {
        let builtIn = Self.viewClasses[element.name]
        let stand = Self.plainViewElements[element.name] ?? "View"
        if builtIn == nil {
            warn("<\(element.name)> is read as a plain \(element["customClass"].map { "\($0) (a \(stand))" } ?? stand)", element)
        }
        let standIn = StandIn.elements[element.name]
        let index = newObject(element["customClass"] ?? builtIn ?? standIn?.className ?? stand, element)
        if builtIn == nil, element["customClass"] != nil { archive.objects[index].builtInClassName = standIn?.className ?? stand }
        if let standIn, let frame = element.child("rect", key: "frame").flatMap(InterfaceBuilderValues.geometry),
            case .rect(let rect) = frame, rect.width >= 0, rect.height >= 0
        {
            // The size Xcode saved is the intrinsic size the view had on the designer's device.
            let none = View.noIntrinsicMetric
            let size = CGSize(width: standIn.width ? rect.width : none, height: standIn.height ? rect.height : none)
            set(StandIn.sizeKey, .size(size), at: index)
        }
        let specific = Self.attributeRules[element.name] ?? [:]
        try readAttributes(of: element, into: index, quietly: builtIn == nil) { specific[$0] ?? Self.viewAttributeRules[$0] }
        for child in element.children { try readViewChild(child, of: element, into: index, quietly: builtIn == nil) }
        return index
    }

    /// Reads an element's attributes by `rules`; `quietly`, for an element read as a plain
    /// view, passes over the ones of its own class without a warning each.
    private func readAttributes(
        of element: MarkupElement, into index: Int, quietly: Bool = false, rules: (String) -> AttributeRule?
    ) throws(ArchiveError) {
        for (name, text) in element.attributes.sorted(by: { $0.key < $1.key }) {
            guard let rule = rules(name) else {
                if !quietly { warn("the attribute \(name) of <\(element.name)> is not read", element) }
                continue
            }
            try apply(rule, name: name, text: text, element: element, into: index)
        }
    }

    private func apply(_ rule: AttributeRule, name: String, text: String, element: MarkupElement, into index: Int) throws(ArchiveError) {
        let invalid = { () -> ArchiveError in self.malformed("the attribute \(name)=\"\(text)\" cannot be read", element) }
        switch rule {
        case .ignored: break
        case .bool(let key):
            guard let value = InterfaceBuilderValues.bool(text) else { throw invalid() }
            set(key, .bool(value), at: index)
        case .number(let key):
            guard let value = InterfaceBuilderValues.number(text) else { throw invalid() }
            set(key, .number(value), at: index)
        case .integer(let key):
            guard let value = Int(text) else { throw invalid() }
            set(key, .integer(value), at: index)
        case .string(let key):
            set(key, .string(text), at: index)
        case .choice(let key, let values):
            guard let value = values[text] else {
                warn("\(name)=\"\(text)\" is not a value Canopy knows; the default is kept", element)
                return
            }
            set(key, value, at: index)
        case .image(let key):
            set(key, image(named: text, element).map(ArchiveValue.image) ?? .null, at: index)
        }
    }

    private func readViewChild(
        _ child: MarkupElement, of element: MarkupElement, into index: Int, quietly: Bool
    ) throws(ArchiveError) {
        let key = child["key"] ?? ""
        switch child.name {
        case "rect" where key == "frame", "inset", "edgeInsets":
            guard let value = InterfaceBuilderValues.geometry(child) else { throw malformed("the <\(child.name)> cannot be read", child) }
            set(key == "frame" ? "frame" : key, value, at: index)
        case "autoresizingMask":
            set("autoresizingMask", InterfaceBuilderValues.autoresizingMask(child).archiveValue, at: index)
        case "color":
            guard let target = Self.colorKeys[key] else { return warn("the colour \(key) is not read", child) }
            guard let color = InterfaceBuilderValues.color(child, named: namedColors) else {
                return warn("the colour \(key) names a colour the file does not define; it is not read", child)
            }
            set(target, .color(color), at: index)
        case "nil":
            if let target = Self.colorKeys[key] { set(target, .null, at: index) }
        case "subviews":
            for subview in child.children {
                if isViewElement(subview) || subview["customClass"] != nil {
                    appendSubview(try readView(subview), to: index)
                } else {
                    skip(subview, "<\(subview.name)> in <subviews> is not read")
                }
            }
        case _ where !key.isEmpty && (isViewElement(child) || child["customClass"] != nil):
            // A view a class holds under a key (a cell's contentView) is one of its subviews.
            appendSubview(try readView(child), to: index)
        case "constraints":
            var held: [ArchiveValue] = []
            for constraint in child.children where constraint.name == "constraint" {
                held.append(.object(try readConstraint(constraint, holder: index)))
            }
            set("constraints", .array(held), at: index)
        case "viewLayoutGuide":
            guard let id = child["id"] else { return }
            switch key {
            case "safeArea": ids[id] = .guide(view: index, name: "safeAreaLayoutGuide")
            case "contentLayoutGuide" where element.name == "scrollView", "frameLayoutGuide" where element.name == "scrollView":
                ids[id] = .guide(view: index, name: key)
            default: ids[id] = .unsupported("\(key) guide")
            }
        case "fontDescription":
            readFont(child, into: index, key: element.name == "button" ? "titleFont" : "font")
        case "state":
            // A configuration's title is the one a device shows.
            readButtonState(child, into: index, keepingTitle: element.child("buttonConfiguration")?["title"] == nil)
        case "buttonConfiguration":
            if let title = child["title"] { set("title.normal", .string(title), at: index) }
            warn("a button configuration is read for its title only", child)
        case "userDefinedRuntimeAttributes":
            try readRuntimeAttributes(child, into: index)
        case "connections":
            readConnections(child, source: index)
        case "string" where key == "text":
            set("text", .string(child.text), at: index)
        case "attributedString" where key == "attributedText" && element.name == "label":
            set("attributedText", readAttributedString(child).archiveValue, at: index)
        case "imageReference" where key == "image":
            set("image", child["image"].flatMap { image(named: $0, child) }.map(ArchiveValue.image) ?? .null, at: index)
        case "variation":
            variations.append(child)
        case "accessibility", "point", "freeformSimulatedSizeMetrics", "simulatedMetricsContainer",
            "textInputTraits", "viewLayoutGuides", "size":
            break
        default:
            skip(child, quietly ? nil : "<\(child.name)\(key.isEmpty ? "" : " key=\"\(key)\"")> in <\(element.name)> is not read")
        }
    }

    /// Appends the object at `subview` to the subviews of the one at `index`.
    private func appendSubview(_ subview: Int, to index: Int) {
        guard case .array(let list)? = archive.objects[index].values["subviews"] else {
            return set("subviews", .array([.object(subview)]), at: index)
        }
        set("subviews", .array(list + [.object(subview)]), at: index)
    }

    /// An `<attributedString>`'s fragments: each one's text (its `content`, or a `<string
    /// key="content">`) with its font and colour, and the paragraph style of the first. Other
    /// attributes are reported as not read.
    private func readAttributedString(_ element: MarkupElement) -> ArchivedAttributedText {
        let text = NSMutableAttributedString(string: "")
        var paragraph: ParagraphStyle?
        for fragment in element.children where fragment.name == "fragment" {
            let content = fragment["content"] ?? fragment.child("string", key: "content")?.text ?? ""
            var attributes: [NSAttributedString.Key: Any] = [:]
            for attribute in fragment.child("attributes")?.children ?? [] {
                switch (attribute.name, attribute["key"] ?? "") {
                case ("font", "NSFont"):
                    attributes[.font] = InterfaceBuilderValues.fragmentFont(attribute) ?? {
                        warn("the font \"\(attribute["name"] ?? "")\" is not installed; the system font is used", attribute)
                        return Font.systemFont(ofSize: max(attribute["size"].flatMap(InterfaceBuilderValues.number) ?? 17, 0))
                    }()
                case ("color", "NSColor"):
                    if let color = InterfaceBuilderValues.color(attribute, named: namedColors) { attributes[.foregroundColor] = color }
                case ("paragraphStyle", "NSParagraphStyle"):
                    // The first character's style sets the whole text, as Canopy sets lines.
                    if text.length == 0 && paragraph == nil { paragraph = InterfaceBuilderValues.paragraphStyle(attribute) }
                case (let name, let key):
                    warn("the text attribute <\(name) key=\"\(key)\"> is not read", attribute)
                }
            }
            text.append(NSAttributedString(string: content, attributes: attributes))
        }
        if let paragraph, text.length > 0 {
            text.addAttribute(.paragraphStyle, value: paragraph, range: NSRange(location: 0, length: text.length))
        }
        return ArchivedAttributedText(text)
    }

    private func readFont(_ element: MarkupElement, into index: Int, key: String) {
        if let font = InterfaceBuilderValues.font(element) {
            set(key, .font(font), at: index)
        } else {
            let size = element["pointSize"].flatMap(InterfaceBuilderValues.number) ?? 17
            warn("the font \"\(element["name"] ?? "")\" is not installed; the system font is used", element)
            set(key, .font(.systemFont(ofSize: max(size, 0))), at: index)
        }
    }

    private func readButtonState(_ element: MarkupElement, into index: Int, keepingTitle: Bool) {
        let state = element["key"] ?? "normal"
        guard ["normal", "highlighted", "disabled", "selected"].contains(state) else {
            return warn("the button state \"\(state)\" is not read", element)
        }
        if let title = element["title"], keepingTitle || state != "normal" { set("title." + state, .string(title), at: index) }
        if let name = element["image"], let image = image(named: name, element) { set("image." + state, .image(image), at: index) }
        for child in element.children {
            if child.name == "color", child["key"] == "titleColor", let color = InterfaceBuilderValues.color(child, named: namedColors) {
                set("titleColor." + state, .color(color), at: index)
            } else if child.name == "imageReference", child["key"] == "image", let name = child["image"],
                let image = image(named: name, child)
            {
                set("image." + state, .image(image), at: index)
            }
        }
    }

    /// The image named `name`: its file, else a blank of the size the document's resources
    /// give (it lays out as on a device), else nothing.
    func image(named name: String, _ element: MarkupElement) -> Image? {
        if let image = imageNamed(name) { return image }
        if let size = imageSizes[name] {
            warn("the image \"\(name)\" is not found; a blank of its size stands in", element)
            return Image(size: size)
        }
        warn("the image \"\(name)\" is not found", element)
        return nil
    }

    // MARK: Runtime attributes

    private func readRuntimeAttributes(_ element: MarkupElement, into index: Int) throws(ArchiveError) {
        for attribute in element.children where attribute.name == "userDefinedRuntimeAttribute" {
            guard let keyPath = attribute["keyPath"], !keyPath.isEmpty else {
                throw malformed("a runtime attribute has no key path", attribute)
            }
            guard let value = runtimeValue(attribute) else {
                throw malformed("the runtime attribute \(keyPath) of type \"\(attribute["type"] ?? "")\" cannot be read", attribute)
            }
            archive.objects[index].keyPathValues.append(KeyPathValue(keyPath: keyPath, value: value, line: attribute.line))
        }
    }

    private func runtimeValue(_ attribute: MarkupElement) -> ArchiveValue? {
        let child = attribute.children.first { $0["key"] == "value" }
        switch attribute["type"] {
        case "boolean":
            return (attribute["value"] ?? child?["value"]).flatMap(InterfaceBuilderValues.bool).map(ArchiveValue.bool)
        case "number":
            let text = attribute["value"] ?? child?["value"]
            if child?.name == "integer", let whole = text.flatMap({ Int($0) }) { return .integer(whole) }
            return text.flatMap(InterfaceBuilderValues.number).map(ArchiveValue.number)
        case "string", "localizedString":
            return (attribute["value"] ?? child?["value"] ?? child?.text).map(ArchiveValue.string)
        case "color":
            return child.flatMap { InterfaceBuilderValues.color($0, named: namedColors) }.map(ArchiveValue.color)
        case "point", "size", "rect":
            return child.flatMap(InterfaceBuilderValues.geometry)
        case "image":
            guard let name = attribute["value"] ?? child?["image"] else { return nil }
            return image(named: name, attribute).map(ArchiveValue.image) ?? .null
        case "nil":
            return .null
        default:
            return nil
        }
    }

    // MARK: Constraints

    /// Reads a `<constraint>` held by the view at `holder`; an omitted first item is the holder.
    private func readConstraint(_ element: MarkupElement, holder: Int) throws(ArchiveError) -> Int {
        let index = newObject("LayoutConstraint", element)
        if let first = element["firstItem"] {
            pendingItems.append((index, "firstItem", first, element.line))
        } else {
            set("firstItem", .object(holder), at: index)
        }
        if let second = element["secondItem"] { pendingItems.append((index, "secondItem", second, element.line)) }
        for (name, text) in element.attributes {
            switch name {
            case "firstAttribute", "secondAttribute":
                guard let attribute = Self.constraintAttributes[text] else {
                    throw malformed("the constraint attribute \"\(text)\" is not one Canopy knows", element)
                }
                set(name, .string(attribute), at: index)
            case "relation":
                guard text == "lessThanOrEqual" || text == "greaterThanOrEqual" || text == "equal" else {
                    throw malformed("the relation \"\(text)\" is not one Canopy knows", element)
                }
                set("relation", .string(text), at: index)
            case "multiplier":
                guard let value = InterfaceBuilderValues.multiplier(text) else { throw malformed("the multiplier \"\(text)\" cannot be read", element) }
                set("multiplier", .number(value), at: index)
            case "constant", "priority":
                guard let value = InterfaceBuilderValues.number(text) else { throw malformed("the \(name) \"\(text)\" cannot be read", element) }
                set(name, .number(value), at: index)
            case "identifier":
                set("identifier", .string(text), at: index)
            case "firstItem", "secondItem", "id", "symbolic", "placeholder", "userLabel", "misplaced":
                break
            default:
                warn("the attribute \(name) of <constraint> is not read", element)
            }
        }
        return index
    }

    static let constraintAttributes: [String: String] = {
        var names: [String: String] = [:]
        for attribute in LayoutConstraint.Attribute.allCases where attribute != .notAnAttribute {
            names[String(describing: attribute)] = String(describing: attribute)
        }
        names["baseline"] = "lastBaseline"
        return names
    }()

    // MARK: Gesture recognizers

    /// Canopy's classes for Interface Builder's gesture recognizer elements.
    static let recognizerClasses: [String: String] = [
        "tapGestureRecognizer": "TapGestureRecognizer", "longPressGestureRecognizer": "LongPressGestureRecognizer",
        "panGestureRecognizer": "PanGestureRecognizer", "screenEdgePanGestureRecognizer": "ScreenEdgePanGestureRecognizer",
        "swipeGestureRecognizer": "SwipeGestureRecognizer", "pinchGestureRecognizer": "PinchGestureRecognizer",
        "rotationGestureRecognizer": "RotationGestureRecognizer",
    ]

    /// Reads a gesture recognizer element: a top-level object that views list in their
    /// `gestureRecognizers` outlet collection, with its actions in its connections.
    func readRecognizer(_ element: MarkupElement) throws(ArchiveError) -> Int {
        let index = newObject(element["customClass"] ?? Self.recognizerClasses[element.name]!, element)
        if element["customClass"] != nil { archive.objects[index].builtInClassName = Self.recognizerClasses[element.name] }
        try readAttributes(of: element, into: index) { Self.recognizerAttributeRules[$0] }
        for child in element.children {
            switch child.name {
            case "connections": readConnections(child, source: index)
            case "userDefinedRuntimeAttributes": try readRuntimeAttributes(child, into: index)
            default: skip(child, "<\(child.name)> in <\(element.name)> is not read")
            }
        }
        return index
    }

    static let recognizerAttributeRules: [String: AttributeRule] = [
        "enabled": .bool("isEnabled"), "cancelsTouchesInView": .bool("cancelsTouchesInView"),
        "delaysTouchesBegan": .bool("delaysTouchesBegan"), "delaysTouchesEnded": .bool("delaysTouchesEnded"),
        "numberOfTapsRequired": .integer("numberOfTapsRequired"), "numberOfTouchesRequired": .integer("numberOfTouchesRequired"),
        "minimumPressDuration": .number("minimumPressDuration"), "allowableMovement": .number("allowableMovement"),
        "minimumNumberOfTouches": .integer("minimumNumberOfTouches"), "maximumNumberOfTouches": .integer("maximumNumberOfTouches"),
        // UIKit's swipe directions by Interface Builder's names, as raw values.
        "direction": .choice("direction", ["right": .integer(1), "left": .integer(2), "up": .integer(4), "down": .integer(8)]),
        "id": .ignored, "customClass": .ignored, "customModule": .ignored,
        "customModuleProvider": .ignored, "userLabel": .ignored,
    ]

    // MARK: View controllers

    /// Reads a view controller element and its view.
    func readViewController(_ element: MarkupElement) throws(ArchiveError) -> Int {
        if element.name != "viewController" && element["customClass"] == nil {
            warn("<\(element.name)> is read as a plain ViewController", element)
        }
        let index = newObject(element["customClass"] ?? "ViewController", element)
        if element["customClass"] != nil { archive.objects[index].builtInClassName = "ViewController" }
        var edgeGuides: [(id: String, attribute: String)] = []
        var view: Int?
        for child in element.children {
            switch child.name {
            case _ where child["key"] == "view" && (isViewElement(child) || child["customClass"] != nil):
                let made = try readView(child)
                view = made
                set("view", .object(made), at: index)
            case "layoutGuides":
                for guide in child.children where guide.name == "viewControllerLayoutGuide" {
                    guard let id = guide["id"] else { continue }
                    edgeGuides.append((id, guide["type"] == "bottom" ? "bottom" : "top"))
                }
            case "connections":
                readConnections(child, source: index)
            case "size" where child["key"] == "freeformSize":
                if let value = InterfaceBuilderValues.geometry(child) { set("preferredContentSize", value, at: index) }
            case "navigationItem", "tabBarItem", "extendedEdge", "nil", "simulatedNavigationBarMetrics",
                "simulatedTabBarMetrics", "simulatedStatusBarMetrics", "freeformSimulatedSizeMetrics", "point",
                "simulatedScreenMetrics", "simulatedOrientationMetrics", "simulatedToolbarMetrics":
                skip(child, nil)
            case "userDefinedRuntimeAttributes":
                try readRuntimeAttributes(child, into: index)
            default:
                skip(child, "<\(child.name)> in <\(element.name)> is not read")
            }
        }
        for guide in edgeGuides {
            ids[guide.id] = view.map { .edgeGuide(view: $0, attribute: guide.attribute) } ?? .unsupported("viewControllerLayoutGuide")
        }
        return index
    }
}

/// How an attribute of a view element becomes an archived value.
enum AttributeRule {
    case bool(String)
    case number(String)
    case integer(String)
    case string(String)
    /// One of a set of values, by Interface Builder's name for it.
    case choice(String, [String: ArchiveValue])
    case image(String)
    case ignored

    /// An enumeration case by name: Interface Builder's names mapped to Canopy's, and Canopy's
    /// own names as they are.
    static func name(_ key: String, _ names: [String: String]) -> AttributeRule {
        var values: [String: ArchiveValue] = [:]
        for canopyName in names.values { values[canopyName] = .string(canopyName) }
        for (interfaceBuilderName, canopyName) in names { values[interfaceBuilderName] = .string(canopyName) }
        return .choice(key, values)
    }
}

extension InterfaceBuilderReader {
    static let colorKeys: [String: String] = [
        "backgroundColor": "backgroundColor", "tintColor": "tintColor", "textColor": "textColor",
    ]

    private static func identity(_ names: [String]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: names.map { ($0, $0) })
    }

    /// Attributes every view element may have.
    static let viewAttributeRules: [String: AttributeRule] = [
        "contentMode": .name("contentMode", identity(ContentMode.allCases.map { String(describing: $0) })),
        "semanticContentAttribute": .name(
            "semanticContentAttribute",
            ["playback": "unspecified", "spatial": "unspecified"].merging(identity(["unspecified", "forceLeftToRight", "forceRightToLeft"])) { a, _ in a }),
        "opaque": .bool("isOpaque"), "clipsSubviews": .bool("clipsToBounds"), "hidden": .bool("isHidden"),
        "userInteractionEnabled": .bool("isUserInteractionEnabled"), "multipleTouchEnabled": .bool("isMultipleTouchEnabled"),
        "exclusiveTouch": .bool("isExclusiveTouch"), "alpha": .number("alpha"), "tag": .integer("tag"),
        "autoresizesSubviews": .bool("autoresizesSubviews"), "clearsContextBeforeDrawing": .bool("clearsContextBeforeDrawing"),
        "translatesAutoresizingMaskIntoConstraints": .bool("translatesAutoresizingMaskIntoConstraints"),
        "horizontalHuggingPriority": .number("horizontalHuggingPriority"), "verticalHuggingPriority": .number("verticalHuggingPriority"),
        "horizontalCompressionResistancePriority": .number("horizontalCompressionResistancePriority"),
        "verticalCompressionResistancePriority": .number("verticalCompressionResistancePriority"),
        "id": .ignored, "key": .ignored, "customClass": .ignored, "customModule": .ignored, "customModuleProvider": .ignored,
        "userLabel": .ignored, "fixedFrame": .ignored, "misplaced": .ignored, "ambiguous": .ignored,
        "insetsLayoutMarginsFromSafeArea": .ignored, "preservesSuperviewLayoutMargins": .ignored,
        "placeholderIntrinsicWidth": .ignored, "placeholderIntrinsicHeight": .ignored, "restorationIdentifier": .ignored,
        "layoutMarginsFollowReadableWidth": .ignored, "verifyAmbiguity": .ignored, "sceneMemberID": .ignored,
        "contentStretch": .ignored, "springLoaded": .ignored, "pointerInteraction": .ignored,
    ]

    /// Attributes particular to one element.
    static let attributeRules: [String: [String: AttributeRule]] = {
        let control: [String: AttributeRule] = [
            "enabled": .bool("isEnabled"), "selected": .bool("isSelected"), "highlighted": .ignored,
            "contentHorizontalAlignment": .name("contentHorizontalAlignment", identity(Control.ContentHorizontalAlignment.allCases.map { String(describing: $0) })),
            "contentVerticalAlignment": .name("contentVerticalAlignment", identity(Control.ContentVerticalAlignment.allCases.map { String(describing: $0) })),
        ]
        let lineBreaks = [
            "wordWrap": "byWordWrapping", "characterWrap": "byCharWrapping", "clip": "byClipping",
            "headTruncation": "byTruncatingHead", "tailTruncation": "byTruncatingTail", "middleTruncation": "byTruncatingMiddle",
        ]
        let button = control.merging([
            "buttonType": .name("buttonType", ["roundedRect": "system"].merging(identity(Button.ButtonType.allCases.map { String(describing: $0) })) { a, _ in a }),
            "lineBreakMode": .ignored, "adjustsImageWhenHighlighted": .ignored, "adjustsImageWhenDisabled": .ignored,
            "showsTouchWhenHighlighted": .ignored, "reversesTitleShadowWhenHighlighted": .ignored,
        ]) { a, _ in a }
        let label: [String: AttributeRule] = [
            "text": .string("text"), "numberOfLines": .integer("numberOfLines"),
            "textAlignment": .name("textAlignment", identity(TextAlignment.allCases.map { String(describing: $0) })),
            "lineBreakMode": .name("lineBreakMode", lineBreaks), "preferredMaxLayoutWidth": .number("preferredMaxLayoutWidth"),
            "enabled": .ignored, "highlighted": .ignored, "baselineAdjustment": .ignored, "adjustsFontSizeToFit": .ignored,
            "adjustsLetterSpacingToFitWidth": .ignored, "minimumScaleFactor": .ignored, "minimumFontSize": .ignored,
            "adjustsFontForContentSizeCategory": .ignored,
        ]
        let stack: [String: AttributeRule] = [
            "axis": .name("axis", identity(["horizontal", "vertical"])),
            "alignment": .name("alignment", ["top": "leading", "bottom": "trailing"].merging(identity(StackView.Alignment.allCases.map { String(describing: $0) })) { a, _ in a }),
            "distribution": .name("distribution", identity(StackView.Distribution.allCases.map { String(describing: $0) })),
            "spacing": .number("spacing"), "layoutMarginsRelativeArrangement": .bool("isLayoutMarginsRelativeArrangement"),
            "baselineRelativeArrangement": .ignored,
        ]
        let scroll: [String: AttributeRule] = [
            "scrollEnabled": .bool("isScrollEnabled"), "bounces": .bool("bounces"), "pagingEnabled": .bool("isPagingEnabled"),
            "alwaysBounceVertical": .bool("alwaysBounceVertical"), "alwaysBounceHorizontal": .bool("alwaysBounceHorizontal"),
            "directionalLockEnabled": .bool("isDirectionalLockEnabled"), "showsHorizontalScrollIndicator": .ignored,
            "showsVerticalScrollIndicator": .ignored, "contentInsetAdjustmentBehavior": .ignored, "keyboardDismissMode": .ignored,
            "bouncesZoom": .ignored, "delaysContentTouches": .ignored, "canCancelContentTouches": .ignored,
        ]
        let image: [String: AttributeRule] = ["image": .image("image"), "highlightedImage": .image("highlightedImage"), "highlighted": .bool("isHighlighted"), "catalog": .ignored]
        return ["control": control, "button": button, "label": label, "stackView": stack, "scrollView": scroll, "imageView": image]
    }()
}
