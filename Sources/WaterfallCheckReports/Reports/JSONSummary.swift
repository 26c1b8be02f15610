import Foundation
import WaterfallCheck
import Foundation

/// The machine-readable summary of a golden run (`verify --json FILE`):
/// `{"fixtures":N,"passed":N,"checked":N,"failed":N,"errors":N,"skipped":N,"recorded":N,"pending":[...],
///   "results":[{"file","name","suite","status","message","line","column","violations",
///   "differences":[{"element","path","expected","actual","delta"}]}]}`.
/// Frames are `[x, y, width, height]` arrays in pt, an error side is its code string, a missing
/// side is `null`; `line`/`column` appear when known, `delta` when both sides are geometry.
/// Non-finite numbers are the strings `nan`, `inf`, `-inf`.
package enum JSONSummary {
    /// The summary as a JSON tree.
    package static func value(_ report: VerifyReport) -> JSONValue {
        value(results: report.results.map { ($0.status, value($0)) }, pending: report.pending.map(\.path),
              claims: claims(report.engine, problems: report.claimProblems, skipWarning: report.skipWarning))
    }

    /// The summary of `results` (each a status and its object), the pending recordings' paths
    /// and the run's `claims` members (``claims(_:problems:skipWarning:)``): what ``value(_:)``
    /// writes, and `merge-reports` from the shards'.
    package static func value(results: [(status: CaseStatus, value: JSONValue)], pending: [String],
                              claims: [(key: String, value: JSONValue)] = []) -> JSONValue {
        func n(_ s: CaseStatus) -> JSONValue { .integer(results.filter { $0.status == s }.count) }
        var o: [(key: String, value: JSONValue)] = [
            ("fixtures", .integer(results.count)), ("passed", n(.passed)), ("checked", n(.checked)),
            ("failed", n(.failed)), ("errors", n(.error)), ("skipped", n(.skipped)), ("recorded", n(.recorded)),
            ("pending", .array(pending.map { .string($0) })),
        ]
        o += claims
        o.append(("results", .array(results.map(\.value))))
        return .object(o)
    }

    /// `"judgedWith"` (the engine's claims beyond the exact default, as the text report names
    /// them), `"claimProblems"` and `"skipWarning"` when there are any: the members every JSON
    /// report of a run with an engine carries (issue 33).
    package static func claims(_ engine: EngineDescriptor?, problems: [String], skipWarning: String? = nil) -> [(key: String, value: JSONValue)] {
        guard let engine else { return [] }
        var o: [(key: String, value: JSONValue)] = [("judgedWith", .string(EngineClaims.judgedWith(engine))),
                                                    ("claims", .array(EngineClaims.shown(engine).map { .string($0) }))]
        if !problems.isEmpty { o.append(("claimProblems", .array(problems.map { .string($0) }))) }
        if let skipWarning { o.append(("skipWarning", .string(skipWarning))) }
        return o
    }

    /// One result's object in the summary's `results`.
    package static func value(_ r: FixtureResult) -> JSONValue {
        var o: [(key: String, value: JSONValue)] = [
            ("file", .string(r.file)), ("name", .string(r.name)), ("suite", .string(r.suite)),
            ("status", .string(r.status.rawValue)), ("message", .string(r.message)),
        ]
        if let p = r.position { o += [("line", .integer((p.line))), ("column", .integer((p.column)))] }
        if let u = r.recorded { o.append(("recorded", .string(u.path))) }
        o.append(("differences", .array(r.differences.map(value))))
        o.append(("violations", .array(r.failures.map { .string($0.message) })))
        return .object(o)
    }

    /// One difference: `{"element","path","expected","actual","delta"}` (also `review --json`'s changes).
    package static func value(_ d: LayoutDiff.Entry) -> JSONValue {
        func side(_ v: LayoutDiff.Value?) -> JSONValue {
            switch v {
            case .frame(let r)?: return .frame(r)
            case .size(let s)?: return .size(s)
            case .error(let c)?: return .string(c.rawValue)
            case .layout?: return .string("layout")
            case nil: return .null
            }
        }
        var o: [(key: String, value: JSONValue)] = [("element", .string(d.subject.description)), ("path", .string(d.jsonPath)),
                                                     ("expected", side(d.expected)), ("actual", side(d.actual))]
        if let delta = d.delta { o.append(("delta", .finiteNumber(delta))) }
        return .object(o)
    }

    /// The summary as UTF-8 JSON, pretty-printed, with a final newline.
    package static func data(_ report: VerifyReport) -> Data { Data((JSONWriter.text(value(report)) + "\n").utf8) }
}
