import Foundation
import Testing
import WaterfallCheckEngines
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
@testable import WaterfallCheckTransport
import WaterfallCheckTestSupport

/// `waterfall-check fuzz --from-bytes`: a libFuzzer artifact becomes a fixture through the same
/// shrink, grouping, saving and replay as a generated failure (issue 17).
@Suite("fuzz --from-bytes: command line")
struct LibFuzzerCLITests {
    /// The bytes of classic 002's first case failing `no-overlap` (its 100000 sentinel pile-up).
    static func pileUpBytes() throws -> [UInt8] {
        let entry = try #require(EngineRegistry.builtIn.entry(named: "classic-002-waterflowlayout"))
        var g = InputGenerator()
        g.features = g.features.intersection(entry.descriptor.features)
        let only = try InvariantSet(ids: ["no-overlap"])
        let report = Fuzzer(configuration: FuzzConfiguration(seed: 1, cases: 20_000, invariants: only, shrinkTime: 0.01), engine: entry.make).run()
        let c = try #require(report.counterexamples.first)
        return LibFuzzerTarget.bytes(encoding: Fuzzer.generate(seed: 1, case: c.caseIndex, generator: g).1.choices, generator: g)
    }

    @Test("an artifact is shrunk and saved as a fixture that verify keeps red; the next replay knows it")
    func artifactToFixture() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        try Data(try Self.pileUpBytes()).write(to: dir.url.appendingPathComponent("crash-1"))
        let args = ["fuzz", "--engine", "classic-002-waterflowlayout", "--from-bytes", "crash-1", "--invariants", "no-overlap",
                    "--save", "saved", "--shrink-time", "5"]
        let out = try CLI.run(args, in: dir.url, ci: "true")
        #expect(out.status == 1, "\(out.stdout)\(out.stderr)")
        #expect(out.stdout.contains("FAIL no-overlap (case 0)"), "\(out.stdout)")
        // The counts agree with the verdict: the one input failed (it said "1 passed, 0 failed").
        #expect(out.stdout.contains("outcomes: 0 passed, 1 failed"), "\(out.stdout)")
        #expect(out.stdout.contains("replay: waterfall-check fuzz --engine classic-002-waterflowlayout --from-bytes crash-1 --invariants no-overlap --save saved"), "\(out.stdout)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("saved").path)
        #expect(files.count == 1)
        let fixture = try FixtureReader.read(contentsOf: dir.url.appendingPathComponent("saved/\(files[0])"))
        #expect(fixture.source?.contains("--from-bytes crash-1") == true)
        // Minimal: one column, two items (the tall one past the 100000 sentinel, then one more).
        #expect(fixture.input.itemCount == 2)
        #expect(fixture.input.layout.columnCount == 1)
        let verify = try CLI.run(["verify", "--engine", "classic-002-waterflowlayout", "saved"], in: dir.url, ci: "true")
        #expect(verify.status == 1, "\(verify.stdout)\(verify.stderr)")
        // Again: the replay of the folder fails, and the same bug is not saved twice.
        let again = try CLI.run(args, in: dir.url, ci: "true")
        #expect(again.status == 1)
        #expect(again.stdout.contains("already saved"), "\(again.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("saved").path).count == 1)
    }

    @Test("a missing file or a directory is an error naming it (exit 2); nothing is run")
    func badFiles() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("adir"), withIntermediateDirectories: true)
        for (file, reason) in [("nope", "no such file"), ("adir", "is a directory")] {
            let out = try CLI.run(["fuzz", "--from-bytes", file, "--save", "saved"], in: dir.url, ci: "true")
            #expect(out.status == 2, "\(file)")
            #expect(out.stderr.contains("--from-bytes \(file)") && out.stderr.contains(reason), "\(out.stderr)")
            #expect(!out.stdout.contains("seed:"), "\(out.stdout)")
        }
    }

    @Test("an empty file is the all-zero input, said so, and checked (libFuzzer writes such artifacts)")
    func emptyFile() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        try Data().write(to: dir.url.appendingPathComponent("crash-empty"))
        let pass = try CLI.run(["fuzz", "--from-bytes", "crash-empty", "--save", "saved"], in: dir.url, ci: "true")
        #expect(pass.status == 0, "\(pass.stdout)\(pass.stderr)")
        #expect(pass.stdout.contains("is empty: the all-zero choice sequence"), "\(pass.stdout)")
        #expect(pass.stdout.contains("passes every selected invariant"), "\(pass.stdout)")
        // classic 002 fails reprepare on the simplest input: found, saved, exit 1.
        let fail = try CLI.run(["fuzz", "--engine", "classic-002-waterflowlayout", "--from-bytes", "crash-empty", "--save", "saved"],
                               in: dir.url, ci: "true")
        #expect(fail.status == 1, "\(fail.stdout)\(fail.stderr)")
        #expect(fail.stdout.contains("saved saved/fuzz-"), "\(fail.stdout)")
    }

    @Test("--from-bytes with --seed, --cases, --duration or --keep-going is a usage error")
    func conflicts() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        try Data([1]).write(to: dir.url.appendingPathComponent("in"))
        for extra in [["--seed", "1"], ["--cases", "5"], ["--duration", "1"], ["--keep-going"]] {
            let out = try CLI.run(["fuzz", "--from-bytes", "in", "--save", "saved"] + extra, in: dir.url, ci: "true")
            #expect(out.status == 2, "\(extra)")
            #expect(out.stderr.contains("--from-bytes checks one input"), "\(extra): \(out.stderr)")
        }
    }
}
