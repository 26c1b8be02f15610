import Foundation
import Testing
import WaterfallCheckCore
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// D6, D11, D12, D13, D15, D16: what a walk, a fuzz run or a rewrite must not lose or forge.
@Suite("Adversarial: corpus, fuzz faults and rewrites")
struct AdversarialCorpusTests {
    @Test("D6: a fixture or pending file whose name is not UTF-8 is an error naming it, never skipped")
    func nonUTF8NamesReported() throws {
        let (dir, _) = try adversarialCorpus()
        defer { dir.cleanup() }
        let (_, out) = try shell("""
            cp fx/a.json "$(printf 'fx/stale\\300.json')"
            CI=true "$WC" verify fx; echo "rc=$?"
            """, in: dir.url)
        #expect(out.contains("rc=2"), "\(out)")
        #expect(out.contains("stale\\xC0.json") && out.contains("not valid UTF-8"), "\(out)")
    }

    @Test("D11: two fixtures with the same name in one folder: the second is an error naming the first")
    func duplicateNamesReported() throws {
        let (dir, text) = try adversarialCorpus()
        defer { dir.cleanup() }
        try dir.write(text, to: "fx/b.json")
        try dir.write(text, to: "other/a.json")  // another folder may reuse the name
        let out = try CLI.run(["verify", "fx", "other"], in: dir.url, ci: "true")
        #expect(out.status == 2)
        #expect(out.stdout.contains("duplicate fixture name \"a\": fx/a.json"), "\(out.stdout)")
        #expect(!out.stdout.contains("other/a.json: duplicate"))
    }

    @Test("D12: render --out a *.json beside its fixture, fuzz --json into its save folder: refused")
    func reportsNeverAmongFixtures() throws {
        let (dir, _) = try adversarialCorpus()
        defer { dir.cleanup() }
        let render = try CLI.run(["render", "fx/a.json", "--out", "fx/zzz.json"], in: dir.url)
        #expect(render.status == 2 && render.stderr.contains("--out fx/zzz.json would"), "\(render.stderr)")
        let fuzz = try CLI.run(["fuzz", "--cases", "5", "--seed", "1", "--save", "D", "--json", "D/report.json"], in: dir.url)
        #expect(fuzz.status == 2 && fuzz.stderr.contains("--json D/report.json would"), "\(fuzz.stderr)")
        #expect(!dir.exists("fx/zzz.json") && !dir.exists("D/report.json"))
        // Beside a save folder that does not exist yet is not among the fixtures (the gate's own layout).
        let gate = try CLI.run(["fuzz", "--cases", "5", "--seed", "1", "--save", "reports/counterexamples", "--json", "reports/fuzz.json"],
                               in: dir.url, ci: "true")
        #expect(gate.status == 0 && dir.exists("reports/fuzz.json"), "\(gate.stdout)\(gate.stderr)")
    }

    @Test("fuzz: engine faults with the same stderr show it once, the others one line each")
    func fuzzFaultsSameStderr() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let script = try dir.write("""
            #!/bin/sh
            printf '%s\\n' '{"protocol":"waterfall-engine/1","engine":"stub","version":"1","capabilities":[]}'
            read line
            printf 'Traceback (most recent call last):\\n  my_layout\\nNotImplementedError: boom\\n' >&2
            exit 3
            """, to: "stub.sh")
        chmod(script.path, 0o755)
        let out = try CLI.run(["fuzz", "--jobs", "1", "--cases", "10", "--seed", "7", "--save", "saved", "--engine", "exec:\(script.path)"], in: dir.url)
        #expect(out.status == 2, "\(out.stdout) \(out.stderr)")
        #expect(out.stderr.components(separatedBy: "NotImplementedError: boom").count == 2, "\(out.stderr)")
        #expect(out.stderr.components(separatedBy: "(then as for case 0 above)").count == 3, "\(out.stderr)")
    }

    @Test("D13, D15: engine faults in fuzz are faults (exit 2, nothing saved), and a hostile hello name is escaped and quoted")
    func fuzzFaultsAndHostileNames() throws {
        let (dir, _) = try adversarialCorpus()
        defer { dir.cleanup() }
        let script = try dir.write("""
            #!/bin/sh
            printf '%s\\n' '{"protocol":"waterfall-engine/1","engine":"x\\u001b[31m\\nFAKE; touch INJECTED","version":"1","capabilities":[]}'
            read line
            exit 3
            """, to: "crash.sh")
        chmod(script.path, 0o755)
        let out = try CLI.run(["fuzz", "--jobs", "1", "--cases", "10", "--seed", "7", "--save", "saved", "--engine", "exec:\(script.path)"], in: dir.url)
        #expect(out.status == 2, "\(out.stdout) \(out.stderr)")
        #expect(out.stderr.contains("the engine faulted on"), "\(out.stderr)")
        // Three faults are listed, and the rest counted (they were left out silently).
        let faulted = out.stderr.components(separatedBy: "the engine faulted on ").dropFirst().first
            .flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
        #expect(faulted > 3 && out.stderr.contains("  ... and \(faulted - 3) more case(s)"), "\(out.stderr)")
        #expect(!out.stdout.contains("\u{1B}") && !out.stderr.contains("\u{1B}"))
        #expect(out.stdout.contains("x\\u{1B}[31m\\u{A}FAKE") || out.stdout.contains("\\u001b"), "\(out.stdout)")
        #expect(!dir.exists("saved"))  // no fault saved as a counterexample
        #expect(!dir.exists("INJECTED"))
    }

    @Test("D15: a saved counterexample's source is a runnable, shell-quoted command line")
    func savedSourceIsQuoted() throws {
        let config = FuzzConfiguration(seed: 11, cases: 1_000, invariants: try InvariantSet(ids: ["content-size"]), shrinkTime: 5)
        let report = Fuzzer(configuration: config, engine: { MiniWaterfall(.trailingSpacingInContentSize) }).run()
        let c = try #require(report.counterexamples.first)
        let hostile = c.fixture(engine: EngineDescriptor(name: "x; touch INJECTED", version: "1"))
        // (The run's invariant selection is part of the command: it changes the verdict.)
        #expect(hostile.source == "waterfall-check fuzz --engine 'x; touch INJECTED' --seed 11 --cases \(c.caseIndex + 1) --invariants content-size")
        let exec = c.fixture(engine: EngineDescriptor(name: "mine", version: "1"), engineArgument: "exec:./my engine")
        #expect(exec.source == "waterfall-check fuzz --engine 'exec:./my engine' --seed 11 --cases \(c.caseIndex + 1) --invariants content-size")
    }

    @Test("D16: a symbolically linked fixture is rewritten through its link; the link stays")
    func symlinkedFixtureUpdatedThroughLink() throws {
        let (dir, text) = try adversarialCorpus()
        defer { dir.cleanup() }
        try dir.write(#"{"format":"waterfall-fixture/1","name":"m","layout":{"containerWidth":1,"columnCount":1},"sections":[]}"#, to: "real/m.json")
        #expect(symlink("../real/m.json", dir.url.path + "/fx/l.json") == 0)
        let out = try CLI.run(["format", "fx/l.json"], in: dir.url)
        #expect(out.status == 0, "\(out.stderr)")
        var st = stat()
        #expect(lstat(dir.url.path + "/fx/l.json", &st) == 0 && st.st_mode & S_IFMT == S_IFLNK)
        #expect(try dir.read("real/m.json").contains("\n  \"name\": \"m\""))
        #expect(try dir.read("fx/a.json") == text)
    }
}
