import Canopy
import CanopyWorkloads
import Foundation
import Testing

/// `Window.memory`: what a window keeps between update cycles, by part; `Window.objectMemory`:
/// what its objects take, by kind.
@Suite("A window's memory, by part")
struct WindowMemoryTests {
    private func laidOut(_ shape: ConstraintShape, _ count: Int) throws -> Window {
        let window = try ConstraintTreeGenerator(shape: shape, count: count).makeScene().instantiate().window
        window.runUpdateCycle()
        return window
    }

    @Test func aConstrainedTreeHoldsEveryPart() throws {
        let window = try laidOut(.tree, 1_000)
        let memory = window.memory
        #expect(memory.flattenedTree > 0 && memory.layoutSystem > 0 && memory.layoutSolution > 0)
        // Substitution settles the tree: the core keeps the record it carries new constants
        // through, and the workspace's pages go back meanwhile.
        #expect(memory.solveRecord > 0 && memory.solverWorkspaces < memory.solveRecord / 4)
        #expect(
            memory.total
                == memory.flattenedTree + memory.layoutSystem + memory.layoutSolution + memory.solveRecord
                + memory.solverWorkspaces)
        // At least the solution's values: four doubles per view.
        #expect(memory.layoutSolution >= 1_000 * 4 * MemoryLayout<Double>.stride)
    }

    /// Blocks the record does not carry keep the workspace's pages for the next solve.
    @Test func aSystemWithBlocksKeepsItsWorkspace() throws {
        let memory = try laidOut(.feed, 1_000).memory
        #expect(memory.solverWorkspaces > 0)
    }

    @Test func objectsAreCountedByKind() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let views = (0..<10).map { k in View(frame: CGRect(x: 0, y: CGFloat(k) * 10, width: 100, height: 10)) }
        for view in views { window.addSubview(view) }
        let plain = window.objectMemory
        #expect(plain.views > 11 * 64 && plain.constraints == 0 && plain.layoutState == 0)
        // The window's list of subviews: its header and ten references at least.
        #expect(plain.lists >= 32 + 10 * 8)

        // A view holding one constraint keeps it without a list.
        let widths = views.map { $0.widthAnchor.constraint(equalToConstant: 100) }
        LayoutConstraint.activate(widths)
        #expect(window.objectMemory.lists == plain.lists)
        #expect(views.allSatisfy { $0.constraints.count == 1 })

        let heights = views.map { $0.heightAnchor.constraint(equalToConstant: 10) }
        LayoutConstraint.activate(heights)
        let constrained = window.objectMemory
        func held(_ k: Int) -> [ObjectIdentifier] { views[k].constraints.map(ObjectIdentifier.init) }
        #expect(views.indices.allSatisfy { held($0) == [ObjectIdentifier(widths[$0]), ObjectIdentifier(heights[$0])] })
        // Twenty blocks, each the allocator's size for a constraint (which may round up a
        // block that it splits from a larger one).
        #expect(constrained.constraints > 20 * 64 && constrained.constraints < 20 * 160)
        #expect(constrained.layoutState > 0 && constrained.lists > plain.lists)
        #expect(constrained.views == plain.views)
        #expect(
            constrained.total
                == constrained.views + constrained.layoutState + constrained.constraints + constrained.lists
                + constrained.layersAndExtras)

        LayoutConstraint.deactivate(widths)
        #expect(views.indices.allSatisfy { held($0) == [ObjectIdentifier(heights[$0])] })
        LayoutConstraint.deactivate(heights)
        #expect(window.objectMemory.constraints == 0 && views.allSatisfy { $0.constraints.isEmpty })
    }

    /// Four times the views: the window's parts grow 2.5 to 6 times (a solve's memory is not
    /// quite linear), the objects 3.5 to 4.5 times. A scene's constraints are records, which
    /// give their views no layout state.
    @Test func memoryGrowsWithTheTree() throws {
        let small = try laidOut(.tree, 2_000), large = try laidOut(.tree, 8_000)
        let (parts, objects) = ((small.memory, large.memory), (small.objectMemory, large.objectMemory))
        let measures: [(String, Int, Int, ClosedRange<Double>)] = [
            ("flattened tree", parts.0.flattenedTree, parts.1.flattenedTree, 2.5...6),
            ("system", parts.0.layoutSystem, parts.1.layoutSystem, 2.5...6),
            ("record", parts.0.solveRecord, parts.1.solveRecord, 2.5...6),
            ("views", objects.0.views, objects.1.views, 3.5...4.5),
            ("constraints", objects.0.constraints, objects.1.constraints, 3.5...4.5),
        ]
        for (name, a, b, expected) in measures {
            #expect(expected.contains(Double(b) / Double(a)), "\(name): \(a) then \(b) bytes")
        }
        #expect(objects.0.layoutState == 0 && objects.1.layoutState == 0)
    }

    /// A scene's views get subviews lists of their children's number, not the room that
    /// growing them child by child leaves: a window of 1,000 subviews would have had 1,024.
    @Test func aScenesSubviewListsTakeTheirChildrenAlone() throws {
        let scene = ConstraintTreeGenerator(shape: .stack, count: 1_001).makeScene()
        let window = try scene.instantiate().window
        #expect(window.subviews.count == 1_000)
        #expect(window.objectMemory.lists < 32 + 1_010 * 8, "\(window.objectMemory.lists) bytes")
    }

    /// A window counts the views of its tree as they join and leave it, and its first flatten
    /// reserves a row for each at once: no column grows by doubling, past its rows or leaving
    /// the blocks it outgrew to the allocator.
    @Test func theFirstFlattenReservesARowAView() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let container = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        for _ in 0..<12_000 { container.addSubview(View(frame: .zero)) }
        window.addSubview(container)  // joins in one move
        let leaving = container.subviews.suffix(2_000)
        for view in leaving { view.removeFromSuperview() }
        window.runUpdateCycle()
        // The window, the container and 10,000 views, each with its views entry, parent, last
        // child, previous sibling, bounds, center, turn, flags and world transform; anchors and
        // transforms keep their first 16 slots.
        let rows = 10_002, row = 8 + 4 + 4 + 4 + 32 + 16 + 4 + 4 + 48
        let bytes = window.memory.flattenedTree
        #expect(bytes >= rows * row && bytes <= rows * row + 16 * 64 + 4096, "\(bytes) bytes for \(rows) rows")
    }

    @Test func aTreeWithoutConstraintsHoldsNoLayoutParts() {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        for k in 0..<10 { window.addSubview(View(frame: CGRect(x: 0, y: CGFloat(k) * 10, width: 100, height: 10))) }
        window.runUpdateCycle()
        let memory = window.memory
        #expect(memory.flattenedTree > 0)
        #expect(memory.layoutSystem == 0 && memory.layoutSolution == 0 && memory.solveRecord == 0)
    }
}
