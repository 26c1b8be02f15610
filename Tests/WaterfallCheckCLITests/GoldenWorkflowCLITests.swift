import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckJSON
import WaterfallCheckSupport
import WaterfallCheckTestSupport

/// Issue 36: the golden workflow around verify, record, review and accept. The reference engine
/// lays TwoColumns out as `TwoColumns.result` (derived by hand in the support module); a golden
/// whose `expected` moves item 2 down 5 pt is a mismatch whose new output is that result.
@Suite("golden workflow: artifacts, provenance, review --json/--diff-tool, A/R, verify --review, regressions that now pass")
struct GoldenWorkflowCLITests {
    /// `F/a.json` (a mismatch) and `F/b.json` (passing).
    func mismatch() throws -> TempDir {
        let dir = try TempDir()
        try dir.write(TwoColumns.fixture("a", expected: .layout(TwoColumns.moving(2, by: 5))), to: "F/a.json")
        try dir.write(TwoColumns.fixture("b"), to: "F/b.json")
        return dir
    }

    @Test("verify --artifacts DIR writes the failing fixture's actual output as a fixture and its picture, also in CI; nothing for a passing one")
    func artifacts() throws {
        let dir = try mismatch(); defer { dir.cleanup() }
        let r = try CLI.run(["verify", "--artifacts", "out", "F"], in: dir.url, ci: "true")
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("artifacts: 2 files under out"), "\(r.stderr)")
        let actual = try FixtureReader.read(contentsOf: dir.url.appendingPathComponent("out/F/a.actual.json"))
        #expect(actual.expected == .layout(TwoColumns.result) && actual.input == TwoColumns.input)
        #expect(try dir.read("out/F/a.diff.svg").hasPrefix("<svg"))
        #expect(!dir.exists("out/F/b.actual.json") && !dir.exists("out/F/b.diff.svg"))
        // Never among the fixtures.
        let inside = try CLI.run(["verify", "--artifacts", "F/out", "F"], in: dir.url, ci: "true")
        #expect(inside.status == 2 && inside.stderr.contains("--artifacts F/out would write the report inside the fixture folder"), "\(inside.stderr)")
    }

    @Test("record writes provenance into the pending recording; review shows it; accept drops it from the golden")
    func provenance() throws {
        let dir = try mismatch(); defer { dir.cleanup() }
        let rec = try CLI.run(["record", "--tolerance", "0.5", "F"], in: dir.url, ci: "false")
        #expect(rec.status == 0, "\(rec.stdout)\(rec.stderr)")
        let pending = try FixtureReader.read(contentsOf: dir.url.appendingPathComponent("F/a.json.new"))
        let p = try #require(RecordingProvenance(pending))
        #expect(p.engine == "reference" && !p.engineVersion.isEmpty && p.tolerance == 0.5)
        #expect(p.command == "waterfall-check record --tolerance 0.5 F", "\(p.command)")
        let review = try CLI.run(["review", "--list", "F"], in: dir.url, ci: "false")
        #expect(review.stdout.contains("  recorded by reference \(p.engineVersion) at tolerance 0.5 pt: waterfall-check record --tolerance 0.5 F"), "\(review.stdout)")
        let accept = try CLI.run(["accept", "F"], in: dir.url, ci: "false")
        #expect(accept.status == 0, "\(accept.stderr)")
        let golden = try FixtureReader.read(contentsOf: dir.url.appendingPathComponent("F/a.json"))
        #expect(golden.expected == .layout(TwoColumns.result))
        #expect(golden.extensions == nil, "\(String(describing: golden.extensions))")
        #expect(!(try dir.read("F/a.json")).contains("\"recording\""))
    }

    @Test("review --json - prints the pending recordings as JSON only: path, fixture, changes, provenance")
    func reviewJSON() throws {
        let dir = try mismatch(); defer { dir.cleanup() }
        _ = try CLI.run(["record", "F"], in: dir.url, ci: "false")
        let r = try CLI.run(["review", "--json", "-", "F"], in: dir.url, ci: "false")
        #expect(r.status == 0, "\(r.stderr)")
        let root = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let pending = try #require(root?["pending"] as? [[String: Any]], "\(r.stdout)")
        #expect(pending.count == 1)
        #expect(pending.first?["path"] as? String == "F/a.json.new" && pending.first?["fixture"] as? String == "F/a.json")
        // Item 2 moves back up 5 pt: one change, at expected.sections[0].items[2].
        let changes = try #require(pending.first?["changes"] as? [[String: Any]])
        #expect(changes.count == 1 && (changes.first?["path"] as? String)?.contains("items[2]") == true, "\(changes)")
        #expect((pending.first?["provenance"] as? [String: Any])?["engine"] as? String == "reference")
        // Into a file, beside the text.
        let file = try CLI.run(["review", "--json", "review.json", "F"], in: dir.url, ci: "false")
        #expect(file.stdout.contains("1 pending;") && dir.exists("review.json"))
    }

    @Test("review --diff-tool runs the tool on fixture and recording; WATERFALL_CHECK_DIFF_TOOL likewise; a tool that cannot run is exit 2")
    func diffTool() throws {
        let dir = try mismatch(); defer { dir.cleanup() }
        _ = try CLI.run(["record", "F"], in: dir.url, ci: "false")
        let r = try CLI.run(["review", "--list", "--diff-tool", "diff -u", "F"], in: dir.url, ci: "false")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("--- ") && r.stdout.contains("+++ ") && r.stdout.contains("a.json.new"), "\(r.stdout)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("-") && $0.hasSuffix("[0, 15, 50, 30]") } && lines.contains { $0.hasPrefix("+") && $0.hasSuffix("[0, 10, 50, 30]") }, "\(r.stdout)")
        // The environment variable instead of the option.
        let env = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "CI": "false", "WATERFALL_CHECK_DIFF_TOOL": "echo DIFFTOOL"]
        let (status, o, _) = try Subprocess(try CLI.executable().path, ["review", "--list", "F"], in: dir.url, environment: env).finish()
        #expect(status == 0 && String(decoding: o, as: UTF8.self).contains("DIFFTOOL \(dir.url.path)/F/a.json"), "\(String(decoding: o, as: UTF8.self))")
        let broken = try CLI.run(["review", "--list", "--diff-tool", "no-such-diff-tool-36", "F"], in: dir.url, ci: "false")
        #expect(broken.status == 2 && broken.stderr.contains("--diff-tool 'no-such-diff-tool-36' exited 127"), "\(broken.stderr)")
    }

    @Test("in a pty: A accepts this recording and every later one; R rejects them all")
    func acceptRejectAll() throws {
        let script = ExternalTestSupport.packageRoot.appendingPathComponent("Tests/WaterfallCheckTestSupport/FakeEngines/pty_keys.py").path
        for (key, verb, summary) in [("A", "accepted", "3 accepted, 0 rejected, 0 skipped, 0 failed"),
                                     ("R", "rejected", "0 accepted, 3 rejected, 0 skipped, 0 failed")] {
            let dir = try TempDir(); defer { dir.cleanup() }
            for n in ["a", "b", "c"] { try dir.write(TwoColumns.fixture(n, expected: nil), to: "F/\(n).json") }
            #expect(try CLI.run(["record", "F"], in: dir.url, ci: "false").status == 0)
            let run = try Subprocess("/usr/bin/env", ["python3", script, dir.url.path, key, "quit: ", try CLI.executable().path, "review"],
                                     environment: ProcessInfo.processInfo.environment).finish()
            let out = String(decoding: run.stdout, as: UTF8.self)
            #expect(run.status == 0, "\(out)")
            #expect(out.components(separatedBy: "quit: ").count == 2, "one prompt only: \(out)")
            #expect(["a", "b", "c"].allSatisfy { out.contains("\(verb) F/\($0).json.new") } && out.contains(summary), "\(out)")
            #expect(!dir.exists("F/a.json.new") && !dir.exists("F/c.json.new"))
            let c = try FixtureReader.read(contentsOf: dir.url.appendingPathComponent("F/c.json"))
            #expect(c.expected == (key == "A" ? .layout(TwoColumns.result) : nil))
        }
    }

    @Test("verify --review records the mismatch pending review and lists it (no terminal); refused in CI, nothing written")
    func verifyReview() throws {
        let dir = try mismatch(); defer { dir.cleanup() }
        let ci = try CLI.run(["verify", "--review", "F"], in: dir.url, ci: "true")
        #expect(ci.status == 2 && !dir.exists("F/a.json.new"), "\(ci.stderr)")
        let r = try CLI.run(["verify", "--review", "F"], in: dir.url, ci: "false")
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("review:\nF/a.json.new: 1 change in expected") && r.stdout.contains("1 pending;"), "\(r.stdout)")
        let pending = try FixtureReader.read(contentsOf: dir.url.appendingPathComponent("F/a.json.new"))
        #expect(pending.expected == .layout(TwoColumns.result))
        #expect(RecordingProvenance(pending)?.command == "waterfall-check verify --review F")
        #expect(!dir.exists("F/b.json.new"))
    }

    @Test("verify notes saved regressions (input-only fixtures) that now pass, with the command that records their expected")
    func regressionsThatNowPass() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try dir.write(TwoColumns.fixture("r", expected: nil), to: "regressions/r.json")
        let r = try CLI.run(["verify", "--tolerance", "0.01", "regressions"], in: dir.url, ci: "true")
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("note: 1 saved regression (an input-only fixture) now passes every invariant: regressions/r.json"), "\(r.stderr)")
        #expect(r.stderr.contains("to keep it as golden: waterfall-check record --tolerance 0.01 --mode missing regressions/r.json, then review"), "\(r.stderr)")
        // The command works: it records the expected the reference engine gives.
        #expect(try CLI.run(["record", "--tolerance", "0.01", "--mode", "missing", "regressions/r.json"], in: dir.url, ci: "false").status == 0)
        #expect(try FixtureReader.read(contentsOf: dir.url.appendingPathComponent("regressions/r.json.new")).expected == .layout(TwoColumns.result))
    }
}

@Suite("disabled fixtures (issue 36)")
struct DisabledFixtureCLITests {
    @Test("a disabled fixture is never run nor recorded, and the text, --github, --json and --junit reports all show it with its reason")
    func disabledInEveryReport() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        var a = TwoColumns.fixture("a", expected: .layout(TwoColumns.moving(2, by: 5)))  // a mismatch if it ran
        a.disabled = "flaky on the web engine (issue 99)"
        try dir.write(a, to: "F/a.json")
        try dir.write(TwoColumns.fixture("b"), to: "F/b.json")
        #expect(try dir.read("F/a.json").contains("  \"disabled\": \"flaky on the web engine (issue 99)\",\n  \"layout\""))
        #expect(try FixtureReader.read(contentsOf: dir.url.appendingPathComponent("F/a.json")).disabled == a.disabled)
        let r = try CLI.run(["verify", "--github", "--json", "out.json", "--junit", "junit.xml", "F"], in: dir.url, ci: "true")
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("DISABLED F/a.json: flaky on the web engine (issue 99)\n"), "\(r.stdout)")
        #expect(r.stdout.contains("2 fixtures: 1 passed, 0 failed, 0 errors, 1 skipped (1 disabled)"), "\(r.stdout)")
        #expect(r.stdout.contains("::warning file=F/a.json,title=disabled%3A a::disabled: flaky on the web engine (issue 99)"), "\(r.stdout)")
        #expect(try dir.read("out.json").contains("\"message\": \"disabled: flaky on the web engine (issue 99)\""))
        #expect(try dir.read("junit.xml").contains("disabled: flaky on the web engine (issue 99)"))
        let rec = try CLI.run(["record", "--mode", "all", "F"], in: dir.url, ci: "false")
        #expect(rec.status == 0 && !dir.exists("F/a.json.new"), "\(rec.stdout)")
    }

    @Test("an empty reason is a fixture error naming the field")
    func emptyReason() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let text = CanonicalWriter.string(for: TwoColumns.fixture("a")).replacingOccurrences(of: "\"layout\":", with: "\"disabled\": \" \",\n  \"layout\":")
        try dir.write(text, to: "F/a.json")
        let r = try CLI.run(["verify", "F"], in: dir.url, ci: "true")
        #expect(r.status == 2 && r.stdout.contains("disabled must say why"), "\(r.stdout)\(r.stderr)")
    }
}

@Suite("WATERFALL_CHECK_PENDING_DIR: pending recordings outside the source tree (issue 36)")
struct PendingDirectoryCLITests {
    func run(_ arguments: [String], in dir: TempDir, pending: String, ci: String) throws -> CLI.Output {
        let env = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "CI": ci, "WATERFALL_CHECK_PENDING_DIR": pending]
        let (status, o, e) = try Subprocess(try CLI.executable().path, arguments, in: dir.url, environment: env).finish()
        return CLI.Output(status: status, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    @Test("record writes into the pending directory, not beside the fixture; review, verify in CI and accept find it there")
    func outsideTheTree() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let outside = try TempDir(); defer { outside.cleanup() }
        let pend = outside.url.appendingPathComponent("pending").path
        try dir.write(TwoColumns.fixture("a", expected: .layout(TwoColumns.moving(2, by: 5))), to: "F/a.json")
        let rec = try run(["record", "F"], in: dir, pending: pend, ci: "false")
        #expect(rec.status == 0, "\(rec.stdout)\(rec.stderr)")
        #expect(!dir.exists("F/a.json.new"))
        #expect(FileManager.default.fileExists(atPath: pend + "/F/a.json.new"))
        let review = try run(["review", "--list", "F"], in: dir, pending: pend, ci: "false")
        #expect(review.stdout.contains("\(pend)/F/a.json.new: 1 change in expected"), "\(review.stdout)")
        let json = try run(["review", "--json", "-", "F"], in: dir, pending: pend, ci: "false")
        #expect(json.stdout.contains("\"fixture\": \"\(FilePath.resolved(dir.url.path))/F/a.json\""), "\(json.stdout)")
        let verify = try run(["verify", "F"], in: dir, pending: pend, ci: "true")
        #expect(verify.status == 2 && verify.stdout.contains("pending recording not reviewed"), "\(verify.stdout)")
        let accept = try run(["accept", "F"], in: dir, pending: pend, ci: "false")
        #expect(accept.status == 0, "\(accept.stdout)\(accept.stderr)")
        #expect(try FixtureReader.read(contentsOf: dir.url.appendingPathComponent("F/a.json")).expected == .layout(TwoColumns.result))
        #expect(!FileManager.default.fileExists(atPath: pend + "/F/a.json.new"))
    }
}

@Suite("verify --unreferenced=warn|reject|delete (issue 36)")
struct UnreferencedCLITests {
    /// `F/a.json` (the run reads it), `Old/x.json` (nothing reads it), `F/gone.json.new` (its fixture is gone).
    func tree() throws -> TempDir {
        let dir = try TempDir()
        try dir.write(TwoColumns.fixture("a"), to: "F/a.json")
        try dir.write(TwoColumns.fixture("x"), to: "Old/x.json")
        try dir.write(TwoColumns.fixture("gone"), to: "F/gone.json.new")
        return dir
    }

    @Test("warn lists the golden no PATH reads and the orphaned pending recording, and the run passes")
    func warn() throws {
        let dir = try tree(); defer { dir.cleanup() }
        let r = try CLI.run(["verify", "--unreferenced=warn", "F"], in: dir.url, ci: "false")
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("warning: 2 unreferenced files under . (no PATH of this run reads them):\n  F/gone.json.new\n  Old/x.json\n"), "\(r.stderr)")
        #expect(!r.stderr.contains("F/a.json\n"))
    }

    @Test("reject makes the run an error (exit 2); a run that reads everything passes")
    func reject() throws {
        let dir = try tree(); defer { dir.cleanup() }
        let r = try CLI.run(["verify", "--unreferenced", "reject", "--fixture-root", ".", "F"], in: dir.url, ci: "false")
        #expect(r.status == 2 && r.stderr.contains("error: 2 unreferenced files"), "\(r.stderr)")
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("F/gone.json.new"))
        let all = try CLI.run(["verify", "--unreferenced", "reject", "F", "Old"], in: dir.url, ci: "true")
        #expect(all.status == 0, "\(all.stdout)\(all.stderr)")
    }

    @Test("delete removes them locally, and is refused in CI with nothing removed")
    func delete() throws {
        let dir = try tree(); defer { dir.cleanup() }
        let ci = try CLI.run(["verify", "--unreferenced", "delete", "F"], in: dir.url, ci: "true")
        #expect(ci.status == 2 && dir.exists("Old/x.json") && dir.exists("F/gone.json.new"), "\(ci.stderr)")
        let r = try CLI.run(["verify", "--unreferenced", "delete", "F"], in: dir.url, ci: "false")
        #expect(r.status == 0 && r.stderr.contains("deleted unreferenced Old/x.json"), "\(r.stderr)")
        #expect(!dir.exists("Old/x.json") && !dir.exists("F/gone.json.new") && dir.exists("F/a.json"))
    }

    @Test("--fixture-root without --unreferenced is a usage error")
    func rootAlone() throws {
        let dir = try tree(); defer { dir.cleanup() }
        let r = try CLI.run(["verify", "--fixture-root", ".", "F"], in: dir.url, ci: "true")
        #expect(r.status == 2 && r.stderr.contains("--fixture-root is where --unreferenced looks"), "\(r.stderr)")
    }
}
