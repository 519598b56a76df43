import Canopy
import CanopyWorkloads
import Foundation
import Testing

@Suite("Archive files: the same archive gives the same bytes, and bad bytes fail cleanly")
struct ArchiveFileTests {
    /// A window holding a view of every built-in class, constraints and a drawn image.
    static func sampleWindow() -> Window {
        let window = Window(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        for view in CodingTests.everyBuiltInClass() { window.addSubview(view) }
        let pixels = GraphicsImageRenderer(size: CGSize(width: 4, height: 3), scale: 2).image { context in
            context.setFillColor(.red)
            context.fill(CGRect(x: 0, y: 0, width: 2, height: 3))
        }
        window.addSubview(ImageView(image: pixels))
        let pinned = View()
        pinned.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(pinned)
        LayoutConstraint.activate([
            pinned.leadingAnchor.constraint(equalTo: window.safeAreaLayoutGuide.leadingAnchor, constant: 4),
            pinned.topAnchor.constraint(equalTo: window.topAnchor, constant: -2.5),
            pinned.widthAnchor.constraint(equalToConstant: 10), pinned.heightAnchor.constraint(equalTo: pinned.widthAnchor),
        ])
        return window
    }

    @Test func archiveLoadArchiveIsByteIdentical() throws {
        let first = Archive(rootObjects: [Self.sampleWindow()], classes: CodingTests.classes).data()
        let read = try Archive(data: first)
        #expect(read.data() == first)
        let made = try read.unarchive(classes: CodingTests.classes)
        let again = Archive(rootObjects: made.map { $0 as! any Archivable }, classes: CodingTests.classes).data()
        #expect(again == first)
    }

    @Test func theSameTreeGivesTheSameBytesEveryTime() {
        let a = Archive(rootObjects: [Self.sampleWindow()], classes: CodingTests.classes).data()
        let b = Archive(rootObjects: [Self.sampleWindow()], classes: CodingTests.classes).data()
        #expect(a == b)
    }

    @Test func aLoadedArchiveLaysOutAsTheOriginal() throws {
        let original = Self.sampleWindow()
        original.layoutIfNeeded()
        let data = Archive(rootObjects: [original], classes: CodingTests.classes).data()
        let copy = try #require(try Archive(data: data).unarchive(classes: CodingTests.classes).first as? Window)
        copy.layoutIfNeeded()
        #expect(copy.subviews.map(\.frame) == original.subviews.map(\.frame))
        let image = try #require(copy.subviews[8] as? ImageView)
        let size = try #require(image.image?.pixelSize)
        #expect(size.width == 8 && size.height == 6)
        #expect(image.image?.pixelColor(x: 1, y: 1) == .red)
    }

    @Test func somethingElseIsNotAnArchive() {
        #expect {
            _ = try Archive(data: Data("{\"format\": \"canopy-scene\"}".utf8), name: "scene.json")
        } throws: { error in
            (error as? ArchiveError)?.description == "scene.json: the file is not a Canopy archive (at byte 0)"
        }
    }

    /// Every truncation of a small archive, and bytes changed at random in a larger one: each
    /// reads or fails with an error, and what reads is made or refused, never a crash.
    @Test func cutAndMutatedFilesNeverCrash() throws {
        let small = Archive(rootObjects: [CodingTests.everyBuiltInClass()[1]]).data()
        for length in 0..<small.count {
            #expect(throws: ArchiveError.self) { _ = try Archive(data: small.prefix(length)) }
        }
        let original = [UInt8](Archive(rootObjects: [Self.sampleWindow()], classes: CodingTests.classes).data())
        var generator = SplitMix(seed: 0xA4C)
        var read = 0, refused = 0
        for round in 0..<300 {
            var bytes = original
            for _ in 0..<(1 + round % 3) {
                let at = Int(generator.next() % UInt64(bytes.count))
                bytes[at] = UInt8(truncatingIfNeeded: generator.next())
            }
            do {
                let archive = try Archive(data: Data(bytes))
                _ = try archive.unarchive(classes: CodingTests.classes)
                read += 1
            } catch {
                refused += 1
            }
        }
        #expect(read + refused == 300 && refused > 0)
    }

    @Test func filesAndListsPastTheLimitsAreRefused() throws {
        var archive = Archive(rootObjects: [View()])
        var nested = ArchiveValue.null
        for _ in 0..<70 { nested = .array([nested]) }
        archive.objects[0].values["deep"] = nested
        let data = archive.data()
        #expect {
            _ = try Archive(data: data)
        } throws: { error in
            (error as? ArchiveError)?.description.contains("lists nest deeper than 64") == true
        }
        var limits = ArchiveLimits()
        limits.maximumValueDepth = 80
        #expect(try Archive(data: data, limits: limits).objects.count == 1)
        limits.maximumFileSize = data.count - 1
        #expect {
            _ = try Archive(data: data, limits: limits)
        } throws: { error in
            (error as? ArchiveError)?.description.contains("over the limit of \(data.count - 1)") == true
        }
    }
}

@Suite("An archived object's values by key")
struct ArchiveValuesTests {
    @Test func valuesAreKeptInKeyOrderWhateverTheOrderTheyWereSetIn() {
        var values = ArchiveValues()
        for key in ["tag", "alpha", "frame", "zPosition", "bounds"] { values[key] = .string(key) }
        #expect(values.keys == ["alpha", "bounds", "frame", "tag", "zPosition"])
        #expect(values.map(\.key) == values.keys && values.count == 5)
        values["frame"] = .integer(3)
        values["bounds"] = nil
        values["missing"] = nil
        #expect(values.keys == ["alpha", "frame", "tag", "zPosition"] && values["frame"] == .integer(3))
        #expect(values["bounds"] == nil && values["zz"] == nil && values[""] == nil)
        let literal: ArchiveValues = ["zPosition": .string("zPosition"), "frame": .integer(3), "tag": .string("tag"), "alpha": .string("alpha")]
        #expect(literal == values)
    }

    /// Lookups answer as a dictionary does, for keys of every length and last byte (many share
    /// a bit of the mask that answers most misses) and after removals.
    @Test func lookupsMatchADictionaryThroughSetsAndRemovals() {
        var generator = SplitMix64(seed: 27)
        let alphabet = Array("abcXYZ._é日")
        let candidates = [""] + (0..<300).map { index in
            let length = Int(generator.next() % 24) + 1
            return String((0..<length).map { _ in alphabet[Int(generator.next() % 10)] }) + "\(index % 7)"
        }
        var values = ArchiveValues(), reference: [String: ArchiveValue] = [:]
        for step in 0..<2_000 {
            let key = candidates[Int(generator.next() % UInt64(candidates.count))]
            let value: ArchiveValue? = generator.next() % 3 == 0 ? nil : .integer(step)
            values[key] = value
            reference[key] = value
            if step % 100 == 99 {
                #expect(candidates.allSatisfy { values[$0] == reference[$0] })
                #expect(values.keys == reference.keys.sorted())
            }
        }
    }
}

