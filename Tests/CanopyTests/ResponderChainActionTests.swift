import Canopy
import Foundation
import Testing

/// A container that handles `save:` for whatever control sends it.
private final class Editor: View {
    var saves: [String] = []
    func save(_ sender: Control) { saves.append(sender.accessibilityIdentifier ?? "?") }
    override class var keyedProperties: [KeyedProperty] { super.keyedProperties + [.action("save:", Editor.save)] }
}

/// A responder that can be first and handles `save:` too, as a focused text field would.
private final class Field: View {
    var saves = 0
    override var canBecomeFirstResponder: Bool { true }
    func save(_ sender: Control) { saves += 1 }
    override class var keyedProperties: [KeyedProperty] { super.keyedProperties + [.action("save:", Field.save)] }
}

@Suite("Actions without a target go up the responder chain, as First Responder actions do")
struct ResponderChainActionTests {
    @Test func withoutAFirstResponderTheChainStartsAtTheSender() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let editor = Editor(frame: window.bounds)
        let button = Button(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        button.accessibilityIdentifier = "save"
        editor.addSubview(button)
        window.addSubview(editor)
        #expect(button.sendAction("save:", to: nil))
        #expect(editor.saves == ["save"])
        #expect(!button.sendAction("print:", to: nil), "no responder declares it")
    }

    @Test func theFirstResponderIsAskedBeforeTheSendersChain() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let editor = Editor(frame: window.bounds)
        let field = Field(frame: CGRect(x: 0, y: 40, width: 60, height: 20))
        let button = Button(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        editor.addSubview(field)
        editor.addSubview(button)
        window.addSubview(editor)
        #expect(field.becomeFirstResponder())
        #expect(button.sendAction("save:", to: nil))
        #expect(field.saves == 1 && editor.saves.isEmpty)
        // A target given is the only receiver asked.
        #expect(button.sendAction("save:", to: editor) && editor.saves.count == 1)
        #expect(!button.sendAction("save:", to: button))
    }

    @Test func aFirstResponderActionInANibGoesUpTheChain() throws {
        let data = InterfaceBuilderCoverageTests.document(
            """
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <view contentMode="scaleToFill" id="ed" customClass="Editor" customModule="CanopyTests" customModuleProvider="target">
                    <rect key="frame" x="0.0" y="0.0" width="200" height="100"/>
                    <subviews>
                        <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="btn">
                            <rect key="frame" x="10" y="10" width="80" height="30"/>
                            <state key="normal" title="Save"/>
                            <connections>
                                <action selector="save:" destination="-2" eventType="touchUpInside" id="act"/>
                            </connections>
                        </button>
                    </subviews>
                </view>
            </objects>
            """)
        var classes = ArchiveClasses.builtIn
        classes.register(Editor.self)
        let nib = try Nib(data: data, classes: classes)
        #expect(nib.warnings.isEmpty)
        let editor = try #require(try nib.instantiate(withOwner: nil).first as? Editor)
        let button = try #require(editor.subviews.first as? Button)
        button.accessibilityIdentifier = "from the nib"
        button.sendActions(for: .touchUpInside)
        #expect(editor.saves == ["from the nib"])
    }
}
