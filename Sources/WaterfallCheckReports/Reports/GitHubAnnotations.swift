import Foundation
import WaterfallCheck
import Foundation

/// GitHub Actions workflow commands (`::error file=…,line=…,col=…,title=…::…`) for each failed
/// or errored fixture, pointing at the line of its first differing expected frame (or of the
/// fixture error), titled golden mismatch, invariant broken, fixture error, path error (a path that names no
/// fixture), pending recording or engine error (a fault, a refused answer). GitHub shows them on the pull request's diff.
///
/// Escaping follows GitHub's runner (`toolkit/packages/core/src/command.ts`): in the message,
/// `%` → `%25`, CR → `%0D`, LF → `%0A`; in property values additionally `:` → `%3A` and
/// `,` → `%2C`.
package enum GitHubAnnotations {
    /// The claims header, then in report order one `::error` line per problem (failed or error)
    /// and one `::warning` per disabled fixture; each ends with LF.
    package static func render(_ report: VerifyReport, rows: Int = TextReport.defaultRows) -> String {
        header(report) + report.results.map { line($0, rows: rows) }.joined()
    }

    /// The lines heading a run's annotations: the claims it was judged with and each claim
    /// problem (``claims(_:problems:)``); what a shard's partial report carries for the merge.
    package static func header(_ report: VerifyReport) -> String {
        claims(report.engine, problems: report.claimProblems + (report.tooManySkipped ? [report.skipWarning ?? ""] : []))
    }

    /// The `::error` line of one failed or errored fixture, the `::warning` of a disabled one
    /// (switched off by hand, never forgotten), empty for any other; each ends with LF.
    package static func line(_ r: FixtureResult, rows: Int = TextReport.defaultRows) -> String {
        if r.isDisabled {
            return "::warning file=\(escapeProperty(r.file)),title=\(escapeProperty("disabled: \(r.name)"))::" + escapeData(r.message) + "\n"
        }
        guard r.status == .failed || r.status == .error else { return "" }
        var props = [("file", r.file)]
        if let p = r.position { props += [("line", "\(p.line)"), ("col", "\(p.column)")] }
        let title: String
        if r.status != .failed {
            // Not every error is the fixture's: an engine fault said "fixture error" too.
            let kind = switch r.nonFixture {
            case .path: "path error"
            case .pendingRecording: "pending recording"
            case nil: r.isFixtureError ? "fixture error" : "engine error"
            }
            title = "\(kind): \(r.name)"
        }
        else if r.differences.isEmpty, !r.failures.isEmpty {
            var ids: [String] = []
            for f in r.failures where !ids.contains(f.invariant) { ids.append(f.invariant) }
            title = "invariant broken (\(ids.joined(separator: ", "))): \(r.name)"
        } else { title = "golden mismatch: \(r.name)" }
        props.append(("title", title))
        var message = r.message
        if !r.differences.isEmpty { message += "\n" + TextReport.table(r.differences, rows: rows) }
        for v in r.violations.dropFirst() { message += "\n" + v }
        return "::error " + props.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
            + "::" + escapeData(message) + "\n"
    }

    /// A `::notice` naming the claims the run was judged with, and an `::error` per claim problem.
    /// One claim problem's line (``claims(_:problems:)``; `merge-reports` adds the whole run's skip warning).
    package static func claimProblem(_ p: String) -> String { "::error title=\(escapeProperty("engine claims"))::" + escapeData(p) + "\n" }

    package static func claims(_ engine: EngineDescriptor?, problems: [String]) -> String {
        claims(judgedWith: engine.map(EngineClaims.judgedWith), problems: problems)
    }

    /// ``claims(_:problems:)`` from the engine's ``EngineClaims/judgedWith(_:)`` line (`nil`: no
    /// engine, no lines), as `merge-reports` renders them.
    package static func claims(judgedWith: String?, problems: [String]) -> String {
        guard let judgedWith else { return "" }
        var out = "::notice title=\(escapeProperty("engine claims"))::" + escapeData(judgedWith) + "\n"
        for p in problems { out += claimProblem(p) }
        return out
    }

    /// One `::error` line per difference and per engine fault of a comparison (`compare --github`,
    /// `compare-revisions --github`): on the fixture file when the case came from one, else on
    /// the run; the message holds the minimal input and the revisions when known.
    package static func render(_ report: EngineComparison.Report) -> String {
        var out = claims(report.candidate, problems: report.claimProblems + (report.tooManySkipped ? [report.skipWarning ?? ""] : []))
        for f in report.faults { out += line(f, of: report) }
        for f in report.differences { out += line(f, of: report) }
        return out
    }

    /// What a compare annotation names the two engines by.
    static func between(_ report: EngineComparison.Report) -> String {
        report.revisions.map { "\($0.baseline.label) against \($0.candidate.label)" } ?? "\(report.baseline.name) against \(report.candidate.name)"
    }

    /// One case's annotation, on its fixture file when it came from one.
    private static func line(_ origin: CompareCase, title: String, _ message: String) -> String {
        var props: [(String, String)] = []
        if case .fixture(let path) = origin.origin { props.append(("file", path)) }
        props.append(("title", title))
        return "::error " + props.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",") + "::" + escapeData(message) + "\n"
    }

    /// A fault's annotation in `report` (``render(_:)-swift.type.method``, and `merge-reports`).
    package static func line(_ f: EngineComparison.FaultCase, of report: EngineComparison.Report) -> String {
        line(f.origin, title: "engine fault: \(f.name)", "\(between(report)): \(f.fault)")
    }

    /// A difference's annotation in `report`.
    package static func line(_ f: EngineComparison.Finding, of report: EngineComparison.Report) -> String {
        var message = "\(between(report)) differ on \(f.origin.name) (\(f.origin.originDescription))"
        if let d = f.difference.largestDelta { message += "; largest displacement \(formatPoints(d)) pt" }
        message += "\nminimal input: \(CanonicalWriter.compactInput(f.minimal))"
        return line(f.origin, title: "engines differ: \(f.origin.name)", message)
    }

    /// `%`, CR and LF percent-encoded, as a workflow command's message needs; every other control
    /// character as a `\u{1B}`-style escape (review A12).
    package static func escapeData(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            // Other control characters (ESC, BEL, BS, C1) would reach the log raw (A12): escaped
            // as TextReport.printable shows them.
            case _ where c.value < 0x20 || (0x7F...0x9F).contains(c.value):
                out += "\\u{\(String(c.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// ``escapeData(_:)`` plus `:` and `,`, as a workflow command's property value needs.
    package static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
