import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// `fuzz` and `compare` at the command line: nothing found is ever dropped, no fixture overwritten.
@Suite("fuzz and compare: command line")
struct FuzzCLITests {
    @Test("a saved counterexample that cannot be read fails the run (exit 1), never passes silently")
    func unreadableReplay() throws {
        let (dir, _) = try adversarialCorpus()
        defer { dir.cleanup() }
        try dir.write("{ \"format\": ", to: "saved/broken.json")
        let out = try CLI.run(["fuzz", "--cases", "5", "--seed", "1", "--save", "saved"], in: dir.url, ci: "true")
        #expect(out.status == 1, "\(out.stdout)\(out.stderr)")
        #expect(out.stdout.contains("replay FAIL saved/broken.json: cannot be read"), "\(out.stdout)")
        // The header names what runs: 5 cases (without --cases, 10000 cases; it said "10.0 s").
        #expect(out.stdout.contains(", 5 cases, "), "\(out.stdout)")
    }

    @Test("--json onto a fixture is refused for fuzz (save directory) and compare (PATHs)")
    func jsonOntoFixtures() throws {
        let (dir, text) = try adversarialCorpus()
        defer { dir.cleanup() }
        let fuzz = try CLI.run(["fuzz", "--cases", "5", "--save", "fx", "--json", "fx/a.json"], in: dir.url, ci: "true")
        #expect(fuzz.status == 2)
        let compare = try CLI.run(["compare", "--baseline", "reference", "--candidate", "reference", "--fuzz-cases", "0",
                                   "--json", "fx/a.json", "fx"], in: dir.url, ci: "true")
        #expect(compare.status == 2)
        #expect(compare.stderr.contains("--json fx/a.json would"), "\(compare.stderr)")
        #expect(try dir.read("fx/a.json") == text)
    }
}

@Suite("Option values")
struct OptionValueTests {
    @Test("hexadecimal or special tolerances, absurd job counts and scales are usage errors (exit 2)")
    func rejected() throws {
        let (dir, _) = try adversarialCorpus()
        defer { dir.cleanup() }
        for args in [["verify", "--tolerance", "0x10", "fx"], ["verify", "--tolerance", "inf", "fx"],
                     ["verify", "--jobs", "100000", "fx"], ["fuzz", "--jobs", "0", "--cases", "1", "--save", "s"],
                     ["render", "fx/a.json", "--scale", "1e300"]] {
            let out = try CLI.run(args, in: dir.url, ci: "true")
            #expect(out.status == 2, "\(args)")
            #expect(out.stderr.contains("expects"), "\(args): \(out.stderr)")
        }
        #expect(try CLI.run(["verify", "--tolerance", "1e-3", "--jobs", "256", "fx"], in: dir.url, ci: "true").status == 0)
    }
}

/// A failure found with options that change the verdict stays red: on the printed replay line,
/// in `verify` of the saved file, and on the next fuzz run (which replays the save folder).
@Suite("fuzz: replays that stay red")
struct FuzzReplayTests {
    @Test("--save onto a file is a usage error before the run; compare takes a hex seed as fuzz does")
    func saveOntoFileAndHexSeed() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        try dir.write("not a folder", to: "afile")
        let fuzz = try CLI.run(["fuzz", "--engine", "classic-002-waterflowlayout", "--cases", "50", "--save", "afile"], in: dir.url, ci: "false")
        #expect(fuzz.status == 2 && fuzz.stderr.contains("--save afile: it is a file, not a directory"), "\(fuzz.stdout)\(fuzz.stderr)")
        let compare = try CLI.run(["compare", "--baseline", "reference", "--candidate", "classic-002-waterflowlayout", "--fuzz-cases", "5",
                                   "--save", "afile/x", "--seed", "0xff"], in: dir.url, ci: "false")
        #expect(compare.status == 2 && compare.stderr.contains("is a file, not a directory"), "\(compare.stdout)\(compare.stderr)")
        #expect(!compare.stderr.contains("NSCocoaErrorDomain"))
        let hex = try CLI.run(["compare", "--baseline", "reference", "--candidate", "reference", "--fuzz-cases", "5", "--seed", "0xffffffffffffffff"], in: dir.url, ci: "false")
        #expect(hex.status == 0, "\(hex.stdout)\(hex.stderr)")
    }

    @Test("fuzz --isolate: the replay line and the saved source repeat --isolate (it turns a trap into a fault)")
    func isolateInReplay() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let found = try CLI.run(["fuzz", "--engine", "classic-002-waterflowlayout", "--isolate", "--engine-timeout", "20", "--cases", "100", "--seed", "1",
                                 "--jobs", "1", "--shrink-time", "1", "--save", "saved"], in: dir.url, ci: "false")
        let replay = try #require(found.stdout.split(separator: "\n").first { $0.hasPrefix("  replay: ") }, "\(found.stdout)\(found.stderr)")
        #expect(replay.contains("--engine classic-002-waterflowlayout --engine-timeout 20.0 --isolate --seed 1 "), "\(replay)")
        #expect(found.stdout.contains("replay this run: waterfall-check fuzz --engine classic-002-waterflowlayout --engine-timeout 20.0 --isolate --seed 1 --cases 100"), "\(found.stdout)")
    }

    @Test("a failure found with --tolerance 0 stays red on replay, in verify and on the next fuzz run; the saved source is the replay line")
    func toleranceZeroStaysRed() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let engine = "exec:python3 \(ExternalTestSupport.fakeEngine) nudge"
        let found = try CLI.run(["fuzz", "--engine", engine, "--seed", "1", "--cases", "20", "--tolerance", "0",
                                 "--invariants", "stacking", "--shrink-time", "5", "--save", "saved", "--jobs", "1"],
                                in: dir.url, ci: "true")
        #expect(found.status == 1, "\(found.stdout)\(found.stderr)")
        let replayLine = try #require(found.stdout.split(separator: "\n").first { $0.contains("replay: waterfall-check fuzz") })
        #expect(replayLine.contains("--tolerance 0.0 --invariants stacking "), "\(replayLine)")
        #expect(found.stdout.contains("replay this run: waterfall-check fuzz --engine 'exec:python3 \(ExternalTestSupport.fakeEngine) nudge' --seed 1 --cases 1 --tolerance 0.0 --invariants stacking --save saved\n"), "\(found.stdout)")
        let saved = try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("saved").path)
        let file = try #require(saved.first { $0.hasPrefix("fuzz-stacking-") })
        let fixture = try FixtureReader.read(contentsOf: dir.url.appendingPathComponent("saved/" + file))
        #expect(fixture.tolerance == 0)
        #expect(fixture.fuzzInvariants == (try InvariantSet(ids: ["stacking"])))
        // The saved fixture's `source` is the printed replay line, word for word (they disagreed:
        // `--cases 8` without `--save` in the file, `--cases 62 ... --save` on the screen).
        #expect("  replay: " + (fixture.source ?? "") == String(replayLine))

        // The printed replay line, run as a shell would.
        let replayed = try CLI.runPrinted(replayLine, prefix: "  replay: ", extra: " --jobs 1 --shrink-time 1 2>/dev/null", in: dir.url)
        #expect(replayed.status == 1, "\(replayed.command)")

        let verify = try CLI.run(["verify", "--engine", engine, "saved"], in: dir.url, ci: "true")
        #expect(verify.status == 1, "\(verify.stdout)\(verify.stderr)")
        // The next run, with no options: the saved tolerance and invariants still judge the saved case.
        let next = try CLI.run(["fuzz", "--engine", engine, "--seed", "2", "--cases", "1", "--save", "saved", "--jobs", "1"],
                               in: dir.url, ci: "true")
        #expect(next.status == 1)
        #expect(next.stdout.contains("replay FAIL saved/fuzz-stacking-"), "\(next.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("saved").path).count == 1)
    }
}
