import Canopy
import CanopyWorkloads
import Foundation
import Testing

@Suite("World transforms: after a few changes, only the changed subtrees are placed again")
struct WorldTransformUpdateTests {
    /// Every row's world transform, read from the tree.
    private func worlds(of window: Window) -> [CGAffineTransform] {
        let tree = window.flattenedTree
        return (0..<tree.count).map { tree.worldTransform(at: $0) }
    }

    /// The rows whose transforms the cycle left differ from a full pass's.
    private func rowsOffAFullPass(in window: Window) throws -> [Int] {
        let incremental = worlds(of: window)
        try window.flattenedTree.recomputeWorldTransforms()
        return zip(incremental, worlds(of: window)).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
    }

    /// Random edits of a few views at a time (frames, transforms, bounds origins, anchor
    /// points), each followed by an update cycle: the transforms the cycle leaves are those of a
    /// full pass, bit for bit.
    @Test func placingChangedSubtreesMatchesAFullPass() throws {
        let window = TreeGenerator(shape: .balanced, count: 3_000, seed: 5).makeWindow()
        window.runUpdateCycle()
        var random = SplitMix64(seed: 21)
        let tree = window.flattenedTree
        let views = (0..<tree.count).map { tree.view(at: $0) }
        for round in 0..<40 {
            for _ in 0..<(1 + Int(random.next() % 6)) {
                let view = views[Int(random.next() % UInt64(views.count - 1)) + 1]
                switch random.next() % 4 {
                case 0: view.center.x += CGFloat(random.next() % 7) - 3
                case 1: view.transform = CGAffineTransform(rotationAngle: CGFloat(random.next() % 10) / 10)
                case 2: view.bounds.origin.y = CGFloat(random.next() % 5)
                default: view.anchorPoint = CGPoint(x: CGFloat(random.next() % 3) / 2, y: 0.5)
                }
            }
            window.runUpdateCycle()
            #expect(try rowsOffAFullPass(in: window).isEmpty, "round \(round)")
        }
    }

    /// Past a quarter of the rows, every row is rewritten instead of listed: the transforms
    /// are then those of a fresh flatten, views changed after the switch included.
    @Test func manyChangedRowsAreAllRewritten() throws {
        let window = TreeGenerator(shape: .balanced, count: 400, seed: 3).makeWindow()
        window.runUpdateCycle()
        let tree = window.flattenedTree
        let views = (0..<tree.count).map { tree.view(at: $0) }
        for (k, view) in views.enumerated().dropFirst() where k % 2 == 0 { view.center.x += 3 }
        views[1].transform = CGAffineTransform(rotationAngle: 0.3)
        views[3].anchorPoint = CGPoint(x: 0, y: 1)
        window.runUpdateCycle()
        let incremental = worlds(of: window)
        window.reflatten()
        try window.flattenedTree.recomputeWorldTransforms()
        #expect(worlds(of: window) == incremental)
        #expect(incremental[2] != .identity && incremental[1].b != 0)
    }

    /// A view turned and turned back, cycle after cycle, keeps one entry for its anchor point
    /// and transform: the tree does not grow with each change, and its transforms stay those
    /// of a fresh flatten.
    @Test func aViewTurnedBackAndForthKeepsOneEntry() throws {
        let window = TreeGenerator(shape: .balanced, count: 200, seed: 4).makeWindow()
        window.runUpdateCycle()
        let view = window.flattenedTree.view(at: 5)
        view.transform = CGAffineTransform(rotationAngle: 0.2)
        window.runUpdateCycle()
        let bytes = window.flattenedTree.bytes
        for k in 0..<100 {
            view.transform = k % 2 == 0 ? .identity : CGAffineTransform(rotationAngle: 0.1 * Double(k))
            window.runUpdateCycle()
        }
        #expect(window.flattenedTree.bytes == bytes)
        let incremental = worlds(of: window)
        window.reflatten()
        try window.flattenedTree.recomputeWorldTransforms()
        #expect(worlds(of: window) == incremental)
        #expect(incremental[5].b != 0)
    }

    @Test func aChangeAfterAStructureChangeStillPlacesEverything() throws {
        let window = TreeGenerator(shape: .balanced, count: 500, seed: 2).makeWindow()
        window.runUpdateCycle()
        let moved = window.subviews[0].subviews[0]
        window.subviews[1].addSubview(moved)
        window.runUpdateCycle()
        window.subviews[1].center.y += 7
        window.runUpdateCycle()
        #expect(try rowsOffAFullPass(in: window).isEmpty)
    }
}
