import Foundation
import WaterfallCheckEngines

/// Refuses an output file (`--junit`, `--json`, `--out`) that would overwrite one of the command's
/// fixtures or put a new `*.json` / `*.json.new` where the next run collects fixtures: a report
/// must never replace a golden, in CI or not (docs/decisions/adversarial.md).
///
/// `target` collides when, with symbolic links resolved, it is one of `fixturePaths`, or its name
/// ends in `.json` or `.json.new` and it lies under one of them that is a directory, or beside
/// one that is a file (the file's folder is a fixture folder too: D12). A fixture path that does not
/// exist yet (a save folder the run will make) counts as a directory.
/// - Throws: ``WaterfallCheckError/usage(_:)`` naming the option, the target and the fixture path.
/// - Complexity: O(paths); no directory is walked.
func refuseFixtureCollision(_ target: String?, option: String, fixturePaths: [URL]) throws {
    guard let target, target != "-" else { return }
    let out = FilePath.resolved(target)
    let fixtureLike = out.hasSuffix(".json") || out.hasSuffix(PendingFiles.suffix)
    for path in fixturePaths {
        let p = FilePath.resolved(path.path)
        // A path that does not exist yet is a folder to be made (fuzz's --save): its parent is not a fixture folder.
        let tree = isDirectory(p) || !exists(p) ? p : FilePath.parent(p)
        if out == p || (fixtureLike && FilePath.isWithin(out, tree)) {
            throw WaterfallCheckError.usage("\(option) \(target) would \(out == p ? "overwrite the fixture" : "write a *.json among the fixtures under") \(path.relativePath); write it elsewhere")
        }
    }
}

/// Refuses an `--html DIR` that is one of the run's inputs or lies inside a fixture directory
/// (or the fuzz save folder): the report's pages must never land among fixtures (D1, D12).
func refuseReportDirectory(_ target: String?, option: String = "--html", fixturePaths: [URL]) throws {
    guard let target else { return }
    let out = FilePath.resolved(target)
    for path in fixturePaths {
        let p = FilePath.resolved(path.path)
        if out == p || (isDirectory(p) && FilePath.isWithin(out, p)) {
            throw WaterfallCheckError.usage("\(option) \(target) would write the report \(out == p ? "over the input" : "inside the fixture folder") \(path.relativePath); write it elsewhere")
        }
    }
}

/// Refuses a `--save DIR` that is, or lies under, something other than a directory: the run
/// would find its counterexamples and then fail to write each one with the system's error text
/// (`Error Domain=NSCocoaErrorDomain Code=516`).
func refuseSaveDirectory(_ target: String?, option: String = "--save") throws {
    guard let target else { return }
    var p = FilePath.resolved(target)
    while !exists(p) {
        let parent = FilePath.parent(p)
        guard parent != p, !parent.isEmpty else { return }
        p = parent
    }
    guard isDirectory(p) else {
        throw WaterfallCheckError.usage("\(option) \(target): \(p == FilePath.resolved(target) ? "it" : p) is a file, not a directory; name a directory (it is made if missing)")
    }
}

private func exists(_ path: String) -> Bool {
    var st = stat()
    return lstat(path, &st) == 0
}

private func isDirectory(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR
}
