import Foundation
import WaterfallCheck
import Foundation

/// A JUnit XML report of a golden run, the format CI systems (GitLab, Jenkins, Buildkite, the
/// GitHub test-reporter actions) display: one `<testsuite>` per fixture directory, one
/// `<testcase>` per fixture (`classname` = the suite, `name` = the fixture's name). A failure
/// carries the first difference as its `message` and the difference table as its text; a fixture,
/// engine or path problem is an `<error>`; an `unsupported` answer is `<skipped/>`.
///
/// Hand-written rather than through FoundationXML, which on Linux is a separate module linking
/// libxml2: the document is flat and its escaping is five entities plus dropping the characters
/// XML 1.0 cannot carry.
package enum JUnitReport {
    /// The XML document, UTF-8, suites in first-appearance order. Deterministic (no timestamps).
    package static func render(_ report: VerifyReport, rows: Int = TextReport.defaultRows) -> String {
        document(report.results.map { ($0.suite, $0.status, testcase($0, rows: rows)) }, header: header(report))
    }

    /// The suite heading a run's document: the claims it was judged with and each claim problem
    /// (``claimsSuite(_:problems:)``); what a shard's partial report carries for the merge.
    package static func header(_ report: VerifyReport) -> String {
        claimsSuite(report.engine, problems: report.claimProblems + (report.tooManySkipped ? [report.skipWarning ?? ""] : []))
    }

    /// The document around `cases` (each a suite, a status and its ``testcase(_:rows:)`` text),
    /// suites in first-appearance order: what ``render(_:rows:)`` writes, and `merge-reports` from
    /// the shards' cases. `header` (``header(_:)``) goes before the first suite.
    package static func document(_ cases: [(suite: String, status: CaseStatus, xml: String)], header: String = "") -> String {
        var suites: [(name: String, cases: [(suite: String, status: CaseStatus, xml: String)])] = []
        var index: [String: Int] = [:]
        for c in cases {
            if let i = index[c.suite] { suites[i].cases.append(c) } else { index[c.suite] = suites.count; suites.append((c.suite, [c])) }
        }
        func counts(_ statuses: [CaseStatus]) -> String {
            "tests=\"\(statuses.count)\" failures=\"\(statuses.filter { $0 == .failed }.count)\" errors=\"\(statuses.filter { $0 == .error }.count)\" skipped=\"\(statuses.filter { $0 == .skipped }.count)\""
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"waterfall-check\" \(counts(cases.map(\.status)))>\n"
        out += header
        for suite in suites {
            out += "  <testsuite name=\"\(escape(suite.name))\" \(counts(suite.cases.map(\.status)))>\n"
            for c in suite.cases { out += c.xml }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    /// One fixture's `<testcase>` element, indented and ending with a newline.
    package static func testcase(_ r: FixtureResult, rows: Int = TextReport.defaultRows) -> String {
        var out = "    <testcase classname=\"\(escape(r.suite))\" name=\"\(escape(r.name))\" file=\"\(escape(r.file))\""
        switch r.status {
        case .passed:
            out += "/>\n"
        case .checked:
            out += ">\n      <properties><property name=\"waterfall-check.status\" value=\"checked\"/></properties>\n"
            out += "      <system-out>checked against the invariants only: the fixture has no expected</system-out>\n    </testcase>\n"
        case .recorded:
            out += ">\n      <system-out>\(escape(r.message, attribute: false))</system-out>\n    </testcase>\n"
        case .skipped:
            out += ">\n      <skipped message=\"\(escape(r.message))\"/>\n    </testcase>\n"
        case .failed, .error:
            let tag = r.status == .failed ? "failure" : "error"
            let type = r.status == .failed ? (r.differences.isEmpty ? "invariant" : "golden-mismatch") : "fixture-error"
            var body = "\(r.location): \(r.message)\n"
            if !r.differences.isEmpty { body += TextReport.table(r.differences, rows: rows) }
            for v in r.violations { body += v + "\n" }
            out += ">\n      <\(tag) message=\"\(escape(r.message))\" type=\"\(type)\">\(escape(body, attribute: false))</\(tag)>\n    </testcase>\n"
        }
        return out
    }

    /// The `engine claims` suite heading a report of a run with an engine: its properties name the
    /// claims the run was judged with, and each problem (a claim beyond the allowed set or the
    /// bounds, too many skips) is a failing test case. Empty without an engine.
    package static func claimsSuite(_ engine: EngineDescriptor?, problems: [String]) -> String {
        claimsSuite(judgedWith: engine.map(EngineClaims.judgedWith), problems: problems)
    }

    /// ``claimsSuite(_:problems:)`` from the engine's ``EngineClaims/judgedWith(_:)`` line (`nil`:
    /// no engine, no suite), as `merge-reports` renders it.
    package static func claimsSuite(judgedWith: String?, problems: [String]) -> String {
        guard let judgedWith else { return "" }
        var out = "  <testsuite name=\"engine claims\" tests=\"\(problems.count)\" failures=\"\(problems.count)\" errors=\"0\" skipped=\"0\">\n"
        out += "    <properties><property name=\"waterfall-check.judgedWith\" value=\"\(escape(judgedWith))\"/></properties>\n"
        for (i, p) in problems.enumerated() {
            out += "    <testcase classname=\"engine claims\" name=\"claim \(i + 1)\"><failure message=\"\(escape(p))\" type=\"engine-claims\"/></testcase>\n"
        }
        return out + "  </testsuite>\n"
    }

    /// Escapes `&`, `<`, `>`, `"` and `'` (as `&apos;`); CR always, and in an attribute also tab
    /// and LF, as character references (so they survive attribute-value normalisation); every
    /// other character XML 1.0 forbids (C0 controls, U+FFFE, U+FFFF) as U+FFFD
    /// (``Markup/escape(_:whitespace:apostrophe:)``).
    package static func escape(_ s: String, attribute: Bool = true) -> String {
        Markup.escape(s, whitespace: attribute ? .all : .carriageReturn, apostrophe: "&apos;")
    }
}
