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
        Self.json(engines: enginesJSON, cases: cases, identical: identical, different: differingCases,
                  skipped: skipped.map { Self.skippedJSON($0.name, $0.reason) }, faults: faults.map(Self.faultJSON), differences: differences.map(Self.findingJSON),
                  drift: Self.driftJSON(cases: driftCases, ties: tieCases, largest: largestDrift, largestIn: largestDriftCase),
                  claimProblems: claimProblems, skipWarning: skipWarning)
    }

    /// The `baseline` and `candidate` members: each engine's name, version, revision and claims.
    package var enginesJSON: [(key: String, value: JSONValue)] {
        func engine(_ d: EngineDescriptor, _ r: Revision?) -> JSONValue {
            .object([("name", .string(d.name)), ("version", .string(d.version))] + (r.map { [("revision", $0.jsonValue)] } ?? [])
                    + JSONSummary.claims(d, problems: []))
        }
        return [("baseline", engine(baseline, revisions?.baseline)), ("candidate", engine(candidate, revisions?.candidate))]
    }

    /// One of `skipped`.
    package static func skippedJSON(_ name: String, _ reason: String) -> JSONValue {
        .object([("name", .string(name)), ("reason", .string(reason))])
    }

    /// One of `faults`.
    package static func faultJSON(_ fc: EngineComparison.FaultCase) -> JSONValue {
        .object([("name", .string(fc.name)), ("input", JSONValue(fc.origin.input)), ("kind", .string(fc.fault.kind.rawValue)),
                 ("message", .string(fc.fault.message)), ("stderr", .string(fc.fault.stderr))])
    }

    /// One of `differences`.
    package static func findingJSON(_ f: EngineComparison.Finding) -> JSONValue {
        func answer(_ a: EngineAnswer) -> JSONValue {
            switch a {
            case .layout(let r): return JSONValue(r)
            case .error(let e): return .object([("error", .string(e.code.rawValue)), ("message", .string(e.message))])
            case .unsupported(let reason): return .object([("error", .string(LayoutError.Code.unsupported.rawValue)), ("message", .string(reason))])
            case .fault(let f): return .object([("fault", .string(f.kind.rawValue)), ("message", .string(f.message))])
            }
        }
        return .object([("name", .string(f.origin.name)), ("origin", .string(f.origin.originDescription)),
                        ("input", JSONValue(f.minimal)), ("baseline", answer(f.baseline)), ("candidate", answer(f.candidate)),
                        ("largestDisplacement", f.difference.largestDelta.map(JSONValue.finiteNumber) ?? .null),
                        ("differing", .array(f.difference.differences.compactMap(\.element).sorted().map { .string($0.description) })),
                        ("alsoIn", .array(f.alsoIn.map { .string($0) }))]
                       + (f.verdict.map { [("verdict", .object([("kind", .string($0.kind.description)), ("summary", .string($0.summary)),
                                                                ("largestDrift", JSONValue.finiteNumber($0.largestDrift))]))] } ?? []))
    }

    /// The `drift` member.
    package static func driftJSON(cases: Int, ties: Int, largest: CGFloat, largestIn: String) -> JSONValue {
        .object([("cases", .integer(cases)), ("ties", .integer(ties)), ("largest", JSONValue.finiteNumber(largest)), ("largestIn", .string(largestIn))])
    }

    /// The document from its parts (``jsonValue``, and `merge-reports`).
    package static func json(engines: [(key: String, value: JSONValue)], cases: Int, identical: Int, different: Int, skipped: [JSONValue],
                             faults: [JSONValue], differences: [JSONValue], drift: JSONValue, claimProblems: [String], skipWarning: String?) -> JSONValue {
        .object(engines + [
            ("cases", .integer(cases)), ("identical", .integer(identical)), ("different", .integer(different)),
            ("skipped", .array(skipped)), ("faults", .array(faults)), ("differences", .array(differences)), ("drift", drift),
        ] + (claimProblems.isEmpty ? [] : [("claimProblems", .array(claimProblems.map { .string($0) }))])
          + (skipWarning.map { [("skipWarning", .string($0))] } ?? []))
    }
}
