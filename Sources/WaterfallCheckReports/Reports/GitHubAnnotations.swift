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
public enum GitHubAnnotations {
    /// One `::error` line per problem (failed or error), in report order; each ends with LF.
    public static func render(_ report: VerifyReport, rows: Int = TextReport.defaultRows) -> String {
        report.problems.map { line($0, rows: rows) }.joined()
    }

    /// The `::error` line of one failed or errored fixture (empty for any other status), ending with LF.
    public static func line(_ r: FixtureResult, rows: Int = TextReport.defaultRows) -> String {
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

    /// One `::error` line per difference and per engine fault of a comparison (`compare --github`,
    /// `compare-revisions --github`): on the fixture file when the case came from one, else on
    /// the run; the message holds the minimal input and the revisions when known.
    public static func render(_ report: EngineComparison.Report) -> String {
        let between = report.revisions.map { "\($0.baseline.label) against \($0.candidate.label)" }
            ?? "\(report.baseline.name) against \(report.candidate.name)"
        func line(_ origin: CompareCase, title: String, _ message: String) -> String {
            var props: [(String, String)] = []
            if case .fixture(let path) = origin.origin { props.append(("file", path)) }
            props.append(("title", title))
            return "::error " + props.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",") + "::" + escapeData(message) + "\n"
        }
        var out = ""
        for f in report.faults { out += line(f.origin, title: "engine fault: \(f.name)", "\(between): \(f.fault)") }
        for f in report.differences {
            var message = "\(between) differ on \(f.origin.name) (\(f.origin.originDescription))"
            if let d = f.difference.largestDelta { message += "; largest displacement \(formatPoints(d)) pt" }
            message += "\nminimal input: \(CanonicalWriter.compactInput(f.minimal))"
            out += line(f.origin, title: "engines differ: \(f.origin.name)", message)
        }
        return out
    }

    /// `%`, CR and LF percent-encoded, as a workflow command's message needs.
    public static func escapeData(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// ``escapeData(_:)`` plus `:` and `,`, as a workflow command's property value needs.
    public static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
