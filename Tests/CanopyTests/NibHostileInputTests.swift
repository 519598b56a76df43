import Canopy
import Foundation
import Testing

@Suite("Malformed, hostile and mutated Interface Builder files fail cleanly")
struct NibHostileInputTests {
    static func xib(_ objects: String) -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch">
                <objects>
            \(objects)
                </objects>
            </document>
            """.utf8)
    }

    static func failure(_ data: Data, classes: ArchiveClasses = .builtIn) -> ArchiveError? {
        do {
            _ = try Nib(data: data, name: "Test.xib", classes: classes).instantiate(withOwner: nil)
            return nil
        } catch {
            return error
        }
    }

    @Test func malformedXMLNamesTheFileAndLine() {
        let error = Self.failure(Self.xib("<view id=\"a\">\n<rect key=\"frame\" x=\"0\"\n</view>"))
        #expect(error?.file == "Test.xib")
        #expect(error?.line != nil)
        if case .malformed = error?.reason {} else { Issue.record("expected a malformed-file error, got \(String(describing: error))") }
    }

    @Test func aFileCutShortNamesTheElementLeftOpen() {
        let data = Data(#"<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects><view id="a""#.utf8)
        let error = Self.failure(data)
        #expect(error?.file == "Test.xib")
        if case .malformed = error?.reason {} else { Issue.record("expected a malformed-file error, got \(String(describing: error))") }
    }

    @Test func aDocumentTypeDeclarationIsRefused() {
        let data = Data(
            """
            <?xml version="1.0"?>
            <!DOCTYPE document [<!ENTITY a "aaaaaaaaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects/></document>
            """.utf8)
        #expect(Self.failure(data)?.reason == .malformed("a document type declaration is not allowed"))
    }

    @Test func anotherDocumentTypeOrVersionIsRefused() {
        let mac = Data(#"<document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0"><objects/></document>"#.utf8)
        #expect(Self.failure(mac)?.description.contains("is not an iOS xib or storyboard") == true)
        let old = Data(#"<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="2.0"><objects/></document>"#.utf8)
        #expect(Self.failure(old)?.description.contains("is not 3.0") == true)
    }

    @Test func aReferenceToNoObjectNamesTheIdAndLine() {
        let data = Self.xib(
            """
            <view id="root">
                <constraints>
                    <constraint firstItem="ghost" firstAttribute="width" constant="4" id="c"/>
                </constraints>
            </view>
            """)
        let error = Self.failure(data)
        #expect(error?.reason == .danglingReference("ghost"))
        #expect(error?.line == 6)
    }

    @Test func anUnregisteredCustomClassIsNotMade() {
        let error = Self.failure(Self.xib(#"<view id="root" customClass="Mystery"/>"#))
        #expect(error?.reason == .unknownClass("Mystery"))
        #expect(error?.line == 4)
    }

    @Test func anOutletTheOwnerLacksIsNamed() {
        let data = Self.xib(
            """
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1">
                <connections><outlet property="nowhere" destination="root" id="o"/></connections>
            </placeholder>
            <view id="root"/>
            """)
        let owner = View()
        #expect {
            _ = try Nib(data: data, name: "Test.xib").instantiate(withOwner: owner)
        } throws: { error in
            let error = error as? ArchiveError
            return error?.reason == .unknownKey && error?.key == "nowhere" && error?.className == "View"
        }
    }

    @Test func anUnreadableNumberIsAnError() {
        let error = Self.failure(Self.xib(#"<view id="root" alpha="lots"/>"#))
        #expect(error?.description.contains("alpha=\"lots\" cannot be read") == true)
    }

    @Test func nestingPastTheLimitIsRefused() {
        let depth = 300
        let nested = String(repeating: "<view id=\"v\"><subviews>", count: depth) + String(repeating: "</subviews></view>", count: depth)
        #expect(Self.failure(Self.xib(nested))?.description.contains("nest deeper than 256") == true)
    }

    @Test func moreElementsThanTheLimitAreRefused() throws {
        var limits = InterfaceBuilderLimits()
        limits.maximumElementCount = 5
        let data = Self.xib(#"<view id="a"><subviews><view id="b"/><view id="c"/><view id="d"/></subviews></view>"#)
        #expect {
            _ = try Nib(data: data, name: "Test.xib", limits: limits)
        } throws: { error in
            (error as? ArchiveError)?.reason == .malformed("more than 5 elements")
        }
    }

    @Test func aSubviewAncestorCycleCannotBeWritten() {
        // Ids are unique to one element, so a file cannot make a view its own subview; a
        // repeated id is the last element's, and both views are still made once each.
        let data = Self.xib(#"<view id="a"><subviews><view id="a"/></subviews></view>"#)
        #expect(Self.failure(data) == nil)
    }

    /// `count` mutations of `original`, the same for the same seed: one to four edits each,
    /// each a byte replaced by one XML gives meaning to, removed, a run repeated, or the rest cut.
    static func mutations(of original: [UInt8], count: Int, seed: UInt64) -> [Data] {
        var generator = SplitMix(seed: seed)
        let interesting: [UInt8] = Array("<>\"=/ 0-1.eYNid".utf8)
        return (0..<count).map { round in
            var bytes = original
            for _ in 0..<(1 + round % 4) {
                let at = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 4 {
                case 0: bytes[at] = interesting[Int(generator.next() % UInt64(interesting.count))]
                case 1: bytes.remove(at: at)
                case 2: bytes.insert(contentsOf: bytes[at..<min(at + 40, bytes.count)], at: at)
                default: bytes = Array(bytes[..<max(at, 1)])
                }
            }
            return Data(bytes)
        }
    }

    /// A mutated storyboard that loads but names no initial scene: counted as refused.
    private struct NoInitialScene: Error {}

    /// Loads each of `count` mutations of `original` with `load`, which lays the result out or
    /// throws to refuse it; returns how many loaded and how many were refused.
    private static func outcomes(
        of original: [UInt8], count: Int, seed: UInt64, load: (Data) throws -> Void
    ) -> (loaded: Int, refused: Int) {
        var loaded = 0, refused = 0
        for bytes in mutations(of: original, count: count, seed: seed) {
            do {
                try load(bytes)
                loaded += 1
            } catch {
                refused += 1
            }
        }
        return (loaded, refused)
    }

    /// Mutations of a real xib: bytes replaced, removed, duplicated and truncated. Each must
    /// load or fail with an error, never crash or hang.
    @Test func mutatedFilesNeverCrash() throws {
        let url = try #require(Bundle.module.url(forResource: "ProfileCard", withExtension: "xib", subdirectory: "Nibs"))
        var classes = ArchiveClasses.builtIn
        classes.register(ProfileCard.self)
        let (loaded, refused) = Self.outcomes(of: [UInt8](try Data(contentsOf: url)), count: 400, seed: 0x5EED) { bytes in
            let nib = try Nib(data: bytes, name: "mutated.xib", bundle: .module, classes: classes)
            let objects = try nib.instantiate(withOwner: ProfileOwner())
            if let view = objects.first as? View {
                let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
                window.addSubview(view)
                window.layoutIfNeeded()
            }
        }
        #expect(loaded + refused == 400)
        #expect(loaded > 0 && refused > 0)
    }

    /// The same for a storyboard: each mutation makes its initial scene, lays it out, or fails.
    @Test func mutatedStoryboardsNeverCrash() throws {
        let url = try #require(Bundle.module.url(forResource: "Main", withExtension: "storyboard", subdirectory: "Nibs"))
        var classes = ArchiveClasses.builtIn
        classes.register(HomeViewController.self)
        let (loaded, refused) = Self.outcomes(of: [UInt8](try Data(contentsOf: url)), count: 200, seed: 0x57B) { bytes in
            let storyboard = try Storyboard(data: bytes, name: "mutated.storyboard", bundle: .module, classes: classes)
            guard let controller = try storyboard.instantiateInitialViewController() else { throw NoInitialScene() }
            let window = Window(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
            window.rootViewController = controller
            window.layoutIfNeeded()
        }
        #expect(loaded > 0 && refused > 0)
    }
}

/// A small deterministic generator, so that a failing mutation can be replayed.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
