import Foundation
import WaterfallEngines

/// Refuses an output file (`--junit`, `--json`, `--out`) that would overwrite one of the command's
/// fixtures or put a new `*.json` / `*.json.new` where the next run collects fixtures: a report
/// must never replace a golden, in CI or not (docs/decisions/adversarial.md).
///
/// `target` collides when, with symbolic links resolved, it is one of `fixturePaths`, or it lies
/// under one of them that is a directory and its name ends in `.json` or `.json.new`.
/// - Throws: ``UsageError`` naming the option, the target and the fixture path.
/// - Complexity: O(paths); no directory is walked.
func refuseFixtureCollision(_ target: String?, option: String, fixturePaths: [URL]) throws {
    guard let target, target != "-" else { return }
    let out = resolved(URL(fileURLWithPath: target))
    let fixtureLike = out.hasSuffix(".json") || out.hasSuffix(PendingFiles.suffix)
    for path in fixturePaths {
        let p = resolved(path)
        var isDirectory: ObjCBool = false
        let isDir = FileManager.default.fileExists(atPath: p, isDirectory: &isDirectory) && isDirectory.boolValue
        if out == p || (isDir && fixtureLike && out.hasPrefix(p.hasSuffix("/") ? p : p + "/")) {
            throw UsageError("\(option) \(target) would \(out == p ? "overwrite the fixture" : "write a *.json among the fixtures under") \(path.relativePath); write it elsewhere")
        }
    }
}

/// `url`'s absolute path with `.`/`..` removed and symbolic links resolved, also when the file
/// itself does not exist yet (its directory is resolved).
private func resolved(_ url: URL) -> String {
    let u = url.standardizedFileURL
    if FileManager.default.fileExists(atPath: u.path) { return u.resolvingSymlinksInPath().path }
    return u.deletingLastPathComponent().resolvingSymlinksInPath().appendingPathComponent(u.lastPathComponent).path
}
