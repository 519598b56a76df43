import Canopy
import Foundation
import Testing

@Suite("Scene files are read as they stream in, each error naming its line, column and path")
struct SceneReadingTests {
    private let head = #"{"format": "canopy-scene", "version": 1, "views": [{"id": "w", "class": "Window"}"#

    private func error(reading json: String, limits: SceneLimits = SceneLimits()) -> SceneError? {
        do {
            _ = try Scene(jsonData: Data(json.utf8), limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func anErrorNamesItsLineColumnAndPath() {
        let json = """
            {"format": "canopy-scene", "version": 1,
             "views": [
              {"id": "w", "class": "Window"},
              {"id": "a", "parent": "w", "frame": [1, 2, 3, 4, 5]}
            ]}
            """
        let error = error(reading: json)
        // The fifth number is where the frame goes wrong.
        #expect(error == SceneError(line: 4, column: 52, location: "views[1].frame[4]", message: "expected 4 numbers, found more"))
        #expect(error?.description == "line 4, column 52: views[1].frame[4]: expected 4 numbers, found more")
    }

    @Test func numbersThatDoNotFitAreNamedAsSuch() {
        #expect(error(reading: #"{"format": "canopy-scene", "version": 1.5, "views": []}"#)?.message == "expected a whole number, found 1.5")
        let hugeTag = error(reading: head + #", {"id": "a", "parent": "w", "tag": 1e20}]}"#)
        #expect(hugeTag?.location == "views[1].tag" && hugeTag?.message == "1e20 does not fit in a whole number (±2^53)")
        let long = error(reading: head + ", {\"id\": \"a\", \"parent\": \"w\", \"alpha\": " + String(repeating: "9", count: 100_000) + "}]}")
        #expect(long?.location == "views[1].alpha" && long?.message == "a number longer than 64 characters")
        let infinite = error(reading: head + #", {"id": "a", "parent": "w", "alpha": 1e999}]}"#)
        #expect(infinite?.message == "1e999 is too large for a number")
        #expect(error(reading: head + #", {"id": "a", "parent": "w", "alpha": 01}]}"#)?.message == "01 is not a JSON number")
    }

    @Test func wrongKindsDuplicateKeysAndTrailingTextAreRefused() {
        let object = error(reading: #"{"format": "canopy-scene", "version": 1, "views": {}}"#)
        #expect(object?.location == "views" && object?.message == "expected an array, found an object")
        let twice = error(reading: #"{"format": "canopy-scene", "version": 1, "version": 1, "views": []}"#)
        #expect(twice?.message == "the key 'version' is given twice" && twice?.column == 42)
        #expect(error(reading: head + "]} {}")?.message == "unexpected text after the scene")
        #expect(error(reading: "")?.message == "the file is empty")
        let control = head + ", {\"id\": \"a\u{1}\", \"parent\": \"w\"}]}"
        #expect(error(reading: control)?.message == "a control character inside a string must be escaped")
    }

    @Test func aPriorityThatWouldRoundToRequiredIsRefused() {
        let json = head + #"], "constraints": [{"first": "w", "firstAttribute": "width", "constant": 10, "priority": 999.99999999}]}"#
        let refused = error(reading: json)
        #expect(refused?.location == "constraints[0].priority")
        #expect(refused?.message.contains("would round to 1000") == true)
        let kept = head + #"], "constraints": [{"first": "w", "firstAttribute": "width", "constant": 10, "priority": 999.5}]}"#
        #expect(error(reading: kept) == nil)
    }

    /// Reading stops at the first number past a frame's four, so a frame of two million numbers
    /// costs no more than one of five.
    @Test func aValueTooLongFailsWhereItGoesWrong() {
        let numbers = String(repeating: "1, ", count: 2_000_000) + "1"
        let failed = error(reading: head + #", {"id": "a", "parent": "w", "frame": ["# + numbers + "]}]}")
        #expect(failed?.location == "views[1].frame[4]" && failed?.column == 133)
        var limits = SceneLimits()
        limits.maximumViewCount = 2
        let many = head + String(repeating: #", {"id": "x", "parent": "w"}"#, count: 10) + "]}"
        #expect(error(reading: many, limits: limits)?.location == "views[2]")
    }

    @Test func filesThatAreNotScenesSaySo() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("canopy-reading-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func loadError(_ url: URL, limits: SceneLimits = SceneLimits()) -> String? {
            do {
                _ = try Scene.load(from: url, limits: limits)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(loadError(directory) == "\(directory.lastPathComponent): is a directory, not a scene file")
        #expect(loadError(URL(fileURLWithPath: "/dev/null")) == "null:1:1: the file is empty")
        #expect(loadError(directory.appendingPathComponent("missing.json")) == "missing.json: cannot be read: No such file or directory")
        let big = directory.appendingPathComponent("big.json")
        try Data((head + "]}").utf8).write(to: big)
        var limits = SceneLimits()
        limits.maximumFileSize = 20
        #expect(loadError(big, limits: limits) == "big.json: the file has more than 20 bytes, the limit")
        #expect(loadError(big) == nil)
    }
}
