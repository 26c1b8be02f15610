import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckReports
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

@Suite("Golden runner")
struct GoldenRunnerTests {
    func runner(_ answer: ScriptedEngine.Answer, tolerance: CGFloat? = nil, jobs: Int = 1,
                invariants: InvariantChecking? = nil) -> GoldenRunner {
        GoldenRunner(engine: { ScriptedEngine(answer) }, tolerance: tolerance.map(Tolerance.init), jobs: jobs, invariants: invariants)
    }

    @Test("a matching fixture passes; a drifted one fails with its differences, and the run goes on")
    func passAndFail() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try dir.write(TwoColumns.fixture("a-drifted", expected: .layout(TwoColumns.moving(0, by: 3))), to: "s/a.json")
        try dir.write(TwoColumns.fixture("b"), to: "s/b.json")
        try dir.write(TwoColumns.fixture("c-drifted", expected: .layout(TwoColumns.moving(2, by: 1))), to: "s/c.json")
        let report = runner(.layout(TwoColumns.result)).run(paths: [dir.url])
        #expect(report.results.map(\.name) == ["a-drifted", "b", "c-drifted"])
        #expect(report.results.map(\.status) == [.failed, .passed, .failed])
        #expect(report.results[0].message == "item 0.0 moved by 3 pt: expected [0, 3, 50, 10] actual [0, 0, 50, 10]")
        #expect(report.summary == "3 fixtures: 1 passed, 2 failed, 0 errors, 0 skipped")
        #expect(report.verdict == .failed)
    }

    @Test("tolerance: the runner's overrides the fixture's, which overrides 0.001 pt")
    func tolerancePrecedence() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        // Expected is 0.25 pt off; the fixture allows 0.5.
        try dir.write(TwoColumns.fixture("loose", expected: .layout(TwoColumns.moving(1, by: 0.25)), tolerance: 0.5), to: "loose.json")
        try dir.write(TwoColumns.fixture("default", expected: .layout(TwoColumns.moving(1, by: 0.002))), to: "default.json")
        let engine = ScriptedEngine.Answer.layout(TwoColumns.result)
        // Sorted: default.json (0.002 off), loose.json (0.25 off, fixture tolerance 0.5).
        #expect(runner(engine).run(paths: [dir.url]).results.map(\.status) == [.failed, .passed])   // 0.002 > 0.001; 0.25 <= 0.5
        #expect(runner(engine, tolerance: 0.001).run(paths: [dir.url]).results.map(\.status) == [.failed, .failed])
        #expect(runner(engine, tolerance: 0.01).run(paths: [dir.url]).results.map(\.status) == [.passed, .failed])
        #expect(runner(engine, tolerance: 0.3).run(paths: [dir.url]).results.map(\.status) == [.passed, .passed])
    }

    @Test("an expected error matches the engine's LayoutError code")
    func expectedError() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try dir.write(TwoColumns.fixture("e", expected: .error(.invalidSpan)), to: "e.json")
        #expect(runner(.error(LayoutError(.invalidSpan))).run(paths: [dir.url]).results.first?.status == .passed)
        #expect(runner(.error(LayoutError(.invalidSpacing))).run(paths: [dir.url]).results.first?.status == .failed)
    }

    @Test("unsupported is skipped and counted apart; an engine fault is an error; other fixtures still run")
    func skippedAndFaults() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try dir.write(TwoColumns.fixture("a"), to: "a.json")
        try dir.write(TwoColumns.fixture("b"), to: "b.json")
        let skipped = runner(.error(LayoutError.unsupported("no spans"))).run(paths: [dir.url])
        #expect(skipped.results.map(\.status) == [.skipped, .skipped])
        #expect(skipped.results[0].message == "scripted does not support this input: no spans")
        #expect(skipped.nothingChecked && skipped.verdict == .error)   // nothing vouched for
        let faulty = runner(.error(EngineCrashed())).run(paths: [dir.url])
        #expect(faulty.results.map(\.status) == [.error, .error])
        #expect(faulty.results[0].message == "engine fault (threw) in scripted: engine crashed")
        #expect(faulty.verdict == .error)
    }

    @Test("without expected: an error unless an invariant checker judges it")
    func inputOnly() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try dir.write(TwoColumns.fixture("input-only", expected: nil), to: "i.json")
        let engine = ScriptedEngine.Answer.layout(TwoColumns.result)
        let none = runner(engine).run(paths: [dir.url]).results[0]
        #expect(none.status == .error && none.message == "no expected and no invariant checker")
        let ok = runner(engine, invariants: FixedChecker(violations: [])).run(paths: [dir.url]).results[0]
        #expect(ok.status == .checked)
        let bad = runner(engine, invariants: FixedChecker(violations: ["no-overlap: item 0.0 overlaps item 0.2"])).run(paths: [dir.url]).results[0]
        #expect(bad.status == .failed && bad.violations == ["no-overlap: item 0.0 overlaps item 0.2"])
        let fault = runner(.error(EngineCrashed()), invariants: FixedChecker(violations: [])).run(paths: [dir.url]).results[0]
        #expect(fault.status == .error)
    }

    @Test("paths: a missing path and a directory without fixtures are errors, never an empty pass")
    func badPaths() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try dir.write("not a fixture", to: "empty/readme.txt")
        try dir.write(TwoColumns.fixture("a"), to: "empty/a.json.new")
        let report = runner(.layout(TwoColumns.result)).run(paths: [dir.url.appendingPathComponent("empty"), dir.url.appendingPathComponent("nope")])
        #expect(report.results.map(\.status) == [.error, .error])
        #expect(report.results[0].message.hasPrefix("no fixtures (*.json) under "))
        #expect(report.results[1].message.hasPrefix("no such file or directory: "))
        #expect(report.verdict == .error)
        let none = runner(.layout(TwoColumns.result)).run(paths: [])
        #expect(none.nothingChecked && none.verdict == .error && !none.succeeded)
        #expect(TextReport.render(none) == "nothing was checked: no fixtures\n0 fixtures: 0 passed, 0 failed, 0 errors, 0 skipped\n")
    }

    @Test("collection: recursive, sorted, hidden folders skipped, each file once, names as given")
    func collection() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        for p in ["b/z.json", "b/a.json", "a.json", ".build/x.json", "b/c/d.json"] { try dir.write(TwoColumns.fixture("f"), to: p) }
        let (files, problems) = FixtureFile.collect([dir.url, dir.url.appendingPathComponent("b/a.json")])
        #expect(problems.isEmpty)
        #expect(files.map(\.key) == ["a.json", "b/a.json", "b/c/d.json", "b/z.json"])
        let rel = URL(fileURLWithPath: "Fixtures/x.json", relativeTo: URL(fileURLWithPath: "/repo"))
        #expect(FixtureFile.displayPath(rel) == "Fixtures/x.json")
        #expect(FixtureFile.parent(of: "Fixtures/x.json") == "Fixtures")
    }

    @Test("a broken fixture file is an error naming the file; the others still run")
    func brokenFixture() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try dir.write("{ \"format\": ", to: "a.json")
        try dir.write(TwoColumns.fixture("b"), to: "b.json")
        let report = runner(.layout(TwoColumns.result)).run(paths: [dir.url])
        #expect(report.results.map(\.status) == [.error, .passed])
        #expect(report.results[0].name == "a")
        #expect(report.results[0].message.hasPrefix("fixture error"))
    }

    @Test("a fixture error points at the offending value: line, column and JSON path")
    func locatedFixtureError() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let line4 = #"  "layout": { "containerWidth": 100, "columnCount": "3" },"#
        try dir.write("{\n  \"format\": \"waterfall-fixture/1\",\n  \"name\": \"bad\",\n\(line4)\n  \"sections\": []\n}\n", to: "bad.json")
        let r = runner(.layout(TwoColumns.result)).run(paths: [dir.url]).results[0]
        #expect(r.status == .error)
        #expect(r.message.hasPrefix("fixture error at $.layout.columnCount: "))
        // The string "3" starts 52 characters into line 4.
        #expect(r.position == FixtureResult.Position(line: 4, column: 53))
        #expect(Array(line4)[52] == "\"")
    }

    @Test("a failure points at the first differing expected frame in the file")
    func locatedDifference() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try dir.write(TwoColumns.fixture("c", expected: .layout(TwoColumns.moving(1, by: 2))), to: "c.json")
        let r = runner(.layout(TwoColumns.result)).run(paths: [dir.url]).results[0]
        // Canonical form: expected item 0.1 is on line 31 (expected opens on 25: contentSize 26,
        // sections 27, { 28, items 29, item 0.0 on 30), its `[` at column 11.
        #expect(r.position == FixtureResult.Position(line: 31, column: 11))
        #expect(r.location == "\(dir.url.path)/c.json:31:11")
    }

    @Test("parallel workers give the same results as one, one engine per worker")
    func parallel() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        for i in 0..<40 {
            let expected: LayoutOutcome = i % 3 == 0 ? .layout(TwoColumns.moving(i % 3, by: CGFloat(i))) : .layout(TwoColumns.result)
            try dir.write(TwoColumns.fixture("f\(i)", expected: i == 0 ? .layout(TwoColumns.result) : expected), to: String(format: "f%02d.json", i))
        }
        let made = Counter()
        let make: @Sendable () -> LayoutEngine = { made.increment(); return ReferenceEngine() }
        let one = GoldenRunner(engine: make, jobs: 1).run(paths: [dir.url])
        #expect(made.value == 1)
        let four = GoldenRunner(engine: make, jobs: 4).run(paths: [dir.url])
        #expect(made.value <= 5)
        #expect(one == four)
        // f03, f06, ... f39 are off by i pt: 13 failures.
        #expect(one.failed == 13 && one.passed == 27)
    }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func increment() { lock.lock(); n += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return n }
}
