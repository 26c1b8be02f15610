import Foundation

/// GitHub Actions workflow commands (`::error file=…,line=…,col=…,title=…::…`) for each failed
/// or errored fixture, pointing at the line of its first differing expected frame (or of the
/// fixture error). GitHub shows them on the pull request's diff.
///
/// Escaping follows GitHub's runner (`toolkit/packages/core/src/command.ts`): in the message,
/// `%` → `%25`, CR → `%0D`, LF → `%0A`; in property values additionally `:` → `%3A` and
/// `,` → `%2C`.
public enum GitHubAnnotations {
    /// One `::error` line per problem (failed or error), in report order; each ends with LF.
    public static func render(_ report: VerifyReport, rows: Int = TextReport.defaultRows) -> String {
        var out = ""
        for r in report.problems {
            var props = [("file", r.file)]
            if let p = r.position { props += [("line", "\(p.line)"), ("col", "\(p.column)")] }
            props.append(("title", r.status == .failed ? "golden mismatch: \(r.name)" : "fixture error: \(r.name)"))
            var message = r.message
            if !r.differences.isEmpty { message += "\n" + TextReport.table(r.differences, rows: rows) }
            for v in r.violations.dropFirst() { message += "\n" + v }
            out += "::error " + props.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
                + "::" + escapeData(message) + "\n"
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
