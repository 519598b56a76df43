import Canopy
import CanopyWorkloads
import Foundation
import Testing

/// A view that lays out by constraints only.
private func constrained(_ tag: Int = 0) -> View {
    let view = View()
    view.translatesAutoresizingMaskIntoConstraints = false
    view.tag = tag
    return view
}

/// The reference documents' padded label: a label whose intrinsic size is its text's plus
/// padding on every side, by overriding `intrinsicContentSize`.
final class PaddedLabel: Label {
    let padding: CGFloat

    init(_ text: String, padding: CGFloat = 0) {
        self.padding = padding
        super.init(frame: .zero)
        font = .systemFont(ofSize: 15)
        self.text = text
        translatesAutoresizingMaskIntoConstraints = false
    }

    required init?(coder: Coder) { return nil }  // not archived

    override var intrinsicContentSize: CGSize {
        let size = super.intrinsicContentSize
        return CGSize(width: size.width + 2 * padding, height: size.height + 2 * padding)
    }
}

@Suite("Auto Layout: constraints, priorities, intrinsic sizes, diagnostics", .deadline(seconds: 300))
struct AutoLayoutTests {
    private func window() -> Window { Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480)) }

    @Test func edgesPinnedToTheWindowGiveTheFrame() {
        let window = window()
        let card = constrained()
        window.addSubview(card)
        LayoutConstraint.activate([
            card.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 16),
            card.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -16),
            card.topAnchor.constraint(equalTo: window.topAnchor, constant: 20),
            card.heightAnchor.constraint(equalToConstant: 100),
        ])
        #expect(window.constraints.count == 3 && card.constraints.count == 1)  // nearest common ancestors
        let report = window.runUpdateCycle()
        #expect(card.frame == CGRect(x: 16, y: 20, width: 288, height: 100))
        #expect(!card.hasAmbiguousLayout)
        #expect(report.problems.isEmpty)
    }

    /// A view placed at the window's top left, 10 tall, with the width constraints `widths`
    /// makes from its width anchor, each at its priority; after one update cycle.
    private func solvedWidth(
        _ widths: (LayoutDimension) -> [(LayoutConstraint, LayoutPriority)]
    ) -> (frame: CGRect, report: UpdateCycleReport, conflicts: Int) {
        let window = window()
        let view = constrained()
        window.addSubview(view)
        let rows = widths(view.widthAnchor).map { constraint, priority in
            constraint.priority = priority
            return constraint
        }
        LayoutConstraint.activate(rows + [
            view.leftAnchor.constraint(equalTo: window.leftAnchor),
            view.topAnchor.constraint(equalTo: window.topAnchor), view.heightAnchor.constraint(equalToConstant: 10),
        ])
        let report = window.runUpdateCycle()
        return (view.frame, report, window.layoutReport.conflicts.count)
    }

    /// 999 is the highest optional priority: however close to required, it gives way to a
    /// required row, and giving way is no conflict.
    @Test func aPriority999RowGivesWayToARequiredRow() {
        let solved = solvedWidth { [($0.constraint(equalToConstant: 100), LayoutPriority(999)), ($0.constraint(equalToConstant: 50), .required)] }
        #expect(solved.frame == CGRect(x: 0, y: 0, width: 50, height: 10))
        #expect(solved.report.problems.isEmpty && solved.conflicts == 0)
    }

    @Test func prioritiesAreStrictNotSummed() {
        let solved = solvedWidth {
            [($0.constraint(equalToConstant: 10), LayoutPriority(10)), ($0.constraint(equalToConstant: 90), LayoutPriority(500)),
             ($0.constraint(greaterThanOrEqualToConstant: 100), LayoutPriority(501))]
        }
        #expect(solved.frame.width == 100)  // Cassowary's summed weights would give 90
    }

    /// Rows are ordered by a sort that takes nearly ordered constraints by insertion and
    /// leaves far-flung ones to a merge sort: a generated scene's constraints activated in
    /// order, reversed and shuffled solve to the same values, bit for bit.
    @Test(arguments: [ConstraintShape.feed, .random, .tree])
    func aLargeSceneActivatedInAnyOrderSolvesBitwiseTheSame(_ shape: ConstraintShape) throws {
        func solved(_ scene: Scene) throws -> [CGRect] {
            let instance = try scene.instantiate()
            instance.window.runUpdateCycle()
            return instance.views.map { instance.window.layoutReport.solvedRect(of: $0) ?? .null }
        }
        let scene = ConstraintTreeGenerator(shape: shape, count: 1000, seed: 3).makeScene()
        let forward = try solved(scene)
        var reversed = scene, shuffled = scene
        reversed.constraints.reverse()
        var random = SplitMix64(seed: 7)
        shuffled.constraints.shuffle(using: &random)
        #expect(try solved(reversed) == forward)
        #expect(try solved(shuffled) == forward)
        #expect(forward.filter { !$0.isNull }.count > 900)
    }

    @Test func theSameConstraintsInAnyOrderGiveBitwiseTheSameFrames() {
        func layOut(order: [Int]) -> [CGRect] {
            let window = window()
            let a = constrained(1), b = constrained(2), c = constrained(3)
            for view in [a, b, c] { window.addSubview(view) }
            let all = [
                a.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
                b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 7),
                c.leadingAnchor.constraint(equalTo: b.trailingAnchor, constant: 7),
                c.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -10),
                a.widthAnchor.constraint(equalTo: b.widthAnchor), b.widthAnchor.constraint(equalTo: c.widthAnchor, multiplier: 0.7),
                a.topAnchor.constraint(equalTo: window.topAnchor, constant: 3),
                b.centerYAnchor.constraint(equalTo: a.centerYAnchor), c.centerYAnchor.constraint(equalTo: a.centerYAnchor),
                a.heightAnchor.constraint(equalToConstant: 33), b.heightAnchor.constraint(equalTo: a.heightAnchor, multiplier: 1.5),
                c.heightAnchor.constraint(equalToConstant: 20),
            ]
            LayoutConstraint.activate(order.map { all[$0] })
            window.runUpdateCycle()
            return [a.frame, b.frame, c.frame]
        }
        let forward = layOut(order: Array(0..<12))
        var random = SystemRandomNumberGenerator()
        for _ in 0..<5 {
            #expect(layOut(order: Array(0..<12).shuffled(using: &random)) == forward)
        }
        // 320 - 20 - 14 = 286 = a + b + c with a = b = 0.7c: c = 119.17, a = b = 83.42. Edges are
        // rounded in window space: a 10…93.42 → 10…93, b 100.42…183.83 → 100…184, c 190.83…310 → 191…310.
        // Heights 33, 49.5 and 20 centred on a's centre line at 19.5: b −5.25…44.25 → −5…44, c 9.5…29.5 → 10…30.
        #expect(forward == [
            CGRect(x: 10, y: 3, width: 83, height: 33), CGRect(x: 100, y: -5, width: 84, height: 49),
            CGRect(x: 191, y: 10, width: 119, height: 20),
        ])
    }

    /// Two labels in a row between the window's edges (the reference documents' cell): the one
    /// with the lower hugging priority stretches; the other keeps its intrinsic width.
    @Test func huggingDecidesWhichLabelStretches() {
        let window = window()
        let name = PaddedLabel("Tap me"), detail = PaddedLabel("Hello, world")  // 55 and 89 wide, shaped
        window.addSubview(name)
        window.addSubview(detail)
        name.setContentHuggingPriority(LayoutPriority(251), for: .horizontal)
        LayoutConstraint.activate(row(name, detail, in: window))
        let report = window.runUpdateCycle()
        #expect(name.frame == CGRect(x: 0, y: 0, width: 55, height: 18))
        #expect(detail.frame == CGRect(x: 63, y: 0, width: 257, height: 18))
        #expect(report.problems.isEmpty)
        #expect(!name.hasAmbiguousLayout && !detail.hasAmbiguousLayout)
    }

    @Test func equalHuggingIsReportedAsAmbiguous() {
        let window = window()
        let name = PaddedLabel("Tap me"), detail = PaddedLabel("Hello, world")
        window.addSubview(name)
        window.addSubview(detail)
        name.accessibilityIdentifier = "name"
        detail.accessibilityIdentifier = "detail"
        LayoutConstraint.activate(row(name, detail, in: window))
        let report = window.runUpdateCycle()
        #expect(window.layoutReport.tiedConstraints.count == 1)
        // Each rule is described with the item it belongs to.
        #expect(
            window.layoutReport.tiedConstraints.first?.sorted() == [
                "PaddedLabel('detail').width <= 89 (content hugging)",
                "PaddedLabel('name').width <= 55 (content hugging)",
            ])
        #expect(report.problems.contains { $0.description.contains("priority tie") })
        #expect(name.frame.width + detail.frame.width == 312)  // the row still fills the width
    }

    /// `width == constant @priority`, activated.
    private func width(_ view: View, _ relation: LayoutConstraint.Relation, _ constant: CGFloat,
                       _ priority: Float = 1000) -> LayoutConstraint {
        let constraint = LayoutConstraint(item: view, attribute: .width, relatedBy: relation, toItem: nil,
                                          attribute: .notAnAttribute, multiplier: 1, constant: constant)
        constraint.priority = LayoutPriority(priority)
        return constraint
    }

    /// Violated constraints of one priority are no tie when the higher levels force each
    /// violation: nothing the level could move would trade one error for another.
    @Test func violationsForcedByHigherLevelsAreNotTies() {
        let window = window()
        let blocked = constrained(1), pinned = constrained(2)
        window.addSubview(blocked)
        window.addSubview(pinned)
        LayoutConstraint.activate([
            width(blocked, .greaterThanOrEqual, 100), width(blocked, .equal, 90, 500), width(blocked, .equal, 80, 500),
            width(pinned, .equal, 60, 750), width(pinned, .equal, 40, 500), width(pinned, .equal, 30, 500),
        ])
        window.runUpdateCycle()
        #expect(blocked.frame.width == 100 && pinned.frame.width == 60)
        #expect(window.layoutReport.tiedConstraints.isEmpty)
    }

    /// `width >= 70` holds the least-squares optimum (50) at 70, but Cassowary's sum of absolute
    /// errors is the same anywhere from 70 to 100: the two constraints still trade, a tie.
    @Test func aTradeStoppedByARequiredInequalityIsATie() {
        let window = window()
        let view = constrained()
        window.addSubview(view)
        LayoutConstraint.activate([width(view, .greaterThanOrEqual, 70), width(view, .equal, 0, 500),
                                   width(view, .equal, 100, 500)])
        window.runUpdateCycle()
        #expect(view.frame.width == 70)
        #expect(window.layoutReport.tiedConstraints.map(\.count) == [2])
    }

    @Test func compressionResistanceDecidesWhichLabelShrinks() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 120, height: 100))
        let name = PaddedLabel("Tap me"), detail = PaddedLabel("Hello, world")  // 55 + 8 + 89 > 120
        window.addSubview(name)
        window.addSubview(detail)
        detail.setContentCompressionResistancePriority(LayoutPriority(749), for: .horizontal)
        LayoutConstraint.activate(row(name, detail, in: window))
        window.runUpdateCycle()
        #expect(name.frame.width == 55)
        #expect(detail.frame.width == 57, "\(detail.frame) \(name.frame)")
    }

    @Test func aPaddedLabelGrowsByItsPaddingAndFollowsItsText() {
        let window = window()
        let label = PaddedLabel("Tap me", padding: 10)
        window.addSubview(label)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 20),
            label.topAnchor.constraint(equalTo: window.topAnchor, constant: 20),
        ])
        window.runUpdateCycle()
        #expect(label.frame == CGRect(x: 20, y: 20, width: 75, height: 38))
        label.text = "Hello, world"
        window.runUpdateCycle()
        #expect(label.frame.size == CGSize(width: 109, height: 38))
    }

    @Test func unsatisfiableRequiredConstraintsBreakOneAndReportTheSmallestSet() {
        let window = window()
        let view = constrained(7)
        window.addSubview(view)
        let narrow = view.widthAnchor.constraint(equalToConstant: 100)
        narrow.identifier = "narrow"
        let wide = view.widthAnchor.constraint(equalToConstant: 200)
        wide.identifier = "wide"
        LayoutConstraint.activate([
            narrow, wide, view.leftAnchor.constraint(equalTo: window.leftAnchor),
            view.topAnchor.constraint(equalTo: window.topAnchor), view.heightAnchor.constraint(equalToConstant: 10),
        ])
        let report = window.runUpdateCycle()
        let conflict = try! #require(window.layoutReport.conflicts.first)
        #expect(window.layoutReport.conflicts.count == 1)
        #expect(Set(conflict.constraints.map { $0.identifier }) == ["narrow", "wide"])
        #expect(conflict.broken === wide || conflict.broken === narrow)
        #expect(view.frame.width == (conflict.broken === wide ? 100 : 200))
        #expect(conflict.logMessage.hasPrefix("Unable to simultaneously satisfy constraints."))
        #expect(conflict.logMessage.contains("Will attempt to recover by breaking constraint \n\(conflict.brokenDescription)"))
        #expect(conflict.descriptions.contains("<LayoutConstraint 'wide' View#7.width == 200>"))
        #expect(report.problems.contains { $0.description == conflict.logMessage })
    }

    @Test func missingConstraintsLeaveTheLayoutAmbiguous() {
        let window = window()
        let view = constrained()
        window.addSubview(view)
        LayoutConstraint.activate([
            view.leftAnchor.constraint(equalTo: window.leftAnchor, constant: 5), view.widthAnchor.constraint(equalToConstant: 50),
            view.heightAnchor.constraint(greaterThanOrEqualToConstant: 10),  // an inequality does not fix it
        ])
        window.runUpdateCycle()
        #expect(view.hasAmbiguousLayout)
        #expect(window.layoutReport.ambiguities.first?.attributes == [.top, .height])
        #expect(view.frame.minX == 5 && view.frame.width == 50)
        let before = view.frame
        view.exerciseAmbiguityInLayout()
        #expect(view.frame.minY == before.minY + 20 && view.frame.height == before.height + 20)
        #expect(view.frame.minX == 5 && view.frame.width == 50)  // what is determined stays
        #expect(view.constraintsAffectingLayout(for: .vertical).count == 1)
        #expect(view.constraintsAffectingLayout(for: .horizontal).count == 2)
    }

    /// Undetermined positions stay where the views are, whatever lies between them and the
    /// window: a scrolled superview, a constrained view's subview, a superview with no
    /// variables of its own (placed through its frame), and a guide.
    @Test func undeterminedPositionsStayWhereTheViewsAre() {
        let window = window()
        let scrolled = View(frame: CGRect(x: 10, y: 20, width: 300, height: 300))
        scrolled.bounds.origin = CGPoint(x: 0, y: 40)
        window.addSubview(scrolled)
        let outer = constrained(), inner = constrained(), plain = View(), placed = constrained()
        outer.frame = CGRect(x: 7, y: 60, width: 10, height: 10)
        inner.frame = CGRect(x: 0, y: 5, width: 10, height: 10)
        plain.frame = CGRect(x: 30, y: 100, width: 100, height: 100)
        plain.bounds.origin = CGPoint(x: 5, y: 5)
        placed.frame = CGRect(x: 0, y: 12, width: 10, height: 10)
        scrolled.addSubview(outer)
        outer.addSubview(inner)
        scrolled.addSubview(plain)
        plain.addSubview(placed)
        let guide = LayoutGuide()
        outer.addLayoutGuide(guide)
        // Left edges and sizes are fixed; every top is left free.
        LayoutConstraint.activate([
            outer.leftAnchor.constraint(equalTo: scrolled.leftAnchor, constant: 5),
            outer.widthAnchor.constraint(equalToConstant: 50), outer.heightAnchor.constraint(equalToConstant: 30),
            inner.leftAnchor.constraint(equalTo: outer.leftAnchor, constant: 3),
            inner.widthAnchor.constraint(equalToConstant: 20), inner.heightAnchor.constraint(equalToConstant: 10),
            placed.leftAnchor.constraint(equalTo: scrolled.leftAnchor, constant: 1),
            placed.widthAnchor.constraint(equalToConstant: 8), placed.heightAnchor.constraint(equalToConstant: 8),
            guide.leftAnchor.constraint(equalTo: outer.leftAnchor, constant: 2),
            guide.widthAnchor.constraint(equalToConstant: 4), guide.heightAnchor.constraint(equalToConstant: 4),
        ])
        window.runUpdateCycle()
        #expect(outer.hasAmbiguousLayout && inner.hasAmbiguousLayout && placed.hasAmbiguousLayout)
        // Left edges in each superview's bounds: scrolled's left edge is at 10 in the window,
        // its bounds start at x 0; plain's left edge is at 10 + 30, its bounds start at x 5.
        #expect(outer.frame == CGRect(x: 5, y: 60, width: 50, height: 30))
        #expect(inner.frame == CGRect(x: 3, y: 5, width: 20, height: 10))
        #expect(placed.frame == CGRect(x: 1 - 30 + 5, y: 12, width: 8, height: 8))
        #expect(guide.layoutFrame == CGRect(x: 2, y: 0, width: 4, height: 4))
    }

    @Test func aResizedWindowReSolves() {
        let window = window()
        let bar = constrained()
        window.addSubview(bar)
        LayoutConstraint.activate([
            bar.leadingAnchor.constraint(equalTo: window.leadingAnchor), bar.trailingAnchor.constraint(equalTo: window.trailingAnchor),
            bar.bottomAnchor.constraint(equalTo: window.bottomAnchor), bar.heightAnchor.constraint(equalToConstant: 44),
        ])
        window.runUpdateCycle()
        #expect(bar.frame == CGRect(x: 0, y: 436, width: 320, height: 44))
        window.frame = CGRect(x: 0, y: 0, width: 480, height: 320)
        window.runUpdateCycle()
        #expect(bar.frame == CGRect(x: 0, y: 276, width: 480, height: 44))
    }

    @Test func aFrameBasedSuperviewPassesItsAutoresizingIntoTheSolve() {
        let window = window()
        let panel = View(frame: CGRect(x: 10, y: 10, width: 300, height: 200))  // frame based
        panel.autoresizingMask = [.flexibleWidth]
        window.addSubview(panel)
        let badge = constrained()
        panel.addSubview(badge)
        LayoutConstraint.activate([
            badge.trailingAnchor.constraint(equalTo: panel.trailingAnchor, constant: -10),
            badge.topAnchor.constraint(equalTo: panel.topAnchor, constant: 10),
            badge.widthAnchor.constraint(equalToConstant: 30), badge.heightAnchor.constraint(equalToConstant: 30),
        ])
        window.runUpdateCycle()
        #expect(badge.frame == CGRect(x: 260, y: 10, width: 30, height: 30))
        #expect(panel.frame == CGRect(x: 10, y: 10, width: 300, height: 200))
        window.frame = CGRect(x: 0, y: 0, width: 420, height: 480)
        window.runUpdateCycle()
        #expect(panel.frame == CGRect(x: 10, y: 10, width: 400, height: 200))  // flexible width
        #expect(badge.frame == CGRect(x: 360, y: 10, width: 30, height: 30))
    }

    @Test func marginsAndGuidesTakePartLikeViews() {
        let window = window()
        let card = constrained(), left = constrained(), right = constrained()
        window.addSubview(card)
        card.addSubview(left)
        card.addSubview(right)
        card.layoutMargins = EdgeInsets(top: 10, left: 20, bottom: 10, right: 20)
        let gap = LayoutGuide()
        gap.identifier = "gap"
        card.addLayoutGuide(gap)
        let margins = card.layoutMarginsGuide
        LayoutConstraint.activate([
            card.leadingAnchor.constraint(equalTo: window.leadingAnchor), card.trailingAnchor.constraint(equalTo: window.trailingAnchor),
            card.topAnchor.constraint(equalTo: window.topAnchor, constant: 100), card.heightAnchor.constraint(equalToConstant: 60),
            left.leadingAnchor.constraint(equalTo: margins.leadingAnchor), left.topAnchor.constraint(equalTo: margins.topAnchor),
            left.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
            gap.leadingAnchor.constraint(equalTo: left.trailingAnchor), gap.widthAnchor.constraint(equalToConstant: 40),
            gap.topAnchor.constraint(equalTo: card.topAnchor), gap.heightAnchor.constraint(equalToConstant: 1),
            right.leadingAnchor.constraint(equalTo: gap.trailingAnchor), right.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            right.widthAnchor.constraint(equalTo: left.widthAnchor),
            right.topAnchor.constraint(equalTo: left.topAnchor), right.heightAnchor.constraint(equalTo: left.heightAnchor),
        ])
        window.runUpdateCycle()
        // 320 − 40 of margins − 40 of gap = 240 for two equal views.
        #expect(left.frame == CGRect(x: 20, y: 10, width: 120, height: 40))
        #expect(right.frame == CGRect(x: 180, y: 10, width: 120, height: 40))
        #expect(gap.layoutFrame == CGRect(x: 140, y: 0, width: 40, height: 1))
        #expect(card.layoutMargins.left == 20 && View().layoutMargins == EdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
    }

    @Test func changingAConstantReSolvesAtTheNextCycle() {
        let window = window()
        let view = constrained()
        window.addSubview(view)
        let left = view.leftAnchor.constraint(equalTo: window.leftAnchor, constant: 10)
        LayoutConstraint.activate([
            left, view.topAnchor.constraint(equalTo: window.topAnchor), view.widthAnchor.constraint(equalToConstant: 10),
            view.heightAnchor.constraint(equalToConstant: 10),
        ])
        window.runUpdateCycle()
        left.constant = 30
        #expect(view.frame.minX == 10)  // not before the cycle
        window.runUpdateCycle()
        #expect(view.frame.minX == 30)
        left.isActive = false
        #expect(!left.isActive && window.constraints.count == 1)
        window.runUpdateCycle()
        #expect(view.hasAmbiguousLayout)
    }

    @Test func constraintsAddedInUpdateConstraintsSettle() {
        final class SelfConstraining: View {
            var made: [LayoutConstraint] = []
            override func updateConstraints() {
                if made.isEmpty, let superview {
                    made = [
                        leftAnchor.constraint(equalTo: superview.leftAnchor, constant: 4),
                        topAnchor.constraint(equalTo: superview.topAnchor, constant: 4),
                        widthAnchor.constraint(equalToConstant: 40), heightAnchor.constraint(equalToConstant: 40),
                    ]
                    LayoutConstraint.activate(made)
                }
                super.updateConstraints()
            }
        }
        let window = window()
        let view = SelfConstraining()
        view.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(view)
        view.setNeedsUpdateConstraints()
        let report = window.runUpdateCycle()
        #expect(view.frame == CGRect(x: 4, y: 4, width: 40, height: 40))
        #expect(report.problems.isEmpty && report.rounds <= 2)
    }

    @Test func edgesAreRoundedToThePixelGrid() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100), screen: Screen(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), scale: 2))
        let views = (1...3).map { constrained($0) }
        for view in views { window.addSubview(view) }
        LayoutConstraint.activate([
            views[0].leadingAnchor.constraint(equalTo: window.leadingAnchor),
            views[1].leadingAnchor.constraint(equalTo: views[0].trailingAnchor),
            views[2].leadingAnchor.constraint(equalTo: views[1].trailingAnchor),
            views[2].trailingAnchor.constraint(equalTo: window.trailingAnchor),
            views[1].widthAnchor.constraint(equalTo: views[0].widthAnchor), views[2].widthAnchor.constraint(equalTo: views[0].widthAnchor),
        ] + views.flatMap { [$0.topAnchor.constraint(equalTo: window.topAnchor), $0.heightAnchor.constraint(equalToConstant: 1)] })
        window.runUpdateCycle()
        // Thirds of 100 at 2 pixels per point: edges at 33.5 and 66.5, no gaps.
        #expect(views.map(\.frame.minX) == [0, 33.5, 66.5])
        #expect(views.map(\.frame.width) == [33.5, 33, 33.5])
    }

    @Test func removingAViewDeactivatesItsConstraints() {
        let window = window()
        let a = constrained(), b = constrained()
        window.addSubview(a)
        window.addSubview(b)
        let link = b.leftAnchor.constraint(equalTo: a.rightAnchor)
        link.isActive = true
        window.runUpdateCycle()
        b.removeFromSuperview()
        #expect(!link.isActive)  // at once, as in UIKit
        #expect(window.constraints.isEmpty)
        window.runUpdateCycle()
        #expect(!link.isActive)
    }

    @Test func movingASubtreeKeepsOnlyTheConstraintsWithinIt() {
        let window = window()
        let card = constrained(1), other = constrained(2), a = constrained(3), b = constrained(4)
        for view in [card, other] { window.addSubview(view) }
        for view in [a, b] { card.addSubview(view) }
        let guide = LayoutGuide()
        card.addLayoutGuide(guide)
        let inside = [
            a.leftAnchor.constraint(equalTo: b.rightAnchor),
            guide.widthAnchor.constraint(equalTo: a.widthAnchor),
            a.leadingAnchor.constraint(equalTo: card.layoutMarginsGuide.leadingAnchor),
            card.widthAnchor.constraint(equalToConstant: 100),
        ]
        let crossing = [
            a.topAnchor.constraint(equalTo: window.topAnchor),
            other.topAnchor.constraint(equalTo: card.layoutMarginsGuide.bottomAnchor),
            guide.heightAnchor.constraint(equalTo: other.heightAnchor),
            card.topAnchor.constraint(equalTo: other.bottomAnchor),
        ]
        LayoutConstraint.activate(inside + crossing)
        window.runUpdateCycle()
        other.addSubview(card)
        #expect(inside.allSatisfy { $0.isActive })
        #expect(crossing.allSatisfy { !$0.isActive })
        #expect(card.constraints.count == inside.count && window.constraints.isEmpty)
        // Within a tree outside any window too: the moved view's ties to its old siblings go.
        card.removeFromSuperview()
        b.removeFromSuperview()
        #expect(!inside[0].isActive && inside[1...].allSatisfy { $0.isActive })
        window.addSubview(card)
        LayoutConstraint.activate([card.leftAnchor.constraint(equalTo: window.leftAnchor, constant: 10)])
        window.runUpdateCycle()
        #expect(a.frame.minX == 8)  // the card's leading margin, in the card
    }

    @Test func removingALayoutGuideDeactivatesItsConstraints() {
        let window = window()
        let view = constrained()
        window.addSubview(view)
        let guide = LayoutGuide()
        window.addLayoutGuide(guide)
        let links = [guide.widthAnchor.constraint(equalTo: view.widthAnchor), guide.leftAnchor.constraint(equalTo: window.leftAnchor)]
        LayoutConstraint.activate(links)
        window.removeLayoutGuide(guide)
        #expect(links.allSatisfy { !$0.isActive })
        #expect(guide.owningView == nil)
    }

    @Test func descriptionsAreStableAndReadable() {
        let a = constrained(3), b = View()
        let c = a.widthAnchor.constraint(equalTo: b.widthAnchor, multiplier: 0.5, constant: -4)
        c.priority = .defaultHigh
        c.identifier = "half"
        #expect(c.description == "<LayoutConstraint 'half' View#3.width == 0.5 × View.width - 4 @750>")
        #expect(a.heightAnchor.constraint(lessThanOrEqualToConstant: 20).description == "<LayoutConstraint View#3.height <= 20>")
        #expect(LayoutPriority.required > .defaultHigh && LayoutPriority.defaultLow + 1 == LayoutPriority(251))
    }

    @Test func aConstraintGivesBackItsItemsAsTheKindsTheyAre() {
        let view = View(), guide = LayoutGuide()
        view.addLayoutGuide(guide)
        let c = guide.widthAnchor.constraint(equalTo: view.widthAnchor, multiplier: 0.5)
        #expect(c.firstItem === guide && c.firstItem is LayoutGuide && c.firstItem?.layoutOwningView === view)
        #expect(c.secondItem === view && c.secondItem is View)
        let unnamed = c.description
        c.identifier = "half"
        #expect(c.identifier == "half" && c.description.contains("'half'"))
        c.identifier = nil
        #expect(c.identifier == nil && c.description == unnamed)
    }

    @Test func activatingWithoutACommonAncestorTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let a = View(), b = View()
            a.tag = 1
            b.tag = 2
            a.leftAnchor.constraint(equalTo: b.leftAnchor).isActive = true
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("no common ancestor") && message.contains("View#1.left == View#2.left"))
    }

    @Test func illFormedConstraintsTrap() async {
        await #expect(processExitsWith: .failure) {
            _ = LayoutConstraint(
                item: View(), attribute: .left, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1,
                constant: 10)
        }
        await #expect(processExitsWith: .failure) {
            _ = LayoutConstraint(
                item: View(), attribute: .left, relatedBy: .equal, toItem: View(), attribute: .top, multiplier: 1, constant: 0)
        }
    }

    /// `first` then `second` in a row across `window` with 8 points between, top aligned.
    private func row(_ first: View, _ second: View, in window: Window) -> [LayoutConstraint] {
        [
            first.leadingAnchor.constraint(equalTo: window.leadingAnchor),
            second.leadingAnchor.constraint(equalTo: first.trailingAnchor, constant: 8),
            second.trailingAnchor.constraint(equalTo: window.trailingAnchor),
            first.topAnchor.constraint(equalTo: window.topAnchor), second.topAnchor.constraint(equalTo: window.topAnchor),
        ]
    }

    /// A cell whose height comes from two labels stacked between its margins, measured at a
    /// given width without laying anything out.
    @Test func fittingSizeComesFromTheContent() {
        let cell = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let title = PaddedLabel("Tap me"), body = PaddedLabel("Hello, world")
        cell.addSubview(title)
        cell.addSubview(body)
        LayoutConstraint.activate([
            title.topAnchor.constraint(equalTo: cell.topAnchor, constant: 10),
            body.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 4),
            body.bottomAnchor.constraint(equalTo: cell.bottomAnchor, constant: -10),
            title.leadingAnchor.constraint(equalTo: cell.layoutMarginsGuide.leadingAnchor),
            body.leadingAnchor.constraint(equalTo: cell.layoutMarginsGuide.leadingAnchor),
            body.trailingAnchor.constraint(lessThanOrEqualTo: cell.layoutMarginsGuide.trailingAnchor),
        ])
        let fitted = cell.systemLayoutSizeFitting(
            CGSize(width: 320, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        #expect(fitted == CGSize(width: 320, height: 10 + 18 + 4 + 18 + 10))
        #expect(cell.bounds.size == CGSize(width: 100, height: 100))  // nothing changed
        // Compressed: as narrow as the content allows — the margins and the wider label.
        #expect(cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == CGSize(width: 8 + 89 + 8, height: 60))
    }

    @Test func fittingSizeRoundsUpButNotPastRounding() {
        let cell = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let content = View()
        content.translatesAutoresizingMaskIntoConstraints = false
        cell.addSubview(content)
        LayoutConstraint.activate([
            content.leadingAnchor.constraint(equalTo: cell.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: cell.trailingAnchor),
            content.topAnchor.constraint(equalTo: cell.topAnchor),
            content.bottomAnchor.constraint(equalTo: cell.bottomAnchor),
            content.widthAnchor.constraint(equalToConstant: 105 + 1e-12),
            content.heightAnchor.constraint(equalToConstant: 40.25),
        ])
        // A rounding error past a pixel line stays on it; a quarter point rounds up (scale 1).
        #expect(cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == CGSize(width: 105, height: 41))
    }

    @Test func leadingAndTrailingFollowTheLayoutDirection() {
        let window = window()
        window.userInterfaceLayoutDirection = .rightToLeft
        let badge = constrained(), panel = constrained(), child = constrained()
        panel.semanticContentAttribute = .forceLeftToRight
        window.addSubview(badge)
        window.addSubview(panel)
        panel.addSubview(child)
        func place(_ view: View, leading: LayoutXAxisAnchor, _ constant: CGFloat, width: CGFloat) {
            LayoutConstraint.activate([
                view.leadingAnchor.constraint(equalTo: leading, constant: constant),
                view.widthAnchor.constraint(equalToConstant: width), view.topAnchor.constraint(equalTo: window.topAnchor),
                view.heightAnchor.constraint(equalToConstant: 20),
            ])
        }
        place(badge, leading: window.leadingAnchor, 10, width: 50)
        place(panel, leading: badge.trailingAnchor, 0, width: 100)  // the badge's trailing edge is its left
        place(child, leading: panel.leadingAnchor, 5, width: 30)
        window.runUpdateCycle()
        // Right to left, "10 after the window's leading edge" is 10 in from its right edge.
        #expect(badge.frame.minX == 260)
        #expect(panel.frame.minX == 260)  // the panel's own leading edge is its left
        // The panel lays out left to right: its child sits 5 in from the panel's left edge.
        #expect(child.frame.minX == 5)
        let button = Button(frame: CGRect(x: 0, y: 0, width: 200, height: 44))
        button.setTitle("Tap me", for: .normal)
        button.contentHorizontalAlignment = .leading
        window.addSubview(button)
        #expect(button.currentTitleRect.maxX == 200)
    }

    @Test func constraintsDoNotKeepTheirViewsAlive() {
        var held: [LayoutConstraint] = []
        weak var released: View?
        weak var releasedWindow: Window?
        do {
            let window = window()
            releasedWindow = window
            let a = constrained(), b = constrained()
            window.addSubview(a)
            window.addSubview(b)
            let link = b.leftAnchor.constraint(equalTo: a.rightAnchor)
            link.isActive = true
            let guide = LayoutGuide()
            a.addLayoutGuide(guide)
            held = [
                link, a.widthAnchor.constraint(equalToConstant: 3), guide.widthAnchor.constraint(equalTo: b.widthAnchor),
                a.heightAnchor.constraint(equalTo: a.widthAnchor, multiplier: 0.5),
            ]
            window.runUpdateCycle()
            released = a
        }
        #expect(releasedWindow == nil)
        #expect(released == nil)
        #expect(held.allSatisfy { $0.firstItem == nil && $0.secondItem == nil && $0.container == nil })
        #expect(held[1].description == "<LayoutConstraint nil.width == 3>")
    }

    @Test func constraintsReleasedInAnyOrderStillForgetTheirItems() {
        var random = SplitMix64(seed: 5)
        for _ in 0..<50 {
            var kept: [(constraint: LayoutConstraint, firstIsKept: Bool, secondIsKept: Bool)] = []
            do {
                let keep = View()
                do {
                    let dying = View()
                    var made: [(constraint: LayoutConstraint, firstIsKept: Bool, secondIsKept: Bool)] = []
                    for k in 0..<24 {
                        let (firstIsKept, secondIsKept) = [(true, false), (false, true), (false, false), (true, true)][k % 4]
                        let first = firstIsKept ? keep : dying, second = secondIsKept ? keep : dying
                        made.append((first.widthAnchor.constraint(equalTo: second.heightAnchor, multiplier: CGFloat(k + 1)), firstIsKept, secondIsKept))
                    }
                    made.shuffle(using: &random)
                    kept = Array(made.prefix(6))
                    made.removeAll()  // the others are released in shuffled order, moving entries in both lists
                }
                for (constraint, firstIsKept, secondIsKept) in kept {
                    #expect(firstIsKept ? constraint.firstItem === keep : constraint.firstItem == nil)
                    #expect(secondIsKept ? constraint.secondItem === keep : constraint.secondItem == nil)
                }
            }
            // The kept view is gone too, through the places its list kept.
            #expect(kept.allSatisfy { $0.constraint.firstItem == nil && $0.constraint.secondItem == nil })
        }
    }

    @Test func removingADeepChainDeactivatesOnlyItsTie() {
        let window = window()
        var chain: [View] = []
        var links: [LayoutConstraint] = []
        for _ in 0..<3_000 {
            let view = constrained()
            (chain.last ?? window).addSubview(view)
            links.append(view.leftAnchor.constraint(equalTo: (chain.last ?? window).leftAnchor, constant: 1))
            chain.append(view)
        }
        LayoutConstraint.activate(links)
        chain[1].removeFromSuperview()
        #expect(!links[1].isActive && window.constraints.count == 1)
        #expect(links.indices.allSatisfy { $0 == 1 || links[$0].isActive })
    }

    @Test func aGuideAddedAgainKeepsItsConstraintsAndAMovedOneLosesThem() {
        let window = window()
        let a = constrained(), b = constrained()
        window.addSubview(a)
        window.addSubview(b)
        let guide = LayoutGuide()
        window.addLayoutGuide(guide)
        let link = guide.widthAnchor.constraint(equalTo: a.widthAnchor)
        let margins = a.leadingAnchor.constraint(equalTo: window.layoutMarginsGuide.leadingAnchor)
        LayoutConstraint.activate([link, margins])
        window.addLayoutGuide(guide)
        #expect(link.isActive && window.layoutGuides.count == 1)
        window.removeLayoutGuide(window.layoutMarginsGuide)  // belongs to the window for good
        #expect(margins.isActive && window.layoutMarginsGuide.owningView === window)
        b.addLayoutGuide(guide)
        #expect(!link.isActive && guide.owningView === b && window.layoutGuides.isEmpty)
    }

    @Test func aViewOutlivingItsSuperviewKeepsItsInnerConstraints() {
        let card = constrained(), label = constrained()
        card.addSubview(label)
        let inner = [
            label.leftAnchor.constraint(equalTo: card.leftAnchor, constant: 5),
            label.widthAnchor.constraint(equalToConstant: 40), card.widthAnchor.constraint(equalToConstant: 100),
        ]
        do {
            let window = window()
            window.addSubview(card)
            LayoutConstraint.activate(inner + [card.leftAnchor.constraint(equalTo: window.leftAnchor, constant: 7)])
            window.runUpdateCycle()
        }
        #expect(card.superview == nil && inner.allSatisfy { $0.isActive })
        let window = window()
        window.addSubview(card)
        LayoutConstraint.activate([card.leftAnchor.constraint(equalTo: window.leftAnchor, constant: 3)])
        window.runUpdateCycle()
        #expect(card.frame.minX == 3 && card.frame.width == 100 && label.frame.minX == 5 && label.frame.width == 40)
    }

    @Test func aViewMovedByItsOwnCallbackLosesItsOutsideConstraintsOnce() {
        final class Redirected: View {
            weak var detour: View?
            weak var trap: View?
            override func willMove(toSuperview newSuperview: View?) {
                if let newSuperview, newSuperview === trap, let detour, superview !== detour { detour.addSubview(self) }
            }
        }
        let window = window()
        let old = constrained(), detour = constrained(), trap = constrained()
        for view in [old, detour, trap] { window.addSubview(view) }
        let moved = Redirected()
        moved.translatesAutoresizingMaskIntoConstraints = false
        (moved.detour, moved.trap) = (detour, trap)
        old.addSubview(moved)
        let child = constrained()
        moved.addSubview(child)
        let inside = child.leftAnchor.constraint(equalTo: moved.leftAnchor)
        let outside = [moved.topAnchor.constraint(equalTo: old.topAnchor), child.topAnchor.constraint(equalTo: window.topAnchor)]
        LayoutConstraint.activate([inside] + outside)
        trap.addSubview(moved)
        #expect(moved.superview === trap && detour.subviews.isEmpty)
        #expect(inside.isActive && outside.allSatisfy { !$0.isActive })
        #expect(old.constraints.isEmpty && window.constraints.isEmpty && moved.constraints.count == 1)
        window.runUpdateCycle()
        #expect(window.layoutReport.conflicts.isEmpty)
    }
}
