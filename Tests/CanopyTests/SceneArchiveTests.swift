import Canopy
import Foundation
import Testing

/// A view that archives a reference to another view of its window.
final class PartnerView: View {
    var partner: View?

    override init(frame: CGRect) { super.init(frame: frame) }

    required init?(coder: Coder) {
        super.init(coder: coder)
        coder.whenAllObjectsExist { coder in self.partner = try coder.decodeObject(of: View.self, forKey: "partner") }
    }

    override func encode(with coder: Coder) {
        super.encode(with: coder)
        coder.encode(partner, forKey: "partner")
    }
}

/// A scene file keeps every property an archive keeps: what its own keys do not say travels in
/// the archive inside it.
@Suite("Scene files keep what archives keep")
struct SceneArchiveTests {
    static var sceneClasses: SceneClasses {
        var classes = SceneClasses.builtIn
        classes.register("BadgeView") { BadgeView() }
        classes.register("PartnerView") { PartnerView() }
        return classes
    }

    /// A window holding a view of every built-in class (and a custom one) with values beyond
    /// the scene's own keys: shadows, tints, control states, recognizers, attributed text,
    /// inspectable and custom coder values, and constraints between them.
    static func richWindow() -> Window {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.tintColor = .systemPink
        window.isMultipleTouchEnabled = true
        for view in CodingTests.everyBuiltInClass() { window.addSubview(view) }
        let shadowed = window.subviews[0]
        shadowed.layer.shadowRadius = 9
        shadowed.layer.shadowOffset = CGSize(width: 2, height: 4)
        shadowed.layer.zPosition = 3
        shadowed.isOpaque = false
        shadowed.isExclusiveTouch = true
        let attributed = Label()
        attributed.attributedText = NSAttributedString(
            string: "Bold", attributes: [.font: Font.boldSystemFont(ofSize: 21), .foregroundColor: Color.blue])
        attributed.preferredMaxLayoutWidth = 90
        attributed.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(attributed)
        LayoutConstraint.activate([
            attributed.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 12),
            attributed.topAnchor.constraint(equalTo: window.safeAreaLayoutGuide.topAnchor, constant: 8),
        ])
        return window
    }

    @Test func aSceneRoundTripGivesTheSameArchive() throws {
        let window = Self.richWindow()
        let scene = Scene(capturing: window)
        #expect(scene.archive != nil)
        let data = scene.jsonData()
        let loaded = try Scene(jsonData: data, classes: Self.sceneClasses)
        #expect(loaded == scene)
        #expect(loaded.jsonData() == data)
        let made = try loaded.instantiate(classes: Self.sceneClasses).window
        let before = Archive(rootObjects: [window], classes: CodingTests.classes)
        let after = Archive(rootObjects: [made], classes: CodingTests.classes)
        #expect(before.objects.count == after.objects.count)
        for (original, copy) in zip(before.objects, after.objects) where original != copy {
            Issue.record("\(original.className): \(original.values.map { "\($0.key)=\($0.value)" }) became \(copy.values.map { "\($0.key)=\($0.value)" })")
        }
        #expect(before.data() == after.data())
    }

    @Test func aReferenceToAnotherViewOfTheSceneIsKept() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let partner = Label(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        let linked = PartnerView(frame: CGRect(x: 0, y: 30, width: 40, height: 20))
        linked.partner = partner
        window.addSubview(linked)
        window.addSubview(partner)
        let scene = try Scene(jsonData: Scene(capturing: window).jsonData(), classes: Self.sceneClasses)
        let instance = try scene.instantiate(classes: Self.sceneClasses)
        let made = try #require(instance.views[1] as? PartnerView)
        #expect(made.partner === instance.views[2])
    }

    @Test func aSafeAreaGuideIsOneKindOfGuide() throws {
        var scene = Scene(capturing: Self.richWindow())
        let index = try #require(scene.guides.firstIndex { $0.isSafeAreaGuide })
        #expect(scene.guides[index].owner == "window")
        scene.guides[index].isMarginsGuide = true
        let error = try #require(throws: SceneError.self) { try scene.instantiate(classes: Self.sceneClasses) }
        #expect(error.location == "guides[\(index)].safeArea")
    }

    @Test func aSceneOfPlainViewsHasNoArchive() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let view = View(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
        view.backgroundColor = .red
        view.layer.cornerRadius = 2
        window.addSubview(view)
        window.addSubview(Label(frame: .zero))
        #expect(Scene(capturing: window).archive == nil)
    }

    @Test func anArchiveThatDoesNotStandForTheViewsIsRefused() throws {
        let scene = Scene(capturing: Self.richWindow())
        var shortened = scene
        shortened.archive!.objects.removeLast(shortened.archive!.objects.count - 2)
        #expect(throws: SceneError.self) { try shortened.instantiate(classes: Self.sceneClasses) }
        var renamed = scene
        renamed.archive!.objects[1].className = "Label"
        let error = try #require(throws: SceneError.self) { try renamed.instantiate(classes: Self.sceneClasses) }
        #expect(error.location == "archive.objects[1]")
        var unregistered = scene
        let index = try #require(unregistered.archive!.objects.firstIndex { $0.className == "TapGestureRecognizer" })
        unregistered.archive!.objects[index].className = "Unknown"
        let unknown = try #require(throws: SceneError.self) { try unregistered.instantiate(classes: Self.sceneClasses) }
        #expect(unknown.location == "archive" && unknown.message.contains("Unknown"))
    }

    @Test func aFileWhoseArchiveIsNotAnArchiveNamesTheKey() throws {
        let text = #"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}], "archive": "AAAA"}"#
        let error = try #require(throws: SceneError.self) { try Scene(jsonData: Data(text.utf8)) }
        #expect(error.location == "archive" && error.line == 1)
        let notBase64 = text.replacingOccurrences(of: "AAAA", with: "*")
        #expect(throws: SceneError.self) { try Scene(jsonData: Data(notBase64.utf8)) }
    }
}
