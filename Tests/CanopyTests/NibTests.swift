import Canopy
import Foundation
import Testing

/// The view class of `ProfileCard.xib`: outlets, an outlet collection, inspectable properties
/// and an action target, declared by key path.
final class ProfileCard: View {
    var avatar: ImageView?
    var nameLabel: Label?
    var followButton: Button?
    var nameBelow: LayoutConstraint?
    var parts: [View] = []
    var cornerRadius: CGFloat = 0
    var accent: Color? = nil
    /// What each `awakeFromNib()` saw: whether the outlets were connected by then.
    var awakenings: [Bool] = []
    var initializations = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    required init?(coder: Coder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() { initializations += 1 }

    override func awakeFromNib() {
        super.awakeFromNib()
        awakenings.append(nameLabel != nil && followButton != nil && parts.count == 2)
    }

    override class var keyedProperties: [KeyedProperty] {
        super.keyedProperties + [
            .outlet("avatar", \ProfileCard.avatar), .outlet("nameLabel", \ProfileCard.nameLabel),
            .outlet("followButton", \ProfileCard.followButton), .outlet("nameBelow", \ProfileCard.nameBelow),
            .outletCollection("parts", \ProfileCard.parts),
            .inspectable("cornerRadius", \ProfileCard.cornerRadius), .inspectable("accent", \ProfileCard.accent),
        ]
    }
}

/// The File's Owner of `ProfileCard.xib`.
final class ProfileOwner: Responder {
    var card: ProfileCard?
    var follows: [Button] = []

    func follow(_ sender: Button) { follows.append(sender) }

    override class var keyedProperties: [KeyedProperty] {
        super.keyedProperties + [.outlet("card", \ProfileOwner.card), .action("follow:", ProfileOwner.follow)]
    }
}

/// The File's Owner of `Gestures.xib`, whose recognizers send it their actions.
final class GestureOwner: Responder {
    var doubleTaps: [TapGestureRecognizer] = []
    var swipes = 0
    func doubleTapped(_ sender: TapGestureRecognizer) { doubleTaps.append(sender) }
    func swiped(_ sender: SwipeGestureRecognizer) { swipes += 1 }
    override class var keyedProperties: [KeyedProperty] {
        super.keyedProperties + [.action("doubleTapped:", GestureOwner.doubleTapped), .action("swiped:", GestureOwner.swiped)]
    }
}

@Suite("Nibs read Xcode's xib files: objects, outlets, actions, runtime attributes, layout")
struct NibTests {
    static var classes: ArchiveClasses {
        var classes = ArchiveClasses.builtIn
        classes.register(ProfileCard.self)
        return classes
    }

    static func profileNib() throws -> Nib {
        try Nib(named: "ProfileCard", bundle: .module, classes: classes)
    }

    @Test func topLevelObjectsAreTheFilesViewsInOrderOfTheFile() throws {
        let owner = ProfileOwner()
        let objects = try Self.profileNib().instantiate(withOwner: owner)
        #expect(objects.count == 1)
        let card = try #require(objects.first as? ProfileCard)
        #expect(owner.card === card)
        #expect(card.initializations == 1)
        #expect(card.subviews.count == 3)
        #expect(card.subviews[0] is ImageView && card.subviews[1] is Label && card.subviews[2] is Button)
    }

    @Test func outletsAndCollectionsAreConnectedBeforeAwakeFromNib() throws {
        let owner = ProfileOwner()
        let card = try #require(try Self.profileNib().instantiate(withOwner: owner).first as? ProfileCard)
        #expect(card.awakenings == [true])
        #expect(card.avatar === card.subviews[0])
        #expect(card.nameLabel?.text == "Ada Lovelace")
        #expect(card.parts.map(ObjectIdentifier.init) == [ObjectIdentifier(card.subviews[0]), ObjectIdentifier(card.subviews[1])])
        #expect(card.nameBelow?.identifier == "buttonBelowName")
        #expect(card.nameBelow?.constant == 8)
    }

    @Test func actionsReachTheOwnerWithTheirSender() throws {
        let owner = ProfileOwner()
        let card = try #require(try Self.profileNib().instantiate(withOwner: owner).first as? ProfileCard)
        let button = try #require(card.followButton)
        button.sendActions(for: .touchUpInside)
        #expect(owner.follows.count == 1 && owner.follows.first === button)
        button.sendActions(for: .valueChanged)
        #expect(owner.follows.count == 1)
    }

    @Test func attributesAndRuntimeAttributesAreSet() throws {
        let card = try #require(try Self.profileNib().instantiate(withOwner: ProfileOwner()).first as? ProfileCard)
        #expect(card.cornerRadius == CGFloat(12.5))
        #expect(card.accent == Color(red: 1, green: 0.5, blue: 0))
        #expect(card.backgroundColor == .white)
        #expect(card.autoresizingMask == [.flexibleRightMargin, .flexibleBottomMargin])
        let label = try #require(card.nameLabel)
        #expect(label.font == .boldSystemFont(ofSize: 17))
        #expect(label.textColor == .black)
        #expect(!label.translatesAutoresizingMaskIntoConstraints)
        #expect(label.contentHuggingPriority(for: .horizontal) == LayoutPriority(251))
        let button = try #require(card.followButton)
        #expect(button.buttonType == .system)
        #expect(button.title(for: .normal) == "Follow" && button.title(for: .selected) == "Following")
        #expect(button.titleColor(for: .normal) == .red)
        #expect(button.layer.cornerRadius == 8 && button.clipsToBounds)
        let avatar = try #require(card.avatar)
        #expect(avatar.image?.size == CGSize(width: 64, height: 64))  // the resources' size: no file
        #expect(avatar.contentMode == .scaleAspectFit && avatar.clipsToBounds)
    }

    @Test func theCardLaysOutAsOnADevice() throws {
        let card = try #require(try Self.profileNib().instantiate(withOwner: ProfileOwner()).first as? ProfileCard)
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.addSubview(card)
        window.layoutIfNeeded()
        let label = try #require(card.nameLabel), button = try #require(card.followButton)
        #expect(card.frame == CGRect(x: 0, y: 0, width: 320, height: 120))
        #expect(card.avatar?.frame == CGRect(x: 16, y: 16, width: 64, height: 64))
        #expect(label.frame.minX == 96 && label.frame.minY == 16 && label.frame.width == 208)
        #expect(label.frame.height == label.intrinsicContentSize.height)
        #expect(button.frame == CGRect(x: 96, y: label.frame.maxY + 8, width: 80, height: 30))
        #expect(window.layoutReport.conflicts.isEmpty)
    }

    @Test func eachInstantiationMakesNewObjects() throws {
        let nib = try Self.profileNib()
        let first = try nib.instantiate(withOwner: ProfileOwner()).first
        let second = try nib.instantiate(withOwner: ProfileOwner()).first
        #expect(first !== second)
    }

    @Test func whatIsNotReadIsReportedWithItsLine() throws {
        let warnings = try Self.profileNib().warnings
        // The xib's highlightedColor, baselineAdjustment... are known and ignored; the image
        // file is missing, so its resource size stands in.
        #expect(warnings.map(\.message) == ["the image \"avatar\" is not found; a blank of its size stands in"])
        #expect(warnings.first?.line == 21)
    }

    @Test func gestureRecognizersAreAttachedAndSendTheirActions() throws {
        let owner = GestureOwner()
        let objects = try Nib(named: "Gestures", bundle: .module).instantiate(withOwner: owner)
        #expect(objects.count == 3)  // the view and the two recognizers, as UIKit returns them
        let pad = try #require(objects.first as? View)
        let tap = try #require(pad.gestureRecognizers.first as? TapGestureRecognizer)
        let swipe = try #require(pad.gestureRecognizers.last as? SwipeGestureRecognizer)
        #expect(tap.numberOfTapsRequired == 2 && swipe.direction == .left && !swipe.cancelsTouchesInView)
        let window = Window(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(pad)
        window.layoutIfNeeded()
        let point = CGPoint(x: 100, y: 100)
        for (down, up) in [(0.0, 0.05), (0.15, 0.2)] {
            try window.sendTouch(.began, at: point, time: down)
            try window.sendTouch(.ended, at: point, time: up)
        }
        #expect(owner.doubleTaps.count == 1 && owner.doubleTaps.first === tap)
        #expect(owner.swipes == 0)
    }
}
