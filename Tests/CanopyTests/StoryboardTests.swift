import Canopy
import Foundation
import Testing

final class HomeViewController: ViewController {
    var welcomeLabel: Label?
    var loads = 0
    override func viewDidLoad() { loads += 1 }
    override class var keyedProperties: [KeyedProperty] {
        super.keyedProperties + [.outlet("welcomeLabel", \HomeViewController.welcomeLabel)]
    }
}

final class SettingsViewController: ViewController {
    var toggleButton: Button?
    var toggles = 0
    func toggle() { toggles += 1 }
    override class var keyedProperties: [KeyedProperty] {
        super.keyedProperties + [.outlet("toggleButton", \SettingsViewController.toggleButton), .action("toggle", SettingsViewController.toggle)]
    }
}

@Suite("Storyboards make their scenes; view controllers load nibs")
struct StoryboardTests {
    static var classes: ArchiveClasses {
        var classes = ArchiveClasses.builtIn
        classes.register(HomeViewController.self)
        return classes
    }

    static func storyboard() throws -> Storyboard { try Storyboard(name: "Main", bundle: .module, classes: classes) }

    @Test func theInitialViewControllerIsMadeWithItsViewLoadedOnFirstUse() throws {
        let home = try #require(try Self.storyboard().instantiateInitialViewController() as? HomeViewController)
        #expect(!home.isViewLoaded && home.welcomeLabel?.text == "Welcome")
        let window = Window(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        window.rootViewController = home
        window.layoutIfNeeded()
        #expect(home.loads == 1)
        let label = try #require(home.welcomeLabel)
        #expect(label.font.pointSize == 28 && label.textAlignment == .center)
        #expect(label.frame.minX == 20 && label.frame.minY == 20 && label.frame.width == 353)
        let button = try #require(home.view.subviews.last as? Button)
        #expect(button.frame.midX == 196.5 && button.frame.minY == label.frame.maxY + 20)
    }

    @Test func scenesAreMadeByStoryboardIdentifier() throws {
        let storyboard = try Self.storyboard()
        #expect(storyboard.identifiers == ["home", "detail"])
        let detail = try storyboard.instantiateViewController(withIdentifier: "detail")
        let window = Window(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        window.rootViewController = detail
        window.layoutIfNeeded()
        let stack = try #require(detail.view.subviews.first as? StackView)
        #expect(stack.axis == .vertical && stack.distribution == .fillEqually && stack.arrangedSubviews.count == 2)
        // The root view's margins are the system's 16 points at the sides: the frame Xcode saved
        // (its y of 59 is a notched phone's safe area; there is none here).
        #expect(stack.frame == CGRect(x: 16, y: 0, width: 361, height: 110))
        #expect(stack.arrangedSubviews.map(\.frame) == [CGRect(x: 0, y: 0, width: 361, height: 50), CGRect(x: 0, y: 60, width: 361, height: 50)])
        #expect(stack.arrangedSubviews[0].backgroundColor == Color(red: 1, green: 0.23137254901960785, blue: 0.18823529411764706))
    }

    @Test func seguesAreRecorded() throws {
        #expect(try Self.storyboard().segues(from: "home") == [StoryboardSegue(identifier: "showDetail", kind: "show", destinationID: "Det-vc-001")])
    }

    @Test func anUnknownIdentifierIsAnError() throws {
        #expect(throws: ArchiveError.self) { _ = try Self.storyboard().instantiateViewController(withIdentifier: "missing") }
    }

    @Test func aControllerLoadsItsViewFromItsNibAsFilesOwner() throws {
        let settings = SettingsViewController(nibName: "SettingsViewController", bundle: .module)
        let window = Window(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        window.rootViewController = settings
        window.layoutIfNeeded()
        #expect(settings.nibLoadingError == nil)
        let button = try #require(settings.toggleButton)
        #expect(button.superview === settings.view)
        #expect(button.frame == CGRect(x: 20, y: 20, width: 100, height: 44))
        button.sendActions(for: .touchUpInside)
        #expect(settings.toggles == 1)
    }

    @Test func aMissingNibLeavesAnEmptyViewAndSaysWhy() throws {
        let controller = ViewController(nibName: "NoSuchNib", bundle: .module)
        #expect(controller.view.subviews.isEmpty)
        #expect(controller.nibLoadingError?.description.contains("no nib named \"NoSuchNib\"") == true)
    }
}
