import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckReports
import WaterfallCheckTestSupport

/// The third adversarial review's reproductions (shared/reviews/adversary.md, A2 to A16; A1 is
/// `EngineClaimsCLITests`, A9 belongs to issue 36), each made a test named after what it proves.
@Suite("third adversarial review: A2-A16 (issue 33)")
struct ThirdReviewCLITests {
    static let root = ExternalTestSupport.packageRoot
    static let spans = root.appendingPathComponent("Fixtures/conformance/spans.json").path
    static func engine(_ options: String...) -> String { EngineClaimsCLITests.engine(options.joined(separator: " ")) }

    // MARK: A2, A8: empty selections

    @Test("A2: an empty invariant list (-invariants=, -invariants=, and WATERFALL_INVARIANTS=) is refused by the parser the libFuzzer target uses")
    func emptyInvariantListIsRefused() throws {
        for list in ["", ",", " , ,"] {
            #expect(throws: WaterfallCheckError.self, "\(list)") { try InvariantSet(list: list) }
            do { _ = try InvariantSet(list: list) } catch { #expect("\(error)".contains("names no invariant"), "\(error)") }
        }
        #expect(try InvariantSet(list: "no-overlap,,") == InvariantSet(ids: ["no-overlap"]))
        #expect(throws: WaterfallCheckError.self) { try InvariantSet(list: "bogus") }
    }

    @Test("A8: a saved counterexample with extensions.fuzz.invariants [] or [1] is checked against every invariant and stays red")
    func emptySavedSelectionChecksEverything() throws {
        // An input-only fixture a broken engine fails: classic-002 content heights are off on
        // this layout in the review; here the fake shifts every item 5 pt, which content-size and
        // stacking catch whatever invariants are selected, as long as some are.
        let dir = try TempDir(); defer { dir.cleanup() }
        let lists: [(String, JSONValue)] = [("empty", .array([])), ("numbers", .array([.integer(1)])), ("unknown", .array([.string("nonexistent")]))]
        for (name, list) in lists {
            var f = TwoColumns.fixture(name, expected: nil)
            f.extensions = .object([("fuzz", .object([("invariants", list)]))])
            try dir.write(f, to: "F/\(name).json")
            #expect(f.fuzzInvariants == nil, "\(list)")
        }
        let r = try CLI.run(["verify", "--jobs", "1", "--engine", Self.engine("shift=5"), "F"], in: dir.url, ci: "true")
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("3 fixtures: 0 passed, 3 failed"), "\(r.stdout)")
    }

    // MARK: A3: walks

    @Test("A3: a fixture whose path is 4096 bytes or longer is an error naming it (exit 2), not silently left out; the walk does not recurse")
    func tooLongPathIsAnError() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try dir.write(TwoColumns.fixture("top"), to: "top.json")
        // Levels of `a/` below the scratch directory so that the deepest directory's path is
        // still readable (< 4096 bytes) and the fixture's is 4096 bytes or more.
        let base = dir.url.path.utf8.count
        let levels = (4096 - "/stale.json".utf8.count - base + 1) / 2
        let script = "i=0; while [ $i -lt \(levels) ]; do mkdir a && cd a || exit 1; i=$((i+1)); done; printf x > stale.json"
        let (status, _, err) = try Subprocess("/bin/sh", ["-c", script], in: dir.url, environment: ["PATH": "/usr/bin:/bin"]).finish()
        #expect(status == 0, "\(String(decoding: err, as: UTF8.self))")
        let r = try CLI.run(["verify", "--jobs", "1", "."], in: dir.url, ci: "true")
        #expect(r.status == 2, "\(r.stdout.suffix(500))")
        #expect(r.stdout.contains("stale.json: the path is") && r.stdout.contains("longer than the system accepts (PATH_MAX 4096)"), "\(r.stdout.suffix(500))")
        #expect(r.stdout.contains("1 fixture: 1 passed"), "\(r.stdout.suffix(300))")
        try? FileManager.default.removeItem(at: dir.url)  // rm of a deep tree: FileManager copes (relative walk)
    }

    // MARK: A5: saved names

    @Test("A5: three different counterexamples of one name, saved concurrently into one folder, are three files; an equal input is not saved twice")
    func sameNameIsNeverOverwritten() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let inputs = (1...3).map { k in
            LayoutInput(layout: LayoutSettings(containerWidth: 100, columnCount: k), sections: [SectionInput(items: [.height(10)])])
        }
        let box = NSLock()
        var saved: [URL] = []
        DispatchQueue.concurrentPerform(iterations: 3) { i in
            let url = try! Fixture(name: "fuzz-content-size-my-layout-1-0", input: inputs[i]).save(in: dir.url)
            box.withLock { saved.append(url) }
        }
        #expect(Set(saved.map(\.lastPathComponent)) == ["fuzz-content-size-my-layout-1-0.json", "fuzz-content-size-my-layout-1-0-2.json",
                                                        "fuzz-content-size-my-layout-1-0-3.json"])
        let onDisk = try saved.map { try FixtureReader.read(contentsOf: $0).input.layout.columnCount }
        #expect(Set(onDisk) == [1, 2, 3])
        // Each file's name inside is its own (a second "-0" name broke the folder: names are unique per folder).
        #expect(try saved.allSatisfy { try FixtureReader.read(contentsOf: $0).name + ".json" == $0.lastPathComponent })
        #expect(try Fixture(name: "fuzz-content-size-my-layout-1-0", input: inputs[1]).save(in: dir.url).lastPathComponent
                == saved[onDisk.firstIndex(of: 2)!].lastPathComponent)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).count == 3)  // no temporary left
    }

    // MARK: A6, A14: compare --save

    @Test("A6, A14: compare --save never writes Infinity (the input is saved without expected, saying why) and saves inputs the baseline faulted on")
    func compareSaveKeepsNonFiniteAndBaselineFaultsOut() throws {
        let input = LayoutInput(layout: LayoutSettings(containerWidth: 1, columnCount: 1), sections: [SectionInput(items: [.size(width: 0, height: 10)])])
        let origin = CompareCase(name: "generated-3-218", input: input, origin: .generated(seed: 3, index: 218))
        let infinite = LayoutResult(contentSize: CGSize(width: 1, height: CGFloat.infinity),
                                    sections: [SectionFrames(items: [CGRect(x: 0, y: 0, width: 1, height: CGFloat.infinity)])])
        let finite = LayoutResult(contentSize: CGSize(width: 1, height: 0), sections: [SectionFrames(items: [CGRect(x: 0, y: 0, width: 1, height: 0)])])
        let fault = EngineFault(.threw, engine: "b", "NSInternalInconsistencyException")
        var report = EngineComparison.Report(baseline: EngineDescriptor(name: "b", version: "1"), candidate: EngineDescriptor(name: "c", version: "1"))
        for (k, baseline) in [EngineAnswer.layout(infinite), .fault(fault)].enumerated() {
            report.differences.append(EngineComparison.Finding(
                origin: CompareCase(name: "case-\(k)", input: input, origin: origin.origin), minimal: input, baseline: baseline,
                candidate: .layout(finite), difference: LayoutDiff(expected: .layout(finite), actual: .layout(finite), tolerance: .default),
                tolerance: .default))
        }
        let dir = try TempDir(); defer { dir.cleanup() }
        let written = try report.saveFixtures(in: dir.url.path)
        #expect(written.count == 2, "\(written)")
        for path in written {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(!text.contains("Infinity") && !text.contains("NaN"), "\(text)")
            let f = try FixtureReader.read(contentsOf: URL(fileURLWithPath: path))  // readable: valid JSON
            #expect(f.expected == nil)
            #expect(f.description?.contains("Saved input-only") == true, "\(f.description ?? "")")
        }
    }

    // MARK: A7: the piecewise reader

    @Test("A7: a 1.3 MB fixture with 100,000 unknown keys in one object is rejected in linear time (was 16-22 s)")
    func piecewiseReaderIsLinearInMembers() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        var text = #"{"format":"waterfall-fixture/1","name":"q","layout":{"containerWidth":100,"columnCount":1},"sections":[{"#
        for k in 0..<100_000 { text += "\"k\(String(format: "%07d", k))\":0," }
        text += #""items":[]}]}"#
        #expect(text.utf8.count > 1 << 20)  // the piecewise path
        let url = try dir.write(text, to: "q.json")
        let start = Date()
        #expect(throws: FixtureError.self) { try FixtureReader.read(contentsOf: url) }
        #expect(Date().timeIntervalSince(start) < 8, "took \(Date().timeIntervalSince(start)) s")
    }

    // MARK: A10, A11: verify's verdicts

    @Test("A10: a reply with an extra empty section fails plain verify (exit 1)")
    func extraEmptySectionFailsVerify() throws {
        let r = try CLI.run(["verify", "--jobs", "1", "--engine", Self.engine("mode=extrasection"), Self.spans], in: Self.root, ci: "true")
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("the engine answered 2 section(s) of frames for 1 input section(s)"), "\(r.stdout)")
    }

    @Test("A11: an engine crash in verify's query check is an engine error (exit 2), its sentence outside the stderr block")
    func queryCrashIsAnEngineError() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        var f = try FixtureReader.read(contentsOf: URL(fileURLWithPath: Self.spans))
        f.expected = nil
        try dir.write(f, to: "n10/spans.json")
        let r = try CLI.run(["verify", "--jobs", "1", "--engine", Self.engine("mode=querycrash"), "n10"], in: dir.url, ci: "true")
        #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("ERROR n10/spans.json") && r.stdout.contains("| segfault in query\n"), "\(r.stdout)")
        #expect(!r.stdout.contains("segfault in query after"), "\(r.stdout)")
    }

    // MARK: A12: control characters

    @Test("A12: an engine's stderr and reply reach compare's text and --github output with control characters escaped")
    func controlCharactersAreEscapedInCompare() throws {
        for mode in ["crashesc", "garbesc"] {
            let r = try CLI.run(["compare", "--baseline", "reference", "--candidate", Self.engine("mode=\(mode)"), "--fuzz-cases", "0",
                                 "--jobs", "1", "--github", Self.spans], in: Self.root, ci: "true")
            let bad = r.stdout.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F }
            #expect(bad.isEmpty, "\(mode): \(bad.map(\.value)) in \(r.stdout)")
            #expect(r.stdout.contains("\\u{1B}"), "\(mode): \(r.stdout)")
        }
        #expect(GitHubAnnotations.escapeData("a\u{1B}[2J\u{7}\rb\n") == "a\\u{1B}[2J\\u{7}%0Db%0A")
    }

    // MARK: A13: the terminal

    @Test("A13: review stopped by Ctrl-C or SIGTERM restores the terminal (icanon, echo), the pending file kept", arguments: ["ctrl-c", "TERM"])
    func reviewRestoresTheTerminalOnSignals(how: String) throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try dir.write(TwoColumns.fixture("a", expected: nil), to: "F/a.json")
        #expect(try CLI.run(["record", "F"], in: dir.url, ci: "false").status == 0)
        let script = Self.root.appendingPathComponent("Tests/WaterfallCheckTestSupport/FakeEngines/pty_signal.py").path
        let run = try Subprocess("/usr/bin/env", ["python3", script, dir.url.path, "q quit: ", how, try CLI.executable().path, "review", "F"],
                                 environment: ProcessInfo.processInfo.environment).finish()
        let out = String(decoding: run.stdout, as: UTF8.self)
        #expect(out.contains("modes: icanon=1 echo=1"), "\(out)")
        #expect(out.contains(how == "TERM" ? "status: 143" : "status: 130"), "\(out)")
        #expect(dir.exists("F/a.json.new"))
    }

    // MARK: A16: messages

    @Test("A16: skip reasons that differ in numbers keep them, as a range where they differ")
    func skipReasonsKeepTheirNumbers() {
        let text = TextReport.reasons(["q holds lengths up to 100000 pt; this layout needs 150000 pt",
                                       "q holds lengths up to 100000 pt; this layout needs 212000.5 pt"])
        #expect(text == "  2 × q holds lengths up to 100000 pt; this layout needs 150000 to 212000.5 pt\n", "\(text)")
    }

    @Test("A16: a golden missing one expected frame is a fixture error (exit 2) saying so, not items moving columns")
    func missingExpectedFrameIsAFixtureError() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        var r = TwoColumns.result
        r.sections[0].items.removeFirst()
        try dir.write(TwoColumns.fixture("miss", expected: .layout(r)), to: "F/miss.json")
        let out = try CLI.run(["verify", "--jobs", "1", "F"], in: dir.url, ci: "true")
        #expect(out.status == 2, "\(out.stdout)")
        #expect(out.stdout.contains("the expected frames do not fit the input"), "\(out.stdout)")
        #expect(!out.stdout.contains("went to column"), "\(out.stdout)")
    }
}

/// A16's last item: bytes that are not UTF-8 in a key are escaped in the error's JSON path.
@Suite("third adversarial review: A16, escaped paths (issue 33)")
struct EscapedPathTests {
    @Test("A16: an overlong UTF-8 key is named \\xC0\\xAF in the error's JSON path, not replaced by U+FFFD")
    func nonUTF8KeyIsEscapedInThePath() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let prefix = #"{"format":"waterfall-fixture/1","name":"k","layout":{"containerWidth":100,"columnCount":1},"sections":[],"extensions":{""#
        let bytes = Array(prefix.utf8) + [0xC0, 0xAF] + Array(#"":1}}"#.utf8)
        try Data(bytes).write(to: dir.url.appendingPathComponent("k.json"))
        let r = try CLI.run(["verify", "k.json"], in: dir.url, ci: "true")
        #expect(r.status == 2, "\(r.stdout)")
        #expect(!r.stdout.contains("\u{FFFD}"), "\(r.stdout)")
        #expect(r.stdout.contains(#"$.extensions["\\xC0\\xAF"]"#), "\(r.stdout)")  // the path quotes the backslash
    }
}
