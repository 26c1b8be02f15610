/// The report files and annotations a run can also write, besides its text on standard output:
/// `--junit FILE`, `--json FILE`, `--html DIR`, `--github`. Each command takes those its
/// reports exist for, and says in the help what its report holds.
enum ReportOptions {
    /// `--junit FILE`: a JUnit XML report.
    static let junit = Option<String>("--junit", value: "FILE", help: "also write a JUnit XML report (one testsuite per directory)")
    /// `--json FILE`: the report as JSON.
    static let json = Option<String>("--json", value: "FILE", help: "also write the report as JSON")
    /// `--html DIR`: a self-contained HTML report.
    static let html = Option<String>("--html", value: "DIR", help: "also write a self-contained HTML report into DIR (new, empty or a previous report)")
    /// `--github`: GitHub Actions `::error` annotations on standard output.
    static let github = Flag("--github", help: "also print a GitHub Actions ::error annotation per failure")

    /// The group: `[report options]` in a synopsis.
    static let group = OptionGroup("report options", [junit, json, html, github])
}
