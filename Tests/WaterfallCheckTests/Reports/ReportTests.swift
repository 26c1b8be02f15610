import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckReports
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

@Suite("Reports: text, JUnit XML, GitHub annotations, JSON summary")
struct ReportTests {
    /// A hand-made report: two suites, one fixture of each status, hostile characters in names
    /// and messages.
    static let report: VerifyReport = {
        let moved = LayoutDiff.Entry(subject: .element(.item(0, 4)), expected: .frame(CGRect(x: 10, y: 54, width: 100, height: 20)),
                                     actual: .frame(CGRect(x: 10, y: 78, width: 100, height: 20)),
                                     path: [.key("expected"), .key("sections"), .index(0), .key("items"), .index(4)])
        let size = LayoutDiff.Entry(subject: .contentSize, expected: .size(CGSize(width: 375, height: 100)),
                                    actual: .size(CGSize(width: 375, height: 124)), path: [.key("expected"), .key("contentSize")])
        func url(_ p: String) -> URL { URL(fileURLWithPath: "/repo/" + p) }
        return VerifyReport(results: [
            FixtureResult(file: "Fixtures/a/ok.json", url: url("Fixtures/a/ok.json"), suite: "Fixtures/a", name: "ok", status: .passed),
            FixtureResult(file: "Fixtures/a/moved.json", url: url("Fixtures/a/moved.json"), suite: "Fixtures/a", name: "moved <&> \"q\" 'a'",
                          status: .failed, diff: LayoutDiff(entries: [moved, size], tolerance: .default), message: moved.sentence,
                          position: FixtureResult.Position(line: 31, column: 9)),
            FixtureResult(file: "Fixtures/b,c/bad.json", url: url("Fixtures/b,c/bad.json"), suite: "Fixtures/b,c", name: "bad",
                          status: .error, message: "fixture error at $.layout: 100% wrong\u{01}\nsecond line",
                          position: FixtureResult.Position(line: 3, column: 5)),
            FixtureResult(file: "Fixtures/b,c/skip.json", url: url("Fixtures/b,c/skip.json"), suite: "Fixtures/b,c", name: "skip",
                          status: .skipped, message: "classic does not support this input"),
        ])
    }()

    @Test("text: location and first difference in one line, a table, and the total")
    func text() {
        let text = TextReport.render(Self.report)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "FAIL Fixtures/a/moved.json:31:9: item 0.4 moved by 24 pt: expected [10, 54, 100, 20] actual [10, 78, 100, 20]")
        #expect(lines[1] == "  element      expected           actual             delta")
        #expect(lines[2] == "  item 0.4     [10, 54, 100, 20]  [10, 78, 100, 20]  24")
        #expect(lines[3] == "  contentSize  [375, 100]         [375, 124]         24")
        #expect(lines[4].hasPrefix("ERROR Fixtures/b,c/bad.json:3:5: fixture error at $.layout"))
        #expect(lines.last(where: { !$0.isEmpty }) == "4 fixtures: 1 passed, 1 failed, 1 error, 1 skipped")
        #expect(!text.contains("ok.json") && !text.contains("skip.json"))
        // Why fixtures were skipped, grouped by reason, before the total.
        #expect(text.hasSuffix("skipped: 1 fixture\n  1 × classic does not support this input\n4 fixtures: 1 passed, 1 failed, 1 error, 1 skipped\n"), "\(text)")
    }

    @Test("text: an engine fault with the same stderr as an earlier one is one line, naming where it was shown")
    func repeatedFaults() {
        let stderr = "\n      the engine's stderr (last 20 bytes):\n        | NotImplementedError"
        func fault(_ name: String, tail: String = stderr) -> FixtureResult {
            FixtureResult(file: "F/\(name).json", url: URL(fileURLWithPath: "/r/F/\(name).json"), suite: "F", name: name,
                          status: .error, message: "engine fault (crashed): no reply to request 1: exited with status 1" + tail)
        }
        let text = TextReport.render(VerifyReport(results: [fault("a"), fault("b"), fault("c", tail: "\n        | KeyError"), fault("d")]))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("NotImplementedError") }.count == 1, "\(text)")
        #expect(lines.contains("ERROR F/b.json: engine fault (crashed): no reply to request 1: exited with status 1 (then as for F/a.json above)"), "\(text)")
        #expect(lines.contains("ERROR F/d.json: engine fault (crashed): no reply to request 1: exited with status 1 (then as for F/a.json above)"), "\(text)")
        #expect(lines.contains { $0.contains("| KeyError") }, "another stderr is printed in full")
        #expect(lines.count == 3 + 1 + 2 + 1 + 1, "\(text)")
    }

    @Test("text: the table is capped, with a count of the rest")
    func cappedTable() {
        let diffs = (0..<25).map { i in
            LayoutDiff.Entry(subject: .element(.item(0, i)), expected: .frame(.zero), actual: nil)
        }
        let table = TextReport.table(diffs, rows: 10)
        #expect(table.split(separator: "\n").count == 1 + 10 + 1)
        #expect(table.hasSuffix("... and 15 more\n"))
    }

    @Test("GitHub: one ::error per problem at the first difference's line, escaped per the runner's rules")
    func github() {
        let lines = GitHubAnnotations.render(Self.report).split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("::error file=Fixtures/a/moved.json,line=31,col=9,title=golden mismatch%3A moved <&> \"q\" 'a'::item 0.4 moved by 24 pt: expected [10, 54, 100, 20] actual [10, 78, 100, 20]%0Aelement"))
        #expect(lines[1] == "::error file=Fixtures/b%2Cc/bad.json,line=3,col=5,title=fixture error%3A bad::fixture error at $.layout: 100%25 wrong\\u{1}%0Asecond line")  // a control character escaped (review A12)
        #expect(GitHubAnnotations.escapeData("a%b\r\nc:d,e") == "a%25b%0D%0Ac:d,e")
        #expect(GitHubAnnotations.escapeProperty("a%b\r\nc:d,e") == "a%25b%0D%0Ac%3Ad%2Ce")
    }

    @Test("GitHub: an error is titled by its source: the fixture file, the engine, a pending recording")
    func githubErrorTitles() {
        func error(_ name: String, _ message: String) -> FixtureResult {
            FixtureResult(file: "F/\(name).json", url: URL(fileURLWithPath: "/r/F/\(name).json"), suite: "F", name: name, status: .error, message: message)
        }
        // A pending recording as CI reports it.
        var inCI = VerifyReport(results: [], pending: [FixtureFile(url: URL(fileURLWithPath: "/r/F/new.json.new"), path: "F/new.json.new", suite: "F", key: "new.json.new")])
        inCI.treatPendingAsErrors()
        let report = VerifyReport(results: [
            error("crash", "engine crashed (exit status 1) on request 3: boom"),
            error("bad", "fixture error at $.layout: columnCount is missing"),
            error("twice", "duplicate fixture name \"twice\": F/a.json in the same folder has it too (names are unique per folder)"),
            inCI.results[0],
            FixtureResult(FixtureFile.collect([URL(fileURLWithPath: "/nonexistent/missing")]).problems[0]),
        ])
        let titles = GitHubAnnotations.render(report).split(separator: "\n").map { line in
            String(line.split(separator: ",").first { $0.hasPrefix("title=") }!.dropFirst(6).prefix { $0 != "%" })
        }
        // An engine fault was titled "fixture error" (the newcomer's review).
        #expect(titles == ["engine error", "fixture error", "fixture error", "pending recording", "path error"])
    }

    @Test("JSON summary: counts, statuses, positions and differences, valid JSON")
    func json() throws {
        let data = JSONSummary.data(Self.report)
        let o = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(o["fixtures"] as? Int == 4 && o["passed"] as? Int == 1 && o["failed"] as? Int == 1)
        #expect(o["errors"] as? Int == 1 && o["skipped"] as? Int == 1)
        let results = try #require(o["results"] as? [[String: Any]])
        #expect(results.map { $0["status"] as? String } == ["passed", "failed", "error", "skipped"])
        #expect(results[1]["line"] as? Int == 31 && results[1]["column"] as? Int == 9)
        let d = try #require((results[1]["differences"] as? [[String: Any]])?.first)
        #expect(d["element"] as? String == "item 0.4")
        #expect(d["path"] as? String == "$.expected.sections[0].items[4]")
        #expect(d["expected"] as? [Double] == [10, 54, 100, 20])
        #expect(d["actual"] as? [Double] == [10, 78, 100, 20])
        #expect(d["delta"] as? Double == 24)
    }

    @Test("JUnit XML: the five entities, line breaks in attributes, characters XML 1.0 forbids")
    func junitEscaping() throws {
        #expect(JUnitReport.escape("<a href=\"x\">&'") == "&lt;a href=&quot;x&quot;&gt;&amp;&apos;")
        #expect(JUnitReport.escape("a\u{01}b\nc") == "a\u{FFFD}b&#10;c")
        #expect(JUnitReport.escape("a\nb", attribute: false) == "a\nb")
    }

    @Test("JUnit XML as junitparser (PyPI) reads it: one suite per directory, one case per fixture")
    func junitparser() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let xmlFile = try dir.write(JUnitReport.render(Self.report), to: "junit.xml")
        let script = """
        import json, sys
        from junitparser import JUnitXml, Failure, Error, Skipped
        out = []
        for suite in JUnitXml.fromfile(sys.argv[1]):
            cases = []
            for case in suite:
                results = [{"kind": type(r).__name__, "message": r.message, "text": r.text, "type": r.type} for r in case.result]
                cases.append({"classname": case.classname, "name": case.name, "results": results})
            out.append({"name": suite.name, "tests": suite.tests, "failures": suite.failures,
                        "errors": suite.errors, "skipped": suite.skipped, "cases": cases})
        print(json.dumps(out))
        """
        let output = try Python.runWithJunitparser(script: script, arguments: [xmlFile.path])
        let suites = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        #expect(suites.map { $0["name"] as? String } == ["Fixtures/a", "Fixtures/b,c"])
        #expect(suites.map { $0["tests"] as? Int } == [2, 2])
        #expect(suites.map { $0["failures"] as? Int } == [1, 0])
        #expect(suites.map { $0["errors"] as? Int } == [0, 1])
        #expect(suites.map { $0["skipped"] as? Int } == [0, 1])
        let a = try #require(suites[0]["cases"] as? [[String: Any]])
        #expect(a.map { $0["name"] as? String } == ["ok", "moved <&> \"q\" 'a'"])
        #expect(a.map { $0["classname"] as? String } == ["Fixtures/a", "Fixtures/a"])
        #expect((a[0]["results"] as? [Any])?.isEmpty == true)
        let failure = try #require((a[1]["results"] as? [[String: Any]])?.first)
        #expect(failure["kind"] as? String == "Failure")
        #expect(failure["message"] as? String == "item 0.4 moved by 24 pt: expected [10, 54, 100, 20] actual [10, 78, 100, 20]")
        #expect((failure["text"] as? String)?.contains("\ncontentSize  [375, 100]") == true)
        let b = try #require(suites[1]["cases"] as? [[String: Any]])
        let error = try #require((b[0]["results"] as? [[String: Any]])?.first)
        #expect(error["kind"] as? String == "Error")
        #expect(error["message"] as? String == "fixture error at $.layout: 100% wrong\u{FFFD}\nsecond line")
        #expect((b[1]["results"] as? [[String: Any]])?.first?["kind"] as? String == "Skipped")
    }
}

@Suite("Text report: hostile names")
struct TextReportPrintableTests {
    @Test("control characters in a path or message are escaped, other text kept")
    func controlCharacters() {
        #expect(TextReport.printable("ctl/b\u{1}\u{1B}[31m.json") == "ctl/b\\u{1}\\u{1B}[31m.json")
        #expect(TextReport.printable("photos/été.json") == "photos/été.json")
        #expect(TextReport.printable("a\u{7F}b\u{85}") == "a\\u{7F}b\\u{85}")
    }
}
