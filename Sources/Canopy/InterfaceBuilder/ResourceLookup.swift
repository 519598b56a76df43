import Foundation

/// Finding a named resource in a bundle: at the top of its resources, or in a folder of them
/// (SwiftPM copies a resource folder as it is).
enum ResourceLookup {
    /// The first file named `name.ext` (for each of `extensions`, in order) in `bundle`'s
    /// resources, searched breadth first through at most 4 levels and 4,096 entries (a
    /// command-line tool's main bundle is its build folder, which can be huge).
    static func url(of name: String, extensions: [String], in bundle: Bundle) -> URL? {
        for ext in extensions {
            if let url = bundle.url(forResource: name, withExtension: ext) { return url }
        }
        guard let root = bundle.resourceURL else { return nil }
        let wanted = Set(extensions.map { name + "." + $0 })
        var level = [root]
        var budget = 4_096
        for _ in 0..<4 {
            var next: [URL] = []
            for folder in level {
                let entries = (try? FileManager.default.contentsOfDirectory(
                    at: folder, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])) ?? []
                budget -= entries.count
                guard budget >= 0 else { return nil }
                for entry in entries.sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
                    if wanted.contains(entry.lastPathComponent) { return entry }
                    if (try? entry.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true { next.append(entry) }
                }
            }
            if next.isEmpty { break }
            level = next
        }
        return nil
    }

    /// The file's bytes.
    /// - Throws: ``ArchiveError`` naming the file when it cannot be read.
    static func contents(of url: URL) throws(ArchiveError) -> Data {
        do { return try Data(contentsOf: url) } catch {
            throw ArchiveError(.malformed("the file cannot be read: \(error.localizedDescription)"), file: url.lastPathComponent)
        }
    }
}
