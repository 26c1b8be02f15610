import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import WaterfallCheck
import WaterfallCheckTestSupport

/// One source of truth for counts (issue 15): for each command, every count its text prints is
/// the count its JSON, its JUnit (verify) and its HTML report's counts table give.
@Suite("Counts agree across text, JSON, JUnit and HTML")
struct ReportCountsCLITests {
    /// The integers of `pattern`'s groups in `text`.
    func numbers(_ pattern: String, in text: String) throws -> [Int] {
        let re = try NSRegularExpression(pattern: pattern)
        let m = try #require(re.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)), "no \(pattern) in:\n\(text)")
        return (1..<m.numberOfRanges).map { Int((text as NSString).substring(with: m.range(at: $0)))! }
    }

    /// The HTML report's counts table: `cases` and one number per status column.
    func htmlCounts(_ dir: URL) throws -> [String: Int] {
        let doc = try Probe.parse(String(decoding: try Data(contentsOf: dir.appendingPathComponent("index.html")), as: UTF8.self))
        var out: [String: Int] = [:]
        for td in try Probe.elements(doc, "td", "@data-count") { out[Probe.attribute(td, "data-count")!] = Int(td.stringValue ?? "") }
        return out
    }

    func json(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    @Test("verify: the total line, --json, --junit and --html count the same fixtures")
    func verify() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try RenderFixtures.writeRun(in: dir)   // ok (passes), moved (fails), bad (an error)
        let out = try CLI.run(["verify", "--jobs", "2", "--json", "r.json", "--junit", "r.xml", "--html", "html", "fixtures"], in: dir.url, ci: "false")
        #expect(out.status == 2, "\(out.stdout)\(out.stderr)")
        let t = try numbers(#"(\d+) fixtures: (\d+) passed, (\d+) failed, (\d+) errors?, (\d+) skipped"#, in: out.stdout)
        #expect(t == [3, 1, 1, 1, 0])
        let j = try json(dir.url.appendingPathComponent("r.json"))
        #expect([j["fixtures"], j["passed"], j["failed"], j["errors"], j["skipped"]].map { $0 as? Int } == t.map { $0 })
        let x = try Probe.parse(String(decoding: try Data(contentsOf: dir.url.appendingPathComponent("r.xml")), as: UTF8.self))
        let suites = try #require(try Probe.elements(x, "testsuites").first)
        #expect(["tests", "failures", "errors", "skipped"].map { Int(Probe.number(suites, $0)) } == [t[0], t[2], t[3], t[4]])
        let h = try htmlCounts(dir.url.appendingPathComponent("html"))
        #expect([h["cases"], h["passed"], h["failed"], h["error"], h["skipped"]] == t.map { $0 })
    }

    @Test("fuzz: the outcomes line, --json and --html count the same cases; a case failing several invariants is one failed case")
    func fuzz() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let out = try CLI.run(["fuzz", "--engine", "classic-002-waterflowlayout", "--seed", "1", "--cases", "300", "--jobs", "2",
                               "--keep-going", "--save", "saved", "--json", "f.json", "--html", "html"], in: dir.url, ci: "false")
        #expect(out.status == 1, "\(out.stdout)\(out.stderr)")
        let cases = try numbers(#"cases: (\d+) in"#, in: out.stdout)[0]
        let t = try numbers(#"outcomes: (\d+) passed, (\d+) failed, (\d+) skipped \(unsupported\), (\d+) engine faults?"#, in: out.stdout)
        #expect(cases == 300 && t.reduce(0, +) == cases)
        #expect(t[1] >= 1)
        // --keep-going counts every failing case per invariant: more than the failed cases.
        let line = try #require(out.stdout.split(separator: "\n").first { $0.contains("failing cases: ") })
        let perInvariant = line.components(separatedBy: "failing cases: ")[1].split(separator: ",").compactMap { $0.split(separator: " ").last.flatMap { Int($0) } }
        #expect(perInvariant.count >= 2 && perInvariant.reduce(0, +) > t[1], "\(line)")
        let j = try json(dir.url.appendingPathComponent("f.json"))
        #expect([j["cases"], j["passed"], j["failed"], j["skipped"], j["engineFaults"]].map { $0 as? Int } == [cases] + t)
        let h = try htmlCounts(dir.url.appendingPathComponent("html"))
        #expect([h["cases"], h["passed"], h["failed"], h["skipped"], h["error"]] == [cases] + t)
        // The listed failures are the counterexamples; each names the file it was saved to.
        let doc = try Probe.parse(String(decoding: try Data(contentsOf: dir.url.appendingPathComponent("html/index.html")), as: UTF8.self))
        let files = try Probe.elements(doc, "td", "@class='file' and ancestor::table[@class='index']").map { $0.stringValue ?? "" }
        #expect(!files.isEmpty && files.allSatisfy { $0.hasPrefix("saved/") && $0.hasSuffix(".json") }, "\(files)")
    }

    @Test("compare: the counts line, --json and --html count the same cases, not the distinct differences")
    func compare() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let out = try CLI.run(["compare", "--baseline", "reference", "--candidate", "classic-004-flowlayout", "--fuzz-cases", "40",
                               "--json", "c.json", "--html", "html"], in: dir.url, ci: "false")
        #expect(out.status == 1, "\(out.stdout)\(out.stderr)")
        let t = try numbers(#"(\d+) cases: (\d+) identical, (\d+) different \((\d+) distinct differences?\), (\d+) skipped, (\d+) engine faults?"#, in: out.stdout)
        #expect(t[0] == 40 && t[1] + t[2] + t[4] == t[0] && t[3] < t[2])
        let j = try json(dir.url.appendingPathComponent("c.json"))
        #expect([j["cases"], j["identical"], j["different"]].map { $0 as? Int } == [t[0], t[1], t[2]])
        #expect((j["differences"] as? [Any])?.count == t[3] && (j["skipped"] as? [Any])?.count == t[4])
        let h = try htmlCounts(dir.url.appendingPathComponent("html"))
        #expect([h["cases"], h["passed"], h["failed"], h["skipped"], h["error"]] == [t[0], t[1], t[2], t[4], (j["faults"] as? [Any])?.count])
        let doc = try Probe.parse(String(decoding: try Data(contentsOf: dir.url.appendingPathComponent("html/index.html")), as: UTF8.self))
        let verdict = try Probe.elements(doc, "p", "contains(@class, 'verdict')").map { $0.stringValue ?? "" }
        let faults = (j["faults"] as? [Any])?.count ?? 0
        let split = faults > 0 ? " (\(t[2]) failed, \(faults) error\(faults == 1 ? "" : "s"))" : ""
        #expect(verdict == ["\(t[2] + faults) failing cases of \(t[0])\(split) (\(t[3]) distinct difference\(t[3] == 1 ? "" : "s") below)."])
    }
}
