import Foundation
import Testing
import WaterfallCheck
import WaterfallCheckTestSupport

/// Issue 32 follow-up: a replay line, and the `source` of a saved counterexample, carry every
/// option the run was judged with (`--conventions`, `--expect-claims`, `--max-skipped`, besides
/// `--tolerance` and `--invariants`), so the replay judges as the run did.
@Suite("replay lines keep the judging options")
struct ReplayJudgementCLITests {
    @Test("fuzz: --conventions FILE, --expect-claims and --max-skipped are on the group's replay line, the saved source and the run's line; the line replays to the same status")
    func judgingOptionsReplayed() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        _ = try dir.write(#"{"conventions": {}}"#, to: "c.json")
        _ = try dir.write(#"{"features": []}"#, to: "claims.json")
        let engine = "exec:python3 \(ExternalTestSupport.fakeEngine) nudge"
        let found = try CLI.run(["fuzz", "--engine", engine, "--seed", "1", "--cases", "20", "--tolerance", "0",
                                 "--invariants", "stacking", "--shrink-time", "2", "--save", "saved", "--jobs", "1",
                                 "--conventions", "c.json", "--expect-claims", "claims.json", "--max-skipped", "50"],
                                in: dir.url, ci: "true")
        #expect(found.status == 1, "\(found.stdout)\(found.stderr)")
        let judging = " --conventions c.json --expect-claims claims.json --max-skipped 50"
        let replayLine = try #require(found.stdout.split(separator: "\n").first { $0.hasPrefix("  replay: waterfall-check fuzz") })
        #expect(replayLine.contains("--tolerance 0.0 --invariants stacking\(judging) --save saved"), "\(replayLine)")
        #expect(found.stdout.contains("replay this run: waterfall-check fuzz --engine 'exec:python3 \(ExternalTestSupport.fakeEngine) nudge' --seed 1 --cases 1 --tolerance 0.0 --invariants stacking\(judging) --save saved\n"), "\(found.stdout)")
        let saved = try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("saved").path)
        let file = try #require(saved.first { $0.hasPrefix("fuzz-stacking-") })
        let fixture = try FixtureReader.read(contentsOf: dir.url.appendingPathComponent("saved/" + file))
        #expect("  replay: " + (fixture.source ?? "") == String(replayLine))

        // The replay line, run as a shell would, reads the same files and fails the same way.
        let replayed = try CLI.runPrinted(replayLine, prefix: "  replay: ", extra: " --jobs 1 --shrink-time 1 2>/dev/null", in: dir.url)
        #expect(replayed.status == 1, "\(replayed.command)")
        #expect(replayed.stdout.contains("conventions (c.json): none"), "\(replayed.stdout)")
    }

    @Test("fuzz --partial and merge-reports: the merged report's replay lines keep the judging options")
    func mergedReplayKeepsThem() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        _ = try dir.write(#"{"conventions": {}}"#, to: "c.json")
        let engine = "exec:python3 \(ExternalTestSupport.fakeEngine) nudge"
        let part = try CLI.run(["fuzz", "--engine", engine, "--seed", "1", "--cases", "4", "--tolerance", "0", "--invariants", "stacking",
                                "--shrink-time", "1", "--jobs", "1", "--keep-going", "--conventions", "c.json", "--max-skipped", "50",
                                "--save", "saved", "--partial", "p.json"], in: dir.url, ci: "true")
        #expect(part.status == 1, "\(part.stdout)\(part.stderr)")
        let merged = try CLI.run(["merge-reports", "p.json", "--json", "m.json"], in: dir.url, ci: "true")
        #expect(merged.status == 1, "\(merged.stdout)\(merged.stderr)")
        let json = try String(contentsOf: dir.url.appendingPathComponent("m.json"), encoding: .utf8)
        #expect(json.contains("--invariants stacking --conventions c.json --max-skipped 50 --save saved"), "\(json)")
    }

    @Test("fuzz: --conventions auto stays auto on the replay line (the replay detects them again); an explicit default --tolerance is kept (it overrides saved fixtures' own)")
    func autoStaysAuto() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let r = try CLI.run(["fuzz", "--engine", "reference", "--seed", "3", "--cases", "5", "--jobs", "1", "--conventions", "auto",
                             "--max-skipped", "12.5", "--tolerance", "0.001", "--save", "saved"], in: dir.url, ci: "true")
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("replay this run: waterfall-check fuzz --engine reference --seed 3 --cases 5 --conventions auto --max-skipped 12.5 --tolerance 0.001 --save saved\n"), "\(r.stdout)")
    }
}
