import Canopy
import CanopyWorkloads
import Foundation
import Testing

@Suite("Scene files: round trips, capture and replay, refusing bad input")
struct SceneTests {
    /// A window that uses every part of the format.
    private func richWindow() -> Window {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 400, height: 300), screen: Screen(bounds: CGRect(x: 0, y: 0, width: 400, height: 300), scale: 2))
        window.userInterfaceLayoutDirection = .rightToLeft
        let card = View(frame: CGRect(x: 10.25, y: 20, width: 300, height: 200))
        card.bounds.origin = CGPoint(x: 3, y: -4)
        card.anchorPoint = CGPoint(x: 0.3, y: 0.7)
        card.transform = CGAffineTransform(rotationAngle: 0.1)
        card.alpha = 0.5
        card.tag = 7
        card.accessibilityIdentifier = "card"
        card.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
        card.layoutMargins = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        window.addSubview(card)
        let label = View()
        label.translatesAutoresizingMaskIntoConstraints = false
        label.setContentHuggingPriority(LayoutPriority(251), for: .horizontal)
        label.isHidden = false
        label.clipsToBounds = true
        label.semanticContentAttribute = .forceLeftToRight
        card.addSubview(label)
        let stack = StackView(arrangedSubviews: [View(), View()])
        stack.axis = .vertical
        stack.spacing = 6
        stack.distribution = .fillEqually
        stack.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(stack)
        let guide = LayoutGuide()
        card.addLayoutGuide(guide)
        let width = label.widthAnchor.constraint(equalToConstant: 120.5)
        width.priority = .defaultHigh
        width.identifier = "label width"
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: card.layoutMarginsGuide.leadingAnchor),
            label.topAnchor.constraint(equalTo: card.topAnchor, constant: 8),
            label.heightAnchor.constraint(equalTo: card.heightAnchor, multiplier: 0.25),
            width,
            guide.leadingAnchor.constraint(equalTo: label.trailingAnchor),
            guide.widthAnchor.constraint(equalToConstant: 10),
            guide.topAnchor.constraint(equalTo: card.topAnchor),
            guide.heightAnchor.constraint(equalToConstant: 10),
            stack.leadingAnchor.constraint(equalTo: guide.trailingAnchor),
            stack.topAnchor.constraint(equalTo: label.bottomAnchor, constant: 4),
            stack.widthAnchor.constraint(equalToConstant: 50),
            stack.heightAnchor.constraint(equalToConstant: 80),
        ])
        return window
    }

    @Test func saveLoadSaveIsByteIdentical() throws {
        let window = richWindow()
        window.runUpdateCycle()
        var scenes = [Scene(capturing: window)]
        for shape in ConstraintShape.allCases {
            scenes.append(ConstraintTreeGenerator(shape: shape, count: 60, seed: 3).makeScene())
        }
        for shape in TreeShape.allCases {
            scenes.append(Scene(capturing: TreeGenerator(shape: shape, count: 60, seed: 3).makeWindow()))
            scenes.append(TreeGenerator(shape: shape, count: 60, seed: 3).makeScene())
        }
        for scene in scenes {
            let saved = scene.jsonData()
            let loaded = try Scene(jsonData: saved)
            #expect(loaded == scene)
            #expect(loaded.jsonData() == saved)
        }
    }

    /// A generated tree made as a scene, without its views, is the tree made as views: every
    /// view's geometry the same before and after a resize lays it out.
    @Test(arguments: TreeShape.allCases)
    func aGeneratedTreesSceneMakesTheSameTree(shape: TreeShape) throws {
        let generator = TreeGenerator(shape: shape, count: 700, seed: 4)
        let made = try generator.makeScene().instantiate().window
        let built = generator.makeWindow()
        for window in [made, built] {
            window.frame = CGRect(x: 0, y: 0, width: 900, height: 1000)
            window.runUpdateCycle()
        }
        var pairs = [(made as View, built as View)]
        var compared = 0
        while let (a, b) = pairs.popLast() {
            #expect(a.frame == b.frame && a.bounds == b.bounds && a.center == b.center)
            #expect(a.transform == b.transform && a.autoresizingMask == b.autoresizingMask)
            #expect(a.subviews.count == b.subviews.count)
            pairs += zip(a.subviews, b.subviews).map { ($0, $1) }
            compared += 1
        }
        #expect(compared == 700)
    }

    @Test func aCapturedWindowReplaysToTheSameFrames() throws {
        let window = richWindow()
        window.runUpdateCycle()
        let scene = Scene(capturing: window)
        let instance = try Scene(jsonData: scene.jsonData()).instantiate()
        instance.window.runUpdateCycle()
        var original: [View] = []
        window.forEachView { original.append($0) }
        #expect(original.count == instance.views.count)
        for (a, b) in zip(original, instance.views) {
            #expect(a.frame == b.frame, "\(a) vs \(b)")
            #expect(a.transform == b.transform && a.alpha == b.alpha && a.isHidden == b.isHidden)
        }
        #expect(Scene(capturing: instance.window) == scene)
        #expect(instance.window.screen.scale == 2)
        #expect(instance.window.userInterfaceLayoutDirection == .rightToLeft)
        // The stack's own constraints are made again by the stack, not stored.
        #expect(scene.constraints.count == 12)
        #expect(scene.views.first { $0.stack != nil }?.stack?.arranged.count == 2)
    }

    @Test func coloursCornersAndBordersSurviveARoundTrip() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let card = View(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        card.backgroundColor = Color(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.5)
        card.layer.cornerRadius = 8
        card.layer.borderWidth = 2
        card.layer.borderColor = .red
        window.addSubview(card)
        let scene = Scene(capturing: window)
        let copy = try Scene(jsonData: scene.jsonData())
        #expect(copy == scene)
        let made = try copy.instantiate().views[1]
        #expect(made.backgroundColor == card.backgroundColor)
        #expect(made.layer.cornerRadius == 8 && made.layer.borderWidth == 2 && made.layer.borderColor == .red)
        // A plain view writes none of them.
        #expect(!String(decoding: Scene(capturing: Window(frame: .zero)).jsonData(), as: UTF8.self).contains("Color"))
    }

    @Test func labelsKeepTheirTextAndItsSetting() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let label = Label(frame: CGRect(x: 10, y: 10, width: 120, height: 40))
        label.text = "Two lines of text, \"quoted\""
        label.font = Font.boldSystemFont(ofSize: 13)
        label.textColor = .red
        label.numberOfLines = 2
        label.textAlignment = .center
        window.addSubview(label)
        let scene = Scene(capturing: window)
        let copy = try Scene(jsonData: scene.jsonData())
        #expect(copy == scene)
        #expect(copy.views[1].intrinsicContentSize == nil, "the text gives it")
        let made = try #require(try copy.instantiate().views[1] as? Label)
        #expect(made.text == label.text && made.font == label.font && made.textColor == .red)
        #expect(made.numberOfLines == 2 && made.textAlignment == .center)
        #expect(made.intrinsicContentSize == label.intrinsicContentSize)
        // A label setting on a class that is not a label is refused, naming the place.
        var wrong = scene
        wrong.views[1].className = "View"
        do {
            _ = try Scene(jsonData: wrong.jsonData())
            Issue.record("a label setting on a plain view was accepted")
        } catch {
            #expect(error.location == "views[1].label" && error.message.contains("not a label class"))
        }
    }

    @Test func buttonsKeepTheTitlesOfTheirOtherStates() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 200, height: 60))
        let button = Button(frame: CGRect(x: 0, y: 0, width: 200, height: 60))
        button.setTitle("Send", for: .normal)
        button.setTitle("Sending", for: .highlighted)
        button.setTitleColor(.gray, for: .disabled)
        button.setTitle("Sent", for: .selected)
        window.addSubview(button)
        let scene = Scene(capturing: window)
        let copy = try Scene(jsonData: scene.jsonData())
        #expect(copy == scene)
        #expect(copy.views[1].button?.states.map(\.state) == [.highlighted, .selected, .disabled])
        let made = try #require(try copy.instantiate().views[1] as? Button)
        #expect(made.title(for: .highlighted) == "Sending" && made.title(for: .selected) == "Sent")
        #expect(made.title(for: .disabled) == "Send", "a state without a title of its own falls back to the normal one")
        #expect(made.titleColor(for: .disabled) == .gray && made.titleColor(for: .highlighted) == button.titleColor(for: .highlighted))
        made.isEnabled = false
        #expect(made.currentTitleColor == .gray)
    }

    @Test func aContentModeIsRecordedOnlyWhereItDiffersFromTheClasss() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
        let label = Label(), centered = Label(), view = View()
        centered.contentMode = .center
        view.contentMode = .redraw
        for child in [label, centered, view] { window.addSubview(child) }
        let scene = Scene(capturing: window)
        #expect(scene.views.map(\.contentMode) == [nil, nil, .center, .redraw])
        let made = try Scene(jsonData: scene.jsonData()).instantiate().views
        #expect(made.map(\.contentMode) == [.scaleToFill, .redraw, .center, .redraw])
    }

    @Test func imageViewsKeepTheirImageAndContentMode() throws {
        // A 4 × 2-pixel image at scale 2: red on the left half, blue on the right.
        let picture = GraphicsImageRenderer(size: CGSize(width: 2, height: 1), scale: 2).image { context in
            context.setFillColor(.red)
            context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            context.setFillColor(.blue)
            context.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        }
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
        window.backgroundColor = .white
        let imageView = ImageView(image: picture)
        imageView.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
        imageView.contentMode = .scaleAspectFit
        window.addSubview(imageView)
        let scene = Scene(capturing: window)
        #expect(scene.views[1].image?.scale == 2 && scene.views[1].contentMode == .scaleAspectFit)
        let copy = try Scene(jsonData: scene.jsonData())
        #expect(copy == scene)
        let instance = try copy.instantiate()
        let made = try #require(instance.views[1] as? ImageView)
        #expect(made.image?.size == CGSize(width: 2, height: 1) && made.image?.scale == 2)
        #expect(made.contentMode == .scaleAspectFit && made.intrinsicContentSize == CGSize(width: 2, height: 1))
        // Aspect fit: 80 × 40 points in the middle, red left of centre, blue right, white outside.
        let image = try instance.window.render(scale: 1)
        #expect(image.pixelColor(x: 30, y: 20) == .red && image.pixelColor(x: 70, y: 20) == .blue)
        #expect(image.pixelColor(x: 5, y: 20) == .white && image.pixelColor(x: 95, y: 20) == .white)
    }

    @Test func buttonsKeepTheirTitleAndDrawIt() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 200, height: 60))
        window.backgroundColor = .white
        let button = Button(frame: CGRect(x: 0, y: 0, width: 200, height: 60))
        button.setTitle("Send", for: .normal)
        button.setTitleColor(.red, for: .normal)
        button.titleFont = Font.boldSystemFont(ofSize: 30)
        window.addSubview(button)
        let scene = Scene(capturing: window)
        let copy = try Scene(jsonData: scene.jsonData())
        #expect(copy == scene)
        let instance = try copy.instantiate()
        let made = try #require(instance.views[1] as? Button)
        #expect(made.currentTitle == "Send" && made.currentTitleColor == .red && made.titleFont == button.titleFont)
        // Drawn: red ink where the title is.
        let image = try instance.window.render(scale: 1)
        let red = (0..<200).flatMap { x in (0..<60).compactMap { y in image.pixelColor(x: x, y: y) } }
            .filter { $0.red > 0.9 && $0.green < 0.2 }
        #expect(red.count > 50)
        var wrong = scene
        wrong.views[1].className = "View"
        #expect(throws: SceneError.self) { try Scene(jsonData: wrong.jsonData()) }
    }

    @Test func aRecordedIntrinsicSizeDrivesLayoutWhateverTheClass() throws {
        var scene = Scene(views: [Scene.ViewRecord(id: "w", className: "Window", frame: CGRect(x: 0, y: 0, width: 200, height: 100))])
        var label = Scene.ViewRecord(id: "label", parent: "w")
        label.translatesAutoresizingMaskIntoConstraints = false
        label.intrinsicContentSize = CGSize(width: 70, height: 21)
        scene.views.append(label)
        scene.constraints = [
            Scene.ConstraintRecord(first: "label", .leading, second: "w", .leading, constant: 5),
            Scene.ConstraintRecord(first: "label", .top, second: "w", .top, constant: 6),
        ]
        let instance = try scene.instantiate()
        instance.window.runUpdateCycle()
        #expect(instance.views[1].frame == CGRect(x: 5, y: 6, width: 70, height: 21))
        #expect(!instance.window.layoutReport.hasProblems)
    }

    @Test func registeredClassesLoadAndUnknownOnesAreRefused() throws {
        final class Avatar: View {}
        let json = #"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}, {"id": "a", "class": "Avatar", "parent": "w"}]}"#
        #expect(throws: SceneError(line: 1, column: 84, location: "views[1].class", message: "\"Avatar\" is neither built in nor registered")) {
            try Scene(jsonData: Data(json.utf8))
        }
        var classes = SceneClasses.builtIn
        classes.register("Avatar") { Avatar() }
        let instance = try Scene(jsonData: Data(json.utf8), classes: classes).instantiate(classes: classes)
        #expect(instance.views[1] is Avatar)
        #expect(Scene(capturing: instance.window).views[1].className == "Avatar")
    }

    /// Each bad file, where the error must point, and words the message must have.
    private static let badFiles: [(json: String, location: String, words: String)] = [
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}"#, "views", "the file ends inside an array"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w" "class": "Window"}]}"#, "views[0]", "expected ',' or '}' in an object"),
        (#"[1, 2]"#, "", "expected an object"),
        (#"{"version": 1, "views": []}"#, "", "canopy-scene"),
        (#"{"format": "canopy-scene", "version": 2, "views": []}"#, "version", "version 2 is not known"),
        (#"{"format": "canopy-scene", "version": 1, "views": [], "extra": 1}"#, "extra", "no key 'extra'"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window", "colour": 1}]}"#, "views[0].colour", "no key 'colour'"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window", "frame": [0, 0, 1]}]}"#, "views[0].frame", "expected 4 numbers"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window", "frame": "big"}]}"#, "views[0].frame", "expected"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window", "frame": [0, 0, -5, 1]}]}"#, "views[0].frame", "negative"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window", "frame": [0, 0, 1e12, 1]}]}"#, "views[0].frame", "within ±1e9"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window", "alpha": 2}]}"#, "views[0].alpha", "outside 0"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window", "backgroundColor": [1, 0, 0]}]}"#, "views[0].backgroundColor", "expected 4 numbers"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window", "borderWidth": -1}]}"#, "views[0].borderWidth", "outside"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}, {"id": "l", "parent": "w", "class": "Label", "label": {"fontSize": -3}}]}"#, "views[1].label.fontSize", "outside"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}, {"id": "b", "parent": "w", "class": "Button", "button": {"size": 3}}]}"#, "views[1].button.size", "no key 'size'"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window", "autoresizingMask": ["wide"]}]}"#, "views[0].autoresizingMask[0]", "\"wide\" is not one of"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}, {"id": "b", "parent": "w", "class": "Button", "button": {"states": [{"title": "x"}]}}]}"#, "views[1].button.states[0].state", "names its state"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}, {"id": "b", "parent": "w", "class": "Button", "button": {"states": [{"state": "pressed"}]}}]}"#, "views[1].button.states[0].state", "\"pressed\" is not one of"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}, {"id": "i", "parent": "w", "class": "ImageView", "image": {"png": "%%%"}}]}"#, "views[1].image.png", "not base64"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}, {"id": "i", "parent": "w", "class": "ImageView", "image": {"png": "aGVsbG8="}}]}"#, "views[1].image.png", "not a PNG file"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}, {"id": "i", "parent": "w", "class": "ImageView", "image": {"scale": 2}}]}"#, "views[1].image.png", "base64"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}, {"id": "i", "parent": "w", "image": {"png": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="}}]}"#, "views[1].image", "not an image view class"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window", "contentMode": "stretch"}]}"#, "views[0].contentMode", "\"stretch\" is not one of"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}], "guides": [{"id": "g", "owner": "w", "scrollView": "content"}]}"#, "guides[0].scrollView", "not a scroll view class"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}, {"id": "s", "parent": "w", "class": "ScrollView"}], "guides": [{"id": "g", "owner": "s", "scrollView": "frame"}, {"id": "h", "owner": "s", "scrollView": "frame"}]}"#, "guides[1].scrollView", "has that guide already"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "", "class": "Window"}]}"#, "views[0].id", "empty"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}, {"id": "w", "parent": "w"}]}"#, "views[1].id", "used twice"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w"}]}"#, "views[0]", "must be the window"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}, {"id": "x", "class": "Window", "parent": "w"}]}"#, "views[1].class", "only the first"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}, {"id": "x"}]}"#, "views[1]", "no parent"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}, {"id": "x", "parent": "nowhere"}]}"#, "views[1].parent", "no view has the id \"nowhere\""),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}, {"id": "a", "parent": "b"}, {"id": "b", "parent": "a"}]}"#, "views[1].parent", "cycle"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}, {"id": "s", "class": "StackView", "parent": "w", "stack": {"arranged": ["w"]}}]}"#, "views[1].stack.arranged[0]", "not a subview"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}, {"id": "s", "parent": "w", "stack": {"arranged": []}}]}"#, "views[1].stack", "not a stack view class"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}], "guides": [{"id": "g", "owner": "w", "margins": true}, {"id": "h", "owner": "w", "margins": true}]}"#, "guides[1].margins", "one margins guide already"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}], "guides": [{"id": "w", "owner": "w"}]}"#, "guides[0].id", "used twice"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}], "constraints": [{"first": "w", "firstAttribute": "width", "second": "ghost", "secondAttribute": "width"}]}"#, "constraints[0].second", "no view or guide has the id \"ghost\""),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}], "constraints": [{"first": "w", "firstAttribute": "left", "constant": 3}]}"#, "constraints[0]", "a location cannot equal a constant"),
        // Past a constraint, a parent or a class remembered from the record before.
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}], "constraints": [{"first": "w", "firstAttribute": "width", "second": "w", "secondAttribute": "height"}, {"first": "w", "firstAttribute": "height", "second": "ghost", "secondAttribute": "height"}]}"#, "constraints[1].second", "no view or guide has the id \"ghost\""),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}], "constraints": [{"first": "w", "firstAttribute": "width", "constant": 3}, {"first": "ghost", "firstAttribute": "width", "constant": 3}]}"#, "constraints[1].first", "no view or guide has the id \"ghost\""),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}, {"id": "x", "parent": "w"}, {"id": "y", "parent": "nowhere"}]}"#, "views[2].parent", "no view has the id \"nowhere\""),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}, {"id": "x", "parent": "w"}, {"id": "y", "class": "Avatar", "parent": "w"}]}"#, "views[2].class", "neither built in nor registered"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}], "constraints": [{"first": "w", "firstAttribute": "left", "second": "w", "secondAttribute": "width"}]}"#, "constraints[0]", "a location cannot be related to a size"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}], "constraints": [{"first": "w", "firstAttribute": "width", "priority": 0}]}"#, "constraints[0].priority", "outside 1"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}], "constraints": [{"first": "w", "firstAttribute": "width", "relation": "~"}]}"#, "constraints[0].relation", "is not one of"),
        (#"{"format": "canopy-scene", "version": 1, "window": {"scale": 0}, "views": [{"id": "w", "class": "Window"}]}"#, "window.scale", "outside 0.01"),
        (#"{"format": "canopy-scene", "version": 1, "window": {"tint": 1}, "views": [{"id": "w", "class": "Window"}]}"#, "window.tint", "no key 'tint'"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window", "intrinsicContentSize": [-3, 1]}]}"#, "views[0].intrinsicContentSize", "or -1 for none"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window", "hugging": [0, 250]}]}"#, "views[0].hugging", "outside 1"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}, {"id": "s", "class": "StackView", "parent": "w", "stack": {"arranged": ["ghost"]}}]}"#, "views[1].stack.arranged[0]", "no view has the id \"ghost\""),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}, {"id": "s", "class": "StackView", "parent": "w", "stack": {"arranged": ["a", "a"]}}, {"id": "a", "parent": "s"}]}"#, "views[1].stack.arranged[1]", "arranged twice"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}], "guides": [{"id": "g", "owner": "ghost"}]}"#, "guides[0].owner", "no view has the id \"ghost\""),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"class": "Window"}]}"#, "views[0].id", "needs an id"),
        (#"{"format": "canopy-scene", "version": 1}"#, "", "'views' is missing"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": null, "class": "Window"}]}"#, "views[0].id", "expected an id, found null"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}, {"id": "a", "parent": "w"}], "constraints": [{"first": "a", "firstAttribute": "width", "second": "w", "secondAttribute": "width", "multiplier": 0}]}"#, "constraints[0]", "a multiplier of 0"),
        (#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}], "constraints": [{"firstAttribute": "width"}]}"#, "constraints[0].first", "needs a first item"),
    ]

    @Test(arguments: 0..<badFiles.count)
    func badInputIsRefusedWithItsPlace(_ index: Int) {
        let bad = Self.badFiles[index]
        do {
            _ = try Scene(jsonData: Data(bad.json.utf8))
            Issue.record("accepted: \(bad.json)")
        } catch {
            #expect(error.location == bad.location, "\(error)")
            #expect(error.message.contains(bad.words), "\(error)")
        }
    }

    @Test func limitsBoundTheFileAndTheViewCount() {
        let json = Data(#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}, {"id": "a", "parent": "w"}]}"#.utf8)
        var limits = SceneLimits()
        limits.maximumFileSize = 40
        #expect(throws: SceneError.self) { try Scene(jsonData: json, limits: limits) }
        limits = SceneLimits()
        limits.maximumViewCount = 1
        #expect(throws: SceneError(line: 1, column: 84, location: "views[1]", message: "more than 1 views, the limit")) {
            try Scene(jsonData: json, limits: limits)
        }
    }

    @Test func aSceneEditedIntoABadOneMakesNothingAndSaysWhere() {
        var scene = ConstraintTreeGenerator(shape: .stack, count: 5).makeScene()
        scene.constraints[2].priority = LayoutPriority(0)
        #expect(throws: SceneError(location: "constraints[2].priority", message: "0.0 is outside 1.0…1000.0")) {
            try scene.instantiate()
        }
        // Each number of a constraint, past the format's magnitude or not a number.
        let numbers: [(WritableKeyPath<Scene.ConstraintRecord, CGFloat>, String, CGFloat)] = [
            (\.multiplier, "multiplier", .nan), (\.multiplier, "multiplier", -2e9), (\.constant, "constant", 1e9 + 1),
            (\.constant, "constant", .infinity),
        ]
        for (number, name, value) in numbers {
            var edited = ConstraintTreeGenerator(shape: .stack, count: 5).makeScene()
            edited.constraints[3][keyPath: number] = value
            let refusal = SceneError(location: "constraints[3].\(name)", message: "\(value) is not a finite number within ±1e9")
            #expect(throws: refusal) {
                try edited.instantiate()
            }
        }
    }

    /// A prepared scene makes a new tree each time, the one the scene itself makes; a scene
    /// that breaks a rule cannot be prepared, and editing a scene after preparing it changes
    /// nothing prepared.
    @Test func aPreparedSceneMakesWhatTheSceneMakes() throws {
        var scene = Scene(capturing: richWindow())
        let prepared = try PreparedScene(scene)
        let (first, second, plain) = (try prepared.instantiate(), try prepared.instantiate(), try scene.instantiate())
        #expect(first.window !== second.window && first.views.count == scene.views.count)
        #expect(first.constraints.count == scene.constraints.count && first.constraints.allSatisfy(\.isActive))
        for instance in [first, second, plain] { instance.window.runUpdateCycle() }
        let replayed = Scene(capturing: plain.window)
        #expect(Scene(capturing: first.window) == replayed && Scene(capturing: second.window) == replayed)

        scene.constraints[1].priority = LayoutPriority(0)
        #expect(throws: SceneError(location: "constraints[1].priority", message: "0.0 is outside 1.0…1000.0")) {
            try PreparedScene(scene)
        }
        #expect(try prepared.instantiate().constraints[1].priority != LayoutPriority(0))
    }

    /// Each view's parent and each constraint's items are the views their ids name, whether a
    /// neighbour checked first is the one named or not: runs of siblings under parents out of
    /// order, and second items that are the view before, an earlier constraint's first item,
    /// or neither.
    @Test func idsNameTheirViewsWhereverTheViewsAreListed() throws {
        // window; a, b under the window; c under a, d under b (each run's parent the view
        // after the previous run's); e under a and f under e (not).
        let parents: [(String, String)] = [("a", "window"), ("b", "window"), ("c", "a"), ("d", "b"), ("e", "a"), ("f", "e")]
        var scene = Scene(views: [Scene.ViewRecord(id: "window", className: "Window", frame: CGRect(x: 0, y: 0, width: 400, height: 300))])
        for (id, parent) in parents {
            var view = Scene.ViewRecord(id: id, parent: parent)
            view.translatesAutoresizingMaskIntoConstraints = false
            scene.views.append(view)
        }
        let pairs: [(String, String)] = [
            ("c", "e"),  // neither the superview, the view before nor an earlier first item
            ("e", "c"),  // the first item before
            ("e", "d"),  // the view before
            ("e", "a"),  // the superview
            ("f", "c"),  // the first item two before (e, then c)
            ("f", "b"),  // none of those
        ]
        for (first, second) in pairs {
            scene.constraints.append(
                Scene.ConstraintRecord(
                    first: first, .width, .equal, second: second, .width, multiplier: 1, constant: 0, priority: .required))
        }
        let instance = try scene.instantiate()
        let view = Dictionary(uniqueKeysWithValues: zip(scene.views.map(\.id), instance.views))
        for (id, parent) in parents {
            #expect(view[id]!.superview === view[parent]!, "\(id)'s superview")
        }
        for (k, (first, second)) in pairs.enumerated() {
            let constraint = instance.constraint(at: k)
            #expect(constraint.firstItem === view[first]! && constraint.secondItem === view[second]!, "constraint \(k)")
        }
    }

    /// A button's title label and image view are its own: a capture leaves them out, and the
    /// scene loads with the built-in classes.
    @Test func aButtonsContentViewsAreNotCaptured() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let button = Button(type: .system)
        button.setTitle("Go", for: .normal)
        button.frame = CGRect(x: 10, y: 10, width: 80, height: 30)
        window.addSubview(button)
        _ = button.titleLabel
        _ = button.imageView
        window.runUpdateCycle()
        #expect(button.subviews.count == 2)
        let scene = Scene(capturing: window)
        #expect(scene.views.map(\.className) == ["Window", "Button"])
        let loaded = try Scene(jsonData: scene.jsonData()).instantiate()
        #expect(loaded.views[1].frame == button.frame)
    }

    @Test func loadingAFileNamesItInErrors() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("canopy-scene-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("broken.json")
        try Data(#"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window", "alpha": -1}]}"#.utf8).write(to: url)
        do {
            _ = try Scene.load(from: url)
            Issue.record("accepted")
        } catch {
            #expect(error.description == "broken.json:1:52: views[0].alpha: -1.0 is outside 0.0…1.0")
        }
        #expect(throws: SceneError.self) { try Scene.load(from: directory.appendingPathComponent("missing.json")) }
        let good = directory.appendingPathComponent("good.json")
        let scene = ConstraintTreeGenerator(shape: .feed, count: 43).makeScene()
        try scene.write(to: good)
        #expect(try Scene.load(from: good) == scene)
    }
}

extension View {
    /// Every view of the subtree in preorder (the order scenes capture).
    fileprivate func forEachView(_ body: (View) -> Void) {
        var stack: [View] = [self]
        while let view = stack.popLast() {
            body(view)
            stack.append(contentsOf: view.subviews.reversed())
        }
    }
}
