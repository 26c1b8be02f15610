import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckReports
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckCore
import WaterfallCheckTestSupport

@Suite("HTML report of a fuzzing run")
struct HTMLReportFuzzTests {
    @Test("each counterexample is a failing case on its shrunk input, the named elements highlighted")
    func counterexamples() throws {
        // ShiftingEngine puts item 0.1 20 pt low: some invariant fails and shrinks to an input
        // with at least two items in section 0.
        let run = Fuzzer(configuration: FuzzConfiguration(seed: 7, cases: 200, shrinkTime: 2), engine: { ShiftingEngine() }).run()
        try #require(!run.counterexamples.isEmpty)
        var page = HTMLReport(title: "fuzz")
        page.add(run, engine: "shifting")
        #expect(page.cases.count == run.counterexamples.count)
        for (c, x) in zip(page.cases, run.counterexamples) {
            #expect(c.status == .failed && c.summary == x.failure.message)
            #expect(c.input == x.input && c.highlighted == x.failure.elements)
            #expect(c.expected == (try? ReferenceLayout.layout(x.input)))
        }
        let doc = try Probe.parse(page.indexPage())
        #expect(try Probe.texts(doc).contains("shifting, as reference"))
        let first = try #require(run.counterexamples.first)
        for id in first.failure.elements where first.input.sections.indices.contains(id.section) {
            #expect(try Probe.elements(doc, "rect", "@data-element='\(id)' and @data-change='moved' and ancestor::section[@id='case-0001']").count >= 1)
        }
    }
}
