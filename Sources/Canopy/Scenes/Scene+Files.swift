#if canImport(Glibc)
import Glibc
#endif
import Foundation

extension Scene {
    /// Reads and checks the scene file at `url`, as it streams in: memory follows the scene,
    /// not the file. Nothing is made: see ``instantiate(classes:limits:)``.
    /// - Throws: ``SceneError`` naming the file, the line and column, and the path in the scene,
    ///   for a file that cannot be read, is larger than `limits` allow, is not JSON, or breaks
    ///   any rule of the format.
    public static func load(
        from url: URL, classes: SceneClasses = .builtIn, limits: SceneLimits = SceneLimits()
    ) throws(SceneError) -> Scene {
        do throws(SceneError) {
            let descriptor = open(url.path, O_RDONLY)
            guard descriptor >= 0 else { throw SceneError(location: "", message: "cannot be read: \(Self.systemError())") }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { throw SceneError(location: "", message: "cannot be read: \(Self.systemError())") }
            guard status.st_mode & S_IFMT != S_IFDIR else {
                throw SceneError(location: "", message: "is a directory, not a scene file")
            }
            return try read(JSONScanner(fileDescriptor: descriptor, byteLimit: limits.maximumFileSize), classes, limits)
        } catch var error {
            error.file = url.lastPathComponent
            throw error
        }
    }

    /// Reads and checks a scene from the JSON of a scene file.
    /// - Throws: ``SceneError`` naming the place, as ``load(from:classes:limits:)``.
    public init(jsonData data: Data, classes: SceneClasses = .builtIn, limits: SceneLimits = SceneLimits()) throws(SceneError) {
        guard data.count <= limits.maximumFileSize else {
            throw SceneError(location: "", message: "the scene has \(data.count) bytes, more than the limit of \(limits.maximumFileSize)")
        }
        self = try Self.read(JSONScanner(bytes: [UInt8](data)), classes, limits)
    }

    /// Reads the scene, then checks its values and references, placing an error found then at
    /// the start of the record it concerns.
    private static func read(_ scanner: JSONScanner, _ classes: SceneClasses, _ limits: SceneLimits) throws(SceneError) -> Scene {
        var reader = SceneReader(scanner: scanner, limits: limits)
        let scene = try reader.read()
        do throws(SceneError) {
            _ = try SceneIndex(scene, classes: classes, limits: limits)
        } catch var error {
            if let start = reader.start(of: error.location) { (error.line, error.column) = start }
            throw error
        }
        return scene
    }

    private static func systemError() -> String { String(cString: strerror(errno)) }

    /// The scene as JSON: one view, guide or constraint per line, defaults left out, always the
    /// same bytes for the same scene.
    public func jsonData() -> Data { SceneWriter.data(of: self) }

    /// Writes the scene's JSON to `url`, replacing what is there: the bytes go to a temporary
    /// file beside it, which replaces `url` only once complete (and is removed on failure).
    public func write(to url: URL) throws(SceneError) {
        do { try jsonData().write(to: url, options: .atomic) } catch {
            throw SceneError(file: url.lastPathComponent, location: "", message: "cannot be written: \(error.localizedDescription)")
        }
    }
}
