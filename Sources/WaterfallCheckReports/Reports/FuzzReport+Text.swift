import Foundation
import WaterfallCheck
import Foundation
import WaterfallCheckCore

extension Counterexample {
    /// Three lines: the failure, the shrink (sizes, time, whether its bound hit), the pass statistics.
    package var summary: String {
        func size(_ i: LayoutInput) -> String { "\(i.itemCount) item(s) in \(i.sections.count) section(s)" }
        var s = "FAIL \(invariant) (case \(caseIndex)): \(failure.message)\n"
        s += "  shrunk \(size(originalInput)) to \(size(input)) in \(String(format: "%.2f", shrink.seconds)) s, \(shrink.replays) replays"
        if shrink.interrupted { s += " (interrupted: not minimal)" }
        else if shrink.timedOut { s += " (time bound hit: not minimal; raise --shrink-time)" }
        s += "\n  passes: " + shrink.statistics.map { "\($0.pass.rawValue) \($0.stats.improvements)/\($0.stats.attempts)" }.joined(separator: ", ")
        return s
    }
}

extension CounterexampleGroup {
    /// The primary counterexample's ``Counterexample/summary``, then every other invariant the
    /// same minimal input fails, one line each.
    package var summary: String {
        var s = primary.summary
        if let origin { s += "\n  first departs from §5 at: \(origin)" }
        let others = failures.filter { $0.invariant != primary.invariant }
        if !others.isEmpty {
            s += "\n  the same input fails \(others.count) more invariant(s):"
            for f in others { s += "\n    \(f.message)" }
        }
        // Members whose own minimal input needs more (a footer, a section) to fail their invariant.
        for c in counterexamples.dropFirst() where !failures.contains(where: { $0.invariant == c.invariant }) {
            s += "\n  also (case \(c.caseIndex), the same first departure on an input with \(c.input.itemCount) item(s) in \(c.input.sections.count) section(s)): \(c.failure.message)"
        }
        return s
    }
}

extension FuzzReport {
    /// The closing statistics: cases and rate, cases by size and by feature, invalid and skipped
    /// cases, invariants checked, time spent shrinking.
    package var statistics: String {
        var s = "cases: \(cases) in \(String(format: "%.2f", seconds)) s (\(Int(casesPerSecond.rounded())) cases/s)\(interrupted ? ", interrupted" : "")\n"
        let c = counts
        s += "  outcomes: \(c[.passed]) passed, \(c[.failed]) failed, \(c[.skipped]) skipped (unsupported), \(c[.error]) engine fault\(c[.error] == 1 ? "" : "s")\n"
        s += "  by items: " + zip(FuzzReport.sizeBuckets, casesBySize).map { "\($0.name): \($1)" }.joined(separator: ", ") + "\n"
        s += "  by container width (pt): " + zip(FuzzReport.widthBuckets, casesByWidth).map { "\($0.name): \($1)" }.joined(separator: ", ") + "\n"
        s += "  long feeds (the longest section's items): " + zip(FuzzReport.longSectionBuckets, casesByLongestSection).map { "\($0.name): \($1)" }.joined(separator: ", ") + "\n"
        s += "  by feature: " + LayoutFeatures.named.map { "\($0.0) \(casesByFeature[$0.0, default: 0])" }.joined(separator: ", ") + "\n"
        // Skipped is the engine's `unsupported` or the harness's own refusal to send (a feature the
        // engine does not declare, a number JSON cannot carry): the line names both (it said "answered").
        s += "  invalid inputs: \(invalidCases); unsupported, skipped: \(skippedCases) (the engine's answer, or not sent: a feature it does not declare, NaN or infinity over JSON)\n"
        s += "  invariants checked: \(checks)"
        if !failingCases.isEmpty {
            s += "; failing cases: " + failingCases.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        }
        for (id, reason) in notApplicable { s += "\n  not checked: \(id): \(reason)" }
        s += "\n  shrinking: \(String(format: "%.2f", shrinkSeconds)) s for \(counterexamples.count) counterexample(s) (one per failing invariant, and per kind of query failure), \(groups.count) distinct failure(s) (grouped by where the answer first departs from §5: one block each)"
        for id in keyBoundReached { s += "\n  bug keys: \(id) found the bound of distinct kinds of failure and retired; more may exist" }
        return s
    }
}

extension FuzzReport {
    /// One reported bug of a run: a group of counterexamples with the fixture it was saved to (or
    /// its name when not saved) and the command that replays it.
    package typealias ReportedFailure = (group: CounterexampleGroup, fixture: String, replay: String)

    /// The run as JSON (`fuzz --json FILE`): `{"engine","seed","cases","passed","failed","skipped",
    /// "engineFaults","casesPerSecond","failures":[{"invariant","invariants","message","case",
    /// "origin","replay","fixture","items"}]}`, keys sorted. The counts are ``counts``, as the text prints
    /// them; `seed` is a string (a UInt64 does not fit every JSON reader's numbers).
    /// `most cases were skipped (...)` when more than half of the cases were skipped on the
    /// engine's own claims, or more than `limit` (a fraction, `--max-skipped`); `fails` when
    /// more than `limit` (issue 33).
    package func skipWarning(limit: Double?) -> (text: String, fails: Bool)? {
        EngineClaims.skipWarning(skipped: counts[.skipped], of: counts.cases, limit: limit, noun: "cases")
    }

    package func jsonValue(engine: String, failures: [ReportedFailure]) -> JSONValue {
        let list: [JSONValue] = failures.map { f in
            Self.failureJSON(case: f.group.caseIndex, fixture: f.fixture, invariant: f.group.primary.invariant, invariants: f.group.invariants,
                             items: f.group.primary.input.itemCount, message: f.group.primary.failure.message,
                             origin: f.group.origin?.description, replay: f.replay)
        }
        return Self.json(counts: counts, casesPerSecond: casesPerSecond, engine: engine, seed: seed, failures: list)
    }

    /// One entry of the report's `failures` (``jsonValue(engine:failures:)``, and `merge-reports`).
    package static func failureJSON(case index: UInt64, fixture: String, invariant: String, invariants: [String], items: Int,
                                   message: String, origin: String?, replay: String) -> JSONValue {
        .object([("case", .integer(Int(index))), ("fixture", .string(fixture)), ("invariant", .string(invariant)),
                 ("invariants", .array(invariants.map { .string($0) })), ("items", .integer(items)), ("message", .string(message)),
                 ("origin", origin.map { .string($0) } ?? .null), ("replay", .string(replay))])
    }

    /// The report's document from its counts and failures (``jsonValue(engine:failures:)``, and `merge-reports`).
    package static func json(counts c: RunCounts, casesPerSecond: Double, engine: String, seed: UInt64, failures: [JSONValue]) -> JSONValue {
        .object([
            ("cases", .integer(c.cases)), ("casesPerSecond", .number(casesPerSecond.rounded())),
            ("engine", .string(engine)), ("engineFaults", .integer(c[.error])), ("failed", .integer(c[.failed])),
            ("failures", .array(failures)), ("passed", .integer(c[.passed])), ("seed", .string(String(seed))),
            ("skipped", .integer(c[.skipped])),
        ])
    }
}
