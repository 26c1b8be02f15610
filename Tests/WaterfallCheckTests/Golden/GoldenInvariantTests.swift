import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// The golden runner with the real invariant catalogue attached, as `verify` and `record` run it.
@Suite("Golden runner with the invariant catalogue")
struct GoldenInvariantTests {
    /// Lays out like the reference, but its rect query answers every element: frames match any
    /// golden, only the `query` invariant can tell.
    final class QueryEverything: LayoutEngine {
        let inner = ReferenceEngine()
        var last: LayoutResult?
        let descriptor = EngineDescriptor(name: "query-everything", version: "1", capabilities: [.query])
        func layout(_ input: LayoutInput) throws -> LayoutResult { let r = try inner.layout(input); last = r; return r }
        func elements(in rect: CGRect) throws -> [ElementID] { last?.elements.map(\.id) ?? [] }
    }

    /// Puts every item in column 0, one under the other: overlap-free but not shortest-first.
    final class OneColumn: LayoutEngine {
        let descriptor = EngineDescriptor(name: "one-column", version: "1")
        func layout(_ input: LayoutInput) throws -> LayoutResult {
            var r = try ReferenceLayout.layout(input)
            var y: CGFloat = 0
            for i in r.sections[0].items.indices {
                r.sections[0].items[i].origin = CGPoint(x: 0, y: y)
                y += r.sections[0].items[i].height
            }
            r.contentSize.height = y
            return r
        }
    }

    @Test("a fixture without expected is checked (not passed) or fails on the invariants")
    func inputOnly() {
        let fixture = TwoColumns.fixture("input-only", expected: nil)
        var runner = GoldenRunner(engine: { ReferenceEngine() }, invariants: InvariantChecker())
        #expect(runner.judge(fixture, engine: ReferenceEngine()).status == .checked)
        runner.requiresExpected = true
        #expect(runner.judge(fixture, engine: ReferenceEngine()).status == .failed)
        runner.requiresExpected = false
        let verdict = runner.judge(fixture, engine: OneColumn())
        #expect(verdict.status == .failed)
        #expect(verdict.violations.contains { $0.hasPrefix("placement") }, "\(verdict.violations)")
    }

    @Test("--invariants: a golden that matches still fails when an invariant breaks")
    func onGoldens() {
        let fixture = TwoColumns.fixture("golden")
        var runner = GoldenRunner(engine: { QueryEverything() }, invariants: InvariantChecker())
        #expect(runner.judge(fixture, engine: QueryEverything()).status == .passed)  // frames match
        runner.invariantsOnGoldens = true
        let verdict = runner.judge(fixture, engine: QueryEverything())
        #expect(verdict.status == .failed)
        #expect(verdict.differences.isEmpty)
        #expect(verdict.violations.contains { $0.hasPrefix("query") }, "\(verdict.violations)")
    }

    @Test("record never blesses an output that breaks an invariant; a clean one is recorded")
    func recordGate() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let url = try dir.write(TwoColumns.fixture("input-only", expected: nil), to: "F/input-only.json")
        let bad = GoldenRunner(engine: { OneColumn() }, recordMode: .missing, recordTarget: .fixture, jobs: 1,
                               invariants: InvariantChecker())
        let refused = bad.run(paths: [url])
        #expect(refused.results.first?.status == .failed)
        #expect(refused.results.first?.message.hasPrefix("not recorded") == true)
        #expect(try FixtureReader.read(contentsOf: url).expected == nil)

        let good = GoldenRunner(engine: { ReferenceEngine() }, recordMode: .missing, recordTarget: .fixture, jobs: 1,
                                invariants: InvariantChecker())
        #expect(good.run(paths: [url]).results.first?.status == .recorded)
        // By hand (TwoColumns): the recorded expected is the §5 layout.
        #expect(try FixtureReader.read(contentsOf: url).expected == .layout(TwoColumns.result))
    }

    @Test("a saved counterexample of an invariant the engine cannot be checked against is an error, never a pass")
    func uncheckableCounterexample() {
        var fixture = TwoColumns.fixture("fuzz-reprepare", expected: nil)
        fixture.extensions = .object([("fuzz", .object([("invariant", .string("reprepare"))]))])
        let runner = GoldenRunner(engine: { ReferenceEngine() }, jobs: 1, invariants: InvariantChecker())
        let verdict = runner.judge(fixture, engine: ReferenceEngine())
        #expect(verdict.status == .error)
        #expect(verdict.message.contains("failed reprepare, which cannot be checked on reference"), "\(verdict.message)")
        // Saved by another engine (one --save folder for several): skipped, named, not an error
        // (new user: a clean run exited 1). Saved by this one: still an error.
        fixture.extensions = .object([("fuzz", .object([("invariant", .string("reprepare")), ("engine", .string("classic-002-waterflowlayout"))]))])
        let other = runner.judge(fixture, engine: ReferenceEngine())
        #expect(other.status == .skipped && other.message.contains("a counterexample of classic-002-waterflowlayout"), "\(other.message)")
        fixture.extensions = .object([("fuzz", .object([("invariant", .string("reprepare")), ("engine", .string("reference"))]))])
        #expect(runner.judge(fixture, engine: ReferenceEngine()).status == .error)
        // The same fixture saved for an invariant the engine can be checked against is checked.
        fixture.extensions = .object([("fuzz", .object([("invariant", .string("no-overlap"))]))])
        #expect(runner.judge(fixture, engine: ReferenceEngine()).status == .checked)
    }
}
