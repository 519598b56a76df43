@testable import Canopy
import CanopyWorkloads
import Foundation
import Testing

/// A card in a window: `card` pinned at (10, 20), 300 × 200; `left` and `right` side by side
/// inside it, `left` half the card's width less 12 (an optional 100 behind that), 40 high at
/// priority 750, named.
private func cardScene() -> Scene {
    func view(_ id: String, in parent: String) -> Scene.ViewRecord {
        var record = Scene.ViewRecord(id: id, parent: parent)
        record.translatesAutoresizingMaskIntoConstraints = false
        return record
    }
    typealias C = Scene.ConstraintRecord
    var height = C(first: "left", .height, constant: 40, priority: LayoutPriority(750))
    height.identifier = "left.height"
    return Scene(
        views: [
            Scene.ViewRecord(id: "window", className: "Window", frame: CGRect(x: 0, y: 0, width: 400, height: 300)),
            view("card", in: "window"), view("left", in: "card"), view("right", in: "card"),
        ],
        constraints: [
            C(first: "card", .left, second: "window", .left, constant: 10),
            C(first: "card", .top, second: "window", .top, constant: 20),
            C(first: "card", .width, constant: 300),
            C(first: "card", .height, constant: 200),
            C(first: "left", .left, second: "card", .left, constant: 8),
            C(first: "left", .top, second: "card", .top, constant: 8),
            C(first: "left", .width, second: "card", .width, multiplier: 0.5, constant: -12),
            height,
            C(first: "right", .left, second: "left", .right, constant: 4),
            C(first: "right", .top, second: "left", .top),
            C(first: "right", .right, second: "card", .right, constant: -8),
            C(first: "right", .height, second: "left", .height),
            C(first: "left", .width, constant: 100, priority: LayoutPriority(250)),
        ])
}

/// The frames the card scene's constraints give `card`, `left` and `right`.
private let cardFrames = [
    CGRect(x: 10, y: 20, width: 300, height: 200), CGRect(x: 8, y: 8, width: 138, height: 40),
    CGRect(x: 150, y: 8, width: 142, height: 40),
]

private func frames(_ instance: SceneInstance) -> [CGRect] { instance.views.dropFirst().map(\.frame) }

/// A scene's constraints are kept as records until something asks for them as objects; layout
/// reads the records, and whatever asks finds the constraints it would have found had they
/// been objects from the start.
@Suite("A scene's constraints kept as records")
struct SceneConstraintRecordTests {
    @Test func recordsLayOutAsTheirObjectsDo() throws {
        let kept = try cardScene().instantiate(), made = try cardScene().instantiate()
        _ = made.constraints
        #expect(kept.window.pendingConstraints != nil && made.window.pendingConstraints == nil)
        for instance in [kept, made] { instance.window.runUpdateCycle() }
        #expect(frames(kept) == cardFrames && frames(made) == cardFrames)
        #expect(kept.window.pendingConstraints != nil, "laying out made no object")
    }

    @Test func readingTheConstraintsMakesEachOneOnceAsTheSceneSaysIt() throws {
        let scene = cardScene()
        let instance = try scene.instantiate()
        instance.window.runUpdateCycle()
        let alone = instance.constraint(at: 9)  // made first, and still listed in the scene's order
        let made = instance.constraints
        #expect(made.count == scene.constraints.count && instance.constraintCount == scene.constraints.count)
        let (window, card, left) = (instance.views[0], instance.views[1], instance.views[2])
        for (constraint, record) in zip(made, scene.constraints) {
            #expect(constraint.firstAttribute == record.firstAttribute)
            #expect(constraint.secondAttribute == record.secondAttribute)
            #expect(constraint.relation == record.relation && constraint.multiplier == record.multiplier)
            #expect(constraint.constant == record.constant && constraint.priority == record.priority)
            #expect(constraint.identifier == record.identifier && constraint.isActive)
        }
        #expect(made[0].container === window && made[2].container === card && made[8].container === card)
        // Each held by its items' nearest common ancestor, in the scene's order.
        let ids = made.map(ObjectIdentifier.init)
        #expect(card.constraints.map(ObjectIdentifier.init) == [2, 3, 4, 5, 6, 8, 9, 10, 11].map { ids[$0] })
        #expect(left.constraints.map(ObjectIdentifier.init) == [ids[7], ids[12]])
        #expect(zip(instance.constraints, made).allSatisfy { $0 === $1 })
        #expect(instance.constraint(at: 5) === made[5] && alone === made[9])
    }

    @Test func aConstraintAskedForAloneIsMadeAloneAndEditsTheKeptSystem() throws {
        let instance = try cardScene().instantiate()
        let window = instance.window
        window.runUpdateCycle()
        let before = window.objectMemory.constraints
        let height = instance.constraint(at: 7)
        #expect(height === instance.constraint(at: 7) && height.identifier == "left.height" && height.isActive)
        #expect(window.pendingConstraints != nil, "the others stay records")
        #expect(window.objectMemory.constraints > before)

        height.constant = 50
        window.runUpdateCycle()
        #expect(window.layoutReport.reusedSystem)
        #expect(instance.views[2].frame.height == 50 && instance.views[3].frame.height == 50)
        #expect(instance.constraints[7] === height)
    }

    @Test func aConstraintMadeAloneAndDeactivatedLeavesLayout() throws {
        let instance = try cardScene().instantiate()
        instance.window.runUpdateCycle()
        instance.constraint(at: 6).isActive = false  // `left` then takes its optional 100
        instance.window.runUpdateCycle()
        #expect(instance.views[2].frame.width == 100 && instance.views[3].frame.minX == 112)
        let width = instance.constraints[6]
        #expect(!width.isActive && !instance.views[1].constraints.contains { $0 === width })
    }

    @Test func removingAViewDeactivatesTheConstraintsThatTieItToTheRest() throws {
        let instance = try cardScene().instantiate()
        instance.views[3].removeFromSuperview()
        let made = instance.constraints
        #expect(made[8...11].allSatisfy { !$0.isActive } && made[0...7].allSatisfy(\.isActive) && made[12].isActive)
        instance.window.runUpdateCycle()
        #expect(Array(frames(instance).prefix(2)) == Array(cardFrames.prefix(2)))
    }

    @Test func removingAGuideDeactivatesItsConstraints() throws {
        var scene = cardScene()
        scene.guides = [Scene.GuideRecord(id: "gap", owner: "card")]
        scene.constraints.append(Scene.ConstraintRecord(first: "gap", .width, constant: 20))
        let instance = try scene.instantiate()
        instance.views[1].removeLayoutGuide(instance.guides[0])
        #expect(!instance.constraints.last!.isActive && instance.constraints.dropLast().allSatisfy(\.isActive))
    }

    @Test func aFittingSolveReadsTheConstraintsAsObjects() throws {
        let kept = try cardScene().instantiate(), made = try cardScene().instantiate()
        _ = made.constraints
        let fitted = kept.views[1].systemLayoutSizeFitting(View.layoutFittingCompressedSize)
        #expect(kept.window.pendingConstraints == nil, "a fitting solve collects part of the window")
        #expect(fitted == made.views[1].systemLayoutSizeFitting(View.layoutFittingCompressedSize))
        #expect(fitted == CGSize(width: 300, height: 200))
    }

    @Test func aViewThatOutlivesItsWindowKeepsItsConstraints() throws {
        var card: View?
        weak var window: Window?
        do {
            let instance = try cardScene().instantiate()
            instance.window.runUpdateCycle()
            (card, window) = (instance.views[1], instance.window)
        }
        #expect(window == nil, "the window went")
        #expect(card!.constraints.count == 9)
        card!.frame.size.width = 200
        card!.layoutIfNeeded()
        let expected = [CGRect(x: 8, y: 8, width: 88, height: 40), CGRect(x: 100, y: 8, width: 92, height: 40)]
        #expect(card!.subviews.map(\.frame) == expected)
    }

    /// Two trees from one generated scene, one with its constraints made objects at once, take
    /// the same random edits (views removed and moved, constraints made alone, changed and
    /// deactivated, a view's constraints read, the window resized): after each, every frame is
    /// the same, bit for bit. The first twenty edits leave the other tree's records as records.
    @Test(arguments: [ConstraintShape.tree, .feed, .random])
    func recordsAndObjectsLayOutAlikeThroughEdits(shape: ConstraintShape) throws {
        let scene = ConstraintTreeGenerator(shape: shape, count: 150, seed: 5).makeScene()
        let (kept, made) = (try scene.instantiate(), try scene.instantiate())
        _ = made.constraints
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for step in 0..<40 {
            let kind = step < 20 ? [2, 3, 5][next(3)] : next(6)
            let (v, w, k) = (1 + next(scene.views.count - 1), next(scene.views.count), next(scene.constraints.count))
            let (delta, width) = (CGFloat(next(11)) - 5, CGFloat(600 + 100 * next(2)))
            for instance in [kept, made] {
                let (view, other) = (instance.views[v], instance.views[w])
                switch kind {
                case 0: view.removeFromSuperview()
                case 1: if other.window != nil, !other.isDescendant(of: view) { other.addSubview(view) }
                case 2: instance.constraint(at: k).constant += delta
                case 3: instance.constraint(at: k).isActive = false
                case 4: _ = view.constraints
                default: instance.window.frame.size.width = width
                }
            }
            kept.window.runUpdateCycle()
            made.window.runUpdateCycle()
            let (a, b) = (kept.views.map(\.frame), made.views.map(\.frame))
            #expect(zip(a, b).allSatisfy { $0 == $1 }, "\(shape), step \(step), edit \(kind)")
            if step == 19 { #expect(kept.window.pendingConstraints != nil) }
        }
    }

    /// Asking for a constraint the scene does not have is a programmer's error, named.
    @Test func aConstraintPastTheScenesIsRefused() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = try cardScene().instantiate().constraint(at: 13)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("no constraint 13 in a scene of 13"))
    }

    @Test func aConflictNamesTheScenesConstraintsAsObjects() throws {
        var scene = cardScene()
        scene.constraints.append(Scene.ConstraintRecord(first: "card", .width, constant: 250))
        let instance = try scene.instantiate()
        instance.window.runUpdateCycle()
        let conflict = try #require(instance.window.layoutReport.conflicts.first)
        let named = conflict.constraints.map(ObjectIdentifier.init)
        #expect(named.contains(ObjectIdentifier(instance.constraints[2])))
        #expect(named.contains(ObjectIdentifier(instance.constraints.last!)))
    }
}
