import Canopy
import CanopyWorkloads
import Foundation
import Testing

/// A view whose intrinsic size an app sets, as a label's text would set it.
private final class Badge: View {
    var size = CGSize(width: 40, height: 20) {
        didSet { invalidateIntrinsicContentSize() }
    }

    override var intrinsicContentSize: CGSize { size }
}

/// `count` new subviews of `parent` for Auto Layout (no frames turned into constraints).
private func constrainedSubviews(_ count: Int, of parent: View) -> [View] {
    (0..<count).map { _ in
        let view = View()
        view.translatesAutoresizingMaskIntoConstraints = false
        parent.addSubview(view)
        return view
    }
}

/// Every view under `root`, depth first, in subview order.
private func subtree(_ root: View) -> [View] {
    [root] + root.subviews.flatMap(subtree)
}

/// A small, deterministic generator, so that a failing edit sequence can be replayed.
private struct Dice {
    var state: UInt64

    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}

@Suite("Auto Layout: edits between solves", .deadline(seconds: 300))
struct LayoutEditTests {
    /// What the same tree gets when its system is collected from nothing (the window is
    /// written to a scene, read back and laid out): each view's solved rectangle (before
    /// rounding; `nil` outside the solve or where the layout is ambiguous) and its frame.
    private func freshSolve(of window: Window) throws -> [(solved: CGRect?, frame: CGRect)] {
        let copy = try Scene(capturing: window).instantiate().window
        copy.runUpdateCycle()
        return subtree(copy).map { ($0.hasAmbiguousLayout ? nil : copy.layoutReport.solvedRect(of: $0), $0.frame) }
    }

    /// Expects each unambiguous view's solved rectangle to be the one a fresh solve gives.
    private func expectAFreshSolvesRects(_ window: Window, _ context: String) throws {
        for (view, expected) in zip(subtree(window), try freshSolve(of: window)) {
            guard let solved = expected.solved, !view.hasAmbiguousLayout else { continue }
            let kept = window.layoutReport.solvedRect(of: view)
            #expect(kept.map { isClose($0, solved) } == true, "\(context): \(view) at \(String(describing: kept)), anew \(solved)")
        }
    }

    /// One random edit of a kind the kept system takes in place; returns what it did.
    private func edit(_ window: Window, _ views: [View], _ constraints: [LayoutConstraint], _ dice: inout Dice) -> String {
        switch dice.next(4) {
        case 0:
            let width = CGFloat(300 + dice.next(400))
            window.frame.size.width = width
            return "window width \(width)"
        case 1:
            let constraint = constraints[dice.next(constraints.count)]
            constraint.constant += CGFloat(dice.next(21) - 10)
            return "constant of \(constraint)"
        case 2:
            let optional = constraints.filter { $0.priority != .required }
            guard let constraint = optional.isEmpty ? nil : optional[dice.next(optional.count)] else { return "nothing" }
            constraint.priority = LayoutPriority(Float(1 + dice.next(999)))
            return "priority of \(constraint)"
        default:
            let view = views[dice.next(views.count)]
            let axis: LayoutConstraint.Axis = dice.next(2) == 0 ? .horizontal : .vertical
            view.setContentHuggingPriority(LayoutPriority(Float(1 + dice.next(999))), for: axis)
            return "hugging of \(view)"
        }
    }

    /// Random edits on every generated shape: each is written into the kept system (or
    /// carried through the core's record of the previous solve), and each view's solved
    /// rectangle is the one the tree's system collected anew gives (where the layout is
    /// determined). Frames agree to the pixel: a value a rounding error away from a half pixel
    /// may round either way.
    @Test(arguments: [ConstraintShape.tree, .stack, .grid, .feed, .soft, .random])
    func editsGiveTheLayoutOfAFreshSolve(shape: ConstraintShape) throws {
        let instance = try ConstraintTreeGenerator(shape: shape, count: 120, seed: 7).makeScene().instantiate()
        let window = instance.window
        window.runUpdateCycle()
        #expect(!window.layoutReport.reusedSystem)
        var dice = Dice(state: UInt64(shape.rawValue.count))
        var compared = 0, carried = 0
        for step in 0..<25 {
            let what = edit(window, instance.views, instance.constraints, &dice)
            window.runUpdateCycle()
            #expect(window.layoutReport.reusedSystem || what == "nothing", "step \(step), \(what)")
            carried += window.layoutReport.carriedConstants ? 1 : 0
            let fresh = try freshSolve(of: window)
            let views = subtree(window)
            let pixel = 1 / window.screen.scale
            for (view, expected) in zip(views, fresh) {
                let frame = view.frame
                #expect(
                    abs(frame.minX - expected.frame.minX) <= pixel && abs(frame.maxX - expected.frame.maxX) <= pixel
                        && abs(frame.minY - expected.frame.minY) <= pixel && abs(frame.maxY - expected.frame.maxY) <= pixel,
                    "step \(step), \(what): \(view) against \(expected.frame)")
                guard let solved = expected.solved, !view.hasAmbiguousLayout else { continue }
                let kept = window.layoutReport.solvedRect(of: view)
                #expect(kept.map { isClose($0, solved) } == true, "step \(step), \(what): \(view) solved at \(String(describing: kept)), anew \(solved)")
                compared += 1
            }
        }
        #expect(compared > 25 * 60)
        // Substitution settles these shapes whole, so their new constants (all but priority
        // edits) are carried through the record of the previous solve.
        if [.tree, .stack, .grid].contains(shape) { #expect(carried >= 20, "\(carried) carried") }
    }

    /// A live resize of a feed cell, one width after another and back: from the third width on,
    /// the cell's dense blocks are solved through the kept factorizations of their levels, and
    /// every view's solved rectangle is still the one a fresh solve gives. (A list of cells is
    /// one block settled through pins instead.)
    @Test func aLiveResizeReusesKeptFactorizations() throws {
        let instance = try ConstraintTreeGenerator(shape: .feed, count: 1 + 21).makeScene().instantiate()
        let window = instance.window
        window.runUpdateCycle()
        var reused = 0
        for (step, width) in [360, 362, 367, 375, 390, 420, 375, 330, 331].enumerated() {
            window.frame.size.width = CGFloat(width)
            window.runUpdateCycle()
            reused += window.layoutReport.reusedBlocks
            if step >= 2 { #expect(window.layoutReport.reusedBlocks > 0, "width \(width)") }
            try expectAFreshSolvesRects(window, "width \(width)")
        }
        #expect(reused >= 14, "\(reused) reused")
    }

    /// A live resize of random scenes with a dense block too large to map (61 and 64 unknowns, the
    /// most the dense path gets before the triangular one) that the window's size reaches: the
    /// first resize solves every block again (their reference targets moved to the first solve's
    /// answer), too many to record; the second records the large block's outcomes, and from the
    /// third size on its levels start from the working sets they ended with at the size before.
    /// Every view's solved rectangle is still the one a fresh solve (every level started from
    /// nothing) gives.
    @Test(arguments: [UInt64(1), 2])
    func aLiveResizeStartsLargeBlocksWarm(seed: UInt64) throws {
        let instance = try ConstraintTreeGenerator(shape: .random, count: 300, seed: seed).makeScene().instantiate()
        let window = instance.window
        window.runUpdateCycle()
        #expect(window.layoutReport.largestBlock > 32 && window.layoutReport.warmStartedLevels == 0)
        var warm = 0
        for (step, (width, height)) in [(300, 500), (310, 520), (290, 480), (420, 700), (300, 500), (200, 300)].enumerated() {
            window.frame.size = CGSize(width: width, height: height)
            window.runUpdateCycle()
            warm += window.layoutReport.warmStartedLevels
            if step >= 2 { #expect(window.layoutReport.warmStartedLevels > 0, "size \(width) x \(height)") }
            try expectAFreshSolvesRects(window, "size \(width) x \(height)")
        }
        #expect(warm >= 100, "\(warm) levels started warm")
    }

    /// A new intrinsic size rewrites the view's rows; losing it (no intrinsic metric) removes
    /// rows, so the system is collected again.
    @Test func anIntrinsicSizeChangeIsWrittenInPlace() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let badge = Badge()
        badge.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(badge)
        LayoutConstraint.activate([
            badge.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
            badge.topAnchor.constraint(equalTo: window.topAnchor, constant: 20),
        ])
        window.runUpdateCycle()
        #expect(badge.frame == CGRect(x: 10, y: 20, width: 40, height: 20))
        badge.size = CGSize(width: 64, height: 30)
        window.runUpdateCycle()
        #expect(badge.frame == CGRect(x: 10, y: 20, width: 64, height: 30))
        #expect(window.layoutReport.reusedSystem)
        badge.size = CGSize(width: View.noIntrinsicMetric, height: 30)
        window.runUpdateCycle()
        #expect(!window.layoutReport.reusedSystem)
        #expect(badge.frame.height == 30 && badge.hasAmbiguousLayout)
    }

    /// A frame-based container moved and resized by the app: its rows follow the new frame,
    /// and a subview constrained inside it moves with it.
    @Test func aMovedFrameBasedViewCarriesItsConstrainedSubviews() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let card = View(frame: CGRect(x: 10, y: 10, width: 200, height: 100))
        window.addSubview(card)
        let label = constrainedSubviews(1, of: card)[0]
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 8),
            label.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -8),
            label.topAnchor.constraint(equalTo: card.topAnchor, constant: 4),
            label.heightAnchor.constraint(equalToConstant: 20),
        ])
        window.runUpdateCycle()
        #expect(label.frame == CGRect(x: 8, y: 4, width: 184, height: 20))
        card.frame = CGRect(x: 30, y: 50, width: 260, height: 100)
        window.runUpdateCycle()
        #expect(window.layoutReport.reusedSystem)
        #expect(card.frame == CGRect(x: 30, y: 50, width: 260, height: 100))
        #expect(label.frame == CGRect(x: 8, y: 4, width: 244, height: 20))
    }

    /// A view pinned to the window keeps its place on screen when its superview moves: its
    /// solved values are unchanged, but its frame, which is in the superview's space, is not.
    @Test func aViewPinnedToTheWindowStaysPutWhenItsSuperviewMoves() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let panel = constrainedSubviews(1, of: window)[0], pin = constrainedSubviews(1, of: panel)[0]
        let panelLeft = panel.leftAnchor.constraint(equalTo: window.leftAnchor, constant: 20)
        LayoutConstraint.activate([
            panelLeft, panel.topAnchor.constraint(equalTo: window.topAnchor, constant: 20),
            panel.widthAnchor.constraint(equalToConstant: 200), panel.heightAnchor.constraint(equalToConstant: 200),
            pin.leftAnchor.constraint(equalTo: window.leftAnchor, constant: 50),
            pin.topAnchor.constraint(equalTo: window.topAnchor, constant: 50),
            pin.widthAnchor.constraint(equalToConstant: 10), pin.heightAnchor.constraint(equalToConstant: 10),
        ])
        window.runUpdateCycle()
        #expect(pin.frame.origin == CGPoint(x: 30, y: 30))
        panelLeft.constant = 40
        window.runUpdateCycle()
        #expect(window.layoutReport.reusedSystem && window.layoutReport.carriedConstants)
        #expect(pin.frame.origin == CGPoint(x: 10, y: 30) && pin.convert(pin.bounds, to: nil).origin == CGPoint(x: 50, y: 50))
    }

    /// Properties Auto Layout does not read (color, alpha, hidden) do not re-solve; a frame of
    /// a view outside the solve does not either.
    @Test func changesAutoLayoutDoesNotReadDoNotResolve() {
        let (window, box, _) = laidOutBox()
        let outsider = View(frame: CGRect(x: 0, y: 100, width: 10, height: 10))
        outsider.setContentHuggingPriority(.defaultHigh, for: .horizontal)  // gives it layout state
        window.addSubview(outsider)
        window.runUpdateCycle()
        #expect(!window.layoutReport.reusedSystem)
        box.alpha = 0.5
        box.isHidden = true
        box.backgroundColor = .black
        outsider.frame.origin.x = 40
        window.runUpdateCycle()
        #expect(!window.layoutReport.reusedSystem)
        box.center.x += 10
        window.runUpdateCycle()
        #expect(window.layoutReport.reusedSystem && box.frame.minX == 0)
    }

    /// A constraint with a multiplier on locations, held by a view without variables, reads
    /// that view's place from its frame: the row is read again at the next solve, so the
    /// layout follows the view after it moved.
    @Test func aRowReadFromAFrameIsReadAgain() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let holder = View(frame: CGRect(x: 100, y: 0, width: 300, height: 300))
        window.addSubview(holder)
        let views = constrainedSubviews(2, of: holder), a = views[0], b = views[1]
        let width = a.widthAnchor.constraint(equalToConstant: 10)
        LayoutConstraint.activate([
            // a.left = 0.5 × b.left, measured in the holder's space.
            LayoutConstraint(item: a, attribute: .left, relatedBy: .equal, toItem: b, attribute: .left, multiplier: 0.5, constant: 0),
            b.leftAnchor.constraint(equalTo: a.leftAnchor, constant: 60),
            width, b.widthAnchor.constraint(equalToConstant: 10),
            a.heightAnchor.constraint(equalToConstant: 10), b.heightAnchor.constraint(equalToConstant: 10),
            a.topAnchor.constraint(equalTo: b.topAnchor),
        ])
        window.runUpdateCycle()
        #expect(a.frame.minX == 60 && b.frame.minX == 120)
        holder.frame.origin.x = 200
        width.constant = 12
        window.runUpdateCycle()
        #expect(window.layoutReport.reusedSystem)
        #expect(a.frame.minX == 60 && b.frame.minX == 120 && a.frame.width == 12)
    }

    /// A 50×50 box at the window's top-left corner, laid out; its width constraint.
    private func laidOutBox() -> (Window, View, LayoutConstraint) {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let box = constrainedSubviews(1, of: window)[0]
        let width = box.widthAnchor.constraint(equalToConstant: 50)
        LayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: window.leadingAnchor), box.topAnchor.constraint(equalTo: window.topAnchor),
            width, box.heightAnchor.constraint(equalToConstant: 50),
        ])
        window.runUpdateCycle()
        return (window, box, width)
    }

    /// A constraint activated after a solve changes the structure: the system is collected again.
    @Test func anActivatedConstraintCollectsTheSystemAgain() {
        let (window, box, width) = laidOutBox()
        width.constant = 70
        window.runUpdateCycle()
        #expect(window.layoutReport.reusedSystem && box.frame.width == 70)
        box.widthAnchor.constraint(greaterThanOrEqualToConstant: 90).isActive = true
        window.runUpdateCycle()
        #expect(!window.layoutReport.reusedSystem)
        #expect(box.frame.width == 70 && window.layoutReport.conflicts.count == 1)
    }

    /// A new constant that makes required constraints conflict cannot be carried through the
    /// record: the system is solved in full, and the conflict reported; once it is gone, new
    /// constants are carried again.
    @Test func aConstantThatMakesAConflictIsSolvedInFull() {
        let (window, box, width) = laidOutBox()
        let limit = box.widthAnchor.constraint(lessThanOrEqualToConstant: 60)
        limit.isActive = true
        window.runUpdateCycle()
        width.constant = 55
        window.runUpdateCycle()
        #expect(window.layoutReport.carriedConstants && box.frame.width == 55)
        width.constant = 70
        window.runUpdateCycle()
        #expect(window.layoutReport.reusedSystem && !window.layoutReport.carriedConstants)
        #expect(window.layoutReport.conflicts.count == 1)
        width.constant = 40
        window.runUpdateCycle()  // solved in full: a solve with a conflict is not recorded
        #expect(!window.layoutReport.carriedConstants && window.layoutReport.conflicts.isEmpty && box.frame.width == 40)
        width.constant = 45
        window.runUpdateCycle()
        #expect(window.layoutReport.carriedConstants && box.frame.width == 45)
    }

    /// A conflict the window's width does not reach, in a window resized again and again: its
    /// block is recalled from the previous solve rather than searched again, and the same
    /// conflict, broken the same way, is reported each time.
    @Test func aConflictIsRecalledAcrossResizes() {
        let (window, box, width) = laidOutBox()
        box.widthAnchor.constraint(greaterThanOrEqualToConstant: 90).isActive = true
        let banner = constrainedSubviews(1, of: window)[0]
        LayoutConstraint.activate([
            banner.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 8),
            banner.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -8),
            banner.topAnchor.constraint(equalTo: box.bottomAnchor), banner.heightAnchor.constraint(equalToConstant: 20),
        ])
        window.runUpdateCycle()
        let first = window.layoutReport.conflicts.map(\.logMessage)
        #expect(first.count == 1 && window.layoutReport.conflicts.first?.constraints.contains { $0 === width } == true)
        for newWidth in [300.0, 280, 310] {
            window.frame.size.width = newWidth
            window.runUpdateCycle()
            #expect(window.layoutReport.recalledBlocks >= 1, "width \(newWidth)")
            #expect(window.layoutReport.conflicts.map(\.logMessage) == first && banner.frame.width == newWidth - 16)
        }
    }

    /// An observer that edits a constraint while the engine sets frames: the edit is solved in
    /// the same update cycle's next round, not lost with the system the solve kept.
    @Test func anEditMadeWhileFramesAreSetIsNotLost() {
        let (window, box, width) = laidOutBox()
        let height = box.constraints.first { $0.firstAttribute == .height }!
        let token = box.observe(\.frame) { box, change in
            if change.newValue.width == 70 { height.constant = 90 }
        }
        width.constant = 70
        window.runUpdateCycle()
        #expect(box.frame.size == CGSize(width: 70, height: 90))
        token.cancel()
    }

    /// An observer that removes a view while the engine sets frames stops the placing (the
    /// view may be gone); the next round lays out what is left.
    @Test func aViewRemovedWhileFramesAreSetStopsThePlacing() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let first = constrainedSubviews(1, of: window)[0]
        var second: View? = constrainedSubviews(1, of: window)[0]
        let firstLeft = first.leftAnchor.constraint(equalTo: window.leftAnchor, constant: 10)
        LayoutConstraint.activate([
            firstLeft, first.topAnchor.constraint(equalTo: window.topAnchor),
            first.widthAnchor.constraint(equalToConstant: 20), first.heightAnchor.constraint(equalToConstant: 20),
            second!.leftAnchor.constraint(equalTo: first.rightAnchor), second!.topAnchor.constraint(equalTo: window.topAnchor),
            second!.widthAnchor.constraint(equalToConstant: 20), second!.heightAnchor.constraint(equalToConstant: 20),
        ])
        window.runUpdateCycle()
        weak let removed = second
        let token = first.observe(\.frame) { _, _ in
            second?.removeFromSuperview()
            second = nil
        }
        firstLeft.constant = 30
        let report = window.runUpdateCycle()
        #expect(removed == nil && report.problems.isEmpty && first.frame.minX == 30)
        token.cancel()
    }

    /// More edits between two solves than the system has rows: the list of edits is dropped
    /// and the system collected again, with the last values.
    @Test func manyEditsBetweenSolvesCollectTheSystemAgain() {
        let (window, box, width) = laidOutBox()
        width.constant = 60
        window.runUpdateCycle()
        #expect(window.layoutReport.reusedSystem && window.layoutReport.rows == 8)
        for step in 1...20 { width.constant = CGFloat(60 + step) }
        window.runUpdateCycle()
        #expect(!window.layoutReport.reusedSystem && box.frame.width == 80)
    }

    /// The engine keeps its system between solves without keeping the window alive.
    @Test func aWindowWithAKeptSystemIsReleased() {
        weak var released: Window?
        do {
            let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            let box = constrainedSubviews(1, of: window)[0]
            LayoutConstraint.activate([
                box.leadingAnchor.constraint(equalTo: window.leadingAnchor), box.topAnchor.constraint(equalTo: window.topAnchor),
                box.widthAnchor.constraint(equalTo: window.widthAnchor, multiplier: 0.5), box.heightAnchor.constraint(equalToConstant: 50),
            ])
            window.runUpdateCycle()
            window.frame.size.width = 400
            window.runUpdateCycle()
            #expect(window.layoutReport.reusedSystem && box.frame.width == 200)
            released = window
        }
        #expect(released == nil)
    }

    /// After `exerciseAmbiguityInLayout()` moves an undetermined view, an unrelated edit
    /// leaves it where it was moved.
    @Test func anExercisedViewStaysThroughTheNextEdit() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let views = constrainedSubviews(2, of: window), loose = views[0], fixed = views[1]
        let fixedWidth = fixed.widthAnchor.constraint(equalToConstant: 30)
        LayoutConstraint.activate([
            loose.topAnchor.constraint(equalTo: window.topAnchor), loose.widthAnchor.constraint(equalToConstant: 40),
            loose.heightAnchor.constraint(equalToConstant: 40),
            fixed.leadingAnchor.constraint(equalTo: window.leadingAnchor), fixed.topAnchor.constraint(equalTo: window.topAnchor),
            fixedWidth, fixed.heightAnchor.constraint(equalToConstant: 30),
        ])
        window.runUpdateCycle()
        #expect(loose.hasAmbiguousLayout)
        let before = loose.frame.minX
        loose.exerciseAmbiguityInLayout()
        #expect(loose.frame.minX == before + 20)
        fixedWidth.constant = 35
        window.runUpdateCycle()
        #expect(fixed.frame.width == 35 && loose.frame.minX == before + 20)
    }
}
