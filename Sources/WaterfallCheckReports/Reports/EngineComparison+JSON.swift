import Foundation
import WaterfallCheck
import Foundation

extension EngineComparison.Report {
    /// The report as JSON (`compare --json FILE`):
    /// `{"baseline":{"name","version","revision"?:{"spec","commit","subject"}},"candidate":{...},"cases","identical","different",
    /// "skipped":[{"name","reason"}],"faults":[{"name","input","kind","message","stderr"}],
    /// "differences":[{"name","origin","input":{layout,sections},"baseline":ANSWER,"candidate":ANSWER,
    /// "largestDisplacement":pt|null,"differing":["item 0.1",...],"alsoIn":["generated-1-7",...],
    /// "verdict"?:{"kind","summary","largestDrift"}}],
    /// "drift":{"cases","ties","largest","largestIn"}}`, placement differences first, then smallest
    /// ("different" counts cases; "differences" has one per bug, each naming in "alsoIn" every other
    /// case that showed it, so the counts can be checked against the list). ANSWER is
    /// `{"contentSize","sections"}` (FIXTURE-FORMAT §4), `{"error","message"}` or `{"fault","message"}`.
    package func json() -> String { JSONWriter.text(jsonValue) + "\n" }

    /// The report as a JSON tree (see ``json()``).
    package var jsonValue: JSONValue {
        func engine(_ d: EngineDescriptor, _ r: Revision?) -> JSONValue {
            .object([("name", .string(d.name)), ("version", .string(d.version))] + (r.map { [("revision", $0.jsonValue)] } ?? [])
                    + JSONSummary.claims(d, problems: []))
        }
        func answer(_ a: EngineAnswer) -> JSONValue {
            switch a {
            case .layout(let r): return JSONValue(r)
            case .error(let e): return .object([("error", .string(e.code.rawValue)), ("message", .string(e.message))])
            case .unsupported(let reason): return .object([("error", .string(LayoutError.Code.unsupported.rawValue)), ("message", .string(reason))])
            case .fault(let f): return .object([("fault", .string(f.kind.rawValue)), ("message", .string(f.message))])
            }
        }
        let faultList: [JSONValue] = faults.map { fc in
            .object([("name", .string(fc.name)), ("input", JSONValue(fc.origin.input)), ("kind", .string(fc.fault.kind.rawValue)),
                     ("message", .string(fc.fault.message)), ("stderr", .string(fc.fault.stderr))])
        }
        let diffList: [JSONValue] = differences.map { f in
            .object([("name", .string(f.origin.name)), ("origin", .string(f.origin.originDescription)),
                     ("input", JSONValue(f.minimal)), ("baseline", answer(f.baseline)), ("candidate", answer(f.candidate)),
                     ("largestDisplacement", f.difference.largestDelta.map(JSONValue.finiteNumber) ?? .null),
                     ("differing", .array(f.difference.differences.compactMap(\.element).sorted().map { .string($0.description) })),
                     ("alsoIn", .array(f.alsoIn.map { .string($0) }))]
                    + (f.verdict.map { [("verdict", .object([("kind", .string($0.kind.description)), ("summary", .string($0.summary)),
                                                             ("largestDrift", JSONValue.finiteNumber($0.largestDrift))]))] } ?? []))
        }
        return .object([
            ("baseline", engine(baseline, revisions?.baseline)), ("candidate", engine(candidate, revisions?.candidate)),
            ("cases", .integer((cases))), ("identical", .integer((identical))), ("different", .integer((differingCases))),
            ("skipped", .array(skipped.map { .object([("name", .string($0.name)), ("reason", .string($0.reason))]) })),
            ("faults", .array(faultList)), ("differences", .array(diffList)),
            ("drift", .object([("cases", .integer(driftCases)), ("ties", .integer(tieCases)),
                               ("largest", JSONValue.finiteNumber(largestDrift)), ("largestIn", .string(largestDriftCase))])),
        ] + (claimProblems.isEmpty ? [] : [("claimProblems", .array(claimProblems.map { .string($0) }))])
          + (skipWarning.map { [("skipWarning", .string($0))] } ?? []))
    }
}
