import Foundation

/// Finds fixture files: each path is a file, or a directory searched recursively for `*.json`
/// (pending `*.json.new` files never match, FIXTURE-FORMAT §1).
public enum FixtureFiles {
    /// A path that does not exist or a directory with no fixture in it.
    public struct Error: Swift.Error, CustomStringConvertible {
        public var path: String
        public var message: String
        public var description: String { "\(path): \(message)" }
    }

    /// Every fixture file under `paths`, directories expanded recursively and sorted by path,
    /// files given directly kept as given (in argument order), without duplicates.
    /// - Throws: ``Error`` for a missing path, or a directory holding no `*.json` file.
    public static func collect(_ paths: [String]) throws -> [URL] {
        var out: [URL] = []
        var seen = Set<String>()
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw Error(path: path, message: "no such file or directory")
            }
            guard isDirectory.boolValue else {
                if seen.insert(URL(fileURLWithPath: path).standardizedFileURL.path).inserted { out.append(URL(fileURLWithPath: path)) }
                continue
            }
            let root = URL(fileURLWithPath: path, isDirectory: true)
            var found: [URL] = []
            if let e = fm.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) {
                for case let url as URL in e where url.pathExtension == "json" {
                    if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { found.append(url) }
                }
            }
            guard !found.isEmpty else { throw Error(path: path, message: "no fixtures (*.json) in this directory") }
            for url in found.sorted(by: { $0.path < $1.path }) where seen.insert(url.standardizedFileURL.path).inserted {
                out.append(url)
            }
        }
        return out
    }
}
