import Canopy
import Foundation
import Testing

/// An owner whose outlets and action the snippets below connect.
final class SnippetOwner: Responder {
    var label: Label?
    var hidden: View?
    var toggles = 0
    func toggled(_ sender: Control) { toggles += 1 }
    override class var keyedProperties: [KeyedProperty] {
        super.keyedProperties + [
            .outlet("label", \SnippetOwner.label), .outlet("hidden", \SnippetOwner.hidden), .action("toggled:", SnippetOwner.toggled),
        ]
    }
}

@Suite("What real Interface Builder files hold: cells, old layout guides, ratios, UIKit controls")
struct InterfaceBuilderCoverageTests {
    static func document(_ body: String, type: String = "XIB", initial: String = "") -> Data {
        let kind = type == "XIB" ? "com.apple.InterfaceBuilder3.CocoaTouch.XIB" : "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB"
        return Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="\(kind)" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch"\(initial)>
            \(body)
            </document>
            """.utf8)
    }

    static func owned(_ objects: String) -> Data {
        document(
            """
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="SnippetOwner">
                    <connections>
                        <outlet property="label" destination="lab" id="o1"/>
                        <outlet property="hidden" destination="pro" id="o2"/>
                    </connections>
                </placeholder>
            \(objects)
            </objects>
            """)
    }

    @Test func aCellsContentViewIsOneOfItsSubviews() throws {
        let data = Self.owned(
            """
            <tableViewCell contentMode="scaleToFill" reuseIdentifier="cell" id="cel">
                <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                <tableViewCellContentView key="contentView" opaque="NO" contentMode="center" tableViewCell="cel" id="cnt">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                    <subviews>
                        <label opaque="NO" text="Row" translatesAutoresizingMaskIntoConstraints="NO" id="lab">
                            <rect key="frame" x="16" y="11" width="40" height="21"/>
                        </label>
                    </subviews>
                    <constraints>
                        <constraint firstItem="lab" firstAttribute="leading" secondItem="cnt" secondAttribute="leadingMargin" id="c1"/>
                        <constraint firstItem="lab" firstAttribute="centerY" secondItem="cnt" secondAttribute="centerY" id="c2"/>
                    </constraints>
                </tableViewCellContentView>
            </tableViewCell>
            <view contentMode="scaleToFill" id="pro"/>
            """)
        let owner = SnippetOwner()
        let nib = try Nib(data: data, name: "Cell.xib")
        let cell = try #require(try nib.instantiate(withOwner: owner).first as? View)
        let content = try #require(cell.subviews.first)
        #expect(owner.label?.superview === content && owner.label?.text == "Row")
        cell.layoutIfNeeded()
        #expect(owner.label?.frame.minX == 8)
        #expect(nib.warnings.map(\.message).contains("<tableViewCell> is read as a plain View"))
    }

    @Test func anOutletToAnElementNotReadIsSkippedWithAWarning() throws {
        let data = Self.owned(
            """
            <view contentMode="scaleToFill" id="root">
                <subviews>
                    <label opaque="NO" text="A" id="lab"/>
                </subviews>
            </view>
            <navigationItem title="Home" id="pro"/>
            """)
        let owner = SnippetOwner()
        let nib = try Nib(data: data, name: "Skip.xib")
        _ = try nib.instantiate(withOwner: owner)
        #expect(owner.label != nil && owner.hidden == nil)
        #expect(nib.warnings.map(\.message).contains("\"hidden\" refers to a <navigationItem>, which is not read; it is not connected"))
    }

    @Test func multipliersAreDecimalsOrRatios() throws {
        let data = Self.document(
            """
            <objects>
                <view contentMode="scaleToFill" id="root">
                    <rect key="frame" x="0.0" y="0.0" width="300" height="300"/>
                    <subviews>
                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="a"/>
                    </subviews>
                    <constraints>
                        <constraint firstItem="a" firstAttribute="width" secondItem="root" secondAttribute="width" multiplier="1/3" id="c1"/>
                        <constraint firstItem="a" firstAttribute="height" secondItem="a" secondAttribute="width" multiplier="9:16" id="c2"/>
                        <constraint firstItem="a" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c3"/>
                        <constraint firstItem="a" firstAttribute="top" secondItem="root" secondAttribute="top" id="c4"/>
                    </constraints>
                </view>
            </objects>
            """)
        let root = try #require(try Nib(data: data).instantiate(withOwner: nil).first as? View)
        let window = Window(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(root)
        window.layoutIfNeeded()
        // 300 × 1/3 = 100 wide; 100 × 9/16 = 56.25 high, 56 on the window's one-point pixel grid.
        #expect(root.subviews[0].frame == CGRect(x: 0, y: 0, width: 100, height: 56))
    }

    @Test func oldTopAndBottomLayoutGuidesAreTheSafeAreasEdges() throws {
        let data = Self.document(
            """
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="vc" sceneMemberID="viewController">
                            <layoutGuides>
                                <viewControllerLayoutGuide type="top" id="top"/>
                                <viewControllerLayoutGuide type="bottom" id="bot"/>
                            </layoutGuides>
                            <view key="view" contentMode="scaleToFill" id="root">
                                <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
                                <subviews>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="bar"/>
                                </subviews>
                                <constraints>
                                    <constraint firstItem="bar" firstAttribute="top" secondItem="top" secondAttribute="bottom" constant="20" id="c1"/>
                                    <constraint firstItem="bot" firstAttribute="top" secondItem="bar" secondAttribute="bottom" constant="10" id="c2"/>
                                    <constraint firstItem="bar" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c3"/>
                                    <constraint firstItem="bar" firstAttribute="width" constant="50" id="c4"/>
                                </constraints>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
            """, type: "Storyboard", initial: " initialViewController=\"vc\"")
        let controller = try #require(try Storyboard(data: data).instantiateInitialViewController())
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.rootViewController = controller
        window.layoutIfNeeded()
        #expect(controller.view.subviews[0].frame == CGRect(x: 0, y: 20, width: 50, height: 450))
    }

    @Test func uikitControlsAreControlsWhoseActionsConnect() throws {
        let data = Self.owned(
            """
            <view contentMode="scaleToFill" id="root">
                <subviews>
                    <switch opaque="NO" contentMode="scaleToFill" on="YES" id="swi">
                        <connections>
                            <action selector="toggled:" destination="-1" eventType="valueChanged" id="a1"/>
                        </connections>
                    </switch>
                    <label opaque="NO" text="A" id="lab"/>
                </subviews>
            </view>
            <view contentMode="scaleToFill" id="pro"/>
            """)
        let owner = SnippetOwner()
        let root = try #require(try Nib(data: data).instantiate(withOwner: owner).first as? View)
        let control = try #require(root.subviews.first as? Control)
        control.sendActions(for: .valueChanged)
        #expect(owner.toggles == 1)
    }

    @Test func aStoryboardsContainedControllersAreReadable() throws {
        let data = Self.document(
            """
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <navigationController id="nav" sceneMemberID="viewController">
                            <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar">
                                <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                            </navigationBar>
                            <connections>
                                <segue destination="home" kind="relationship" relationship="rootViewController" id="r1"/>
                            </connections>
                        </navigationController>
                    </objects>
                </scene>
                <scene sceneID="s2">
                    <objects>
                        <viewController id="home" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="root"/>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
            """, type: "Storyboard", initial: " initialViewController=\"nav\"")
        let storyboard = try Storyboard(data: data)
        #expect(storyboard.segues(from: "nav") == [StoryboardSegue(identifier: nil, kind: "relationship", destinationID: "home")])
        #expect(storyboard.viewControllerIDs == ["nav", "home"])
        #expect(try storyboard.instantiateInitialViewController() != nil)
        #expect(storyboard.warnings.map(\.message).contains("<navigationController> is read as a plain ViewController"))
    }
}
