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
        let window = Window(frame: CGRect(x: 0, y: 0, width: 1024, height: 768))
        var random = SplitMix64(seed: seed)
        switch shape {
        case .balanced: buildBalanced(in: window, random: &random)
        case .deep: buildDeep(in: window, random: &random)
        case .flat: buildFlat(in: window, random: &random)
        }
        return window
    }

    private func buildBalanced(in window: Window, random: inout SplitMix64) {
        var queue: [View] = [window]
        var head = 0
        var made = 1
        while made < count {
            let parent = queue[head]
            head += 1
            let size = parent.bounds.size
            for slot in 0..<4 where made < count {
                let frame = CGRect(
                    x: CGFloat(slot % 2) * size.width / 2 + 1, y: CGFloat(slot / 2) * size.height / 2 + 1,
                    width: max(size.width / 2 - 2, 1), height: max(size.height / 2 - 2, 1))
                let child = makeView(frame: frame, random: &random)
                parent.addSubview(child)
                queue.append(child)
                made += 1
            }
        }
    }

    private func buildDeep(in window: Window, random: inout SplitMix64) {
        var parent: View = window
        for _ in 1..<count {
            let child = makeView(frame: CGRect(x: 0.5, y: 0.5, width: 1000, height: 700), random: &random)
            parent.addSubview(child)
            parent = child
        }
    }

    private func buildFlat(in window: Window, random: inout SplitMix64) {
        let rowHeight: CGFloat = 44
        for row in 1..<count {
            let frame = CGRect(x: 0, y: CGFloat(row - 1) * rowHeight, width: 1024, height: rowHeight)
            window.addSubview(makeView(frame: frame, random: &random))
        }
    }

    private func makeView(frame: CGRect, random: inout SplitMix64) -> View {
        let view = View(frame: frame)
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight, .flexibleRightMargin, .flexibleBottomMargin]
        if random.next() % 16 == 0 {
            let angle = CGFloat(random.next() % 628) / 1000
            view.transform = CGAffineTransform(rotationAngle: angle).scaledBy(x: 0.9, y: 0.9)
        }
        return view
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
