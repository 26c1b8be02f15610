import Foundation
import WaterfallCheckEngines

/// `verify`'s golden-workflow options (issue 36): `--artifacts DIR`, `--review`, and the note on
/// saved regressions that now pass.
enum VerifyWorkflow {
    /// `--artifacts DIR`: each failing fixture's actual output as a fixture, and its picture.
    static let artifacts = Option<String>("--artifacts", value: "DIR",
        help: "write each failing fixture's actual output as a fixture (DIR/<fixture's folder>/<name>.actual.json: the fixture with the engine's frames as expected) and expected beside actual as <name>.diff.svg; allowed in CI (DIR must not be a fixture folder)")
    /// `--review`: record the failing fixtures pending review, then review them.
    static let review = Flag("--review",
        help: "then record each failing fixture's new output as <name>.json.new (when it breaks no invariant) and review the pending recordings under PATH as 'waterfall-check review' does (interactive in a terminal); refused in CI")

    /// Where `result`'s artifacts go under `root`: the fixture's folder as named, made relative
    /// (a leading `/` dropped, `..` written `_up`), so fixtures of one name in two folders never
    /// overwrite each other.
    static func folder(for result: FixtureResult, under root: URL) -> URL {
        let parts = result.suite.split(separator: "/").map { $0 == ".." ? "_up" : String($0) }.filter { $0 != "." && !$0.isEmpty }
        return parts.reduce(root) { $0.appendingPathComponent($1) }
    }

    /// Writes the artifacts of every failing fixture of `report` under `directory`; returns how
    /// many files it wrote.
    /// - Throws: the first write error, naming the path (exit status 2).
    static func writeArtifacts(_ report: VerifyReport, to directory: String) throws -> Int {
        let root = URL(fileURLWithPath: directory)
        var written = 0
        for r in report.results where r.status.isFailing {
            let files = FailureArtifacts.files(for: r)
            guard !files.isEmpty else { continue }
            let folder = folder(for: r, under: root)
            do { try FailureArtifacts.write(files, to: folder) } catch {
                throw WaterfallCheckError.cannotWrite(path: "artifacts \(folder.path)", reason: "\(error)")
            }
            written += files.count
        }
        return written
    }

    /// The note on input-only fixtures (saved regressions, counterexamples) that now pass every
    /// invariant, with the command that records their `expected`; `nil` when there are none.
    static func passingRegressionsNote(_ report: VerifyReport, recordCommand: String) -> String? {
        let passing = report.results.filter { $0.status == .checked }
        guard !passing.isEmpty else { return nil }
        let shown = passing.prefix(5).map { TextReport.printable($0.file) }.joined(separator: ", ") + (passing.count > 5 ? ", ..." : "")
        let one = passing.count == 1
        return "note: \(passing.count) saved regression\(one ? " (an input-only fixture) now passes" : "s (input-only fixtures) now pass") every invariant: \(shown)\n"
            + "to keep \(passing.count == 1 ? "it" : "them") as golden\(passing.count == 1 ? "" : "s"): \(recordCommand) --mode missing \(passing.map { shellQuoted($0.file) }.joined(separator: " ")), then review"
    }
}

extension VerifyWorkflow {
    /// `verify --review`: records each golden mismatch's new output pending review (mode
    /// `failed`, invariants checked: a broken output is not recorded and says why), then reviews
    /// the pending recordings under `roots`. Returns 2 when recording or reviewing failed, else 0
    /// (the caller's verdict stands: nothing is accepted until the review accepts it).
    static func recordAndReview(_ report: VerifyReport, engine: EngineEntry, tolerance: Tolerance?, roots: [String]) throws -> Int32 {
        let mismatches = report.results.filter { $0.status == .failed && !$0.differences.isEmpty }
        var status: Int32 = 0
        if !mismatches.isEmpty {
            var runner = GoldenRunner(engine: engine.make, tolerance: tolerance, recordMode: .failed, recordTarget: .pending,
                                      jobs: 1, invariants: InvariantChecker())
            runner.provenance = RecordingProvenance(command: commandLine())
            let recorded = runner.run(paths: mismatches.map(\.url))
            for r in recorded.results where r.status != .recorded {
                printError("not recorded: \(TextReport.printable(r.file)): \(TextReport.printable(r.message))")
                if r.status == .error { status = exitCode(.error) }
            }
        }
        print("review:")
        let reviewed = try ReviewCommand.review(roots)
        return max(status, reviewed)
    }

    /// This process's command line as a user would type it again: `waterfall-check ARGS`.
    static func commandLine() -> String {
        (["waterfall-check"] + CommandLine.arguments.dropFirst().map { shellQuoted($0) }).joined(separator: " ")
    }
}

/// What `verify --unreferenced` does with goldens the run did not read.
enum UnreferencedMode: String, Sendable { case warn, reject, delete }

extension VerifyWorkflow {
    /// `--unreferenced warn|reject|delete`: goldens under `--fixture-root` that the run did not read.
    static let unreferenced = Option<UnreferencedMode>("--unreferenced", value: "warn|reject|delete", expects: "warn, reject or delete",
        help: "goldens under --fixture-root that this run read none of (not under any PATH), and pending recordings whose fixture is gone: warn lists them, reject also makes the run an error (exit 2), delete removes them (refused in CI); like insta's --unreferenced") {
        UnreferencedMode(rawValue: $0)
    }
    /// `--fixture-root DIR`: where `--unreferenced` looks.
    static let fixtureRoot = Option<String>("--fixture-root", value: "DIR",
        help: "the folder --unreferenced searches for fixtures (*.json) and pending recordings (default: the current directory)")

    /// The fixture files and pending recordings under `root` that a run over `read` did not
    /// read: fixtures no PATH covers, and pending recordings whose fixture does not exist.
    /// Sorted by path.
    static func unreferencedFiles(under root: URL, read: [FixtureFile]) -> [FixtureFile] {
        let readPaths = Set(read.map { FilePath.resolved($0.url.path) })
        let (all, _) = FixtureFile.collect([root])
        let fixtures = all.filter { !readPaths.contains(FilePath.resolved($0.url.path)) }
        let orphans = PendingFiles.find(under: [root]).filter { !FileManager.default.fileExists(atPath: PendingFiles.fixture(for: $0.url).path) }
        return (fixtures + orphans).sorted { $0.path < $1.path }
    }

    /// Applies `mode` to the unreferenced files of a run over `paths`: prints them, and returns
    /// 2 when the run must fail (reject, or a delete that failed or was refused in CI), else 0.
    static func handleUnreferenced(_ mode: UnreferencedMode, root: String, paths: [URL]) -> Int32 {
        let read = FixtureFile.collect(paths).files
        let files = unreferencedFiles(under: URL(fileURLWithPath: root), read: read)
        guard !files.isEmpty else { return 0 }
        let list = files.map { "  \(TextReport.printable($0.path))" }.joined(separator: "\n")
        switch mode {
        case .warn:
            printError("warning: \(files.count) unreferenced file\(files.count == 1 ? "" : "s") under \(root) (no PATH of this run reads \(files.count == 1 ? "it" : "them")):\n\(list)")
            return 0
        case .reject:
            printError("error: \(files.count) unreferenced file\(files.count == 1 ? "" : "s") under \(root) (no PATH of this run reads \(files.count == 1 ? "it" : "them")); delete \(files.count == 1 ? "it" : "them") or add the PATH:\n\(list)")
            return exitCode(.error)
        case .delete:
            if let refusal = refusalInCI("verify --unreferenced=delete") { printError(refusal); return exitCode(.error) }
            var status: Int32 = 0
            for f in files {
                do { try FileManager.default.removeItem(at: f.url); printError("deleted unreferenced \(TextReport.printable(f.path))") } catch {
                    printError("error: cannot delete \(f.path): \(error.localizedDescription)"); status = exitCode(.error)
                }
            }
            return status
        }
    }
}
