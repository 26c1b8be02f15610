import Foundation
import Testing
import WaterfallCheckCore
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

@Suite("Fuzz: the reference engine")
struct FuzzReferenceTests {
    /// The reference engine implements §5 exactly, so no invariant may fail on any case. 100,000
    /// cases of up to 16 items (a screenful; rarely 128) keep the debug build's run short; the
    /// full-size space (64 items, rarely thousands) gets 10,000 here and 400,000 in the `fuzz`
    /// benchmark, which reports its counterexamples too.
    @Test func referencePassesEveryInvariant() {
        let jobs = max(2, ProcessInfo.processInfo.activeProcessorCount)
        let small = Fuzzer(configuration: FuzzConfiguration(seed: 20261130, cases: 100_000, jobs: jobs, keepGoing: true, shrinkTime: 1,
                                                            generator: InputGenerator(maxItems: 16, largeItems: 128)),
                           engine: { ReferenceEngine() }).run()
        let full = Fuzzer(configuration: FuzzConfiguration(seed: 20261201, cases: 10_000, jobs: jobs, keepGoing: true, shrinkTime: 1),
                          engine: { ReferenceEngine() }).run()
        for report in [small, full] {
            for c in report.counterexamples { Issue.record("\(c.failure.message)\n\(c.input)") }
            #expect(report.counterexamples.isEmpty)
            // Every invariant that can run on the reference ran on every case; the two that need a
            // layout object in process are not counted as checked (they were, and did not run).
            #expect(report.notApplicable.map(\.invariant) == ["lookup-consistency", "reprepare"])
            #expect(report.checks == report.cases * (Invariants.all.count - 2))
        }
        #expect(small.cases == 100_000)
        #expect(full.cases == 10_000)
        // The generator reached every feature, invalid inputs and large cases.
        for (name, _) in LayoutFeatures.named { #expect(small.casesByFeature[name, default: 0] > 1000, "feature \(name)") }
        #expect(small.invalidCases > 1000)
        #expect(small.casesBySize.last! > 50)
        #expect(full.casesBySize[3] > 1000)
    }
}
