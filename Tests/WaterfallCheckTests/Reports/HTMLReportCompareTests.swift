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

/// The reference engine with one bug: item 0.1, when there is one, lands 20 pt low.
final class ShiftingEngine: LayoutEngine {
    let descriptor = EngineDescriptor(name: "shifting", version: "1")
    func layout(_ input: LayoutInput) throws -> LayoutResult {
        var r = try ReferenceEngine().layout(input)
        if let s = r.sections.first, s.items.count > 1 { r.sections[0].items[1].origin.y += 20 }
        return r
    }
}

@Suite("HTML report of an engine comparison")
struct HTMLReportCompareTests {
    func report() -> HTMLReport {
        let cases = [CompareCase(name: "example", input: SectionOneExample.input, origin: .fixture(path: "example.json")),
                     CompareCase(name: "one-item", input: LayoutInput(layout: SectionOneExample.input.layout,
                                                                      sections: [SectionInput(items: [.height(10)])]),
                                 origin: .generated(seed: 1, index: 0))]
        let run = EngineComparison(baseline: ReferenceEngine(), candidate: ShiftingEngine()).run(cases)
        var page = HTMLReport(title: "compare")
        page.add(run)
        return page
    }

    @Test("a difference is a failing case on its minimal input: baseline as expected, candidate as actual")
    func difference() throws {
        let page = report()
        let c = try #require(page.cases.first)
        #expect(page.cases.count == 1 && c.status == .failed && c.name == "example")
        #expect(c.highlighted == [.item(0, 1)])
        let minimal = try #require(c.input)
        #expect(c.expected == (try ReferenceEngine().layout(minimal)))
        #expect(c.actual.map { $0.sections[0].items[1].minY } == c.expected.map { $0.sections[0].items[1].minY + 20 })
        #expect(c.rows.map(\.first) == ["item 0.1"])
    }

    @Test("identical cases are counted, and the pictures say baseline and candidate")
    func namesAndCounts() throws {
        let html = report().indexPage()
        let doc = try Probe.parse(html)
        let counts = try Probe.elements(doc, "td", "ancestor::table[@class='counts']").map { $0.stringValue ?? "" }
        #expect(counts == ["2", "1", "0", "1", "0"]) // cases, failed, error, passed (identical), skipped
        let texts = try Probe.texts(doc)
        #expect(texts.contains("candidate, as baseline") && texts.contains("baseline → candidate origin"))
        #expect(try Probe.elements(doc, "svg", "@data-panel='expected'").count == 1)
        #expect(try Probe.elements(doc, "text", "following-sibling::*[@data-panel='expected']").contains { $0.stringValue == "baseline" })
    }
}
