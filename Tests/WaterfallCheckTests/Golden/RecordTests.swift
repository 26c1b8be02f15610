import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

@Suite("Recording and pending review")
struct RecordTests {
    let engine = ScriptedEngine.Answer.layout(TwoColumns.result)

    func record(_ dir: TempDir, _ mode: RecordMode, _ target: RecordTarget = .pending,
                answer: ScriptedEngine.Answer? = nil) -> VerifyReport {
        let a = answer ?? engine
        return GoldenRunner(engine: { ScriptedEngine(a) }, recordMode: mode, recordTarget: target, jobs: 2).run(paths: [dir.url])
    }

    /// Three fixtures: `missing.json` (no expected), `drifted.json` (item 0.2 off by 5 pt),
    /// `ok.json` (matches within the tolerance, but off by 0.0005 pt).
    func threeFixtures() throws -> TempDir {
        let dir = try TempDir()
        try dir.write(TwoColumns.fixture("missing", expected: nil), to: "missing.json")
        try dir.write(TwoColumns.fixture("drifted", expected: .layout(TwoColumns.moving(2, by: 5))), to: "drifted.json")
        try dir.write(TwoColumns.fixture("ok", expected: .layout(TwoColumns.moving(0, by: 0.0005))), to: "ok.json")
        return dir
    }

    func pendingExpected(_ dir: TempDir, _ name: String) throws -> LayoutOutcome? {
        try FixtureReader.read(contentsOf: dir.url.appendingPathComponent(name)).expected
    }

    @Test("never: nothing is written; the input-only fixture stays an error")
    func never() throws {
        let dir = try threeFixtures(); defer { dir.cleanup() }
        let before = try ["missing.json", "drifted.json", "ok.json"].map(dir.read)
        let report = record(dir, .never)
        #expect(report.results.map(\.status) == [.failed, .error, .passed])
        #expect(try ["missing.json", "drifted.json", "ok.json"].map(dir.read) == before)
        #expect(!dir.exists("missing.json.new") && !dir.exists("drifted.json.new") && !dir.exists("ok.json.new"))
    }

    @Test("missing: only fixtures without expected get a pending recording, holding the engine's output")
    func missing() throws {
        let dir = try threeFixtures(); defer { dir.cleanup() }
        let report = record(dir, .missing)
        #expect(report.results.map(\.status) == [.failed, .recorded, .passed])
        #expect(dir.exists("missing.json.new") && !dir.exists("drifted.json.new") && !dir.exists("ok.json.new"))
        #expect(try pendingExpected(dir, "missing.json.new") == .layout(TwoColumns.result))
        #expect(try FixtureReader.read(contentsOf: dir.url.appendingPathComponent("missing.json")).expected == nil)
        #expect(report.verdict == .failed)   // drifted still fails: --mode missing leaves it
    }

    @Test("failed: missing and failing fixtures are recorded; the passing one is not")
    func failed() throws {
        let dir = try threeFixtures(); defer { dir.cleanup() }
        let report = record(dir, .failed)
        #expect(report.results.map(\.status) == [.recorded, .recorded, .passed])
        #expect(report.results[0].message.hasPrefix("recorded drifted.json.new (was: item 0.2 moved by 5 pt"))
        #expect(!report.results[0].differences.isEmpty)   // what changed is still reported
        #expect(try pendingExpected(dir, "drifted.json.new") == .layout(TwoColumns.result))
        #expect(!dir.exists("ok.json.new"))
        #expect(report.verdict == .passed)
    }

    @Test("all: anything not bit-identical is recorded, a fixture already exact is left alone")
    func all() throws {
        let dir = try threeFixtures(); defer { dir.cleanup() }
        try dir.write(TwoColumns.fixture("exact"), to: "exact.json")
        let report = record(dir, .all)
        #expect(report.results.map(\.status) == [.recorded, .passed, .recorded, .passed])
        #expect(report.results[3].recorded != nil)   // ok.json: within tolerance, re-recorded exactly
        #expect(!dir.exists("exact.json.new"))
        #expect(try pendingExpected(dir, "ok.json.new") == .layout(TwoColumns.result))
    }

    @Test("accepting at once writes the fixture itself, canonical, and removes a stale pending file")
    func acceptAtOnce() throws {
        let dir = try threeFixtures(); defer { dir.cleanup() }
        try dir.write("stale", to: "drifted.json.new")
        _ = record(dir, .failed, .fixture)
        let written = try FixtureReader.read(contentsOf: dir.url.appendingPathComponent("drifted.json"))
        #expect(written.expected == .layout(TwoColumns.result))
        #expect(written.name == "drifted" && written.input == TwoColumns.input)
        #expect(try dir.read("drifted.json") == CanonicalWriter.string(for: written))
        #expect(!dir.exists("drifted.json.new"))
        #expect(record(dir, .never).results.map(\.status) == [.passed, .passed, .passed])
    }

    @Test("an engine error code is recorded as an expected error; unsupported and faults are not recorded")
    func errorsRecorded() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        // An error for a valid input breaks accepts-valid: never recorded.
        try dir.write(TwoColumns.fixture("m", expected: nil), to: "m.json")
        let refused = record(dir, .missing, answer: .error(LayoutError(.invalidSpan))).results[0]
        #expect(refused.status == .failed && refused.message.hasPrefix("not recorded (breaks accepts-valid"), "\(refused.message)")
        #expect(!dir.exists("m.json.new"))
        var invalid = TwoColumns.fixture("m", expected: nil)
        invalid.input.layout.columnCount = 0
        try dir.write(invalid, to: "m.json")
        _ = record(dir, .missing, answer: .error(LayoutError(.invalidColumnCount)))
        #expect(try pendingExpected(dir, "m.json.new") == .error(.invalidColumnCount))
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("m.json.new"))
        #expect(record(dir, .all, answer: .error(LayoutError.unsupported("x"))).results[0].status == .skipped)
        #expect(record(dir, .all, answer: .error(EngineCrashed())).results[0].status == .error)
        #expect(!dir.exists("m.json.new"))
    }

    @Test("output that is not a golden for the input (missing frame, extra header, NaN) is never written")
    func malformedOutputNotRecorded() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try dir.write(TwoColumns.fixture("m", expected: nil), to: "m.json")
        var short = TwoColumns.result; short.sections[0].items.removeLast()
        var header = TwoColumns.result; header.sections[0].header = CGRect(x: 0, y: 0, width: 100, height: 5)
        var nan = TwoColumns.result; nan.sections[0].items[1].origin.y = .nan
        let problems = [(short, "section 0 has 2 item frames for 3 items"), (header, "header 0 is extra"),
                        (nan, "section 0 has a non-finite frame")]
        for (output, problem) in problems {
            let r = record(dir, .missing, answer: .layout(output)).results[0]
            #expect(r.status == .error)
            #expect(r.message.contains(problem), "\(r.message)")
            #expect(!dir.exists("m.json.new"))
        }
    }

    @Test("a write that fails is an error naming the path, and the fixture is untouched")
    func unwritable() throws {
        let dir = try threeFixtures(); defer { dir.cleanup() }
        // A directory where the pending file should go makes the final rename fail (even as root).
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("drifted.json.new/x"), withIntermediateDirectories: true)
        let before = try dir.read("drifted.json")
        let r = record(dir, .failed).results[0]
        #expect(r.status == .error)
        #expect(r.message.hasPrefix("cannot write ") && r.message.contains("drifted.json.new"))
        #expect(try dir.read("drifted.json") == before)
    }

    @Test("review lists what changes in expected; accept moves it over; reject deletes it")
    func reviewAcceptReject() throws {
        let dir = try threeFixtures(); defer { dir.cleanup() }
        _ = record(dir, .failed)
        let pending = PendingFiles.find(under: [dir.url])
        #expect(pending.map(\.key) == ["drifted.json.new", "missing.json.new"])

        let drifted = try PendingFiles.review(pending[0])
        // Current expected has item 0.2 at y 15; the recording has y 10.
        #expect(drifted.changes.map(\.sentence) == ["item 0.2 moved by 5 pt: expected [0, 15, 50, 30] actual [0, 10, 50, 30]"])
        let missing = try PendingFiles.review(pending[1])
        #expect(missing.changes.map(\.subject.description) == ["item 0.0", "item 0.1", "item 0.2", "contentSize"])
        #expect(missing.changes.allSatisfy { $0.expected == nil && $0.change == .extra })
        #expect(missing.note == "adds expected: contentSize [100, 40], 3 frames")

        try PendingFiles.accept(pending[0])
        #expect(!dir.exists("drifted.json.new"))
        #expect(try pendingExpected(dir, "drifted.json") == .layout(TwoColumns.result))
        try PendingFiles.reject(pending[1])
        #expect(!dir.exists("missing.json.new"))
        #expect(try pendingExpected(dir, "missing.json") == nil)
        #expect(PendingFiles.find(under: [dir.url]).isEmpty)
    }

    @Test("a corrupt pending file is never accepted")
    func corruptPending() throws {
        let dir = try threeFixtures(); defer { dir.cleanup() }
        try dir.write("{ \"format\": \"waterfall", to: "ok.json.new")
        let before = try dir.read("ok.json")
        let file = try #require(PendingFiles.find(under: [dir.url.appendingPathComponent("ok.json")]).first)
        #expect(throws: (any Error).self) { try PendingFiles.accept(file) }
        #expect(try dir.read("ok.json") == before)
        #expect(dir.exists("ok.json.new"))
    }

    @Test("a report lists pending files under the paths; a CI caller turns each into an error")
    func pendingInReport() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try dir.write(TwoColumns.fixture("a"), to: "a.json")
        try dir.write(TwoColumns.fixture("a"), to: "a.json.new")
        var report = record(dir, .never)
        #expect(report.pending.map(\.key) == ["a.json.new"])
        #expect(report.verdict == .passed)
        report.treatPendingAsErrors()
        #expect(report.results.map(\.status) == [.passed, .error])
        #expect(report.verdict == .error)
    }
}
