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

@Suite("HTML report of a golden run")
struct HTMLReportVerifyTests {
    func report(_ dir: TempDir) throws -> HTMLReport {
        try RenderFixtures.writeRun(in: dir)
        var runner = GoldenRunner(engine: { ReferenceEngine() }, jobs: 1)
        runner.keepsLayouts = true
        let run = runner.run(paths: [dir.url.appendingPathComponent("fixtures")])
        var page = HTMLReport(title: "verify")
        page.add(run)
        return page
    }

    @Test("a failed fixture is drawn from the run's own results: expected, actual, the run's differences highlighted")
    func failedCase() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let page = try report(dir)
        let moved = try #require(page.cases.first { $0.name == "moved" })
        #expect(moved.status == .failed)
        #expect(moved.highlighted == [.item(0, 1)])
        #expect(moved.expected?.sections[0].items[1].minY == 84)
        #expect(moved.actual?.sections[0].items[1].minY == 54)
        #expect(moved.rows.map(\.first) == ["item 0.1"])
        #expect(moved.rows.first?.last == "$.expected.sections[0].items[1]")
    }

    @Test("passing and broken fixtures are listed with their status")
    func otherCases() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let page = try report(dir)
        let status = Dictionary(uniqueKeysWithValues: page.cases.map { ($0.name, $0.status) })
        #expect(status == ["ok": .passed, "moved": .failed, "bad": .error])
        let bad = try #require(page.cases.first { $0.name == "bad" })
        #expect(bad.input == nil && bad.summary.contains("$.name"))
    }

    @Test("the written page marks the moved item")
    func page() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try report(dir).write(to: dir.url.appendingPathComponent("report"))
        let html = try dir.read("report/index.html")
        let doc = try Probe.parse(html)
        #expect(try Probe.elements(doc, "rect", "@data-element='item 0.1' and @data-change='moved'").count == 3)
        #expect(try Probe.elements(doc, "rect", "@data-element and @data-change='moved'").count == 3) // nothing else
    }
}

/// The HTML report of a golden run is drawn from the run's results alone.
@Suite("HTML report of a golden run: one read, one layout, the text's counts")
struct HTMLReportVerifyDataTests {
    /// The reference engine, counting its layouts across every instance a runner makes.
    final class CountingEngine: LayoutEngine {
        nonisolated(unsafe) static var layouts = 0
        private static let lock = NSLock()
        let reference = ReferenceEngine()
        var descriptor: EngineDescriptor { reference.descriptor }
        func layout(_ input: LayoutInput) throws -> LayoutResult {
            Self.lock.withLock { Self.layouts += 1 }
            return try reference.layout(input)
        }
    }

    @Test("verify --html on a failing fixture lays it out once, and the page counts what the text counts")
    func oneLayoutPerFixture() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try RenderFixtures.writeRun(in: dir)
        CountingEngine.layouts = 0
        var runner = GoldenRunner(engine: { CountingEngine() }, jobs: 1)
        runner.keepsLayouts = true
        let run = runner.run(paths: [dir.url.appendingPathComponent("fixtures")])
        // ok.json and moved.json are laid out once each; bad.json cannot be read.
        #expect(CountingEngine.layouts == 2)
        var page = HTMLReport(title: "verify")
        page.add(run)
        #expect(CountingEngine.layouts == 2)
        let moved = try #require(page.cases.first { $0.name == "moved" })
        #expect(moved.actual != nil && moved.expected != nil)
        for status in CaseStatus.allCases { #expect(page.count(status) == run.count(status), "\(status)") }
        #expect(page.cases.count == run.results.count)
    }
}
