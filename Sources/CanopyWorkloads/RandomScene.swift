import Canopy
import Foundation

/// UI-like random scenes with one solution: each view is placed along each axis by one of a set
/// of patterns that determine its position and size (edges, centers, sizes relative to the
/// parent or a sibling, margins, guides, multipliers, intrinsic sizes, required inequalities
/// that bind or not, soft constraints that meet only required ones).
struct RandomScene {
    private var random: SplitMix64
    private var marginsGuides = Set<String>()

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// The attributes of one axis: edges, center, size, and the margin edges.
    private struct Axis {
        var start, end, center, size, startMargin, endMargin: LayoutConstraint.Attribute
        var index: Int

        static let horizontal = Axis(
            start: .leading, end: .trailing, center: .centerX, size: .width, startMargin: .leadingMargin,
            endMargin: .trailingMargin, index: 0)
        static let vertical = Axis(
            start: .top, end: .bottom, center: .centerY, size: .height, startMargin: .topMargin, endMargin: .bottomMargin,
            index: 1)
    }

    mutating func build(_ b: inout SceneBuilder, views: Int) {
        var made: [String] = ["window"]
        var lastChild: [String: String] = [:]
        if random.next() % 4 == 0 { b.scene.layoutDirection = .rightToLeft }
        for _ in 1..<views {
            // Parents are mostly recent views: trees a few levels deep with several children each.
            let parent = made[max(0, made.count - 1 - Int(random.next() % 6))]
            let view = b.addView(in: parent)
            if random.next() % 5 == 0 {
                let m = (0..<4).map { _ in CGFloat(random.next() % 17) }
                b.update(view) { $0.layoutMargins = EdgeInsets(top: m[0], left: m[1], bottom: m[2], right: m[3]) }
            }
            for axis in [Axis.horizontal, .vertical] {
                place(view, along: axis, parent: parent, sibling: lastChild[parent], &b)
            }
            if random.next() % 8 == 0 {
                b.constrain(view, .width, .lessThanOrEqual, constant: 5000)
            }
            lastChild[parent] = view
            made.append(view)
        }
    }

    private mutating func place(_ view: String, along axis: Axis, parent: String, sibling: String?, _ b: inout SceneBuilder) {
        let a = small(), c = small(), size = CGFloat(20 + random.next() % 300)
        switch random.next() % 9 {
        case 0:
            b.constrain(view, axis.start, .equal, parent, axis.start, constant: a)
            b.constrain(view, axis.size, constant: size)
        case 1:
            b.constrain(view, axis.start, .equal, sibling ?? parent, sibling == nil ? axis.start : axis.end, constant: a)
            b.constrain(view, axis.end, .equal, parent, axis.end, constant: -c)
        case 2:
            b.constrain(view, axis.center, .equal, parent, axis.center, constant: a)
            b.constrain(view, axis.size, .equal, parent, axis.size, multiplier: fraction())
        case 3:
            b.constrain(view, axis.start, .equal, parent, axis.startMargin, constant: a)
            b.constrain(view, axis.end, .equal, parent, axis.endMargin, constant: -c)
        case 4:
            // A location with a multiplier: measured from the parent's origin.
            b.constrain(view, axis.center, .equal, parent, axis.center, multiplier: 0.5 + fraction(), constant: a)
            b.constrain(view, axis.size, .equal, sibling ?? parent, axis.size, multiplier: 0.5)
        case 5:
            b.constrain(view, axis.start, .equal, parent, axis.start, constant: a)
            b.update(view) { record in
                var intrinsic = record.intrinsicContentSize ?? CGSize(width: -1, height: -1)
                if axis.index == 0 { intrinsic.width = size } else { intrinsic.height = size }
                record.intrinsicContentSize = intrinsic
            }
        case 6:
            // A soft position against a required minimum: the larger of the two wins.
            let priority = LayoutPriority(Float(1 + random.next() % 999))
            b.constrain(view, axis.start, .equal, parent, axis.start, constant: a, priority: priority)
            b.constrain(view, axis.start, .greaterThanOrEqual, parent, axis.start, constant: small())
            b.constrain(view, axis.size, constant: size)
        case 7:
            let guide = "\(parent).margins"
            if marginsGuides.insert(guide).inserted {
                b.addGuide(Scene.GuideRecord(id: guide, owner: parent, isMarginsGuide: true))
            }
            b.constrain(view, axis.start, .equal, guide, axis.start, constant: a)
            b.constrain(view, axis.size, .equal, guide, axis.size, multiplier: fraction())
        default:
            b.constrain(view, axis.end, .equal, parent, axis.end, constant: -c)
            b.constrain(view, axis.size, .equal, sibling ?? parent, axis.size, multiplier: sibling == nil ? fraction() : 1)
        }
    }

    private mutating func small() -> CGFloat { CGFloat(random.next() % 41) - 8 }

    /// 0.1…0.9 in tenths.
    private mutating func fraction() -> CGFloat { CGFloat(1 + random.next() % 9) / 10 }
}
