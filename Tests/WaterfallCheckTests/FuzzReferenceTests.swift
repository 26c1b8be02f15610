import Foundation
import Testing
import WaterfallLayout
@testable import WaterfallCheck

@Suite("Fuzz: the reference engine")
struct FuzzReferenceTests {
    /// The reference engine implements §5 exactly, so no invariant may fail on any case; 100,000
    /// cases over two jobs cover every feature many times (the statistics below show it).
    @Test func referencePassesEveryInvariant() {
        let fuzzer = Fuzzer(configuration: FuzzConfiguration(seed: 20261130, cases: 100_000, jobs: 2, keepGoing: true, shrinkTime: 1),
                            engine: { ReferenceEngine() })
        let report = fuzzer.run()
        for c in report.counterexamples { Issue.record("\(c.failure.message)\n\(c.input)") }
        #expect(report.cases == 100_000)
        #expect(report.counterexamples.isEmpty)
        // The generator reached every feature, invalid inputs and large cases.
        for (name, _) in LayoutFeatures.named { #expect(report.casesByFeature[name, default: 0] > 100, "feature \(name)") }
        #expect(report.invalidCases > 1000)
        #expect(report.casesBySize.last! > 10)
    }
}
