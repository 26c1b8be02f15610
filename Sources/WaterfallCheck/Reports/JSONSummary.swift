import Foundation

/// The machine-readable summary of a golden run (`verify --json FILE`):
/// `{"fixtures":N,"passed":N,"failed":N,"errors":N,"skipped":N,"recorded":N,"pending":[...],
///   "results":[{"file","name","suite","status","message","line","column","violations",
///   "differences":[{"element","path","expected","actual","delta"}]}]}`.
/// Frames are `[x, y, width, height]` arrays in pt, an error side is its code string, a missing
/// side is `null`; `line`/`column` appear when known, `delta` when both sides are geometry.
public enum JSONSummary {
    /// The summary as a JSON object (Foundation property-list types).
    public static func object(_ report: VerifyReport) -> [String: Any] {
        [
            "fixtures": report.results.count, "passed": report.passed, "failed": report.failed,
            "errors": report.errors, "skipped": report.skipped, "recorded": report.recorded,
            "pending": report.pending.map(\.path),
            "results": report.results.map(object),
        ]
    }

    static func object(_ r: FixtureResult) -> [String: Any] {
        var o: [String: Any] = [
            "file": r.file, "name": r.name, "suite": r.suite, "status": r.status.rawValue, "message": r.message,
            "differences": r.differences.map(object), "violations": r.violations,
        ]
        if let p = r.position { o["line"] = p.line; o["column"] = p.column }
        if let u = r.recorded { o["recorded"] = u.path }
        return o
    }

    static func object(_ d: GoldenDifference) -> [String: Any] {
        func value(_ v: GoldenDifference.Value?) -> Any {
            switch v {
            case .frame(let r)?: return [r.origin.x, r.origin.y, r.size.width, r.size.height].map(number)
            case .size(let s)?: return [s.width, s.height].map(number)
            case .error(let c)?: return c.rawValue
            case .layout?: return "layout"
            case nil: return NSNull()
            }
        }
        var o: [String: Any] = ["element": d.subject.description, "path": d.jsonPath,
                                "expected": value(d.expected), "actual": value(d.actual)]
        if let delta = d.delta { o["delta"] = number(delta) }
        return o
    }

    /// JSON has no NaN or infinity: those become their description as a string.
    private static func number(_ v: CGFloat) -> Any { v.isFinite ? Double(v) : "\(v)" as Any }

    /// The summary as UTF-8 JSON, keys sorted, pretty-printed, with a final newline.
    public static func data(_ report: VerifyReport) throws -> Data {
        var d = try JSONSerialization.data(withJSONObject: object(report), options: [.prettyPrinted, .sortedKeys])
        d.append(0x0A)
        return d
    }
}
