import Foundation

extension Scene {
    /// Reads and checks the scene file at `url`. Nothing is made: see ``instantiate(classes:limits:)``.
    /// - Throws: ``SceneError`` naming the file and the place in it, for a file that cannot be
    ///   read, is larger than `limits` allow, does not parse, or breaks any rule of the format.
    public static func load(
        from url: URL, classes: SceneClasses = .builtIn, limits: SceneLimits = SceneLimits()
    ) throws(SceneError) -> Scene {
        let name = url.lastPathComponent
        do throws(SceneError) {
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
            guard size <= limits.maximumFileSize else {
                throw SceneError(location: "", message: "the file has \(size) bytes, more than the limit of \(limits.maximumFileSize)")
            }
            let data: Data
            do { data = try Data(contentsOf: url) } catch {
                throw SceneError(location: "", message: "cannot be read: \(error.localizedDescription)")
            }
            return try Scene(jsonData: data, classes: classes, limits: limits)
        } catch var error {
            error.file = name
            throw error
        }
    }

    /// Reads and checks a scene from the JSON of a scene file.
    /// - Throws: ``SceneError`` naming the place, as ``load(from:classes:limits:)``.
    public init(jsonData data: Data, classes: SceneClasses = .builtIn, limits: SceneLimits = SceneLimits()) throws(SceneError) {
        guard data.count <= limits.maximumFileSize else {
            throw SceneError(location: "", message: "the scene has \(data.count) bytes, more than the limit of \(limits.maximumFileSize)")
        }
        do {
            self = try JSONDecoder().decode(Scene.self, from: data)
        } catch let error as DecodingError {
            throw SceneError(error)
        } catch {
            throw SceneError(location: "", message: "\(error)")
        }
        _ = try SceneIndex(self, classes: classes, limits: limits)
    }

    /// The scene as JSON: one view, guide or constraint per line, defaults left out, always the
    /// same bytes for the same scene.
    public func jsonData() -> Data { SceneWriter.data(of: self) }

    /// Writes the scene's JSON to `url`, replacing what is there.
    public func write(to url: URL) throws(SceneError) {
        do { try jsonData().write(to: url, options: .atomic) } catch {
            throw SceneError(file: url.lastPathComponent, location: "", message: "cannot be written: \(error.localizedDescription)")
        }
    }
}
