import Foundation
import Testing

@testable import Canopy

/// How a constraint keeps its definition: attributes, relation, kinds of item and places in its
/// items' reference lists packed in one word, a multiplier other than 1 and a name apart, in
/// an 80-byte block.
@Suite("A constraint's storage")
struct ConstraintStorageTests {
    private typealias Packed = LayoutConstraint.Packed

    @Test func packedFieldsReadBackWhateverThePlaces() {
        for first in LayoutConstraint.Attribute.allCases {
            for second in LayoutConstraint.Attribute.allCases {
                for relation in LayoutConstraint.Relation.allCases {
                    for (firstIsGuide, secondIsGuide) in [(false, false), (true, false), (false, true), (true, true)] {
                        var packed = Packed(
                            first: first, second: second, relation: relation, firstIsGuide: firstIsGuide,
                            secondIsGuide: secondIsGuide)
                        packed.setPlace(0xFF_FFFD, asSecondItem: false)
                        packed.setPlace(12_345, asSecondItem: true)
                        let same =
                            packed.firstAttribute == first && packed.secondAttribute == second
                            && packed.relation == relation && packed.firstIsGuide == firstIsGuide
                            && packed.secondIsGuide == secondIsGuide
                        #expect(same, "\(first) \(relation) \(second)")
                        #expect(packed.place(asSecondItem: false) == 0xFF_FFFD)
                        #expect(packed.place(asSecondItem: true) == 12_345)
                        #expect(!packed.secondIsFirst)
                    }
                }
            }
        }
    }

    @Test func aPlaceBeyondTwentyFourBitsIsUnknown() {
        var packed = Packed(first: .width, second: .height, relation: .equal, firstIsGuide: false, secondIsGuide: false)
        for place in [0xFF_FFFE, 0xFF_FFFF, 1 << 24, Int(Int32.max)] {
            packed.setPlace(place, asSecondItem: false)
            packed.setPlace(place, asSecondItem: true)
            #expect(packed.place(asSecondItem: false) == nil && packed.place(asSecondItem: true) == nil, "\(place)")
            #expect(!packed.secondIsFirst && packed.firstAttribute == .width && packed.secondAttribute == .height)
        }
        packed.markSecondAsFirst()
        #expect(packed.secondIsFirst && packed.place(asSecondItem: true) == nil)
        #expect(packed.place(asSecondItem: false) == nil)
    }

    @Test func theMultiplierAndTheNameAreKeptApartOnlyWhenSet() {
        let (a, b) = (View(), View())
        let plain = a.widthAnchor.constraint(equalTo: b.widthAnchor)
        let scaled = a.widthAnchor.constraint(equalTo: b.widthAnchor, multiplier: 0.5, constant: 3)
        #expect(plain.multiplier == 1 && plain.identifier == nil)
        #expect(scaled.multiplier == 0.5 && scaled.constant == 3 && scaled.identifier == nil)
        #expect(scaled.allocatedBytes > allocationBytes(of: scaled))
        #expect(plain.allocatedBytes == allocationBytes(of: plain))

        scaled.identifier = "half"
        plain.identifier = "whole"
        #expect(scaled.multiplier == 0.5 && scaled.identifier == "half")
        #expect(plain.multiplier == 1 && plain.identifier == "whole")
        scaled.identifier = nil
        plain.identifier = nil
        #expect(scaled.multiplier == 0.5 && scaled.identifier == nil)
        #expect(scaled.allocatedBytes > allocationBytes(of: scaled))
        #expect(plain.allocatedBytes == allocationBytes(of: plain))
    }

    /// A constraint whose place in its item's list did not fit its 24 bits is searched for as
    /// it dies; the others keep their places right.
    @Test(arguments: [false, true]) func aConstraintOfUnknownPlaceIsFoundWhenItDies(asSecondItem: Bool) {
        let (item, other) = (View(), View())
        var constraints = (0..<8).map { k in
            asSecondItem
                ? other.leadingAnchor.constraint(equalTo: item.leadingAnchor, constant: CGFloat(k))
                : item.leadingAnchor.constraint(equalTo: other.leadingAnchor, constant: CGFloat(k))
        }
        let references = { item.layoutState.references.constraints.map(ObjectIdentifier.init) }
        #expect(references() == constraints.map(ObjectIdentifier.init))
        constraints[2].referenceMoved(to: 1 << 24, asSecondItem: asSecondItem)
        #expect(constraints[2].referencePlace(asSecondItem: asSecondItem) == nil)

        constraints.remove(at: 2)
        #expect(Set(references()) == Set(constraints.map(ObjectIdentifier.init)))
        for (place, id) in references().enumerated() {
            let constraint = constraints.first { ObjectIdentifier($0) == id }!
            #expect(constraint.referencePlace(asSecondItem: asSecondItem) == place)
        }
        constraints.removeAll()
        #expect(references().isEmpty)
    }

    /// An item's list has no count: it ends at the first empty inline entry, or past the
    /// spilled ones. Constraints leaving from anywhere (inline, spilled, the last) leave every
    /// other one listed once at its place, and an emptied list takes new ones from the start.
    @Test func anItemsListEndsWhereItsEntriesDo() {
        let (item, other) = (View(), View())
        func make(_ k: Int) -> LayoutConstraint {
            item.leadingAnchor.constraint(equalTo: other.leadingAnchor, constant: CGFloat(k))
        }
        func expectListed(_ constraints: [LayoutConstraint], _ context: String) {
            let listed = item.layoutState.references.constraints
            #expect(listed.count == constraints.count, "\(context)")
            #expect(Set(listed.map(ObjectIdentifier.init)) == Set(constraints.map(ObjectIdentifier.init)), "\(context)")
            for (place, constraint) in listed.enumerated() {
                #expect(constraint.referencePlace(asSecondItem: false) == place, "\(context)")
            }
        }
        var constraints = (0..<8).map(make)
        expectListed(constraints, "eight: five inline, three spilled")
        for place in [6, 1, 5, 0] {
            constraints.remove(at: place)
            expectListed(constraints, "after the one at \(place) left")
        }
        constraints.removeLast()
        expectListed(constraints, "after the last left")
        constraints.removeAll()
        expectListed([], "emptied")
        constraints = (0..<3).map(make)
        expectListed(constraints, "three again")
    }

    /// Twenty views in a window, each with a width constraint.
    private func viewsWithAWidth() -> (window: Window, views: [View]) {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let views = (0..<20).map { _ in View() }
        for view in views { window.addSubview(view) }
        LayoutConstraint.activate(views.map { $0.widthAnchor.constraint(equalToConstant: 10) })
        return (window, views)
    }

    // The allocator may hand out a block a little larger than asked for when it splits one,
    // never a smaller one: the smallest of twenty blocks is the size asked for, rounded up.

    @Test func aViewsLayoutStateTakesAnEightyByteBlock() {
        let (window, views) = viewsWithAWidth()
        defer { withExtendedLifetime(window) {} }
        // A state of 80 bytes or more would get a 96-byte block.
        let smallest = views.map { allocationBytes(of: $0.layoutState) }.min()
        #expect(smallest == 80, "the smallest of twenty states' blocks: \(smallest ?? 0) bytes")
    }

    /// A row's origin, kept for every row of a window's system: a constraint's reference, or a
    /// rule with its item's index, in 8 bytes, as much as the reference alone.
    @Test func aRowsOriginTakesEightBytes() {
        #expect(MemoryLayout<LayoutSystem.Origin>.stride == 8)
    }

    /// A scene's constraint, four of which a generated view of a large scene has: its fields
    /// declared widest first leave no padding between them.
    @Test func aScenesConstraintRecordTakesSeventyTwoBytes() {
        #expect(MemoryLayout<Scene.ConstraintRecord>.stride == 72)
    }

    /// A scene's constraint as its window keeps it until it is made an object: its multiplier,
    /// which few constraints have, kept apart, and its marks in one byte.
    @Test func aWindowsConstraintRecordTakesTwentyFourBytes() {
        #expect(MemoryLayout<ConstraintTable.Record>.stride == 24)
    }

    @Test func aConstraintTakesAnEightyByteBlock() {
        let (window, views) = viewsWithAWidth()
        defer { withExtendedLifetime(window) {} }
        // A constraint of 88 bytes would get a 96-byte block.
        let smallest = views.flatMap(\.constraints).map(\.allocatedBytes).min()
        #expect(smallest == 80, "the smallest of twenty constraints' blocks: \(smallest ?? 0) bytes")
    }
}
