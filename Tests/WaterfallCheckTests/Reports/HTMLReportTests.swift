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

@Suite("HTML report")
struct HTMLReportTests {
    /// A run of five cases: one failing with a moved item, one errored with a hostile message,
    /// two passing, one skipped.
    static func sampleReport(inlineCaseLimit: Int = 25) -> HTMLReport {
        var r = HTMLReport(title: "verify Fixtures/ <reference>", notes: ["tolerance 0.001 pt"], inlineCaseLimit: inlineCaseLimit)
        r.addCase(.init(name: "section-one", file: "Fixtures/a/section-one.json", status: .failed,
                        summary: "item 0.1 moved by (0, 20)", input: SectionOneExample.input,
                        expected: SectionOneExample.expected, actual: SectionOneExample.broken,
                        tableHeader: ["element", "expected", "actual"],
                        rows: [["item 0.1", "[131.67, 54, 111.67, 83.75]", "[131.67, 74, 111.67, 83.75]"]]))
        r.addCase(.init(name: "bad", file: "Fixtures/a/bad.json", status: .error, summary: "engine fault",
                        error: "<script>alert('x')</script> & more"))
        r.addCase(.init(name: "ok-1", status: .passed, summary: "", input: SectionOneExample.input,
                        expected: SectionOneExample.expected, actual: SectionOneExample.expected))
        r.addCase(.init(name: "ok-2", status: .passed, summary: ""))
        r.addCase(.init(name: "skip", status: .skipped, summary: "unsupported: span"))
        return r
    }

    /// A fresh directory under the temporary directory, removed by the caller.
    static func scratch() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("wf-report-\(UUID().uuidString)")
    }

    func written(_ report: HTMLReport) throws -> (dir: URL, index: String) {
        let dir = Self.scratch().appendingPathComponent("report")
        try report.write(to: dir)
        return (dir, try String(contentsOf: dir.appendingPathComponent("index.html"), encoding: .utf8))
    }

    @Test("index.html is well-formed, self-contained and script-free")
    func selfContained() throws {
        let (dir, html) = try written(Self.sampleReport())
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        _ = try Probe.parse(html)
        #expect(!html.lowercased().contains("<script"))
        #expect(!html.contains("http://") && !html.contains("https://"))
        // Only in-page links: no src=, no url(), no href but "#..." anchors.
        #expect(!html.contains("src=") && !html.contains("url("))
        let doc = try Probe.parse(html)
        let hrefs = try Probe.elements(doc, "a").compactMap { Probe.attribute($0, "href") }
        #expect(hrefs.allSatisfy { $0.hasPrefix("#") })
    }

    @Test("counts every status and indexes the failing cases")
    func index() throws {
        let (dir, html) = try written(Self.sampleReport())
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        let doc = try Probe.parse(html)
        let counts = try Probe.elements(doc, "td", "ancestor::table[@class='counts']").map { $0.stringValue ?? "" }
        #expect(counts == ["5", "1", "1", "2", "1"]) // cases, failed, error, passed, skipped
        let links = try Probe.elements(doc, "a", "ancestor::table[@class='index']")
        #expect(links.map { $0.stringValue ?? "" } == ["section-one", "bad"])
        #expect(links.map { Probe.attribute($0, "href") ?? "" } == ["#case-0001", "#case-0002"])
        #expect(try Probe.elements(doc, "section", "@id='case-0001' or @id='case-0002'").count == 2)
        // Failing is failed plus errors, and the verdict says so when both occur.
        let verdict = try Probe.elements(doc, "p", "contains(@class, 'verdict')").map { $0.stringValue ?? "" }
        #expect(verdict == ["2 failing cases of 5 (1 failed, 1 error)."])
    }

    @Test("the failing case shows its pictures with the moved item marked, and its table")
    func failingCase() throws {
        let (dir, html) = try written(Self.sampleReport())
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        let doc = try Probe.parse(html)
        let section = "ancestor::section[@id='case-0001']"
        #expect(try Probe.elements(doc, "figure", section).count == 2) // overlay, side by side
        let moved = try Probe.elements(doc, "rect", "@data-element='item 0.1' and @data-change='moved' and \(section)")
        #expect(moved.count == 3) // the overlay, and each side of the side-by-side view
        #expect(try Probe.elements(doc, "g", "@data-arrow='item 0.1'").count == 1)
        let cells = try Probe.elements(doc, "td", "ancestor::table[@class='diff']").map { $0.stringValue ?? "" }
        #expect(cells == ["item 0.1", "[131.67, 54, 111.67, 83.75]", "[131.67, 74, 111.67, 83.75]"])
    }

    @Test("escapes every text: an error message is shown verbatim, never run")
    func escaping() throws {
        let (dir, html) = try written(Self.sampleReport())
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; more"))
        let doc = try Probe.parse(html)
        #expect(try Probe.elements(doc, "pre").map { $0.stringValue ?? "" } == ["<script>alert('x')</script> & more"])
        #expect(try Probe.elements(doc, "h1").map { $0.stringValue ?? "" } == ["verify Fixtures/ <reference>"])
    }

    @Test("passing cases are listed without pictures")
    func passing() throws {
        let report = Self.sampleReport()
        #expect(report.cases[2].input == nil && report.cases[2].actual == nil)
        let (dir, html) = try written(report)
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        let items = try Probe.elements(Probe.parse(html), "li").map { $0.stringValue ?? "" }
        #expect(items == ["ok-1", "ok-2", "skip: unsupported: span"])
    }

    @Test("past the inline limit each failing case gets its own page")
    func casePages() throws {
        let (dir, html) = try written(Self.sampleReport(inlineCaseLimit: 1))
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        let doc = try Probe.parse(html)
        #expect(try Probe.elements(doc, "section").isEmpty)
        #expect(try Probe.elements(doc, "a").compactMap { Probe.attribute($0, "href") } == ["cases/case-0001.html", "cases/case-0002.html"])
        let page = try String(contentsOf: dir.appendingPathComponent("cases/case-0001.html"), encoding: .utf8)
        let pageDoc = try Probe.parse(page)
        #expect(try Probe.elements(pageDoc, "a").compactMap { Probe.attribute($0, "href") } == ["../index.html"])
        #expect(try Probe.elements(pageDoc, "rect", "@data-element='item 0.1' and @data-change='moved'").count == 3)
    }

    @Test("rewriting replaces the previous report and leaves no temporary directory")
    func replaces() throws {
        let root = Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let dir = root.appendingPathComponent("report")
        try Self.sampleReport(inlineCaseLimit: 1).write(to: dir)
        try Self.sampleReport().write(to: dir)
        let fm = FileManager.default
        #expect(!fm.fileExists(atPath: dir.appendingPathComponent("cases").path)) // the old pages are gone
        #expect(fm.fileExists(atPath: dir.appendingPathComponent(HTMLReport.markerName).path))
        #expect(try fm.contentsOfDirectory(atPath: root.path) == ["report"])
    }

    @Test("refuses to replace a directory that is not a report, and keeps its files")
    func refusesForeignDirectory() throws {
        let root = Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let dir = root.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: dir.appendingPathComponent("notes.txt"))
        #expect(throws: WaterfallCheckError.self) { try Self.sampleReport().write(to: dir) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["notes.txt"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["mine"])
    }

    @Test("D1: writing into a marked directory keeps every file the report did not write; only its own stale case pages go")
    func markedDirectoryKeepsForeignFiles() throws {
        let root = Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let fm = FileManager.default
        let dir = root.appendingPathComponent("p")
        try fm.createDirectory(at: dir.appendingPathComponent("Fixtures/s"), withIntermediateDirectories: true)
        try fm.createDirectory(at: dir.appendingPathComponent("cases"), withIntermediateDirectories: true)
        try Data().write(to: dir.appendingPathComponent(HTMLReport.markerName))  // a committed, empty marker
        for f in ["README.md", "Fixtures/s/a.json", "cases/notes.txt", "cases/case-9999.html"] {
            try Data("keep \(f)".utf8).write(to: dir.appendingPathComponent(f))
        }
        try Self.sampleReport().write(to: dir)
        for f in ["README.md", "Fixtures/s/a.json", "cases/notes.txt"] {
            #expect(try String(contentsOf: dir.appendingPathComponent(f), encoding: .utf8) == "keep \(f)", "\(f)")
        }
        #expect(!fm.fileExists(atPath: dir.appendingPathComponent("cases/case-9999.html").path))  // the report's own stale page
        #expect(fm.fileExists(atPath: dir.appendingPathComponent("index.html").path))
        #expect(try fm.contentsOfDirectory(atPath: root.path) == ["p"])  // no swapped-out sibling
    }
}
