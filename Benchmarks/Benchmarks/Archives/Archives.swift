import Benchmark
import Canopy
import CanopyWorkloads
import Foundation

/// The archive of a 100,000-view tree laid out by constraints (four each), each view coloured,
/// as Canopy's archive file and as JSON of the same objects and values for `JSONDecoder`.
struct ArchivedTree {
    static let count = 100_000
    let data: Data
    let json: Data

    init() {
        let window = ConstraintTreeGenerator(shape: .tree, count: Self.count).makeWindow()
        var index = 0
        var stack: [View] = [window]
        while let view = stack.popLast() {
            index += 1
            view.backgroundColor = Color(white: Double(index % 100) / 100)
            view.tag = index
            stack += view.subviews
        }
        let archive = Archive(rootObjects: [window])
        data = archive.data()
        json = try! JSONEncoder().encode(archive.objects.map(JSONObject.init))
    }
}

/// An archived object as plain `Codable` values: the peer's form of the same content.
struct JSONObject: Codable {
    var className: String
    var values: [String: JSONValue]

    init(_ object: ArchivedObject) {
        className = object.className
        values = Dictionary(uniqueKeysWithValues: object.values.map { ($0.key, JSONValue($0.value)) })
    }
}

/// A value as `Codable` fields: its kind, its numbers, its text, its list or its object.
struct JSONValue: Codable {
    var kind: String
    var numbers: [Double]?
    var text: String?
    var list: [JSONValue]?
    var object: Int?

    init(_ value: ArchiveValue) {
        kind = "\(value)".prefix { $0 != "(" }.description
        switch value {
        case .bool(let flag): numbers = [flag ? 1 : 0]
        case .integer(let number): numbers = [Double(number)]
        case .number(let number): numbers = [number]
        case .string(let string): text = string
        case .point(let p): numbers = [p.x, p.y].map(Double.init)
        case .size(let s): numbers = [s.width, s.height].map(Double.init)
        case .rect(let r): numbers = [r.minX, r.minY, r.width, r.height].map(Double.init)
        case .insets(let i): numbers = [i.top, i.left, i.bottom, i.right].map(Double.init)
        case .transform(let t): numbers = [t.a, t.b, t.c, t.d, t.tx, t.ty].map(Double.init)
        case .color(let c): numbers = [c.red, c.green, c.blue, c.alpha]
        case .font(let f): text = f.face.path; numbers = [Double(f.pointSize)]
        case .image(let i): numbers = [i.size.width, i.size.height, i.scale].map(Double.init)
        case .array(let values): list = values.map(JSONValue.init)
        case .object(let index): object = index
        case .null: break
        }
    }
}

final class TreeFixture: @unchecked Sendable {
    private(set) var tree: ArchivedTree?
    func setUp() { if tree == nil { tree = ArchivedTree() } }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .peakMemoryResident], timeUnits: .milliseconds, warmupIterations: 1,
        maxDuration: .seconds(10), maxIterations: 10)
    let fixture = TreeFixture()

    // Bytes to objects: the archive file read, then its 100,000 views and 400,000 constraints
    // made and the constraints activated. Freeing them is not loading: they are kept until the
    // measurement stops, and the next benchmark times the whole round.
    Benchmark(
        "Load a 100k-view archive: read and make the views",
        closure: { benchmark in
            var loaded: [[AnyObject]] = []
            for _ in benchmark.scaledIterations { loaded.append(try Archive(data: fixture.tree!.data).unarchive()) }
            benchmark.stopMeasurement()
            blackHole(loaded)
        }, setup: { fixture.setUp() })
    Benchmark(
        "Load a 100k-view archive, then free it",
        closure: { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try Archive(data: fixture.tree!.data).unarchive()) }
        }, setup: { fixture.setUp() })

    // Bytes to values, side by side: Canopy's reader and JSONDecoder on the same objects.
    Benchmark(
        "Read a 100k-view archive file",
        closure: { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try Archive(data: fixture.tree!.data)) }
        }, setup: { fixture.setUp() })
    Benchmark(
        "JSONDecoder on the same 100k-view archive",
        closure: { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try JSONDecoder().decode([JSONObject].self, from: fixture.tree!.json)) }
        }, setup: { fixture.setUp() })
}
