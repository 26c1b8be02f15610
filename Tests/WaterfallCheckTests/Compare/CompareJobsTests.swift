import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckEngines
import WaterfallCheckTestSupport

/// `compare --jobs N`: the report is the same whatever N (cases compared in parallel, then
/// counted, shrunk and ordered in case order).
@Suite("Compare on several jobs")
struct CompareJobsTests {
    @Test("1, 2 and 4 jobs give the same report, text and JSON, against an engine that differs")
    func sameReport() throws {
        let broken = try #require(BrokenEngines.all.first { $0.invariant == "placement" })
        let generator = CaseGenerator()
        var texts: [String] = []
        for jobs in [1, 2, 4] {
            var comparison = EngineComparison(jobs: jobs) { (ReferenceEngine(), broken.make()) }
            comparison.choiceShrinkSeconds = 30
            let cases = generator.cases(seed: 5, count: 60, features: comparison.commonFeatures)
            let report = comparison.run(cases)
            #expect(report.cases == 60)
            #expect(report.verdict == RunVerdict.failed)
            texts.append(report.text() + report.json())
        }
        #expect(texts[1] == texts[0])
        #expect(texts[2] == texts[0])
    }

    @Test("progress: comparing counts up to every case on 2 jobs, then each difference is announced before it is shrunk")
    func progress() throws {
        let broken = try #require(BrokenEngines.all.first { $0.invariant == "placement" })
        var comparison = EngineComparison(jobs: 2) { (ReferenceEngine(), broken.make()) }
        comparison.choiceShrinkSeconds = 1
        let cases = CaseGenerator().cases(seed: 5, count: 100, features: comparison.commonFeatures)
        var seen: [EngineComparison.ComparisonProgress] = []
        let report = comparison.run(cases) { seen.append($0) }  // calls are serialised
        let comparing = seen.filter { $0.shrinking == 0 }, shrinking = seen.filter { $0.shrinking > 0 }
        #expect(comparing.map(\.compared) == comparing.map(\.compared).sorted())
        #expect(comparing.last?.compared == 100 && comparing.allSatisfy { $0.total == 100 })
        #expect(comparing.last?.differing == report.differingCases + report.faultingCases)
        // One announcement per differing case, numbered 1...n, before the findings are merged.
        #expect(shrinking.map(\.shrinking) == Array(1...report.differingCases))
        #expect(shrinking.allSatisfy { $0.toShrink == report.differingCases })
        #expect(seen.firstIndex { $0.shrinking > 0 }! > seen.lastIndex { $0.shrinking == 0 }!)
    }

    /// The reference, except that it throws for an input with more than 4 items, naming the count.
    final class ThrowsPastFour: LayoutEngine {
        let reference = ReferenceEngine()
        var descriptor: EngineDescriptor { reference.descriptor }
        func layout(_ input: LayoutInput) throws -> LayoutResult {
            struct Boom: Error, CustomStringConvertible { var n: Int; var description: String { "boom at \(n) items" } }
            if input.itemCount > 4 { throw Boom(n: input.itemCount) }
            return try reference.layout(input)
        }
    }

    @Test("faults on one side: the first of each kind is shrunk, the others listed under it, with progress")
    func oneSidedFaultsShrunkOnce() {
        var comparison = EngineComparison(jobs: 2) { (ReferenceEngine(), ThrowsPastFour()) }
        comparison.choiceShrinkSeconds = 1
        let cases = CaseGenerator().cases(seed: 3, count: 200, features: comparison.commonFeatures)
        var announced: [EngineComparison.ComparisonProgress] = []
        let report = comparison.run(cases) { announced.append($0) }
        let faults = report.differences.filter { $0.fault != nil }
        // One kind of fault (the numbers in its message differ), whatever the reference answers
        // (frames, or an invalid input's error code): one finding, every other case under it.
        #expect(faults.count == 1, "\(faults.map { "\($0.fault!)" })")
        #expect(report.faultingCases > 20 && (faults.first?.alsoIn.count ?? 0) == report.faultingCases - 1)
        #expect(faults.first?.minimal.itemCount == 5)
        let shrinking = announced.filter(\.faults)
        #expect(shrinking.map(\.shrinking) == Array(1...report.faultingCases))
    }

    /// Throws "garbage" for a container narrower than 100 pt that has items, else "crash" from 3 items.
    final class TwoFaults: LayoutEngine {
        let reference = ReferenceEngine()
        var descriptor: EngineDescriptor { reference.descriptor }
        struct Fault: Error, CustomStringConvertible { var description: String }
        func layout(_ input: LayoutInput) throws -> LayoutResult {
            if input.layout.containerWidth < 100 && input.itemCount > 0 { throw Fault(description: "garbage") }
            if input.itemCount >= 3 { throw Fault(description: "crash at \(input.itemCount) items") }
            return try reference.layout(input)
        }
    }

    @Test("a fault shrinks to the same fault (a crash shrank into the garbage reply), and the minimal input's answers are its own")
    func faultKeepsItsKind() throws {
        var comparison = EngineComparison(baseline: ReferenceEngine(), candidate: TwoFaults())
        comparison.choiceShrinkSeconds = 30
        let input = LayoutInput(layout: LayoutSettings(containerWidth: 375, columnCount: 3, columnSpacing: 10),
                                sections: [SectionInput(items: (0..<8).map { .height(CGFloat(10 + $0)) })])
        let report = comparison.run([CompareCase(name: "eight", input: input, origin: .generated(seed: 0, index: 0))]
                                    + [CompareCase(name: "identical", input: LayoutInput(layout: LayoutSettings(containerWidth: 375, columnCount: 2), sections: []),
                                                   origin: .generated(seed: 0, index: 1))])
        let finding = try #require(report.differences.first)
        #expect(finding.fault.map { "\($0)".contains("crash at 3 items") } == true, "\(finding.candidate)")
        #expect(finding.minimal.itemCount == 3 && finding.minimal.layout.containerWidth >= 100, "\(CanonicalWriter.compactInput(finding.minimal))")
        // The JSON names every case that showed each difference.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
        let differences = try #require(json["differences"] as? [[String: Any]])
        #expect(differences.map { $0["alsoIn"] as? [String] } == [[]])
    }

    /// ``ThrowsPastFour``, counting its layouts.
    final class CountingThrows: LayoutEngine {
        nonisolated(unsafe) static var layouts = 0
        let inner = ThrowsPastFour()
        var descriptor: EngineDescriptor { inner.descriptor }
        func layout(_ input: LayoutInput) throws -> LayoutResult { Self.layouts += 1; return try inner.layout(input) }
    }

    @Test("--shrink-time 0: no shrink step runs, not even the clamped-span retry or the minimal input's re-check")
    func noStepAfterTheDeadline() throws {
        var comparison = EngineComparison(baseline: ReferenceEngine(), candidate: CountingThrows())
        comparison.choiceShrinkSeconds = 0
        // Five items, one spanning 5 of 3 columns: its normalised form (span 3) differs.
        let input = LayoutInput(layout: LayoutSettings(containerWidth: 375, columnCount: 3),
                                sections: [SectionInput(items: [.height(10), .height(20, span: 5), .height(30), .height(40), .height(50)])])
        CountingThrows.layouts = 0
        // A second case both engines agree on: when every case faults, faults are listed, not shrunk.
        let agreed = LayoutInput(layout: LayoutSettings(containerWidth: 375, columnCount: 3), sections: [SectionInput(items: [.height(1)])])
        let report = comparison.run([CompareCase(name: "five", input: input, origin: .fixture(path: "five.json")),
                                     CompareCase(name: "one", input: agreed, origin: .fixture(path: "one.json"))])
        #expect(report.differences.count == 1)
        #expect(report.differences.first?.minimal == input)
        #expect(CountingThrows.layouts == 2)  // the two comparisons; the shrink asked nothing more
    }

    @Test("generated cases made by the workers (a stream) give the report of the same cases made up front, on 1 and 2 jobs")
    func streamedCases() throws {
        let broken = try #require(BrokenEngines.all.first { $0.invariant == "placement" })
        let generator = CaseGenerator()
        let fixtures = try CompareCase.fixtures(at: [ExternalTestSupport.packageRoot.appendingPathComponent("Fixtures/conformance").path])
        for jobs in [1, 2] {
            var comparison = EngineComparison(jobs: jobs) { (ReferenceEngine(), broken.make()) }
            comparison.choiceShrinkSeconds = 30
            let upFront = comparison.run(fixtures + generator.cases(seed: 5, count: 60, features: comparison.commonFeatures))
            let stream = generator.stream(seed: 5, count: 60, features: comparison.commonFeatures)
            let streamed = comparison.run(fixtures, generated: stream)
            #expect(streamed.cases == fixtures.count + 60)
            #expect(streamed.verdict == RunVerdict.failed)
            #expect(streamed.text() + streamed.json() == upFront.text() + upFront.json())
        }
        // A case made on demand is the case made up front, and its replay records the choices
        // that generate it again.
        let stream = generator.stream(seed: 9, count: 20, features: .all)
        for (i, c) in generator.cases(seed: 9, count: 20, features: .all).enumerated() {
            let made = stream.make(i)
            #expect(made.input == c.input && made.name == c.name)
            let replay = try #require(made.replay)
            #expect(replay.input(replay.choices.choices).0 == c.input)
        }
    }
}
