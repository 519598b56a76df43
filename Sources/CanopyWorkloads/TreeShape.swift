import Canopy
import Foundation

/// The shapes of generated view trees used by the harness, the benchmarks and the tests.
public enum TreeShape: String, CaseIterable, Sendable {
    /// Every view has four children, in a 2×2 grid inside its bounds, until the count is reached
    /// (breadth first): a shallow, bushy tree like a real screen's.
    case balanced
    /// A chain: each view is the only child of the one before, as deep as the count.
    case deep
    /// One container with every other view as a direct child, stacked vertically.
    case flat
}

/// Builds view trees of a given shape and size, deterministically from a seed.
public struct TreeGenerator: Sendable {
    /// The shape to build.
    public var shape: TreeShape
    /// The number of views, the window included.
    public var count: Int
    /// The seed of the small variations (transforms, anchor points) some views get.
    public var seed: UInt64

    /// Creates a generator.
    /// - Precondition: `count` is at least 1.
    public init(shape: TreeShape, count: Int, seed: UInt64 = 1) {
        precondition(count >= 1, "CanopyWorkloads: a tree needs at least one view (the window), got \(count)")
        self.shape = shape
        self.count = count
        self.seed = seed
    }

    /// A window of 1024×768 holding the tree. Every view autoresizes with its superview, so a
    /// window resize lays out the whole tree; about one view in sixteen is rotated or scaled.
    /// - Complexity: O(count); no recursion.
    public func makeWindow() -> Window {
        let window = Window(frame: Self.windowFrame)
        var views: [View] = [window]
        views.reserveCapacity(count)
        generate { parent, frame, transform in
            let view = View(frame: frame)
            view.autoresizingMask = Self.autoresizingMask
            if let transform { view.transform = transform }
            views[parent].addSubview(view)
            views.append(view)
        }
        return window
    }

    /// The same tree as a scene, made without making its views: the window is `window`, the
    /// others `v1`, `v2`… in the order they are generated (parents first).
    /// - Complexity: O(count); no recursion.
    public func makeScene() -> Scene {
        var scene = Scene(views: [Scene.ViewRecord(id: "window", className: "Window", frame: Self.windowFrame)])
        scene.views.reserveCapacity(count)
        generate { parent, frame, transform in
            var record = Scene.ViewRecord(id: "v\(scene.views.count)", parent: scene.views[parent].id, frame: frame)
            record.autoresizingMask = Self.autoresizingMask
            if let transform { record.transform = transform }
            scene.views.append(record)
        }
        return scene
    }

    private static let windowFrame = CGRect(x: 0, y: 0, width: 1024, height: 768)
    private static let autoresizingMask: AutoresizingMask = [
        .flexibleWidth, .flexibleHeight, .flexibleRightMargin, .flexibleBottomMargin,
    ]

    /// Calls `place` for each view after the window, in order, with its parent's place in that
    /// order (the window is 0), its frame and its transform if it has one.
    private func generate(_ place: (_ parent: Int, _ frame: CGRect, _ transform: CGAffineTransform?) -> Void) {
        var random = SplitMix64(seed: seed)
        switch shape {
        case .balanced:
            // Breadth first: each view splits its size into a 2×2 grid of children.
            var sizes = [Self.windowFrame.size]
            sizes.reserveCapacity(count)
            var parent = 0
            while sizes.count < count {
                let size = sizes[parent]
                for slot in 0..<4 where sizes.count < count {
                    let frame = CGRect(
                        x: CGFloat(slot % 2) * size.width / 2 + 1, y: CGFloat(slot / 2) * size.height / 2 + 1,
                        width: max(size.width / 2 - 2, 1), height: max(size.height / 2 - 2, 1))
                    place(parent, frame, Self.variation(&random))
                    sizes.append(frame.size)
                }
                parent += 1
            }
        case .deep:
            let frame = CGRect(x: 0.5, y: 0.5, width: 1000, height: 700)
            for child in 1..<count { place(child - 1, frame, Self.variation(&random)) }
        case .flat:
            let rowHeight: CGFloat = 44
            for row in 1..<count {
                let frame = CGRect(x: 0, y: CGFloat(row - 1) * rowHeight, width: 1024, height: rowHeight)
                place(0, frame, Self.variation(&random))
            }
        }
    }

    /// About one view in sixteen is rotated and scaled.
    private static func variation(_ random: inout SplitMix64) -> CGAffineTransform? {
        guard random.next() % 16 == 0 else { return nil }
        let angle = CGFloat(random.next() % 628) / 1000
        return CGAffineTransform(rotationAngle: angle).scaledBy(x: 0.9, y: 0.9)
    }
}

/// A small, fast, seedable generator (SplitMix64), so generated trees are the same everywhere.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator from a seed.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
