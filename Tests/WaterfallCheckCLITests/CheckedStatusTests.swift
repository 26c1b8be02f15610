import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// Issue 14 item 2: an input-only fixture is "checked", apart from golden passes, in every report.
@Suite("checked: input-only fixtures are not golden passes")
struct CheckedStatusTests {
    func corpus() throws -> TempDir {
        let dir = try TempDir()
        try dir.write(TwoColumns.fixture("golden"), to: "F/golden.json")
        try dir.write(TwoColumns.fixture("input-only", expected: nil), to: "F/input-only.json")
        return dir
    }

    @Test("text, JUnit and JSON say checked; exit 0; --require-expected fails it (exit 1)")
    func reports() throws {
        let dir = try corpus(); defer { dir.cleanup() }
        let r = try CLI.run(["verify", "--junit", "out/j.xml", "--json", "out/s.json", "--html", "out/h", "F"], in: dir.url, ci: "true")
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("2 fixtures: 1 passed, 0 failed, 0 errors, 0 skipped, 1 checked (invariants only)"), "\(r.stdout)")
        let junit = try dir.read("out/j.xml")
        #expect(junit.contains("name=\"input-only\" file=\"F/input-only.json\">\n      <properties><property name=\"waterfall-check.status\" value=\"checked\"/></properties>"), "\(junit)")
        #expect(junit.contains("name=\"golden\" file=\"F/golden.json\"/>"))
        let json = try dir.read("out/s.json")
        #expect(json.contains("\"passed\" : 1,\n  \"checked\" : 1,") || json.contains("\"passed\": 1,\n  \"checked\": 1,"), "\(json)")
        #expect(json.contains("\"status\" : \"checked\"") || json.contains("\"status\": \"checked\""))
        #expect(try dir.read("out/h/index.html").contains("<th class=\"checked\">checked</th>"))

        let strict = try CLI.run(["verify", "--require-expected", "F"], in: dir.url, ci: "true")
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("FAIL F/input-only.json: no expected (--require-expected)"), "\(strict.stdout)")
    }
}
