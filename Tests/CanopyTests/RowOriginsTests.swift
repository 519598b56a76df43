import Foundation
import Testing

@testable import Canopy

/// Where each row of a layout system came from, kept 4 bytes a row: table records and rules
/// packed in the row's code, an app's constraint (and whatever does not fit a code) in a slot
/// beside.
@Suite("A layout system's row origins")
struct RowOriginsTests {
    private typealias Origin = LayoutSystem.Origin

    private static let rules: [LayoutSystem.Rule] = [
        .rootLeft, .rootTop, .rootWidth, .rootHeight, .autoresizing(.horizontal), .autoresizing(.vertical),
        .hugging(.horizontal), .hugging(.vertical), .compressionResistance(.horizontal),
        .compressionResistance(.vertical),
    ]

    /// A readable form of an origin, equal for equal origins (a constraint by identity).
    private func name(_ origin: Origin) -> String {
        switch origin {
        case .constraint(let constraint): "constraint \(ObjectIdentifier(constraint))"
        case .rule(let item, let rule): "rule \(rule) of \(item)"
        case .tableRecord(let place): "record \(place)"
        }
    }

    @Test func everyOriginReadsBackAsItWasWritten() {
        let constraint = View().widthAnchor.constraint(equalToConstant: 10)
        var origins: [Origin] = [.constraint(constraint), .tableRecord(0), .tableRecord(1 << 30 - 1),
                                 .tableRecord(1 << 30), .tableRecord(Int32.max)]
        for rule in Self.rules {
            for item in [0, 7, 1 << 26 - 1, 1 << 26, Int(Int32.max)] { origins.append(.rule(item: Int32(item), rule)) }
        }
        var kept = RowOrigins()
        for origin in origins { kept.append(origin) }
        #expect(kept.count == origins.count)
        for (row, origin) in origins.enumerated() {
            #expect(name(kept[row]) == name(origin), "row \(row)")
        }
    }

    /// A row given another origin reads it back; one that needs a slot beside reuses the row's
    /// slot, so edits in place, however many, add none.
    @Test func aRowGivenAnotherOriginReusesItsSlot() {
        let first = View().widthAnchor.constraint(equalToConstant: 10)
        var kept = RowOrigins()
        kept.append(.constraint(first))
        kept.append(.tableRecord(3))
        let bytes = kept.bytes
        for step in 0..<100 {
            let other = View().heightAnchor.constraint(equalToConstant: CGFloat(step))
            kept[0] = .constraint(other)
            #expect(name(kept[0]) == name(.constraint(other)))
        }
        #expect(kept.bytes == bytes)
        kept[1] = .rule(item: 9, .hugging(.vertical))
        #expect(name(kept[1]) == name(.rule(item: 9, .hugging(.vertical))))
        // A record past the codes' reach takes a slot, then keeps it.
        kept[1] = .tableRecord(Int32.max)
        let withSlot = kept.bytes
        kept[1] = .tableRecord(Int32.max - 1)
        #expect(name(kept[1]) == name(.tableRecord(Int32.max - 1)))
        #expect(kept.bytes == withSlot)
    }
}
