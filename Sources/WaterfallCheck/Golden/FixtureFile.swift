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
    /// The file name without `.json`: the result's name when the file cannot be read.
    public var stem: String {
        let name = url.lastPathComponent
        return name.hasSuffix(".json") ? String(name.dropLast(5)) : name
    }

    public init(url: URL, path: String, suite: String, key: String) {
        self.url = url; self.path = path; self.suite = suite; self.key = key
    }

    /// The fixture files under `paths`: each file as named, and every `*.json` under each
    /// directory, recursively, skipping hidden files and folders (`.build`, `.git`), sorted by
    /// path within each argument; arguments in order, each file once.
    ///
    /// A path that does not exist, a pending `*.json.new` named as a fixture, a directory with no
    /// fixtures, and what ``walkReporting(_:shown:suffix:followingLinks:)`` cannot use (an
    /// unreadable directory, a broken or directory symbolic link) are returned as problems (error
    /// results), never silently dropped.
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
                let walked = walkReporting(root, shown: shown, suffix: ".json")
                walked.problems.forEach(problem)
                found = walked.files
                if found.isEmpty { if walked.problems.isEmpty { problem("no fixtures (*.json) under \(shown)") }; continue }
            } else if root.path.hasSuffix(PendingFiles.suffix) {
                problem("\(shown) is a pending recording, not a fixture (review, accept or reject it)"); continue
            } else {
                found = [FixtureFile(url: root, path: shown, suite: parent(of: shown), key: root.lastPathComponent)]
            }
            for f in found where seen.insert(f.url.standardizedFileURL.path).inserted { files.append(f) }
        }
        return (files, problems)
    }

    /// A path ``files(at:)`` could not use: an empty string, one that does not exist, a pending `*.json.new`
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
        if paths.contains("") { throw CollectError(path: "", message: "an empty path names no file (an unset variable?)") }
        let (files, problems) = collect(paths.map { URL(fileURLWithPath: $0) })
        if let p = problems.first { throw CollectError(path: p.file, message: p.message) }
        return files
    }

    /// Regular files under directory `root` whose name ends with `suffix` (symbolic links not
    /// followed), skipping hidden entries, sorted by relative path; what it cannot use is dropped
    /// (``walkReporting(_:shown:suffix:followingLinks:)`` lists it).
    static func walk(_ root: URL, shown: String, suffix: String) -> [FixtureFile] {
        walkReporting(root, shown: shown, suffix: suffix, followingLinks: false).files
    }

    /// Files under directory `root` whose name ends with `suffix`, skipping hidden entries, sorted
    /// by relative path; with `followingLinks`, a symbolic link to a regular file counts as the
    /// file (else links are skipped). Also returns, as
    /// messages naming the path, what would otherwise be skipped without a word: a directory that
    /// cannot be read, a `suffix` link whose target is missing, and a link to a directory (not
    /// followed, so a link loop cannot hang the walk). Directories named `*.json` are not files.
    /// - Complexity: O(entries under `root` · log); one `stat` per matching name or directory.
    static func walkReporting(_ root: URL, shown: String, suffix: String,
                              followingLinks: Bool = true) -> (files: [FixtureFile], problems: [String]) {
        func display(_ rel: String) -> String { shown == "." ? rel : shown.hasSuffix("/") ? shown + rel : shown + "/" + rel }
        guard let e = FileManager.default.enumerator(atPath: root.path) else { return ([], ["cannot read the directory \(shown)"]) }
        if access(root.path, R_OK | X_OK) != 0 { return ([], ["cannot read the directory \(shown): \(String(cString: strerror(errno)))"]) }
        var out: [FixtureFile] = []
        var problems: [String] = []
        while let rel = e.nextObject() as? String {
            let name = (rel as NSString).lastPathComponent
            if name.hasPrefix(".") { e.skipDescendants(); continue }
            let full = root.appendingPathComponent(rel).path
            switch e.fileAttributes?[.type] as? FileAttributeType {
            case .typeDirectory?:
                if access(full, R_OK | X_OK) != 0 {
                    problems.append("cannot read the directory \(display(rel)): \(String(cString: strerror(errno)))")
                }
                continue
            case .typeSymbolicLink?:
                guard followingLinks else { continue }
                var st = stat()
                if stat(full, &st) != 0 {
                    if name.hasSuffix(suffix) { problems.append("\(display(rel)) is a symbolic link to a missing file") }
                    continue
                }
                if st.st_mode & S_IFMT == S_IFDIR {
                    problems.append("\(display(rel)) is a symbolic link to a directory, which is not followed; name its target instead")
                    continue
                }
                guard st.st_mode & S_IFMT == S_IFREG else { continue }
            case .typeRegular?: break
            default: continue
            }
            guard name.hasSuffix(suffix) else { continue }
            let path = display(rel)
            out.append(FixtureFile(url: root.appendingPathComponent(rel), path: path, suite: parent(of: path), key: rel))
        }
        return (out.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }, problems.sorted())
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
