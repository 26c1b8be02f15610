import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// Issue 14 item 3: `review` in a terminal accepts, rejects and skips per key; `accept --all`
/// and `review` without a path work on the last record's roots only.
@Suite("interactive review, last record's roots")
struct ReviewInteractiveTests {
    /// `F/a.json`, `F/b.json`, `F/c.json` without expected, recorded: three pending files.
    func recorded() throws -> TempDir {
        let dir = try TempDir()
        for n in ["a", "b", "c"] { try dir.write(TwoColumns.fixture(n, expected: nil), to: "F/\(n).json") }
        let r = try CLI.run(["record", "F"], in: dir.url, ci: "false")
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        return dir
    }

    @Test("in a pty: a accepts, r rejects, s skips; a summary at the end")
    func keys() throws {
        let dir = try recorded(); defer { dir.cleanup() }
        let script = ExternalTestSupport.packageRoot.appendingPathComponent("Tests/WaterfallCheckTestSupport/FakeEngines/pty_keys.py").path
        let run = try Subprocess("/usr/bin/env", ["python3", script, dir.url.path, "ars", "quit: ", try CLI.executable().path, "review"],
                                 environment: ProcessInfo.processInfo.environment).finish()
        let out = String(decoding: run.stdout, as: UTF8.self)
        #expect(run.status == 0, "\(out)")
        #expect(out.contains("[1/3] a accept, r reject, s skip, A accept all, R reject all, q quit: a"), "\(out)")
        #expect(out.contains("accepted F/a.json.new") && out.contains("rejected F/b.json.new"), "\(out)")
        #expect(out.contains("1 accepted, 1 rejected, 1 skipped, 0 failed"), "\(out)")
        #expect(try FixtureReader.read(contentsOf: dir.url.appendingPathComponent("F/a.json")).expected == .layout(TwoColumns.result))
        #expect(!dir.exists("F/a.json.new") && !dir.exists("F/b.json.new") && dir.exists("F/c.json.new"))
    }

    @Test("without a terminal review only prints; accept --all touches only the last record's roots")
    func roots() throws {
        let dir = try recorded(); defer { dir.cleanup() }
        // A forgotten pending file from an earlier experiment, outside the last record's roots.
        try dir.write(TwoColumns.fixture("old", expected: nil), to: "Old/old.json")
        try dir.write(TwoColumns.fixture("old"), to: "Old/old.json.new")
        let review = try CLI.run(["review"], in: dir.url, ci: "false")
        #expect(review.status == 0 && review.stdout.contains("3 pending;") && !review.stdout.contains("Old/"), "\(review.stdout)")
        let accept = try CLI.run(["accept", "--all"], in: dir.url, ci: "false")
        #expect(accept.status == 0 && accept.stdout == "accepted F/a.json.new\naccepted F/b.json.new\naccepted F/c.json.new\n", "\(accept.stdout)")
        #expect(dir.exists("Old/old.json.new"))
    }

    @Test("no path and no last record: review and accept --all refuse (exit 2) and ask for a path")
    func noLastRecord() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try dir.write(TwoColumns.fixture("old"), to: "Old/old.json.new")
        for args in [["review"], ["accept", "--all"], ["reject", "--all"]] {
            let r = try CLI.run(args, in: dir.url, ci: "false")
            #expect(r.status == 2 && r.stderr.contains("no PATH given and no last record"), "\(args): \(r.stderr)")
        }
        #expect(dir.exists("Old/old.json.new"))
    }
}
