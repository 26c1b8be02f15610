import Foundation
import Testing
@testable import WaterfallCheck
import WaterfallEngines
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
}
