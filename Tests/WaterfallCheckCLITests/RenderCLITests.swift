import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckCore
import WaterfallCheckTestSupport

@Suite("render command and verify --html")
struct RenderCLITests {
    @Test("render FIXTURE writes the layout's SVG to standard output")
    func renderStdout() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try RenderFixtures.writeRun(in: dir)
        let out = try CLI.run(["render", "fixtures/ok.json"], in: dir.url)
        #expect(out.status == 0, "\(out.stderr)")
        let shapes = try Probe.elements(Probe.parse(out.stdout), "rect", "@data-element")
        #expect(shapes.count == 5)
    }

    @Test("render --diff --out draws expected against the engine into the file")
    func renderDiff() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try RenderFixtures.writeRun(in: dir)
        let out = try CLI.run(["render", "fixtures/moved.json", "--diff", "--out", "moved.svg"], in: dir.url)
        #expect(out.status == 0 && out.stdout.isEmpty, "\(out.stderr)")
        let doc = try Probe.parse(try dir.read("moved.svg"))
        let moved = try Probe.elements(doc, "rect", "@data-element and @data-change='moved'").compactMap { Probe.attribute($0, "data-element") }
        #expect(moved == ["item 0.1"])
    }

    @Test("render --against ENGINE diffs two engines; --diff without expected frames is an error")
    func renderAgainst() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try dir.write(RenderFixtures.bare, to: "bare.json")
        let same = try CLI.run(["render", "bare.json", "--against", "reference"], in: dir.url)
        #expect(same.status == 0)
        #expect(try Probe.elements(Probe.parse(same.stdout), "rect", "@data-element and @data-change='same'").count == 5)
        let noExpected = try CLI.run(["render", "bare.json", "--diff"], in: dir.url)
        #expect(noExpected.status == 2 && noExpected.stderr.contains("no expected frames"))
        let unknown = try CLI.run(["render", "bare.json", "--engine", "nope"], in: dir.url)
        #expect(unknown.status == 2 && unknown.stderr.contains("no engine named 'nope'"))
    }

    @Test("verify --html DIR writes the report, the moved item marked, and still fails the run")
    func verifyHTML() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try RenderFixtures.writeRun(in: dir)
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("fixtures/bad.json"))
        let out = try CLI.run(["verify", "fixtures", "--html", "report"], in: dir.url, ci: "true")
        #expect(out.status == 1, "\(out.stderr)")
        let doc = try Probe.parse(try dir.read("report/index.html"))
        #expect(try Probe.elements(doc, "rect", "@data-element='item 0.1' and @data-change='moved'").count == 3)
    }

    @Test("verify --html refuses a directory that is not a report, and keeps its files")
    func verifyHTMLRefuses() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try RenderFixtures.writeRun(in: dir)
        try dir.write("mine\n", to: "notes/keep.txt")
        let out = try CLI.run(["verify", "fixtures/ok.json", "--html", "notes"], in: dir.url)
        #expect(out.status == 2 && out.stderr.contains("not a waterfall-check report"))
        #expect(try dir.read("notes/keep.txt") == "mine\n")
    }
}
