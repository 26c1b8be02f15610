import Foundation
import Testing
import WaterfallCheckTesting

/// Sends exact ties to the rightmost column: the bug a tolerance-0 invariant run catches.
final class RightmostTies: LayoutEngine {
    let descriptor = EngineDescriptor(name: "rightmost-ties", version: "1", features: [])
    func layout(_ input: LayoutInput) throws -> LayoutResult {
        var result = try ReferenceEngine().layout(input)
        let s = input.layout
        // A single section of height items: redo §5 with `<=` (the last lowest column wins).
        guard input.sections.count == 1 else { return result }
        let width = (s.containerWidth - s.sectionInset.left - s.sectionInset.right - CGFloat(s.columnCount - 1) * s.columnSpacing) / CGFloat(s.columnCount)
        var tops = Array(repeating: s.sectionInset.top, count: s.columnCount)
        for (i, item) in input.sections[0].items.enumerated() {
            guard case .height(let h) = item.dimension else { return result }
            var c = 0
            for k in 1..<s.columnCount where tops[k] <= tops[c] { c = k }
            result.sections[0].items[i] = CGRect(x: s.sectionInset.left + CGFloat(c) * (width + s.columnSpacing), y: tops[c], width: width, height: h)
            tops[c] = tops[c] + h + s.rowSpacing
        }
        return result
    }
}

@Suite("Swift API: verifyGoldens, verifyInvariants, record modes")
struct SwiftAPITests {
    @Test("record mode: CI means never; WATERFALL_CHECK_RECORD otherwise; a bad value throws")
    func recordModes() throws {
        #expect(try RecordMode.from(environment: ["CI": "true", "WATERFALL_CHECK_RECORD": "all"]) == .never)
        #expect(try RecordMode.from(environment: ["CI": "false", "WATERFALL_CHECK_RECORD": "all"]) == .all)
        #expect(try RecordMode.from(environment: [:]) == .missing)
        #expect(throws: WaterfallCheckError.self) { try RecordMode.from(environment: ["WATERFALL_CHECK_RECORD": "sometimes"]) }
    }

    @Test("verifyInvariants at tolerance 0 finds the exact-tie bug, shrunk, saved with its tolerance")
    func ties() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wc-api-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let found = verifyInvariants(engine: RightmostTies(), cases: 200, seed: 1, tolerance: 0, saveTo: dir)
        let placement = try #require(found.first { $0.counterexample.invariant == "placement" }, "\(found.map(\.report))")
        #expect(placement.fixture.tolerance == 0)
        #expect(placement.report.contains("seed 1, case "))
        #expect(placement.report.contains("\"format\": \"waterfall-fixture/1\""), "\(placement.report)")
        let saved = try #require(placement.saved)
        let back = try FixtureReader.read(contentsOf: saved)
        #expect(back.tolerance == 0 && back.input == placement.counterexample.input)
        #expect(!GoldenRunner(engine: { RightmostTies() }, invariants: InvariantChecker()).run(paths: [saved]).succeeded)
        // At tolerance 0 the reference engine shows float noise (no-overlap by 1e-14 pt), never a misplaced tie.
        #expect(!verifyInvariants(engine: ReferenceEngine(), cases: 200, seed: 1, tolerance: 0).contains { $0.counterexample.invariant == "placement" })
    }

    @Test("verifyGoldens records a missing golden into the fixture (mode missing), then passes")
    func goldens() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wc-api-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = LayoutInput(layout: LayoutSettings(containerWidth: 100, columnCount: 2),
                                sections: [SectionInput(items: [.height(10), .height(20)])])
        try Fixture(name: "new", input: input).save(in: dir)
        let first = try verifyGoldens(engine: { ReferenceEngine() }, fixtures: [dir.path], record: .missing)
        #expect(first.results.map(\.status) == [.recorded])
        let second = try verifyGoldens(engine: { ReferenceEngine() }, fixtures: [dir.path], record: .never)
        #expect(second.results.map(\.status) == [.passed])
        let tie = try verifyGoldens(engine: { RightmostTies() }, fixtures: [dir.path], record: .never)
        #expect(tie.results.map(\.status) == [.failed])
    }
}

/// An engine that throws something that is not a `LayoutError` for every input: what a crashing
/// layout looks like in process (a UIKit exception, a port's exception).
private final class AlwaysThrows: LayoutEngine {
    struct Boom: Error {}
    let descriptor = EngineDescriptor(name: "always-throws", version: "0")
    func layout(_ input: LayoutInput) throws -> LayoutResult { throw Boom() }
}

@Suite("Engine faults reach the test")
struct EngineFaultsReachTheTest {
    @Test("runInvariants returns the faults of an engine that throws on every input; the run is not clean")
    func faultsReturned() {
        let run = runInvariants(engine: AlwaysThrows(), cases: 50, seed: 1)
        #expect(run.findings.isEmpty)
        #expect(run.engineFaultCases == 50)
        #expect(!run.isClean)
        #expect(run.faultReport?.contains("the engine faulted on 50 case(s)") == true)
    }
}

@Suite("assertInvariants(..., lifecycle: true)")
struct LifecycleAssertion {
    @Test("an engine without the lifecycle capability is an issue, never a silent pass")
    func noCapability() {
        withKnownIssue {
            assertInvariants(engine: ReferenceEngine(), cases: 20, seed: 1, lifecycle: true)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("has no lifecycle") }
        }
    }
}
