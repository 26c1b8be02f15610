import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
import WaterfallCheckTestSupport

/// Sharded runs that add up (`verify --shard K/N --partial`, `merge-reports`), `fuzz --shard`, and
/// counterexample folders merged into one (`merge`), end to end (docs/sharding.md).
@Suite("shards and merges")
struct ShardMergeCLITests {
    /// 17 fixtures in 3 folders: f2 and f12 failing (item 0.2 off by 24 pt), f7 without expected
    /// (checked), the other 14 passing; `errors` adds a duplicate name, an unreadable file and a pending recording.
    func corpus(errors: Bool) throws -> TempDir {
        let dir = try TempDir()
        for i in 0..<17 {
            let failing = i % 5 == 2
            let fixture = i == 7 ? TwoColumns.fixture("f\(i)", expected: nil)
                : TwoColumns.fixture("f\(i)", expected: .layout(failing ? TwoColumns.moving(2, by: 24) : TwoColumns.result))
            try dir.write(fixture, to: "F/s\(i % 3)/f\(i).json")
        }
        if errors {
            try dir.write(TwoColumns.fixture("f1"), to: "F/s1/z-same-name.json")
            try dir.write("{ \"name\": ", to: "F/s2/broken.json")
            try dir.write(TwoColumns.fixture("f0", expected: .layout(TwoColumns.moving(1, by: 3))), to: "F/s0/f0.json.new")
        }
        return dir
    }

    /// The `::error` lines of a run's standard output.
    func annotations(_ out: String) -> String {
        out.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.hasPrefix("::error") }.joined(separator: "\n")
    }

    /// Runs `verify` unsharded and in 4 shards merged; expects the JSON, JUnit and GitHub reports
    /// equal byte for byte and the same exit status.
    func expectShardsAddUp(_ dir: TempDir, paths: [String], options: [String] = [], ci: String?, status: Int32) throws {
        let whole = try CLI.run(["verify", "--json", "u.json", "--junit", "u.xml", "--github"] + options + paths, in: dir.url, ci: ci)
        #expect(whole.status == status, "\(whole.stdout)\(whole.stderr)")
        var parts: [String] = []
        for k in 1...4 {
            let r = try CLI.run(["verify", "--shard", "\(k)/4", "--partial", "p\(k).json"] + options + paths, in: dir.url, ci: ci)
            #expect(r.status <= 2, "\(r.stderr)")
            parts.append("p\(k).json")
        }
        // Given in another order than 1...4: the merge orders the results, not the arguments.
        let merged = try CLI.run(["merge-reports", "--json", "m.json", "--junit", "m.xml", "--github"] + parts.reversed(), in: dir.url, ci: ci)
        #expect(merged.status == status, "\(merged.stdout)\(merged.stderr)")
        #expect(try dir.read("m.json") == dir.read("u.json"))
        #expect(try dir.read("m.xml") == dir.read("u.xml"))
        #expect(annotations(merged.stdout) == annotations(whole.stdout))
    }

    @Test("verify: 4 shards' partial reports merge into the unsharded JSON, JUnit, GitHub reports and exit status")
    func verifyShardsAddUp() throws {
        let failing = try corpus(errors: false); defer { failing.cleanup() }
        try expectShardsAddUp(failing, paths: ["F"], ci: nil, status: 1)
        // Errors of every kind: a duplicate name (reported by the shard holding the later file), an
        // unreadable fixture, a path that names no fixture (every shard's, reported once), a
        // pending recording in CI (after the fixtures).
        let errors = try corpus(errors: true); defer { errors.cleanup() }
        try expectShardsAddUp(errors, paths: ["F", "Nope"], ci: "true", status: 2)
        #expect(try errors.read("m.json").contains("duplicate fixture name"))
        #expect(try errors.read("m.json").contains("pending recording not reviewed"))
        let passing = try TempDir(); defer { passing.cleanup() }
        for i in 0..<6 { try passing.write(TwoColumns.fixture("p\(i)"), to: "F/p\(i).json") }
        try expectShardsAddUp(passing, paths: ["F"], ci: nil, status: 0)
        // Most of the edge fixtures use features classic 002 does not declare (skipped on its own
        // claims): the skip warning, and --max-skipped failing the run, counted over the whole
        // run, not each shard's share (a claims line in every report).
        let skips = try TempDir(); defer { skips.cleanup() }
        try FileManager.default.copyItem(at: ExternalTestSupport.packageRoot.appendingPathComponent("Fixtures/edge"), to: skips.url.appendingPathComponent("E"))
        let whole = try CLI.run(["verify", "--engine", "classic-002-waterflowlayout", "E"], in: skips.url)
        try expectShardsAddUp(skips, paths: ["E"], options: ["--engine", "classic-002-waterflowlayout", "--max-skipped", "10"], ci: nil, status: whole.status)
        #expect(try skips.read("m.json").contains("\"skipWarning\": \"most fixtures were skipped"))
        #expect(try skips.read("m.xml").contains("more than --max-skipped 10% allows"))
    }

    @Test("merge-reports refuses a missing shard, a shard given twice, parts of different runs and a file that is no part")
    func mergeReportsRefuses() throws {
        let dir = try corpus(errors: false); defer { dir.cleanup() }
        for k in 1...3 { _ = try CLI.run(["verify", "--shard", "\(k)/3", "--partial", "p\(k).json", "F"], in: dir.url) }
        _ = try CLI.run(["verify", "--shard", "1/2", "--partial", "q1.json", "F"], in: dir.url)
        let missing = try CLI.run(["merge-reports", "p1.json", "p3.json", "--json", "m.json"], in: dir.url)
        #expect(missing.status == 2 && missing.stderr.contains("shard 2/3 missing"), "\(missing.stderr)")
        #expect(!dir.exists("m.json"))
        let twice = try CLI.run(["merge-reports", "p1.json", "p2.json", "p3.json", "p2.json"], in: dir.url)
        #expect(twice.status == 2 && twice.stderr.contains("shard 2/3 is given twice"), "\(twice.stderr)")
        let mixed = try CLI.run(["merge-reports", "p1.json", "p2.json", "p3.json", "q1.json"], in: dir.url)
        #expect(mixed.status == 2 && mixed.stderr.contains("not the same run's shards"), "\(mixed.stderr)")
        // Shards given other paths: shard 2 also names a missing path the others do not.
        _ = try CLI.run(["verify", "--shard", "2/3", "--partial", "other-2.json", "F", "Nope"], in: dir.url)
        let otherPaths = try CLI.run(["merge-reports", "p1.json", "other-2.json", "p3.json"], in: dir.url)
        #expect(otherPaths.status == 2 && otherPaths.stderr.contains("were the shards given the same paths?"), "\(otherPaths.stderr)")
        _ = try CLI.run(["verify", "--json", "summary.json", "F"], in: dir.url)
        let notPart = try CLI.run(["merge-reports", "summary.json"], in: dir.url)
        #expect(notPart.status == 2 && notPart.stderr.contains("summary.json: not a partial report"), "\(notPart.stderr)")
        let all = try CLI.run(["merge-reports", "p3.json", "p1.json", "p2.json"], in: dir.url)
        #expect(all.status == 1 && all.stdout.contains("verify: 3 shard(s), 17 result(s): 14 passed, 2 failed, 0 errors, 0 skipped, 1 checked"), "\(all.stdout)")
    }

    @Test("merge-reports refuses a part of another engine or tolerance, a part cut short, and an edited status (adversary round 4)")
    func mergeReportsRefusesTampering() throws {
        let dir = try corpus(errors: false); defer { dir.cleanup() }
        for k in 1...2 { _ = try CLI.run(["verify", "--shard", "\(k)/2", "--partial", "p\(k).json", "F"], in: dir.url) }
        // Another tolerance (or engine) is another run, whatever its claims.
        _ = try CLI.run(["verify", "--shard", "2/2", "--tolerance", "1000", "--partial", "loose-2.json", "F"], in: dir.url)
        let loose = try CLI.run(["merge-reports", "p1.json", "loose-2.json"], in: dir.url)
        #expect(loose.status == 2 && loose.stderr.contains("are not parts of one run"), "\(loose.stderr)")
        // A part with a result cut out: the run's fixtures do not add up.
        func edit(_ name: String, to out: String, _ body: (inout [[String: Any]]) -> Void) throws {
            var part = try JSONSerialization.jsonObject(with: Data(try dir.read(name).utf8)) as! [String: Any]
            var results = part["results"] as! [[String: Any]]
            body(&results)
            part["results"] = results
            try JSONSerialization.data(withJSONObject: part).write(to: dir.url.appendingPathComponent(out))
        }
        try edit("p2.json", to: "cut-2.json") { r in r.removeAll { $0["group"] as? Int == 1 && $0["status"] as? String == "failed" } }
        let cut = try CLI.run(["merge-reports", "p1.json", "cut-2.json"], in: dir.url)
        #expect(cut.status == 2 && cut.stderr.contains("a part was cut short or edited"), "\(cut.stderr)")
        // A failed result relabelled: the status counted must be the one its report shows.
        try edit("p2.json", to: "relabel-2.json") { r in
            if let i = r.firstIndex(where: { $0["status"] as? String == "failed" }) { r[i]["status"] = "passed" }
        }
        let relabel = try CLI.run(["merge-reports", "p1.json", "relabel-2.json"], in: dir.url)
        let both = try CLI.run(["merge-reports", "p1.json", "p2.json"], in: dir.url)
        #expect(both.status == 1, "\(both.stdout)\(both.stderr)")
        let p2 = try dir.read("p2.json")
        if !p2.contains("\"status\": \"failed\"") && !p2.contains("\"status\":\"failed\"") {
            // The failing fixtures fell in shard 1: relabelling shard 2 changed nothing.
            #expect(relabel.status == 1)
        } else {
            #expect(relabel.status == 2 && relabel.stderr.contains("differs from its json.status"), "\(relabel.stderr)")
        }
    }

    @Test("fuzz --shard K/N runs disjoint case ranges that cover the cases; it needs --seed and --cases")
    func fuzzShards() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        var ranges: [String] = []
        for k in 1...3 {
            let r = try CLI.run(["fuzz", "--engine", "reference", "--seed", "5", "--cases", "10", "--shard", "\(k)/3", "--save", "s"], in: dir.url)
            #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
            if let line = r.stdout.split(separator: "\n").first(where: { $0.contains("(shard") }) {
                ranges.append(String(line[line.range(of: "cases ", options: .backwards)!.upperBound...].prefix { $0 != ")" }))
            }
            #expect(r.stdout.contains("cases: \([3, 3, 4][k - 1]) in"), "\(r.stdout)")
        }
        #expect(ranges == ["0..<3", "3..<6", "6..<10"])
        let noSeed = try CLI.run(["fuzz", "--engine", "reference", "--cases", "10", "--shard", "1/3"], in: dir.url)
        #expect(noSeed.status == 2 && noSeed.stderr.contains("--shard K/N splits the --cases cases of one --seed"))
    }

    @Test("fuzz --keep-going: 4 shards' partial reports merge into the unsharded --json report (casesPerSecond apart) and exit status")
    func fuzzShardsAddUp() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        func withoutRate(_ file: String) throws -> String {
            try dir.read(file).split(separator: "\n").filter { !$0.contains("\"casesPerSecond\"") }.joined(separator: "\n")
        }
        // Classic 002 fails several invariants, first in different shards (each shard shrinks its
        // own first failure of each); the reference engine fails none. CI: nothing is saved, so a
        // failure names its fixture by name in both runs.
        for (engine, status) in [("classic-002-waterflowlayout", Int32(1)), ("reference", 0)] {
            let common = ["fuzz", "--engine", engine, "--seed", "7", "--cases", "400", "--keep-going"]
            let whole = try CLI.run(common + ["--json", "u.json"], in: dir.url, ci: "true")
            #expect(whole.status == status, "\(whole.stdout)")
            for k in 1...4 {
                let r = try CLI.run(common + ["--shard", "\(k)/4", "--partial", "p\(k).json"], in: dir.url, ci: "true")
                #expect(r.status <= 2, "\(r.stderr)")
            }
            let merged = try CLI.run(["merge-reports", "p2.json", "p4.json", "p1.json", "p3.json", "--json", "m.json"], in: dir.url)
            #expect(merged.status == status, "\(merged.stdout)\(merged.stderr)")
            #expect(try withoutRate("m.json") == withoutRate("u.json"))
            // One counterexample for no-overlap (a model-judged invariant keeps one: issue 32),
            // and the claims header (issue 33), as the unsharded run has them.
            if engine != "reference" { #expect(try dir.read("m.json").components(separatedBy: "\"invariant\": \"no-overlap\"").count == 2) }
            #expect(try dir.read("m.json").contains("\"judgedWith\""))
        }
        let noKeepGoing = try CLI.run(["fuzz", "--engine", "reference", "--seed", "7", "--cases", "40", "--shard", "1/4", "--partial", "p.json"], in: dir.url)
        #expect(noKeepGoing.status == 2 && noKeepGoing.stderr.contains("--partial needs --keep-going"), "\(noKeepGoing.stderr)")
    }

    @Test("compare: 4 shards' partial reports merge into the unsharded --json report, --github annotations and exit status")
    func compareShardsAddUp() throws {
        // The 17 fixtures and the repository's edge fixtures (dealt out by path), and 120 generated
        // cases (split in 4 ranges); classic 002 differs from the reference on most of them in a
        // few kinds, so a kind's first case and its later ones (alsoIn) fall in different shards,
        // and faults where only the classic throws (one-sided faults, shrunk as differences) too.
        // --max-skipped 10: the edge fixtures the classic's claims skip fail the run (a claims
        // line) counted over the whole run, not over every shard.
        let dir = try corpus(errors: false); defer { dir.cleanup() }
        try FileManager.default.copyItem(at: ExternalTestSupport.packageRoot.appendingPathComponent("Fixtures/edge"), to: dir.url.appendingPathComponent("F/edge"))
        for (candidate, status) in [("classic-002-waterflowlayout", Int32(1)), ("reference", 0)] {
            let common = ["compare", "--baseline", "reference", "--candidate", candidate, "--fuzz-cases", "120", "--seed", "3", "--jobs", "1",
                          "--max-skipped", "10", "F"]
            let whole = try CLI.run(common + ["--json", "u.json", "--github"], in: dir.url, ci: "true")
            #expect(whole.status == status, "\(whole.stdout)\(whole.stderr)")
            for k in 1...4 {
                let r = try CLI.run(common + ["--shard", "\(k)/4", "--partial", "p\(k).json"], in: dir.url, ci: "true")
                #expect(r.status <= 2, "\(r.stderr)")
            }
            let merged = try CLI.run(["merge-reports", "p4.json", "p2.json", "p1.json", "p3.json", "--json", "m.json", "--github"], in: dir.url)
            #expect(merged.status == status, "\(merged.stdout)\(merged.stderr)")
            #expect(try dir.read("m.json") == dir.read("u.json"))
            #expect(annotations(merged.stdout) == annotations(whole.stdout))
            if candidate != "reference" {
                let report = try dir.read("m.json")
                #expect(report.contains("\"alsoIn\": [\n") && report.contains("\"fault\": ") && report.contains("\"skipWarning\""), "\(report.prefix(2000))")
                #expect(annotations(merged.stdout).contains("more than --max-skipped"), "\(merged.stdout)")
            }
        }
        // A missing shard is refused, as for verify.
        let missing = try CLI.run(["merge-reports", "p1.json", "p2.json", "p4.json"], in: dir.url)
        #expect(missing.status == 2 && missing.stderr.contains("shard 3/4 missing"), "\(missing.stderr)")
    }

    @Test("merge: the shards' counterexample folders become one fixture per bug, the simplest, and verify keeps it red")
    func mergeFolders() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        // Each of 4 shards of one seed finds classic 002's pile-up (no-overlap; its bug key: an
        // item's top departs from §5) at its own case and saves it: one counterexample per
        // model-judged invariant (issue 32), so 4 files of one bug.
        for k in 1...4 {
            let r = try CLI.run(["fuzz", "--engine", "classic-002-waterflowlayout", "--seed", "7", "--cases", "400", "--shard", "\(k)/4",
                                 "--invariants", "no-overlap", "--jobs", "1", "--save", "s\(k)"], in: dir.url)
            #expect(r.status == 1, "\(r.stdout)")
        }
        let found = try (1...4).flatMap { k in try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("s\(k)").path).sorted().map { "s\(k)/\($0)" } }
        #expect(found.count == 4, "\(found)")
        func size(_ file: String) throws -> Int { try FixtureReader.read(contentsOf: dir.url.appendingPathComponent(file)).input.itemCount }
        let sizes = try Dictionary(uniqueKeysWithValues: found.map { ($0, try size($0)) })
        // A larger fixture of one of the bugs already in the destination is replaced by the smallest.
        var big = try FixtureReader.read(contentsOf: dir.url.appendingPathComponent(found[0]))
        big.name = "big"
        big.input.sections[0].items += Array(repeating: big.input.sections[0].items[0], count: 3)
        try dir.write(big, to: "db/big.json")
        let merged = try CLI.run(["merge", "--engine", "classic-002-waterflowlayout", "--into", "db", "s1", "s2", "s3", "s4"], in: dir.url)
        #expect(merged.status == 0, "\(merged.stdout)\(merged.stderr)")
        #expect(merged.stdout.contains("1 bug(s)"), "\(merged.stdout)")
        // One line per bug key; every saved file is in exactly one, and the kept one is its smallest.
        let bugs = merged.stdout.split(separator: "\n").filter { $0.hasPrefix("bug (") }
        #expect(Set(bugs.map { $0.prefix { $0 != ")" } }) == ["bug (departs from §5 at item: top"], "\(merged.stdout)")
        var listed: [String] = []
        for line in bugs {
            let files = line[line.range(of: "): ")!.upperBound...].split(separator: ";")
            let kept = String(files[0].prefix { $0 != "," })
            let others = files.count > 1 ? files[1].split(separator: ": ", maxSplits: 1)[1].split(separator: ", ").map(String.init) : []
            listed += [kept] + others
            #expect(others.filter { $0 != "db/big.json" }.allSatisfy { sizes[$0]! >= sizes[kept]! }, "\(line)")
        }
        #expect(listed.sorted() == (found + ["db/big.json"]).sorted(), "\(merged.stdout)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("db").path)
        #expect(kept.count == 1 && !kept.contains("big.json"), "\(kept)")
        let verify = try CLI.run(["verify", "--engine", "classic-002-waterflowlayout", "db"], in: dir.url)
        #expect(verify.status == 1 && verify.stdout.contains("1 failed"), "\(verify.stdout)")
        // The sources are never changed.
        #expect(try (1...4).allSatisfy { k in try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("s\(k)").path).count == 1 })
    }

    @Test("merge: two different bugs stay two; a fixture that cannot be read stops the merge before anything is written")
    func mergeKeepsBugsApart() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        // Every invariant: classic 002 shows several bugs (column alignment, the pile-up, ...).
        let r = try CLI.run(["fuzz", "--engine", "classic-002-waterflowlayout", "--seed", "7", "--cases", "100", "--jobs", "1", "--save", "a"], in: dir.url)
        #expect(r.status == 1)
        let merged = try CLI.run(["merge", "--engine", "classic-002-waterflowlayout", "--into", "db", "a"], in: dir.url)
        let bugs = merged.stdout.split(separator: "\n").filter { $0.hasPrefix("bug (") }
        #expect(bugs.count >= 3, "\(merged.stdout)")
        #expect(Set(bugs.map { $0.prefix { $0 != ")" } }).count == bugs.count)
        #expect(bugs.contains { $0.contains("departs from §5 at item: top") } && bugs.contains { $0.contains("departs from §5 at item: frame") })
        try dir.write("{ \"name\": ", to: "b/broken.json")
        let refused = try CLI.run(["merge", "--engine", "classic-002-waterflowlayout", "--into", "db2", "a", "b"], in: dir.url)
        #expect(refused.status == 2 && refused.stderr.contains("b/broken.json") && refused.stderr.contains("nothing merged"), "\(refused.stderr)")
        #expect(!dir.exists("db2"))
    }
}
