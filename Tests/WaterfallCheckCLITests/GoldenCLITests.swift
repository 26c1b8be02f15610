import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// `waterfall-check verify` end to end, on the reference engine.
@Suite("verify command")
struct GoldenCLITests {
    /// `Fixtures/basic/{a,b}.json` passing and `Fixtures/basic/c.json` with item 0.2 off by 24 pt.
    func corpus(drift: Bool) throws -> TempDir {
        let dir = try TempDir()
        try dir.write(TwoColumns.fixture("a"), to: "Fixtures/basic/a.json")
        try dir.write(TwoColumns.fixture("b"), to: "Fixtures/basic/b.json")
        try dir.write(TwoColumns.fixture("c", expected: .layout(drift ? TwoColumns.moving(2, by: 24) : TwoColumns.result)),
                      to: "Fixtures/basic/c.json")
        return dir
    }

    @Test("all passing: exit 0 and the total line")
    func passing() throws {
        let dir = try corpus(drift: false); defer { dir.cleanup() }
        let r = try CLI.run(["verify", "Fixtures"], in: dir.url)
        #expect(r.status == 0)
        // The claims the run was judged with come first (issue 33).
        #expect(r.stdout == "judged with: the exact claims (every feature, the query capability, both tie breaks, doubles, lengths to 1e9 pt, the strict query predicate)\n"
                + "3 fixtures: 3 passed, 0 failed, 0 errors, 0 skipped\n")
    }

    @Test("a mismatch: exit 1, the path and first difference in one line, a table, the total")
    func mismatch() throws {
        let dir = try corpus(drift: true); defer { dir.cleanup() }
        let r = try CLI.run(["verify", "--jobs", "2", "Fixtures"], in: dir.url)
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        // Expected item 0.2 is [0, 34, 50, 30]; the engine puts it at y 10 (TwoColumns).
        // In canonical form the expected frame of item 0.2 is on line 32 (2 lines of header, 12 of
        // layout, 9 of sections, then expected: contentSize, sections, items), at column 11.
        #expect(lines.first?.hasPrefix("judged with: ") == true)
        #expect(lines.dropFirst().first == "FAIL Fixtures/basic/c.json:32:11: item 0.2 moved by 24 pt: expected [0, 34, 50, 30] actual [0, 10, 50, 30]")
        #expect(lines.contains("  item 0.2  [0, 34, 50, 30]  [0, 10, 50, 30]  24"))
        #expect(lines.last == "3 fixtures: 2 passed, 1 failed, 0 errors, 0 skipped")
        #expect(r.stderr == "if the new output is right: waterfall-check record Fixtures, then review\n")
        // The hint repeats the run's tolerance and engine options, and leaves out a path that names
        // no fixture (record exited 2 on it).
        let more = try CLI.run(["verify", "--tolerance", "0.5", "--engine-timeout", "30", "Fixtures", "Missing"], in: dir.url, ci: "false")
        #expect(more.status == 2)
        #expect(more.stderr.hasSuffix("if the new output is right: waterfall-check record --engine-timeout 30.0 --tolerance 0.5 Fixtures, then review\n"), "\(more.stderr)")
    }

    @Test("a mismatch whose new output overlaps: verify names what record would refuse, and does not advise recording it")
    func mismatchRecordWouldRefuse() throws {
        let dir = try corpus(drift: false); defer { dir.cleanup() }
        // The fake engine's overlap mode puts each section's last item on its first: every golden
        // differs, and the new output breaks no-overlap, which record refuses without --force.
        let engine = "exec:python3 \(ExternalTestSupport.fakeEngine) overlap"
        let r = try CLI.run(["verify", "--engine", engine, "--jobs", "1", "Fixtures"], in: dir.url)
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("note: Fixtures/basic/a.json: the new output breaks no-overlap"), "\(r.stderr)")
        #expect(r.stderr.contains("record would refuse it: fix the engine, not the golden"), "\(r.stderr)")
        #expect(!r.stderr.contains("if the new output is right"), "\(r.stderr)")
        // What the note promises: record does refuse it, and writes nothing.
        let record = try CLI.run(["record", "--engine", engine, "Fixtures"], in: dir.url)
        #expect(record.status == 1, "\(record.stdout)\(record.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("Fixtures/basic/a.json.new").path))
    }

    @Test("usage and path problems exit 2 with a message")
    func usageAndPaths() throws {
        let dir = try corpus(drift: false); defer { dir.cleanup() }
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("Empty"), withIntermediateDirectories: true)
        let empty = try CLI.run(["verify", "Empty"], in: dir.url)
        #expect(empty.status == 2 && empty.stdout.contains("no fixtures (*.json) under Empty"))
        let missing = try CLI.run(["verify", "Nope"], in: dir.url)
        #expect(missing.status == 2 && missing.stdout.contains("no such file or directory: Nope"))
        let noPaths = try CLI.run(["verify"], in: dir.url)
        #expect(noPaths.status == 2 && noPaths.stderr.contains("verify needs at least one fixture file or directory"))
        let badShard = try CLI.run(["verify", "--shard", "3/2", "Fixtures"], in: dir.url)
        #expect(badShard.status == 2 && badShard.stderr.contains("--shard expects K/N"))
        let badEngine = try CLI.run(["verify", "--engine", "nope", "Fixtures"], in: dir.url)
        #expect(badEngine.status == 2 && badEngine.stderr.contains("no engine named 'nope'"))
    }

    @Test("in CI a pending recording fails verify with exit 2; locally it is a note")
    func pendingInCI() throws {
        let dir = try corpus(drift: false); defer { dir.cleanup() }
        try dir.write(TwoColumns.fixture("b"), to: "Fixtures/basic/b.json.new")
        let local = try CLI.run(["verify", "Fixtures"], in: dir.url)
        #expect(local.status == 0 && local.stderr.contains("note: 1 pending recording"))
        for ci in ["true", "1", "yes"] {
            let r = try CLI.run(["verify", "Fixtures"], in: dir.url, ci: ci)
            #expect(r.status == 2, "CI=\(ci)")
            #expect(r.stdout.contains("ERROR Fixtures/basic/b.json.new: pending recording not reviewed"))
            // Three fixtures, and the pending recording counted apart (it said "4 fixtures").
            #expect(r.stdout.hasSuffix("3 fixtures: 3 passed, 0 failed, 0 errors, 0 skipped; also 1 error: 1 pending recording not reviewed\n"), "\(r.stdout)")
        }
        // A missing path beside the fixtures is an error, not a fixture.
        let missing = try CLI.run(["verify", "Fixtures", "Nope"], in: dir.url, ci: "false")
        #expect(missing.status == 2)
        #expect(missing.stdout.hasSuffix("3 fixtures: 3 passed, 0 failed, 0 errors, 0 skipped; also 1 error: 1 path that names no fixture\n"), "\(missing.stdout)")
        for off in ["0", "false", "FALSE"] { #expect(try CLI.run(["verify", "Fixtures"], in: dir.url, ci: off).status == 0, "CI=\(off)") }
    }

    @Test("reports named on the command line are written, in CI too; GitHub annotations go to stdout")
    func reportsInCI() throws {
        let dir = try corpus(drift: true); defer { dir.cleanup() }
        let r = try CLI.run(["verify", "--junit", "out/junit.xml", "--json", "out/summary.json", "--github", "Fixtures"],
                            in: dir.url, ci: "true")
        #expect(r.status == 1)
        #expect(try dir.read("out/junit.xml").contains("<testsuite name=\"Fixtures/basic\" tests=\"3\" failures=\"1\""))
        let summary = try JSONSerialization.jsonObject(with: Data(try dir.read("out/summary.json").utf8)) as? [String: Any]
        #expect(summary?["failed"] as? Int == 1 && summary?["passed"] as? Int == 2)
        let annotation = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("::error ") })
        #expect(annotation.hasPrefix("::error file=Fixtures/basic/c.json,line=32,col=11,"))
        #expect(annotation.contains("title=golden mismatch%3A c::item 0.2 moved by 24 pt"))
    }

    @Test("--shard K/N: N runs together cover every fixture exactly once")
    func shards() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        for i in 0..<17 { try dir.write(TwoColumns.fixture("f\(i)"), to: "F/s\(i % 3)/f\(i).json") }
        var names: [String] = []
        for k in 1...4 {
            let r = try CLI.run(["verify", "--shard", "\(k)/4", "--json", "s\(k).json", "F"], in: dir.url)
            #expect(r.status == 0)
            let o = try JSONSerialization.jsonObject(with: Data(try dir.read("s\(k).json").utf8)) as? [String: Any]
            names += (o?["results"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String }
        }
        #expect(names.count == 17 && Set(names).count == 17)
    }
}
