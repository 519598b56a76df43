import Foundation

extension Image {
    /// The image named `name` in `bundle` (the main bundle by default): a PNG file
    /// `name.png`, `name@2x.png` or `name@3x.png` (at that scale), found at the top of the
    /// bundle's resources or in their folders, or the largest PNG of an asset catalog's
    /// `name.imageset`; `nil` when there is none or it cannot be read, as `UIImage(named:)`.
    public init?(named name: String, in bundle: Bundle? = nil) {
        let bundle = bundle ?? .main
        for (suffix, scale) in [("@3x", 3.0), ("@2x", 2.0), ("", 1.0)] {
            if let url = ResourceLookup.url(of: name + suffix, extensions: ["png"], in: bundle),
                let data = try? Data(contentsOf: url), let image = Image(data: data, scale: scale)
            {
                self = image
                return
            }
        }
        guard let set = ResourceLookup.url(of: name, extensions: ["imageset"], in: bundle),
            let files = try? FileManager.default.contentsOfDirectory(at: set, includingPropertiesForKeys: nil)
        else { return nil }
        let pngs = files.filter { $0.pathExtension == "png" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        for (suffix, scale) in [("@3x", 3.0), ("@2x", 2.0), ("", 1.0)] {
            if let url = pngs.first(where: { $0.deletingPathExtension().lastPathComponent.hasSuffix(suffix) }),
                let data = try? Data(contentsOf: url), let image = Image(data: data, scale: scale)
            {
                self = image
                return
            }
        }
        return nil
    }
}
