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

    /// The file's first top-level view, laid out in a window of `size`.
    static func laidOut(_ data: Data, size: CGSize) throws -> (root: View, window: Window) {
        let root = try #require(try Nib(data: data).instantiate(withOwner: nil).first as? View)
        let window = Window(frame: CGRect(origin: .zero, size: size))
        window.addSubview(root)
        window.layoutIfNeeded()
        return (root, window)
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
        let (root, _) = try Self.laidOut(data, size: CGSize(width: 300, height: 300))
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

    /// Size classes: the default variation's masks, then those for a phone held upright
    /// (compact width, regular height); an iPad's variation is not applied.
    @Test func constraintsFollowTheSizeClassesOfAnUprightPhone() throws {
        let data = Self.document(
            """
            <objects>
                <view contentMode="scaleToFill" id="root">
                    <rect key="frame" x="0.0" y="0.0" width="300" height="300"/>
                    <subviews>
                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="box">
                            <constraints>
                                <constraint firstAttribute="width" constant="100" id="w100"/>
                                <constraint firstAttribute="width" constant="200" id="w200"/>
                                <constraint firstAttribute="height" constant="50" id="h50"/>
                                <constraint firstAttribute="height" constant="60" id="h60"/>
                            </constraints>
                            <variation key="default">
                                <mask key="constraints">
                                    <exclude reference="w200"/>
                                    <exclude reference="h60"/>
                                </mask>
                            </variation>
                            <variation key="heightClass=regular-widthClass=regular">
                                <mask key="constraints">
                                    <include reference="w200"/>
                                    <exclude reference="w100"/>
                                </mask>
                            </variation>
                            <variation key="widthClass=compact">
                                <mask key="constraints">
                                    <include reference="h60"/>
                                    <exclude reference="h50"/>
                                </mask>
                            </variation>
                        </view>
                    </subviews>
                    <constraints>
                        <constraint firstItem="box" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c1"/>
                        <constraint firstItem="box" firstAttribute="top" secondItem="root" secondAttribute="top" id="c2"/>
                    </constraints>
                </view>
            </objects>
            """)
        let (root, window) = try Self.laidOut(data, size: CGSize(width: 300, height: 300))
        #expect(root.subviews[0].frame == CGRect(x: 0, y: 0, width: 100, height: 60))
        #expect(root.subviews[0].constraints.count == 2 && window.layoutReport.conflicts.isEmpty)
    }

    /// A subview a size class leaves out is not in the hierarchy, and the constraints that tie
    /// it to views outside it are not installed; one the default variation leaves out and the
    /// compact width includes is there.
    @Test func subviewsFollowTheSizeClassesOfAnUprightPhone() throws {
        let data = Self.document(
            """
            <objects>
                <view contentMode="scaleToFill" id="root">
                    <rect key="frame" x="0.0" y="0.0" width="300" height="300"/>
                    <subviews>
                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="phone"/>
                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="pad">
                            <subviews>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="inner"/>
                            </subviews>
                        </view>
                    </subviews>
                    <constraints>
                        <constraint firstItem="phone" firstAttribute="width" constant="100" id="pw"/>
                        <constraint firstItem="phone" firstAttribute="height" constant="40" id="ph"/>
                        <constraint firstItem="phone" firstAttribute="top" secondItem="root" secondAttribute="top" id="pt"/>
                        <constraint firstItem="phone" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="pl"/>
                        <constraint firstItem="pad" firstAttribute="top" secondItem="phone" secondAttribute="bottom" id="dt"/>
                        <constraint firstItem="inner" firstAttribute="width" secondItem="root" secondAttribute="width" id="iw"/>
                    </constraints>
                    <variation key="default">
                        <mask key="subviews">
                            <exclude reference="phone"/>
                        </mask>
                    </variation>
                    <variation key="widthClass=compact">
                        <mask key="subviews">
                            <include reference="phone"/>
                            <exclude reference="pad"/>
                        </mask>
                    </variation>
                    <variation key="widthClass=regular">
                        <mask key="subviews">
                            <exclude reference="phone"/>
                        </mask>
                    </variation>
                </view>
            </objects>
            """)
        let nib = try Nib(data: data)
        #expect(!nib.warnings.contains { $0.message.contains("size-class") })
        let (root, window) = try Self.laidOut(data, size: CGSize(width: 300, height: 300))
        #expect(root.subviews.count == 1 && root.subviews[0].frame == CGRect(x: 0, y: 0, width: 100, height: 40))
        let installed = root.constraints.count + root.subviews[0].constraints.count
        #expect(installed == 4, "the pad's two constraints to views outside it are not installed")
        #expect(window.layoutReport.conflicts.isEmpty)
    }

    /// A switch and a text field keep the intrinsic sizes Xcode saved for them (both
    /// dimensions for a switch, the height for a text field), so they lay out as designed.
    @Test func standInsKeepTheIntrinsicSizeTheFileSaved() throws {
        let data = Self.document(
            """
            <objects>
                <view contentMode="scaleToFill" id="root">
                    <rect key="frame" x="0.0" y="0.0" width="320" height="200"/>
                    <subviews>
                        <switch opaque="NO" contentMode="scaleToFill" on="YES" translatesAutoresizingMaskIntoConstraints="NO" id="swi">
                            <rect key="frame" x="20" y="20" width="51" height="31"/>
                        </switch>
                        <textField opaque="NO" contentMode="scaleToFill" borderStyle="roundedRect" translatesAutoresizingMaskIntoConstraints="NO" id="txt">
                            <rect key="frame" x="20" y="71" width="97" height="34"/>
                            <fontDescription key="fontDescription" type="system" pointSize="14"/>
                        </textField>
                    </subviews>
                    <constraints>
                        <constraint firstItem="swi" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="20" id="c1"/>
                        <constraint firstItem="swi" firstAttribute="top" secondItem="root" secondAttribute="top" constant="20" id="c2"/>
                        <constraint firstItem="txt" firstAttribute="leading" secondItem="swi" secondAttribute="leading" id="c3"/>
                        <constraint firstItem="txt" firstAttribute="top" secondItem="swi" secondAttribute="bottom" constant="20" id="c4"/>
                        <constraint firstAttribute="trailing" secondItem="txt" secondAttribute="trailing" constant="20" id="c5"/>
                    </constraints>
                </view>
            </objects>
            """)
        let (root, window) = try Self.laidOut(data, size: CGSize(width: 320, height: 200))
        #expect(root.subviews[0].intrinsicContentSize == CGSize(width: 51, height: 31))
        #expect(root.subviews[1].intrinsicContentSize == CGSize(width: View.noIntrinsicMetric, height: 34))
        #expect(root.subviews.map(\.frame) == [CGRect(x: 20, y: 20, width: 51, height: 31), CGRect(x: 20, y: 71, width: 280, height: 34)])
        #expect(window.layoutReport.ambiguities.isEmpty && root.subviews.allSatisfy { $0 is Control })
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

/// The root view of `Everything.xib`, with inspectable properties of every runtime-attribute type.
final class SettingsPanel: View {
    var title = ""
    var subtitle = ""
    var isCompact = false
    var anchor = CGPoint.zero
    var badgeSize = CGSize.zero
    var hotArea = CGRect.zero
    var accent: Color? = .red

    override class var keyedProperties: [KeyedProperty] {
        super.keyedProperties + [
            .inspectable("title", \SettingsPanel.title), .inspectable("subtitle", \SettingsPanel.subtitle),
            .inspectable("isCompact", \SettingsPanel.isCompact), .inspectable("anchor", \SettingsPanel.anchor),
            .inspectable("badgeSize", \SettingsPanel.badgeSize), .inspectable("hotArea", \SettingsPanel.hotArea),
            .inspectable("accent", \SettingsPanel.accent),
        ]
    }
}

/// `Everything.xib` holds every element and attribute `docs/interface-builder.md` lists that the
/// other files do not: each is checked here.
@Suite("Every element and attribute Canopy reads, from one xib")
struct EverythingXibTests {
    static func panel() throws -> (SettingsPanel, Nib) {
        var classes = ArchiveClasses.builtIn
        classes.register(SettingsPanel.self)
        let nib = try Nib(named: "Everything", bundle: .module, classes: classes)
        return (try #require(try nib.instantiate(withOwner: nil).first as? SettingsPanel), nib)
    }

    @Test func theRootViewsAttributesAndRuntimeAttributes() throws {
        let (panel, _) = try Self.panel()
        #expect(panel.semanticContentAttribute == .forceRightToLeft)
        #expect(panel.backgroundColor == Color(white: 0.96))
        #expect(panel.layoutMargins == EdgeInsets(top: 16, left: 16, bottom: 16, right: 16))
        #expect(panel.title == "Settings" && panel.subtitle == "Everything" && panel.isCompact)
        #expect(panel.anchor == CGPoint(x: 0.25, y: 0.75) && panel.badgeSize == CGSize(width: 20, height: 10))
        #expect(panel.hotArea == CGRect(x: 1, y: 2, width: 3, height: 4) && panel.accent == nil)
        #expect(panel.layer.borderWidth == 1.5 && panel.layer.borderColor == .systemRed)
    }

    @Test func labelsFontsAndColours() throws {
        let (panel, _) = try Self.panel()
        let multi = try #require(panel.subviews[0] as? Label), missing = try #require(panel.subviews[1] as? Label)
        #expect(multi.text == "First line\nsecond line" && multi.numberOfLines == 0)
        #expect(multi.textAlignment == .center && multi.lineBreakMode == .byWordWrapping)
        #expect(multi.font.face.path == Font(name: "DejaVuSans-Bold", size: 15)?.face.path && multi.font.pointSize == 15)
        #expect(multi.textColor == Color(red: 0.1, green: 0.2, blue: 0.3))
        #expect(multi.contentCompressionResistancePriority(for: .vertical) == LayoutPriority(751))
        #expect(missing.font == .systemFont(ofSize: 12) && missing.textColor == .black)
        #expect(missing.lineBreakMode == .byTruncatingHead)
    }

    @Test func attributedLabelText() throws {
        let (panel, _) = try Self.panel()
        let label = try #require(panel.subviews[5] as? Label)
        let text = try #require(label.attributedText)
        #expect(text.string == "Bold red then plain\non two lines")
        let bold = Font.boldSystemFont(ofSize: 20), plain = try #require(Font(name: "DejaVuSans", size: 12))
        #expect(text.attribute(.font, at: 0, effectiveRange: nil) as? Font == bold)
        #expect(text.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? Color == .red)
        let second = try #require(text.attribute(.font, at: 9, effectiveRange: nil) as? Font)
        #expect(second.face.path == plain.face.path && second.pointSize == 12)
        #expect(text.attribute(.foregroundColor, at: 9, effectiveRange: nil) == nil, "the label's colour applies")
        let style = try #require(text.attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? ParagraphStyle)
        #expect(style.lineSpacing == 6 && style.alignment == .center && style.lineBreakMode == .byWordWrapping)
        // Two lines: the first as tall as the 20-point font, the second the 12-point one, 6 apart.
        let height = bold.lineHeight + 6 + plain.lineHeight
        let width = max(bold.width(of: "Bold red ") + plain.width(of: "then plain"), plain.width(of: "on two lines"))
        #expect(label.intrinsicContentSize == CGSize(width: width.rounded(.up), height: height.rounded(.up)))
    }

    @Test func stackButtonsScrollViewImageAndControl() throws {
        let (panel, _) = try Self.panel()
        let stack = try #require(panel.subviews[2] as? StackView)
        #expect(stack.alignment == .leading && stack.spacing == 12 && stack.arrangedSubviews.count == 2)
        let save = try #require(stack.arrangedSubviews[0] as? Button), star = try #require(stack.arrangedSubviews[1] as? Button)
        #expect(save.title(for: .normal) == "Save" && save.buttonType == .system)
        #expect(!star.isEnabled && star.contentHorizontalAlignment == .leading && star.imageEdgeInsets == EdgeInsets(top: 2, left: 2, bottom: 2, right: 2))
        #expect(star.image(for: .normal)?.size == CGSize(width: 24, height: 24) && star.titleColor(for: .highlighted) == Color(white: 0.5))
        let scroll = try #require(panel.subviews[3] as? ScrollView)
        #expect(!scroll.bounces && scroll.isPagingEnabled && scroll.clipsToBounds)
        let image = try #require(scroll.subviews.last as? ImageView)
        #expect(image.alpha == 0.5 && image.tag == 7 && image.isHidden && image.contentMode == .scaleAspectFill)
        #expect(image.image?.size == CGSize(width: 24, height: 24) && image.autoresizingMask == [.flexibleRightMargin, .flexibleBottomMargin])
        let control = try #require(panel.subviews[4] as? Control)
        #expect(!control.isEnabled && control.contentHorizontalAlignment == .left && control.contentVerticalAlignment == .top)
    }

    @Test func itLaysOutWithItsConstraintsPrioritiesAndRelations() throws {
        let (panel, _) = try Self.panel()
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 400))
        window.addSubview(panel)
        window.layoutIfNeeded()
        let multi = panel.subviews[0], stack = panel.subviews[2], scroll = panel.subviews[3], control = panel.subviews[4]
        #expect(multi.frame.origin == CGPoint(x: 16, y: 16) && multi.frame.width == 288)
        // The panel is right to left: leading edges are on the right, at 320 - 16 = 304. The
        // scroll view is half the label's width, its height held to at most 120 over a weak
        // wish for 200.
        #expect(scroll.frame == CGRect(x: 304 - 144, y: stack.frame.maxY + 16, width: 144, height: 120))
        #expect(control.frame == CGRect(x: 304 - 60, y: scroll.frame.maxY + 16, width: 60, height: 30))
        #expect(scroll.constraints.contains { $0.identifier == "scrollCap" && $0.relation == .lessThanOrEqual })
        // Its content guide is twice as wide as its frame guide and as tall: the content size.
        #expect((scroll as? ScrollView)?.contentSize == CGSize(width: 288, height: 120))
        #expect(window.layoutReport.conflicts.isEmpty)
    }

    @Test func whatIsNotReadIsListed() throws {
        let (_, nib) = try Self.panel()
        let star = "the image \"star\" is not found; a blank of its size stands in"
        #expect(nib.warnings.map(\.message) == [
            "the font \"NoSuchFace-Regular\" is not installed; the system font is used",
            "a button configuration is read for its title only", star, star, star,
        ])
        #expect(nib.warnings.filter { $0.message == star }.map(\.line) == [42, 44, 56])
    }
}
