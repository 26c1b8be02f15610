import Foundation

/// A fixture file found by ``FixtureFile/collect(_:)``.
public struct FixtureFile: Hashable, Sendable {
    public var url: URL
    /// The path as the caller named it (a directory argument plus the path inside it).
    public var path: String
    /// The file's directory, spelled like ``path``: the JUnit test suite.
    public var suite: String
    /// The path relative to the directory argument (the file name for a file argument): the
    /// stable key ``Shard`` hashes.
    public var key: String

    public init(url: URL, path: String, suite: String, key: String) {
        self.url = url; self.path = path; self.suite = suite; self.key = key
    }

    /// The fixture files under `paths`: each file as named, and every `*.json` under each
    /// directory, recursively, skipping hidden files and folders (`.build`, `.git`), sorted by
    /// path within each argument; arguments in order, each file once.
    ///
    /// A path that does not exist, a pending `*.json.new` named as a fixture, and a directory
    /// with no fixtures are returned as problems (error results), never silently dropped.
    /// - Complexity: O(entries under the paths · log).
    public static func collect(_ paths: [URL]) -> (files: [FixtureFile], problems: [FixtureResult]) {
        var files: [FixtureFile] = []
        var problems: [FixtureResult] = []
        var seen = Set<String>()
        for root in paths {
            let shown = displayPath(root)
            func problem(_ message: String) {
                problems.append(FixtureResult(file: shown, url: root, suite: parent(of: shown), name: shown,
                                              status: .error, message: message))
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) else {
                problem("no such file or directory: \(shown)"); continue
            }
            let found: [FixtureFile]
            if isDirectory.boolValue {
                found = walk(root, shown: shown, suffix: ".json")
                if found.isEmpty { problem("no fixtures (*.json) under \(shown)"); continue }
            } else if root.path.hasSuffix(PendingFiles.suffix) {
                problem("\(shown) is a pending recording, not a fixture (review, accept or reject it)"); continue
            } else {
                found = [FixtureFile(url: root, path: shown, suite: parent(of: shown), key: root.lastPathComponent)]
            }
            for f in found where seen.insert(f.url.standardizedFileURL.path).inserted { files.append(f) }
        }
        return (files, problems)
    }

    /// A path ``files(at:)`` could not use: one that does not exist, a pending `*.json.new`
    /// named as a fixture, or a directory with no fixtures. `description` is the problem's
    /// message, which names the path.
    public struct CollectError: Error, CustomStringConvertible {
        public var path: String
        public var message: String
        public var description: String { message }
    }

    /// The fixture files under `paths` as ``collect(_:)`` finds them, for commands that stop at
    /// the first path they cannot use (`format`, `compare`, the fuzzer's replay).
    /// - Throws: ``CollectError`` for the first problem ``collect(_:)`` reports.
    public static func files(at paths: [String]) throws -> [FixtureFile] {
        let (files, problems) = collect(paths.map { URL(fileURLWithPath: $0) })
        if let p = problems.first { throw CollectError(path: p.file, message: p.message) }
        return files
    }

    /// Regular files under directory `root` whose name ends with `suffix`, skipping hidden
    /// entries, sorted by relative path.
    static func walk(_ root: URL, shown: String, suffix: String) -> [FixtureFile] {
        guard let e = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var out: [FixtureFile] = []
        while let rel = e.nextObject() as? String {
            let name = (rel as NSString).lastPathComponent
            if name.hasPrefix(".") { e.skipDescendants(); continue }
            guard name.hasSuffix(suffix), e.fileAttributes?[.type] as? FileAttributeType == .typeRegular else { continue }
            let path = shown == "." ? rel : shown.hasSuffix("/") ? shown + rel : shown + "/" + rel
            out.append(FixtureFile(url: root.appendingPathComponent(rel), path: path, suite: parent(of: path), key: rel))
        }
        return out.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }

    /// A URL's path as the caller wrote it: relative when it was made relative to a base.
    static func displayPath(_ url: URL) -> String {
        url.baseURL == nil ? url.path : url.relativePath
    }

    /// The directory part of a display path (`.` for a bare file name).
    static func parent(of path: String) -> String {
        let p = (path as NSString).deletingLastPathComponent
        return p.isEmpty ? "." : p
    }
}
