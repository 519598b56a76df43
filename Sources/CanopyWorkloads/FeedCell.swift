import Canopy
import Foundation

/// The 21-view feed cell of the layout benchmarks (after LayoutFrameworkBenchmark's feed item):
/// a header with an action label and an options button, a separator, the poster's avatar, name,
/// handle, headline and time with a "more" button, the post's text, a content image with its
/// title and domain, a bar of three equal action buttons, and a comment with its author's image.
/// Labels, buttons and images have intrinsic sizes; the text wraps to a fixed height.
enum FeedCell {
    static let viewCount = 21

    /// Cells stacked down the window, as many whole cells as fit in `views` (the window included).
    static func buildList(_ b: inout SceneBuilder, views: Int) {
        var previous: String?
        for _ in 0..<max(0, (views - 1) / viewCount) {
            let cell = build(&b, in: "window")
            b.constrain(cell, .top, .equal, previous ?? "window", previous == nil ? .top : .bottom)
            previous = cell
        }
    }

    /// One cell under `parent`, pinned to its leading and trailing edges; returns the cell.
    static func build(_ b: inout SceneBuilder, in parent: String) -> String {
        let cell = b.addView(in: parent)
        b.constrain(cell, .leading, .equal, parent, .leading)
        b.constrain(cell, .trailing, .equal, parent, .trailing)

        let header = b.addView(in: cell)
        let action = b.addView(in: header, intrinsic: CGSize(width: 180, height: 17))
        let options = b.addView(in: header, intrinsic: CGSize(width: 24, height: 17))
        pin(&b, header, in: cell, top: (cell, .top, 8))
        b.constrain(action, .leading, .equal, header, .leading)
        b.constrain(action, .top, .equal, header, .top)
        b.constrain(action, .bottom, .equal, header, .bottom)
        b.constrain(options, .trailing, .equal, header, .trailing)
        b.constrain(options, .centerY, .equal, action, .centerY)
        b.constrain(action, .trailing, .lessThanOrEqual, options, .leading, constant: -8)

        let separator = b.addView(in: cell)
        b.constrain(separator, .top, .equal, header, .bottom, constant: 8)
        b.constrain(separator, .leading, .equal, cell, .leading)
        b.constrain(separator, .trailing, .equal, cell, .trailing)
        b.constrain(separator, .height, constant: 1)

        let avatar = b.addView(in: cell, intrinsic: CGSize(width: 44, height: 44))
        let name = b.addView(in: cell, intrinsic: CGSize(width: 120, height: 20))
        let handle = b.addView(in: cell, intrinsic: CGSize(width: 90, height: 17))
        let headline = b.addView(in: cell, intrinsic: CGSize(width: 200, height: 17))
        let time = b.addView(in: cell, intrinsic: CGSize(width: 60, height: 15))
        let more = b.addView(in: cell, intrinsic: CGSize(width: 24, height: 24))
        b.constrain(avatar, .top, .equal, separator, .bottom, constant: 8)
        b.constrain(avatar, .leading, .equal, cell, .leading, constant: 8)
        b.constrain(name, .leading, .equal, avatar, .trailing, constant: 8)
        b.constrain(name, .top, .equal, avatar, .top)
        b.constrain(handle, .leading, .equal, name, .trailing, constant: 4)
        b.constrain(handle, .firstBaseline, .equal, name, .firstBaseline)
        b.constrain(handle, .trailing, .lessThanOrEqual, more, .leading, constant: -8)
        b.constrain(headline, .leading, .equal, name, .leading)
        b.constrain(headline, .top, .equal, name, .bottom, constant: 2)
        b.constrain(headline, .trailing, .lessThanOrEqual, cell, .trailing, constant: -8)
        b.constrain(time, .leading, .equal, name, .leading)
        b.constrain(time, .top, .equal, headline, .bottom, constant: 2)
        b.constrain(more, .trailing, .equal, cell, .trailing, constant: -8)
        b.constrain(more, .top, .equal, avatar, .top)

        // The text starts below the time (the lower of the poster's two columns), and never
        // closer than 8 to the avatar.
        let text = b.addView(in: cell, intrinsic: CGSize(width: -1, height: 54))
        b.constrain(text, .top, .greaterThanOrEqual, avatar, .bottom, constant: 8)
        b.constrain(text, .top, .equal, time, .bottom, constant: 8)
        pinSides(&b, text, in: cell, inset: 8)

        let image = b.addView(in: cell)
        b.constrain(image, .top, .equal, text, .bottom, constant: 8)
        pinSides(&b, image, in: cell, inset: 0)
        b.constrain(image, .height, .equal, image, .width, multiplier: 0.5625)

        let title = b.addView(in: cell, intrinsic: CGSize(width: -1, height: 20))
        let domain = b.addView(in: cell, intrinsic: CGSize(width: -1, height: 15))
        b.constrain(title, .top, .equal, image, .bottom, constant: 8)
        pinSides(&b, title, in: cell, inset: 8)
        b.constrain(domain, .top, .equal, title, .bottom, constant: 2)
        pinSides(&b, domain, in: cell, inset: 8)

        let bar = b.addView(in: cell)
        pin(&b, bar, in: cell, top: (domain, .bottom, 8))
        b.constrain(bar, .height, constant: 32)
        var previous: String?
        for _ in 0..<3 {
            let button = b.addView(in: bar, intrinsic: CGSize(width: 60, height: 32))
            b.constrain(button, .leading, .equal, previous ?? bar, previous == nil ? .leading : .trailing, constant: previous == nil ? 0 : 8)
            b.constrain(button, .top, .equal, bar, .top)
            b.constrain(button, .bottom, .equal, bar, .bottom)
            if let previous { b.constrain(button, .width, .equal, previous, .width) }
            previous = button
        }
        b.constrain(previous!, .trailing, .equal, bar, .trailing)

        let actor = b.addView(in: cell, intrinsic: CGSize(width: 32, height: 32))
        let comment = b.addView(in: cell, intrinsic: CGSize(width: -1, height: 17))
        b.constrain(actor, .top, .equal, bar, .bottom, constant: 8)
        b.constrain(actor, .leading, .equal, cell, .leading, constant: 8)
        b.constrain(comment, .leading, .equal, actor, .trailing, constant: 8)
        b.constrain(comment, .centerY, .equal, actor, .centerY)
        b.constrain(comment, .trailing, .equal, cell, .trailing, constant: -8)
        b.constrain(cell, .bottom, .equal, actor, .bottom, constant: 8)
        return cell
    }

    /// Leading and trailing `inset` in from the cell's edges, top at `top`.
    private static func pin(
        _ b: inout SceneBuilder, _ view: String, in cell: String, top: (String, LayoutConstraint.Attribute, CGFloat)
    ) {
        b.constrain(view, .top, .equal, top.0, top.1, constant: top.2)
        pinSides(&b, view, in: cell, inset: 8)
    }

    private static func pinSides(_ b: inout SceneBuilder, _ view: String, in cell: String, inset: CGFloat) {
        b.constrain(view, .leading, .equal, cell, .leading, constant: inset)
        b.constrain(view, .trailing, .equal, cell, .trailing, constant: -inset)
    }
}
