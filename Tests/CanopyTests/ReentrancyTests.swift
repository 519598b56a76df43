import CCanopy
import Canopy
import Foundation
import Testing

@Suite("Callbacks that edit the hierarchy leave it consistent")
struct ReentrancyTests {
    @Test func aCallbackThatTakesTheNewSuperviewOutOfItsWindow() {
        final class Sneaky: View {
            override func willMove(toSuperview newSuperview: View?) { newSuperview?.removeFromSuperview() }
        }
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let parent = View()
        window.addSubview(parent)
        let view = Sneaky()
        parent.addSubview(view)
        #expect(view.superview === parent && parent.superview == nil)
        #expect(view.window == nil && parent.window == nil)
        #expect(window.subviews.isEmpty)
    }

    @Test func aCallbackThatAddsTheViewEarlyLeavesOneCopy() {
        final class Eager: View {
            var reentered = false
            override func willMove(toSuperview newSuperview: View?) {
                guard let newSuperview, !reentered else { return }
                reentered = true
                newSuperview.addSubview(self)
            }
        }
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let view = Eager()
        window.addSubview(View())
        window.addSubview(view)
        #expect(window.subviews.filter { $0 === view }.count == 1)
        #expect(view.superview === window && view.window === window)
        #expect(window.flattenedTree.count == 3)
    }

    @Test func aCallbackThatWouldMakeACycleTraps() async {
        await #expect(processExitsWith: .failure) {
            final class Cyclic: View {
                override func willMove(toSuperview newSuperview: View?) {
                    if let newSuperview { addSubview(newSuperview) }
                }
            }
            View().addSubview(Cyclic())
        }
    }

    @Test func aStaleFlattenedTreeRefusesToNameViews() async {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let view = View()
        window.addSubview(view)
        let tree = window.flattenedTree
        #expect(tree.index(of: view) == 1)
        view.removeFromSuperview()
        #expect(tree.index(of: view) == nil)
        await #expect(processExitsWith: .failure) {
            let window = Window(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(View())
            let tree = window.flattenedTree
            window.subviews[0].removeFromSuperview()
            _ = tree.view(at: 1)
        }
    }

    @Test func aSiblingLinkThatLoopsIsABadIndexNotAHang() {
        // root with children 1 and 2; 2's previous sibling points at itself.
        let parent: [Int32] = [-1, 0, 0]
        let lastChild: [Int32] = [2, -1, -1]
        let previousSibling: [Int32] = [-1, -1, 2]
        let bounds = [cnp_rect](repeating: cnp_rect(origin: cnp_point(x: 0, y: 0), size: cnp_size(width: 10, height: 10)), count: 3)
        let center = [cnp_point](repeating: cnp_point(x: 50, y: 50), count: 3)  // children far from the point
        let anchor = [cnp_point](repeating: cnp_point(x: 0.5, y: 0.5), count: 3)
        let transform = [cnp_affine](repeating: cnp_affine_identity(), count: 3)
        let flags = [UInt32](repeating: 0, count: 3)
        var rootBounds = bounds
        rootBounds[0].size = cnp_size(width: 100, height: 100)
        let workspace = cnp_workspace_create()
        defer { cnp_workspace_destroy(workspace) }
        var hit = cnp_hit()
        let status = parent.withUnsafeBufferPointer { p in
            lastChild.withUnsafeBufferPointer { l in
                previousSibling.withUnsafeBufferPointer { s in
                    rootBounds.withUnsafeBufferPointer { b in
                        center.withUnsafeBufferPointer { c in
                            anchor.withUnsafeBufferPointer { a in
                                transform.withUnsafeBufferPointer { t in
                                    flags.withUnsafeBufferPointer { f in
                                        var tree = cnp_tree(
                                            count: 3, parent: p.baseAddress, last_child: l.baseAddress,
                                            previous_sibling: s.baseAddress, bounds: b.baseAddress, center: c.baseAddress,
                                            anchor: a.baseAddress, transform: t.baseAddress, flags: f.baseAddress,
                                            turn: nil, turned_count: 0)
                                        return cnp_tree_hit_test(&tree, 0, cnp_point(x: 5, y: 5), nil, workspace, &hit)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(status == CNP_ERROR_BAD_INDEX)
        #expect(hit.node == -1)
    }
}

@Suite("Autoresizing transformed views")
struct TransformedAutoresizingTests {
    @Test func aRotatedViewMovesWithoutGrowing() {
        let parent = View(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let child = View(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        child.transform = CGAffineTransform(rotationAngle: .pi / 4)
        child.autoresizingMask = [.flexibleLeftMargin]
        parent.addSubview(child)
        parent.bounds.size.width = 310
        #expect(child.bounds.size == CGSize(width: 100, height: 100))
        #expect(child.center == CGPoint(x: 160, y: 150))
        parent.bounds.size.width = 300
        #expect(child.bounds.size == CGSize(width: 100, height: 100))
    }

    @Test func aScaledViewGrowsItsBoundsByTheFrameChange() {
        // Bounds-space rule: the width change goes to the bounds as it is.
        let parent = View(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let child = View(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        child.autoresizingMask = [.flexibleWidth]
        parent.addSubview(child)
        child.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
        parent.bounds.size.width = 300
        #expect(child.bounds.size == CGSize(width: 300, height: 200))
        #expect(child.center == CGPoint(x: 150, y: 100))
    }

    @Test func sizesNeverGoBelowZero() {
        let parent = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        child.autoresizingMask = [.flexibleWidth]
        parent.addSubview(child)
        parent.bounds.size.width = 20  // the whole change (-80) goes to a width of 10
        #expect(child.bounds.size.width == 0)
    }
}
