import Foundation
import WaterfallCheckCore
import WaterfallCheckJSON
import WaterfallCheckSupport

/// Pending recordings (`<name>.json.new` beside `<name>.json`, FIXTURE-FORMAT §1) and the
/// review operations on them.
package enum PendingFiles {
    /// The pending file's suffix: `.json.new`.
    package static let suffix = ".json.new"

    /// The pending file of a fixture: `x.json` → `x.json.new`.
    package static func pending(for fixture: URL) -> URL {
        fixture.deletingLastPathComponent().appendingPathComponent(fixture.lastPathComponent + ".new")
    }

    /// The fixture a pending file belongs to: `x.json.new` → `x.json`.
    package static func fixture(for pending: URL) -> URL {
        pending.deletingLastPathComponent().appendingPathComponent(String(pending.lastPathComponent.dropLast(4)))
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
            } else if root.path.hasSuffix(suffix) {
                if exists { found = [FixtureFile(url: root, path: shown, suite: FixtureFile.parent(of: shown), key: root.lastPathComponent)] }
            } else {
                let p = pending(for: root)
                if FileManager.default.fileExists(atPath: p.path) {
                    found = [FixtureFile(url: p, path: shown + ".new", suite: FixtureFile.parent(of: shown), key: p.lastPathComponent)]
                }
            }
            for f in found where seen.insert(f.url.standardizedFileURL.path).inserted { out.append(f) }
        }
        return out
    }
}
