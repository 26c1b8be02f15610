import Foundation
import WaterfallCheckCore
import WaterfallCheckJSON
import WaterfallCheckSupport

/// Pending recordings (`<name>.json.new` beside `<name>.json`, FIXTURE-FORMAT §1) and the
/// review operations on them.
package enum PendingFiles {
    /// The pending file's suffix: `.json.new`.
    package static let suffix = ".json.new"

    /// The environment variable naming a directory for pending recordings outside the source
    /// tree (like insta's `INSTA_PENDING_DIR`: read-only checkouts, Bazel sandboxes).
    package static let directoryVariable = "WATERFALL_CHECK_PENDING_DIR"

    /// The pending directory `WATERFALL_CHECK_PENDING_DIR` names (made absolute against the
    /// current directory), or `nil` when it is unset or empty: pending files then sit beside
    /// their fixtures.
    package static var directory: URL? {
        guard let d = ProcessInfo.processInfo.environment[directoryVariable], !d.isEmpty else { return nil }
        return URL(fileURLWithPath: FilePath.resolved(d))
    }

    /// Where `fixture`'s path goes inside the pending directory: its path relative to the
    /// current directory, or for a fixture outside it `_root/` and its absolute path.
    static func relativeKey(_ fixture: URL) -> String {
        let path = FilePath.resolved(fixture.path)
        let cwd = FilePath.resolved(FileManager.default.currentDirectoryPath)
        if path.hasPrefix(cwd + "/") { return String(path.dropFirst(cwd.count + 1)) }
        return "_root" + path
    }

    /// The pending file of a fixture: `x.json` → `x.json.new` beside it, or with a pending
    /// directory `DIR/<path relative to the current directory>.new`.
    package static func pending(for fixture: URL) -> URL {
        if let dir = directory { return dir.appendingPathComponent(relativeKey(fixture) + ".new") }
        return fixture.deletingLastPathComponent().appendingPathComponent(fixture.lastPathComponent + ".new")
    }

    /// The fixture a pending file belongs to: `x.json.new` → `x.json`, mapped back out of the
    /// pending directory when the file lies in it.
    package static func fixture(for pending: URL) -> URL {
        if let dir = directory {
            let root = FilePath.resolved(dir.path), path = FilePath.resolved(pending.path)
            if path.hasPrefix(root + "/") {
                let key = String(path.dropFirst(root.count + 1).dropLast(4))
                if key.hasPrefix("_root/") { return URL(fileURLWithPath: String(key.dropFirst(5))) }
                return URL(fileURLWithPath: FilePath.resolved(FileManager.default.currentDirectoryPath)).appendingPathComponent(key)
            }
        }
        return pending.deletingLastPathComponent().appendingPathComponent(String(pending.lastPathComponent.dropLast(4)))
    }

    /// Every pending file under `paths`: under each directory recursively (hidden entries
    /// skipped), and for each file named, the file itself when it is pending, else its pending
    /// file when one exists. Sorted within each argument, each once.
    package static func find(under paths: [URL]) -> [FixtureFile] {
        var out: [FixtureFile] = []
        var seen = Set<String>()
        for root in paths {
            let shown = FixtureFile.displayPath(root)
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory)
            var found: [FixtureFile] = []
            if exists && isDirectory.boolValue {
                found = FixtureFile.walk(root, shown: shown, suffix: suffix)
                // The same folder's recordings in the pending directory, shown by their own path.
                if let dir = directory {
                    let mirror = dir.appendingPathComponent(relativeKey(root))
                    if FileManager.default.fileExists(atPath: mirror.path) { found += FixtureFile.walk(mirror, shown: mirror.path, suffix: suffix) }
                }
            } else if root.path.hasSuffix(suffix) {
                if exists { found = [FixtureFile(url: root, path: shown, suite: FixtureFile.parent(of: shown), key: root.lastPathComponent)] }
            } else {
                let p = pending(for: root)
                if FileManager.default.fileExists(atPath: p.path) {
                    let shownPending = directory == nil ? shown + ".new" : p.path
                    found = [FixtureFile(url: p, path: shownPending, suite: FixtureFile.parent(of: shownPending), key: p.lastPathComponent)]
                }
            }
            for f in found where seen.insert(f.url.standardizedFileURL.path).inserted { out.append(f) }
        }
        return out
    }
}
