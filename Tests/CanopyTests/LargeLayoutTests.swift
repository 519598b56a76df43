import Canopy
import CanopyWorkloads
import Foundation
import Testing

/// Auto Layout on lists too long for one dense block: feed cells stacked in a chain, their
/// sizes from intrinsic sizes.
@Suite("Auto Layout: long chains of self-sizing cells", .deadline(seconds: 300))
struct LargeLayoutTests {
    /// The 21 frames of feed cell `k` in window space, relative to the cell's top-left corner.
    private func cellFrames(_ views: [View], cell k: Int) -> [CGRect] {
        let cell = Array(views[1 + 21 * k ..< 1 + 21 * (k + 1)])
        let origin = cell[0].convert(cell[0].bounds, to: nil).origin
        return cell.map { $0.convert($0.bounds, to: nil).offsetBy(dx: -origin.x, dy: -origin.y) }
    }

    private func feed(cells: Int) throws -> SceneInstance {
        try ConstraintTreeGenerator(shape: .feed, count: 1 + 21 * cells).makeScene().instantiate()
    }

    /// Eighty cells make one block of about 1,500 unknowns, past the dense path's limit; the
    /// labels' pinned sizes let substitution settle it, and every cell comes out as a lone
    /// cell does through the dense path (its blocks are small enough not to try the pins).
    @Test func aLongFeedLaysOutLikeAShortOne() throws {
        let short = try feed(cells: 1)
        let shortCycle = short.window.runUpdateCycle()
        #expect(shortCycle.problems.isEmpty && short.window.layoutReport.blocks > 0)
        let long = try feed(cells: 80)
        let longCycle = long.window.runUpdateCycle()
        #expect(longCycle.problems.isEmpty)
        #expect(long.window.layoutReport.largestBlock < short.window.layoutReport.largestBlock)
        let reference = cellFrames(short.views, cell: 0)
        for k in [0, 1, 40, 79] {
            let frames = cellFrames(long.views, cell: k)
            #expect(frames.count == reference.count && zip(frames, reference).allSatisfy { $0.0 == $0.1 }, "cell \(k)")
        }
        let first = long.views[1].frame, last = long.views[1 + 21 * 79].frame
        #expect(last.minY == first.minY + 79 * first.height)
    }

    /// One label asked at 500 to be 13 taller than another, above its hugging (250): holding
    /// the labels at their intrinsic sizes would give up a higher priority, so that answer is
    /// refused and the list is solved densely, where the label gets its 30.
    @Test func pinsThatWouldOverrideAHigherPriorityAreNotUsed() throws {
        let list = try feed(cells: 5)
        let handle = list.views[1 + 7], headline = list.views[1 + 8]  // the first cell's, both 17 high
        let taller = handle.heightAnchor.constraint(equalTo: headline.heightAnchor, constant: 13)
        taller.priority = LayoutPriority(500)
        taller.isActive = true
        let cycle = list.window.runUpdateCycle()
        #expect(cycle.problems.isEmpty)
        #expect(handle.frame.height == 30 && headline.frame.height == 17)
        #expect(list.window.layoutReport.blocks > 0)
    }

    /// A required row that contradicts two labels' intrinsic sizes (one 13 taller than the
    /// other): the pins cannot all hold, so the list is solved densely, where compression
    /// resistance keeps the shorter label at 17 and the taller one gets 30.
    @Test func pinsThatContradictRequiredRowsAreDropped() throws {
        let list = try feed(cells: 5)
        let handle = list.views[1 + 7], headline = list.views[1 + 8]
        handle.heightAnchor.constraint(equalTo: headline.heightAnchor, constant: 13).isActive = true
        let cycle = list.window.runUpdateCycle()
        #expect(cycle.problems.isEmpty)
        #expect(handle.frame.height == 30 && headline.frame.height == 17)
        #expect(list.window.layoutReport.blocks > 0)
    }

    /// `count` views in a row in `window`, each at least 8 after the one before and pulled at 500
    /// toward a place of its own, 40 apart give or take 20; returns the views and their places.
    private func addPushedRow(count: Int, to window: Window) -> (views: [View], places: [CGFloat]) {
        var random = SplitMix64(seed: 9)
        var views: [View] = [], places: [CGFloat] = []
        for index in 0..<count {
            let view = View()
            view.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(view)
            let place = CGFloat(40 * index + Int.random(in: -20...20, using: &random))
            let pull = view.leftAnchor.constraint(equalTo: window.leftAnchor, constant: place)
            pull.priority = LayoutPriority(500)
            var constraints = [
                pull, view.widthAnchor.constraint(equalToConstant: 20), view.heightAnchor.constraint(equalToConstant: 20),
                view.topAnchor.constraint(equalTo: window.topAnchor),
            ]
            if let previous = views.last {
                constraints.append(view.leftAnchor.constraint(greaterThanOrEqualTo: previous.rightAnchor, constant: 8))
            }
            LayoutConstraint.activate(constraints)
            views.append(view)
            places.append(place)
        }
        return (views, places)
    }

    /// Every gap of the row holds (to the pixel that rounding may take), and a view with room on
    /// both sides sits at its place.
    private func expectRowLaidOut(_ views: [View], places: [CGFloat]) {
        let gaps = zip(views, views.dropFirst()).map { $1.frame.minX - $0.frame.maxX }
        #expect(gaps.allSatisfy { $0 >= 7 })
        let free = views.indices.filter { index in
            (index == 0 || gaps[index - 1] > 9) && (index == views.count - 1 || gaps[index] > 9)
        }
        #expect(free.count > 500 && free.count < views.count - 100, "\(free.count) views with room")
        #expect(free.allSatisfy { views[$0].frame.minX == places[$0] })
    }

    /// 1,500 views in a row, each at least 8 after the one before and pulled at 500 toward a
    /// place of its own: one block of 1,500 unknowns, past the dense path, whose inequalities
    /// are put back only where views push each other. No conflict; the row is laid out; the
    /// largest block solved is a run of pushed views, not the row. A pushed run misses its
    /// places and could move to trade one miss for another, so those pulls are reported as ties.
    @Test func aLongRowOfViewsPushingEachOtherIsLaidOut() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 1024, height: 768))
        let (views, places) = addPushedRow(count: 1_500, to: window)
        let cycle = window.runUpdateCycle()
        let report = window.layoutReport
        #expect(report.conflicts.isEmpty && report.ambiguities.isEmpty && !report.tiedConstraints.isEmpty)
        #expect(cycle.problems.count == 1)
        #expect(report.largestBlock > 1 && report.largestBlock < 100, "largest block \(report.largestBlock)")
        expectRowLaidOut(views, places: places)
    }

    /// A column of 1,500 labels, each 4 below the one before and asked at 300 to be as tall as
    /// the one above: with their heights soft (hugging and compression resistance) the column
    /// is one block of 1,500 heights with no inequality to leave out, which only the pins
    /// settle. Beside it, the pushed row, which only the relaxation settles; its pulls are soft
    /// equalities, which the pins would make required and its gaps contradict. Both in one
    /// solve: each comes out as it does alone.
    @Test func aColumnOfLabelsBesideARowOfViewsPushingEachOther() throws {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 1024, height: 768))
        var labels: [PaddedLabel] = []
        for index in 0..<1_500 {
            let label = PaddedLabel("Label \(index)")
            window.addSubview(label)
            label.leftAnchor.constraint(equalTo: window.leftAnchor).isActive = true
            label.topAnchor.constraint(equalTo: labels.last?.bottomAnchor ?? window.topAnchor, constant: 4).isActive = true
            if let above = labels.last {
                let asTall = label.heightAnchor.constraint(equalTo: above.heightAnchor)
                asTall.priority = LayoutPriority(300)
                asTall.isActive = true
            }
            labels.append(label)
        }
        let (views, places) = addPushedRow(count: 1_500, to: window)
        let cycle = window.runUpdateCycle()
        let report = window.layoutReport
        #expect(report.conflicts.isEmpty && report.ambiguities.isEmpty && !report.tiedConstraints.isEmpty)
        #expect(cycle.problems.count == 1, "\(cycle.problems)")
        #expect(report.largestBlock < 100, "largest block \(report.largestBlock)")
        expectRowLaidOut(views, places: places)
        let height = labels[0].intrinsicContentSize.height
        #expect(labels.allSatisfy { $0.frame.size == $0.intrinsicContentSize })
        #expect(labels.enumerated().allSatisfy { $0.element.frame.minY == 4 + CGFloat($0.offset) * (height + 4) })
    }
}
