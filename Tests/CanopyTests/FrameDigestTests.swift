import Canopy
import CanopyWorkloads
import Foundation
import Testing

/// The frames of generated scenes, bit for bit, against digests committed with the code: a
/// change made for speed or memory (how the system is collected, stored or solved) must not
/// move a single frame. A change meant to move frames updates the digests and says why.
@Suite("Frames stay bit for bit what they were")
struct FrameDigestTests {
    /// FNV-1a over the bit patterns of every view's frame and solved rectangle, in scene order.
    private func digest(of shape: ConstraintShape) throws -> UInt64 {
        let instance = try ConstraintTreeGenerator(shape: shape, count: 1_000, seed: 3).makeScene().instantiate()
        instance.window.runUpdateCycle()
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ value: CGFloat) {
            var bits = Double(value).bitPattern
            for _ in 0..<8 {
                hash = (hash ^ (bits & 0xFF)) &* 0x100_0000_01B3
                bits >>= 8
            }
        }
        for view in instance.views {
            let solved = instance.window.layoutReport.solvedRect(of: view) ?? .null
            for value in [view.frame.minX, view.frame.minY, view.frame.width, view.frame.height,
                          solved.minX, solved.minY, solved.width, solved.height] {
                mix(value)
            }
        }
        return hash
    }

    @Test(arguments: [
        (ConstraintShape.tree, UInt64(0xb613_ca7c_4671_a189)), (.stack, 0x9290_1886_090a_3d81),
        (.feed, 0x9915_5f54_1567_2e79), (.soft, 0x8a72_2f5b_592c_8aa1), (.random, 0x2f7a_db92_214c_2078),
    ])
    func framesMatchTheCommittedDigest(shape: ConstraintShape, expected: UInt64) throws {
        let found = try digest(of: shape)
        #expect(found == expected, "\(shape): 0x\(String(found, radix: 16))")
    }
}
