@testable import Canopy
import Foundation
import Testing

/// The table a scene's ids are checked and resolved through: ASCII ids by their bytes, any
/// other id (and a table given colliding ids) through a dictionary, with the same answers.
@Suite("Scene ids: stored once, found again, equal strings equal")
struct SceneIDTableTests {
    private func records(_ ids: [String]) -> [Scene.ViewRecord] {
        ids.map { Scene.ViewRecord(id: $0, parent: "w") }
    }

    /// Inserts every id in turn; returns, per id, the number of the equal id stored before,
    /// or -1.
    private func insertAll(_ records: [Scene.ViewRecord], into table: inout SceneIDTable) -> [Int] {
        records.indices.map { i in table.insert(records[i].id, among: records) ?? -1 }
    }

    @Test func eachIdIsFoundByItsNumberAndARepeatByTheFirst() {
        let list = records((0..<5000).map { "v\($0)" } + ["v17", "v4999"])
        var table = SceneIDTable(capacity: 0)
        var repeats: [Int?] = []
        for i in list.indices { repeats.append(table.insert(list[i].id, among: list)) }
        #expect(repeats.prefix(5000).allSatisfy { $0 == nil })
        #expect(repeats[5000] == 17)
        #expect(repeats[5001] == 4999)
        #expect(table.count == 5000)
        let numbers = (0..<5000).map { table.number(of: "v\($0)", among: list) ?? -1 }
        #expect(numbers == Array(0..<5000))
        #expect(table.number(of: "v5000", among: list) == nil)
        #expect(table.number(of: "", among: list) == nil)
        #expect(!table.hasGivenWay)
    }

    /// Stored all at once, region of the table by region, ids are numbered and found as when
    /// stored one by one; the first record that repeats an earlier id (by place, not by the
    /// order stored) is the one named, whichever regions the repeats fall in.
    @Test func idsStoredAtOnceAreNumberedAsInTurn() {
        let ids = (0..<40_000).map { "view-\($0)" }
        var table = SceneIDTable(capacity: ids.count)
        let list = records(ids)
        #expect(table.insertAll(list) == nil)
        #expect(table.count == ids.count && !table.hasGivenWay)
        let numbers = ids.map { table.number(of: $0, among: list) ?? -1 }
        #expect(numbers == Array(ids.indices))
        #expect(table.number(of: "view-40000", among: list) == nil)
        for repeats in [[30_000: 29_999, 35_000: 5], [39_999: 0], [20_000: 12, 20_001: 19_999]] {
            var ids = ids
            for (place, earlier) in repeats { ids[place] = ids[earlier] }
            var table = SceneIDTable(capacity: ids.count)
            #expect(table.insertAll(records(ids)) == repeats.keys.min(), "\(repeats)")
        }
        // Ids that are not all ASCII, and probes cut short, are stored in turn.
        var accented = SceneIDTable(capacity: 4)
        #expect(accented.insertAll(records(["K", "caf\u{E9}", "\u{212A}"])) == 2)
        var cut = SceneIDTable(capacity: 2000, longestProbe: 1)
        let short = records(Array(ids.prefix(2000)))
        #expect(cut.insertAll(short) == nil && cut.hasGivenWay)
        #expect(cut.number(of: "view-1999", among: short) == 1999)
    }

    /// The Kelvin sign is canonically "K", and "e" with a combining acute accent is "é":
    /// equal strings of other bytes are one id.
    @Test func canonicallyEquivalentIdsAreOneId() {
        var table = SceneIDTable(capacity: 4)
        let list = records(["K", "caf\u{E9}", "x", "\u{212A}", "cafe\u{301}"])
        #expect(insertAll(list, into: &table) == [-1, -1, -1, 0, 1])
        #expect(table.hasGivenWay)
        #expect(table.number(of: "x", among: list) == 2)
        #expect(table.number(of: "\u{212A}", among: list) == 0)

        var ascii = SceneIDTable(capacity: 4)
        let plain = records(["K", "a"])
        _ = insertAll(plain, into: &ascii)
        #expect(ascii.number(of: "\u{212A}", among: plain) == 0)
        #expect(ascii.number(of: "\u{E9}", among: plain) == nil)
    }

    /// Probes cut short (as colliding ids would run them long) send the table to a dictionary
    /// part way through, which then knows every id stored before.
    @Test func aTableWhoseProbesRunLongGivesWayWithEveryId() {
        let list = records((0..<2000).map { "view-\($0)" })
        var table = SceneIDTable(capacity: 2000, longestProbe: 1)
        var repeats: [Int?] = []
        for i in list.indices { repeats.append(table.insert(list[i].id, among: list)) }
        #expect(table.hasGivenWay)
        #expect(repeats.allSatisfy { $0 == nil })
        let numbers = (0..<2000).map { table.number(of: "view-\($0)", among: list) ?? -1 }
        #expect(numbers == Array(0..<2000))
        #expect(table.insert("view-7", among: list) == 7)
    }

    @Test func aSceneRefusesIdsThatAreEqualStrings() throws {
        var scene = Scene(views: [
            Scene.ViewRecord(id: "w", className: "Window", frame: CGRect(x: 0, y: 0, width: 100, height: 100)),
            Scene.ViewRecord(id: "K", parent: "w"), Scene.ViewRecord(id: "\u{212A}", parent: "w"),
        ])
        #expect(throws: SceneError(location: "views[2].id", message: "the id \"\u{212A}\" is used twice")) {
            try scene.instantiate()
        }
        scene.views[2] = Scene.ViewRecord(id: "child", parent: "\u{212A}")
        let instance = try scene.instantiate()
        #expect(instance.views[2].superview === instance.views[1])
    }
}
