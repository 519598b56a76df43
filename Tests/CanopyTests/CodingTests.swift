import Canopy
import Foundation
import Testing

/// A subclass with its own archived value, its inspectable properties and a counter of its
/// common initialization.
final class BadgeView: View {
    var count = 0
    var caption = ""
    var ring: CGFloat = 0
    var initializations = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        initializations += 1
    }

    required init?(coder: Coder) {
        super.init(coder: coder)
        count = coder.decodeInteger(forKey: "count")
        initializations += 1
    }

    override func encode(with coder: Coder) {
        super.encode(with: coder)
        coder.encode(count, forKey: "count")
    }

    override class var keyedProperties: [KeyedProperty] {
        super.keyedProperties + [.inspectable("caption", \BadgeView.caption), .inspectable("ring", \BadgeView.ring)]
    }
}

@Suite("Archives keep every archived property, shared references and constraints")
struct CodingTests {
    static var classes: ArchiveClasses {
        var classes = ArchiveClasses.builtIn
        classes.register(BadgeView.self)
        return classes
    }

    /// Archives `roots`, makes them again, and archives what was made.
    static func roundTrip(_ roots: [any Archivable]) throws -> (first: Archive, made: [AnyObject], second: Archive) {
        let first = Archive(rootObjects: roots, classes: classes)
        let made = try first.unarchive(classes: classes)
        let second = Archive(rootObjects: made.map { $0 as! any Archivable }, classes: classes)
        return (first, made, second)
    }

    /// A view of every built-in class, each with values that differ from a new one's.
    static func everyBuiltInClass() -> [View] {
        let view = View(frame: CGRect(x: 1, y: 2, width: 30, height: 40))
        view.backgroundColor = .systemTeal
        view.alpha = 0.5
        view.isHidden = true
        view.clipsToBounds = true
        view.tag = 7
        view.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        view.transform = CGAffineTransform(rotationAngle: 0.25)
        view.layer.cornerRadius = 6
        view.layer.borderWidth = 2
        view.layer.shadowOpacity = 0.3
        view.layoutMargins = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        view.setContentHuggingPriority(LayoutPriority(300), for: .vertical)
        view.accessibilityIdentifier = "card"
        let label = Label(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        label.text = "Hello"
        label.font = .boldSystemFont(ofSize: 13)
        label.textColor = .systemRed
        label.textAlignment = .center
        label.numberOfLines = 3
        label.lineBreakMode = .byWordWrapping
        let button = Button(type: .system)
        button.setTitle("Go", for: .normal)
        button.setTitle("Going", for: .highlighted)
        button.setTitleColor(.systemGreen, for: .disabled)
        button.contentEdgeInsets = EdgeInsets(top: 4, left: 8, bottom: 4, right: 8)
        button.isEnabled = false
        button.contentHorizontalAlignment = .leading
        let image = ImageView(image: Image(size: CGSize(width: 12, height: 10)))
        image.isHighlighted = true
        let stack = StackView(arrangedSubviews: [View(), View()])
        stack.axis = .vertical
        stack.distribution = .fillEqually
        stack.alignment = .center
        stack.spacing = 6
        let scroll = ScrollView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        scroll.contentSize = CGSize(width: 50, height: 500)
        scroll.contentInset = EdgeInsets(top: 5, left: 0, bottom: 5, right: 0)
        scroll.isPagingEnabled = true
        let control = Control(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        control.isSelected = true
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        let swipe = SwipeGestureRecognizer()
        swipe.direction = [.left, .up]
        swipe.delaysTouchesEnded = false
        control.addGestureRecognizer(doubleTap)
        control.addGestureRecognizer(swipe)
        let badge = BadgeView(frame: CGRect(x: 0, y: 0, width: 8, height: 8))
        badge.count = 12
        badge.caption = "new"
        badge.ring = 1.5
        return [view, label, button, image, stack, scroll, control, badge]
    }

    @Test func archivingWhatWasMadeFromAnArchiveGivesTheSameArchive() throws {
        let views = Self.everyBuiltInClass()
        let (first, made, second) = try Self.roundTrip(views)
        #expect(first == second)
        #expect(made.count == views.count)
        for (original, copy) in zip(views, made) { #expect(type(of: original) == type(of: copy as AnyObject)) }
    }

    @Test func aLabelsAttributedTextIsKept() throws {
        let style = MutableParagraphStyle()
        (style.lineSpacing, style.alignment, style.lineBreakMode) = (4, .right, .byCharWrapping)
        let text = NSMutableAttributedString(
            string: "Red ", attributes: [.foregroundColor: Color.red, .font: Font.boldSystemFont(ofSize: 18), .paragraphStyle: style])
        text.append(NSAttributedString(string: "plain", attributes: [:]))
        let label = Label()
        label.numberOfLines = 0
        label.attributedText = text
        let (first, made, second) = try Self.roundTrip([label])
        #expect(first == second)
        let madeLabel = try #require(made.first as? Label)
        let copy = try #require(madeLabel.attributedText)
        #expect(copy.string == "Red plain")
        #expect(copy.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? Color == .red)
        #expect(copy.attribute(.font, at: 0, effectiveRange: nil) as? Font == .boldSystemFont(ofSize: 18))
        #expect(copy.attribute(.font, at: 4, effectiveRange: nil) == nil && copy.attribute(.foregroundColor, at: 4, effectiveRange: nil) == nil)
        let kept = try #require(copy.attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? ParagraphStyle)
        #expect(kept.lineSpacing == 4 && kept.alignment == .right && kept.lineBreakMode == .byCharWrapping)
        #expect(madeLabel.intrinsicContentSize == label.intrinsicContentSize)
    }

    @Test func madeObjectsHaveTheArchivedValues() throws {
        let made = try Self.roundTrip(Self.everyBuiltInClass()).made
        let view = try #require(made[0] as? View)
        #expect(view.backgroundColor == .systemTeal && view.alpha == 0.5 && view.isHidden && view.clipsToBounds)
        #expect(view.transform == CGAffineTransform(rotationAngle: 0.25))
        #expect(view.center == CGPoint(x: 16, y: 22) && view.bounds.size == CGSize(width: 30, height: 40))
        #expect(view.layer.cornerRadius == 6 && view.layer.borderWidth == 2 && view.layer.shadowOpacity == 0.3)
        #expect(view.contentHuggingPriority(for: .vertical) == LayoutPriority(300))
        let label = try #require(made[1] as? Label)
        #expect(label.text == "Hello" && label.font == .boldSystemFont(ofSize: 13) && label.numberOfLines == 3)
        #expect(label.textAlignment == .center && label.lineBreakMode == .byWordWrapping && !label.isUserInteractionEnabled)
        let button = try #require(made[2] as? Button)
        #expect(button.buttonType == .system && button.title(for: .highlighted) == "Going" && !button.isEnabled)
        #expect(button.titleColor(for: .disabled) == .systemGreen && button.contentHorizontalAlignment == .leading)
        #expect(button.subviews.isEmpty)
        let image = try #require(made[3] as? ImageView)
        #expect(image.image?.size == CGSize(width: 12, height: 10) && image.isHighlighted)
        let stack = try #require(made[4] as? StackView)
        #expect(stack.arrangedSubviews.count == 2 && stack.axis == .vertical && stack.spacing == 6)
        let scroll = try #require(made[5] as? ScrollView)
        #expect(scroll.contentSize == CGSize(width: 50, height: 500) && scroll.isPagingEnabled)
        let control = try #require(made[6] as? Control)
        let recognizers = control.gestureRecognizers
        #expect((recognizers.first as? TapGestureRecognizer)?.numberOfTapsRequired == 2)
        #expect((recognizers.last as? SwipeGestureRecognizer)?.direction == [.left, .up])
        #expect(recognizers.last?.delaysTouchesEnded == false && recognizers.allSatisfy { $0.view === control })
        let scrollRecognizers = try #require(made[5] as? ScrollView).gestureRecognizers.count
        #expect(scrollRecognizers == (Self.everyBuiltInClass()[5] as! ScrollView).gestureRecognizers.count)
        let badge = try #require(made[7] as? BadgeView)
        #expect(badge.count == 12 && badge.caption == "new" && badge.ring == 1.5)
    }

    @Test func aSubclassCommonInitRunsOnceEitherWay() throws {
        let badge = BadgeView(frame: .zero)
        #expect(badge.initializations == 1)
        let copy = try #require(try Self.roundTrip([badge]).made.first as? BadgeView)
        #expect(copy.initializations == 1)
    }

    @Test func constraintsAndGuidesComeBackActive() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let box = View()
        box.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(box)
        let guide = LayoutGuide()
        guide.identifier = "gutter"
        window.addLayoutGuide(guide)
        let width = box.widthAnchor.constraint(equalToConstant: 40)
        width.priority = LayoutPriority(999)
        width.identifier = "boxWidth"
        LayoutConstraint.activate([
            width, box.heightAnchor.constraint(equalTo: box.widthAnchor, multiplier: 0.5),
            box.leadingAnchor.constraint(equalTo: window.safeAreaLayoutGuide.leadingAnchor, constant: 10),
            box.topAnchor.constraint(equalTo: window.layoutMarginsGuide.topAnchor),
            guide.leadingAnchor.constraint(equalTo: box.trailingAnchor), guide.widthAnchor.constraint(equalToConstant: 5),
        ])
        let (first, made, second) = try Self.roundTrip([window])
        #expect(first == second)
        let copy = try #require(made.first as? Window)
        copy.layoutIfNeeded()
        let copiedBox = copy.subviews[0]
        #expect(copiedBox.frame == CGRect(x: 10, y: 8, width: 40, height: 20))
        #expect(copy.layoutGuides.first?.identifier == "gutter")
        #expect(copy.layoutGuides.first?.layoutFrame.minX == 50)
        let copiedWidth = copiedBox.constraints.first { $0.identifier == "boxWidth" }
        #expect(copiedWidth?.priority == LayoutPriority(999))
    }

    @Test func anObjectReferredToTwiceIsArchivedAndMadeOnce() throws {
        let parent = View()
        let child = View()
        parent.addSubview(child)
        let (first, made, _) = try Self.roundTrip([parent, child])
        #expect(first.objects.count == 2)
        let madeParent = try #require(made[0] as? View)
        #expect(madeParent.subviews.first === made[1])
    }

    @Test func aValueOfAnotherKindFailsNamingTheClassAndKey() throws {
        var archive = Archive(rootObjects: [View()])
        archive.objects[0].values["alpha"] = .string("half")
        #expect {
            _ = try archive.unarchive()
        } throws: { error in
            (error as? ArchiveError)?.description == "View's \"alpha\": expected CGFloat, found a string"
        }
    }

    @Test func anUnregisteredClassIsNeverMade() throws {
        let archive = Archive(rootObjects: [BadgeView(frame: .zero)], classes: Self.classes)
        #expect {
            _ = try archive.unarchive(classes: .builtIn)
        } throws: { error in
            (error as? ArchiveError)?.reason == .unknownClass("BadgeView")
        }
    }

    @Test func anInspectableKeyTheClassLacksIsNamed() throws {
        var archive = Archive(rootObjects: [View()])
        archive.objects[0].keyPathValues.append(KeyPathValue(keyPath: "glow", value: .number(2)))
        #expect {
            _ = try archive.unarchive()
        } throws: { error in
            let error = error as? ArchiveError
            return error?.reason == .unknownKey && error?.className == "View" && error?.key == "glow"
        }
    }

    @Test func malformedAttributedTextIsRefusedByKey() throws {
        // Runs that are not [text, font or nil, colour or nil], and a negative line spacing.
        let bad: [ArchiveValue] = [
            .string("plain"),
            .array([.array([.array([.string("a"), .number(3), .null])]), .null]),
            .array([.array([.array([.string("a"), .null, .null])]), .array([.number(-2), .string("left"), .string("byClipping")])]),
        ]
        for value in bad {
            var archive = Archive(rootObjects: [Label()])
            archive.objects[0].values["attributedText"] = value
            #expect {
                _ = try archive.unarchive()
            } throws: { error in
                (error as? ArchiveError)?.key == "attributedText" && (error as? ArchiveError)?.className == "Label"
            }
        }
    }

    @Test func nonFiniteGeometryIsRefusedNotApplied() throws {
        var archive = Archive(rootObjects: [View()])
        archive.objects[0].values["bounds"] = .rect(CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1))
        #expect(throws: ArchiveError.self) { _ = try archive.unarchive() }
    }

    @Test func aConstraintThatCannotBeIsRefused() throws {
        let parent = View(), child = View()
        parent.addSubview(child)
        child.widthAnchor.constraint(equalToConstant: 4).isActive = true
        var archive = Archive(rootObjects: [parent])
        let constraint = try #require(archive.objects.firstIndex { $0.className == "LayoutConstraint" })
        archive.objects[constraint].values["firstAttribute"] = .string("top")
        #expect {
            _ = try archive.unarchive()
        } throws: { error in
            (error as? ArchiveError)?.description.contains("a location cannot equal a constant") == true
        }
    }

    @Test func aViewAmongItsOwnSubviewsIsACycle() throws {
        var archive = Archive(rootObjects: [View()])
        archive.objects[0].values["subviews"] = .array([.object(0)])
        #expect {
            _ = try archive.unarchive()
        } throws: { error in
            (error as? ArchiveError)?.reason == .cycle
        }
    }

    @Test func objectsNestedPastTheLimitAreRefused() throws {
        var innermost = View()
        for _ in 0..<5 {
            let outer = View()
            outer.addSubview(innermost)
            innermost = outer
        }
        var classes = ArchiveClasses.builtIn
        classes.maximumDepth = 3
        #expect {
            _ = try Archive(rootObjects: [innermost]).unarchive(classes: classes)
        } throws: { error in
            (error as? ArchiveError)?.reason == .tooDeep
        }
        #expect(try Archive(rootObjects: [innermost]).unarchive().count == 1)
    }
}
