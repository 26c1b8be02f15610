import Foundation
import WaterfallCheckCore
import WaterfallCheckJSON
import WaterfallCheckSupport

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

    /// `error` as the user should see it: a ``FixtureError`` about this file names it by
    /// ``path`` (as given, relative stays relative) rather than by its absolute URL; any other
    /// error unchanged.
    public func shown(_ error: Error) -> Error {
        guard var e = error as? FixtureError, e.file == url.path else { return error }
        e.file = path
        return e
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
    public static func collect(_ paths: [URL]) -> (files: [FixtureFile], problems: [PathProblem]) {
        var files: [FixtureFile] = []
        var problems: [PathProblem] = []
        var seen = Set<String>()
        for root in paths {
            let shown = displayPath(root)
            func problem(_ message: String) {
                problems.append(PathProblem(url: root, path: shown, suite: parent(of: shown), message: message))
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


    /// The fixture files under `paths` as ``collect(_:)`` finds them, for commands that stop at
    /// the first path they cannot use (`format`, `compare`, the fuzzer's replay).
    /// - Throws: ``WaterfallCheckError/badPath(path:message:)`` for the first problem ``collect(_:)`` reports.
    public static func files(at paths: [String]) throws -> [FixtureFile] {
        if paths.contains("") { throw WaterfallCheckError.badPath(path: "", message: "an empty path names no file (an unset variable?)") }
        let (files, problems) = collect(paths.map { URL(fileURLWithPath: $0) })
        if let p = problems.first { throw WaterfallCheckError.badPath(path: p.path, message: p.message) }
        return files
    }

    /// Regular files under directory `root` whose name ends with `suffix` (a symbolic link to a
    /// regular file counts as the file), skipping hidden entries, sorted by relative path; what it
    /// cannot use is dropped (``walkReporting(_:shown:suffix:followingLinks:)`` lists it).
    static func walk(_ root: URL, shown: String, suffix: String) -> [FixtureFile] {
        walkReporting(root, shown: shown, suffix: suffix).files
    }

    /// Files under directory `root` whose name ends with `suffix`, skipping hidden entries, sorted
    /// by relative path; with `followingLinks`, a symbolic link to a regular file counts as the
    /// file (else links are skipped). Also returns, as messages naming the path, what would
    /// otherwise be skipped without a word: a directory that cannot be read, a `suffix` link
    /// whose target is missing or that loops, a link to a directory (not followed, so a link
    /// loop cannot hang the walk), and a name that is not valid UTF-8 (a fixture, a pending
    /// recording or a directory: D6), and a path too long for the system (ENAMETOOLONG: A3).
    /// Directories named `*.json` are not files.
    ///
    /// Reads directories with `opendir`/`readdir` and names as bytes, so no name is lost to a
    /// decoding (Foundation's enumerator drops non-UTF-8 names).
    /// - Complexity: O(entries under `root` · log); one `lstat` per entry.
    static func walkReporting(_ root: URL, shown: String, suffix: String,
                              followingLinks: Bool = true) -> (files: [FixtureFile], problems: [String]) {
        func display(_ rel: String) -> String { shown == "." ? rel : shown.hasSuffix("/") ? shown + rel : shown + "/" + rel }
        var out: [FixtureFile] = []
        var problems: [String] = []
        let watched = [Array(".json".utf8), Array(PendingFiles.suffix.utf8)]
        // Directories still to read: a worklist, not recursion, so a tree 2,000 levels deep cannot
        // overflow the stack (the results are sorted at the end, so the order does not matter).
        var pending: [(String, String)] = [(root.path, "")]
        func visit(_ dir: String, _ relDir: String) {
            guard let d = opendir(dir) else {
                let reason = String(cString: strerror(errno))
                problems.append("cannot read the directory \(relDir.isEmpty ? shown : display(relDir)): \(reason)")
                return
            }
            defer { closedir(d) }
            while let entry = readdir(d) {
                let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix(while: { $0 != 0 })) }
                guard let first = bytes.first, first != UInt8(ascii: ".") else { continue }
                let ours = watched.contains(where: { bytes.count >= $0.count && Array(bytes.suffix($0.count)) == $0 })
                let fullBytes = Array(dir.utf8) + [UInt8(ascii: "/")] + bytes
                var st = stat()
                let statted = fullBytes.withUnsafeBufferPointer { b -> Int32 in
                    let c = b.map { CChar(bitPattern: $0) } + [0]
                    return lstat(c, &st)
                }
                guard let name = String(validating: bytes, as: UTF8.self) else {
                    let isDir = statted == 0 && st.st_mode & S_IFMT == S_IFDIR
                    if isDir || ours {
                        let escaped = bytes.map { $0 < 0x80 && $0 >= 0x20 ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16, uppercase: true) }.joined()
                        problems.append("\(display(relDir.isEmpty ? escaped : relDir + "/" + escaped)): the file name is not valid UTF-8; rename it (it cannot be checked)")
                    }
                    continue
                }
                let rel = relDir.isEmpty ? name : relDir + "/" + name
                let full = dir + "/" + name
                guard statted == 0 else {
                    // A path the system cannot name (4,096 bytes and longer: ENAMETOOLONG) was
                    // left out without a word, a failing golden with it (review A3): an error
                    // naming it. Another failure (the entry went away) matters for our files only.
                    let reason = errno
                    if reason == ENAMETOOLONG {
                        problems.append("\(display(rel)): the path is \(fullBytes.count) bytes, longer than the system accepts (PATH_MAX \(PATH_MAX)); it cannot be checked: move it nearer the root")
                    } else if ours {
                        problems.append("\(display(rel)): cannot read its status: \(String(cString: strerror(reason)))")
                    }
                    continue
                }
                switch st.st_mode & S_IFMT {
                case S_IFDIR:
                    pending.append((full, rel))
                    continue
                case S_IFLNK:
                    guard followingLinks else { continue }
                    var target = stat()
                    if stat(full, &target) != 0 {
                        let loop = errno == ELOOP
                        if name.hasSuffix(suffix) { problems.append("\(display(rel)) is a symbolic link \(loop ? "loop (or a chain too long)" : "to a missing file")") }
                        continue
                    }
                    if target.st_mode & S_IFMT == S_IFDIR {
                        problems.append("\(display(rel)) is a symbolic link to a directory, which is not followed; name its target instead")
                        continue
                    }
                    guard target.st_mode & S_IFMT == S_IFREG else { continue }
                case S_IFREG: break
                default: continue
                }
                guard name.hasSuffix(suffix) else { continue }
                let path = display(rel)
                out.append(FixtureFile(url: root.appendingPathComponent(rel), path: path, suite: parent(of: path), key: rel))
            }
        }
        while let (dir, rel) = pending.popLast() { visit(dir, rel) }
        return (out.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }, problems.sorted())
    }

    /// A URL's path as the caller wrote it: relative when it was made relative to a base.
    static func displayPath(_ url: URL) -> String {
        url.baseURL == nil ? url.path : url.relativePath
    }

    /// The directory part of a display path (`.` for a bare file name).
    static func parent(of path: String) -> String {
        FilePath.parent(path)
    }
}

/// A path ``FixtureFile/collect(_:)`` cannot use: missing, unreadable, a directory without
/// fixtures, a pending recording named as a fixture. Never dropped: the golden runner reports
/// each as an error result, the other commands stop at the first.
public struct PathProblem: Hashable, Sendable {
    /// The path as given.
    public var url: URL
    /// The path as the user wrote it (relative stays relative).
    public var path: String
    /// Its parent folder, for JUnit's suite.
    public var suite: String
    /// What is wrong, naming the path.
    public var message: String
}
