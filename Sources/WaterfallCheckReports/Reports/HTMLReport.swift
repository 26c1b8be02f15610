import Foundation
import WaterfallCheck
import Foundation

/// A self-contained HTML report of a run (`verify`, `compare`, `fuzz` with `--html DIR`).
///
/// Pages load nothing from outside and need no JavaScript: pictures are inline SVG
/// (``SVGRenderer``), styles an inline `<style>`. `index.html` has the counts per status, an
/// index of the failing cases, the names of the others (folded), and then each failing case
/// with its pictures and its difference table. With more than ``inlineCaseLimit`` failing cases,
/// each gets its own page `cases/case-NNNN.html` instead, linked from the index. File names come
/// from case numbers, never from case names. All text is escaped.
///
/// ```swift
/// var report = HTMLReport(title: "verify Fixtures/ (engine reference)")
/// report.addCase(.init(name: "photos", file: "Fixtures/a/photos.json", status: .failed,
///                      summary: "item 0.3 moved by (0, 12)", input: input,
///                      expected: expected, actual: actual,
///                      tableHeader: ["element", "expected", "actual", "Δ"], rows: rows))
/// try report.write(to: URL(fileURLWithPath: "reports/verify"))
/// ```
package struct HTMLReport: Sendable {
    /// One case of a run.
    package struct Case: Sendable {
        package var name: String
        /// Path of the fixture file, as the user gave it.
        package var file: String?
        package var status: CaseStatus
        /// One line: what went wrong (or right).
        package var summary: String
        /// The input; without it no picture is drawn.
        package var input: LayoutInput?
        package var expected: LayoutResult?
        package var actual: LayoutResult?
        /// An error message (a layout error, an engine fault, a fixture error), shown verbatim.
        package var error: String?
        /// The difference table: column titles and rows of cells (text, escaped on output).
        package var tableHeader: [String]
        package var rows: [[String]]
        /// The elements to highlight as moved; `nil` computes them with ``tolerance``.
        package var highlighted: [ElementID]?
        /// The tolerance used when ``highlighted`` is `nil` (FIXTURE-FORMAT §7).
        package var tolerance: Tolerance
        /// Drawn with its table like a failing case whatever its status (a pending recording
        /// in `review --html`).
        package var isDetailed = false

        package init(name: String, file: String? = nil, status: CaseStatus, summary: String,
                    input: LayoutInput? = nil, expected: LayoutResult? = nil, actual: LayoutResult? = nil,
                    error: String? = nil, tableHeader: [String] = [], rows: [[String]] = [],
                    highlighted: [ElementID]? = nil, tolerance: Tolerance = .default) {
            self.name = name; self.file = file; self.status = status; self.summary = summary
            self.input = input; self.expected = expected; self.actual = actual; self.error = error
            self.tableHeader = tableHeader; self.rows = rows
            self.highlighted = highlighted; self.tolerance = tolerance
        }
    }

    package var title: String
    /// Lines shown under the title (engine, tolerance, command line, ...).
    package var notes: [String]
    /// Failing cases beyond which each case gets its own page. Default 25.
    package var inlineCaseLimit: Int
    /// Difference-table rows shown per case; the rest are counted. Default 500.
    package var maximumRows: Int
    /// Picture settings (``SVGRenderer/Options/standalone`` is always `false` here).
    package var pictureOptions: SVGRenderer.Options
    /// Passing cases counted but not named (a comparison counts its identical cases only).
    package var unlistedPassed = 0
    /// The run's counts (``RunCounts``), as its text report prints them; set by the `add`
    /// methods from the result types. `nil` counts the cases added (plus ``unlistedPassed``).
    package var counts: RunCounts?
    /// What one listed failing case stands for when it is not one case of the run
    /// (`"distinct minimal input"`, `"counterexample"`), for the verdict line.
    package var listedFailureNoun: String?
    /// The cases in the order added.
    package private(set) var cases: [Case] = []
    /// The verdict line and whether it is good news, when the run's counts do not say it
    /// (`review`: pending recordings, and how many break invariants); `nil` derives it from them.
    package var verdict: Verdict?

    /// A verdict line: its text, and whether it is good news (styled `ok`) or not (`bad`).
    package struct Verdict: Sendable {
        package var ok: Bool
        package var text: String
        package init(ok: Bool, text: String) { self.ok = ok; self.text = text }
    }
    /// The heading of the index of detailed cases.
    package var indexHeading = "Failures"

    package init(title: String, notes: [String] = [], inlineCaseLimit: Int = 25, maximumRows: Int = 500,
                pictureOptions: SVGRenderer.Options = SVGRenderer.Options()) {
        self.title = title; self.notes = notes
        self.inlineCaseLimit = inlineCaseLimit; self.maximumRows = maximumRows
        self.pictureOptions = pictureOptions
    }

    /// Adds a case. Passing and skipped cases are only listed, so their layouts are dropped here.
    /// - Complexity: amortised O(1).
    package mutating func addCase(_ c: Case) {
        var c = c
        if !c.status.isFailing && !c.isDetailed { c.input = nil; c.expected = nil; c.actual = nil; c.rows = [] }
        cases.append(c)
    }

    /// Number of cases added with `status`.
    package func count(_ status: CaseStatus) -> Int { cases.reduce(0) { $0 + ($1.status == status ? 1 : 0) } }

    /// The counts the page shows: ``counts`` when set, else the cases added plus ``unlistedPassed``.
    package var tally: RunCounts {
        if let counts { return counts }
        var c = RunCounts()
        for s in CaseStatus.allCases { c.add(s, count(s) + (s == .passed ? unlistedPassed : 0)) }
        return c
    }

    /// Adds `c` to ``counts`` (starting from none).
    mutating func addCounts(_ c: RunCounts) { counts = (counts ?? RunCounts()) + c }

    /// The failing (and detailed) cases with their number in the report (1-based, in the order added).
    var failing: [(number: Int, case: Case)] {
        cases.enumerated().filter { $0.element.status.isFailing || $0.element.isDetailed }.map { ($0.offset + 1, $0.element) }
    }

    /// Whether failing cases go on their own pages.
    var usesCasePages: Bool { failing.count > inlineCaseLimit }
}
