import Foundation
import WaterfallCheck

/// One shard's part of a sharded `fuzz --keep-going` run (`fuzz --shard K/N --keep-going --partial
/// FILE`), which `merge-reports` combines into the unsharded run's `--json` report and exit status
/// (docs/sharding.md).
///
/// Under `--keep-going` every case checks every selected invariant, so a shard's counts are those
/// of its cases in the unsharded run and add up. Each (invariant, bug key)'s counterexample is
/// the lowest failing case of the whole run: the lowest shard's that has one; each invariant
/// keeps its ``FuzzConfiguration/keysPerInvariant`` keys with the lowest cases. Each shard keeps,
/// for each of its counterexamples, what ``CounterexampleGroup/group(_:engine:invariants:)``
/// decides by (the normalised minimal input, its bug key, where the answer first departs from
/// §5, the invariants the input fails), so the merge groups them through the same rules
/// (``CounterexampleGroup/partition(_:input:invariant:key:judge:)``), without the engine.
package struct FuzzPartialReport: Sendable {
    /// One counterexample: a shard's first failure of ``invariant``, shrunk.
    package struct Entry: Sendable {
        package var invariant: String
        package var caseIndex: UInt64
        /// The normalised minimal input, compact (two equal ones are one group).
        package var input: String
        package var origin: String?
        /// Its bug key (``BugKey``, ``Counterexample/key``): `at ORIGIN` or the symptom; `nil` when none.
        package var key: String?
        /// The invariants the minimal input fails, catalogue order, with their messages.
        package var failures: [(invariant: String, message: String)]
        package var message: String
        package var items: Int
        /// What the report names as its fixture: where the shard saved it, else its name.
        package var fixture: String
    }

    package var shard: Shard
    package var engine: String
    /// The engine as the command line named it, shell-quoted, with its options (for replay lines).
    package var engineArgument: String
    package var seed: UInt64
    package var tolerance: Tolerance
    /// The run's judging options (` --conventions FILE`, ` --expect-claims FILE`, ` --max-skipped P`)
    /// and ` --save DIR`, each when the run named it, else empty (for replay lines).
    package var saveArgument: String
    package var cases: Int
    package var failedCases: Int
    package var skippedPassingCases: Int
    package var engineFaultCases: Int
    package var seconds: Double
    /// Saved counterexamples that failed when the shard replayed its save folder.
    package var replayFailures: Int
    package var entries: [Entry]
    /// ``FuzzConfiguration/keysPerInvariant``: how many distinct bug keys each invariant keeps.
    package var keysPerInvariant: Int
    /// The claims the run was judged with (without the skip warning, which the merge computes
    /// from the whole run's counts).
    package var header = PartialReport.Header()

    /// The part of `report`, a shard's run, and its `failures` (the groups with their fixture).
    /// `make` makes the engine, to judge a group's later members on their own.
    /// - Complexity: one check of every invariant per counterexample that is not its group's first.
    package init(_ report: FuzzReport, failures: [FuzzReport.ReportedFailure], shard: Shard, engine: EngineDescriptor, engineArgument: String,
                tolerance: Tolerance, saveArgument: String, replayFailures: Int, keysPerInvariant: Int, claimProblems: [String], skipLimit: Double?,
                make: () -> LayoutEngine) {
        self.shard = shard; self.engine = engine.name; self.engineArgument = engineArgument; self.seed = report.seed
        self.tolerance = tolerance; self.saveArgument = saveArgument
        cases = report.cases; failedCases = report.failedCases; skippedPassingCases = report.skippedPassingCases
        engineFaultCases = report.engineFaultCases; seconds = report.seconds; self.replayFailures = replayFailures
        self.keysPerInvariant = keysPerInvariant
        header = PartialReport.Header(engine, problems: claimProblems, skipLimit: skipLimit)
        var entries: [Entry] = []
        for f in failures {
            for (k, c) in f.group.counterexamples.enumerated() {
                // A member's own failures and origin, as it would have started a group: the
                // group's for its first member; a later member's are of its own input.
                let own = k == 0 ? f.group : CounterexampleGroup.group([c], engine: make(), invariants: c.invariants)[0]
                entries.append(Entry(invariant: c.invariant, caseIndex: c.caseIndex, input: CanonicalWriter.compactInput(c.input.normalised),
                                     origin: own.origin?.description, key: Self.key(c.key), failures: own.failures.map { ($0.invariant, $0.message) },
                                     message: c.failure.message, items: c.input.itemCount,
                                     fixture: k == 0 ? f.fixture : c.fixture(engine: engine).name))
            }
        }
        self.entries = entries
    }

    /// A bug key as the partial report stores it: `at ORIGIN`, else the symptom.
    static func key(_ key: BugKey?) -> String? { key.map { k in k.origin.map { "at \($0)" } ?? k.symptom ?? "?" } }

    /// The file's JSON (`waterfall-check-partial/1`, `"command": "fuzz"`).
    package var jsonValue: JSONValue {
        .object([
            ("format", .string(PartialReport.format)), ("command", .string("fuzz")), ("shard", .string(shard.description)),
            ("engine", .string(engine)), ("engineArgument", .string(engineArgument)), ("seed", .string(String(seed))),
            ("tolerance", .number(Double(tolerance.points))), ("saveArgument", .string(saveArgument)),
            ("cases", .integer(cases)), ("failedCases", .integer(failedCases)), ("skippedPassingCases", .integer(skippedPassingCases)),
            ("engineFaultCases", .integer(engineFaultCases)), ("seconds", .number(seconds)), ("replayFailures", .integer(replayFailures)),
            ("keysPerInvariant", .integer(keysPerInvariant)), ("header", header.jsonValue),
            ("counterexamples", .array(entries.map { e in
                .object([("invariant", .string(e.invariant)), ("case", .string(String(e.caseIndex))), ("input", .string(e.input)),
                         ("origin", e.origin.map { .string($0) } ?? .null), ("key", e.key.map { .string($0) } ?? .null),
                         ("failures", .array(e.failures.map { .object([("invariant", .string($0.invariant)), ("message", .string($0.message))]) })),
                         ("message", .string(e.message)), ("items", .integer(e.items)), ("fixture", .string(e.fixture))])
            })),
        ])
    }

    /// A fuzz partial report read back from ``jsonValue``.
    /// - Throws: ``PartialReportError`` naming `file` and the field.
    package init(_ v: JSONValue, file: String) throws {
        func fail(_ what: String) -> PartialReportError { PartialReportError(message: "\(file): \(what)") }
        func string(_ o: JSONValue, _ k: String, _ at: String = "") throws -> String {
            guard case .string(let t)? = o[k] else { throw fail("\(at)\(k) is not a string") }
            return t
        }
        func int(_ o: JSONValue, _ k: String, _ at: String = "") throws -> Int {
            switch o[k] {
            case .integer(let n)?: return n
            case .number(let d)? where d.rounded() == d && abs(d) < 1e15: return Int(d)
            default: throw fail("\(at)\(k) is not an integer")
            }
        }
        func number(_ k: String) throws -> Double {
            switch v[k] {
            case .integer(let n)?: return Double(n)
            case .number(let d)?: return d
            default: throw fail("\(k) is not a number")
            }
        }
        guard let shard = Shard(try string(v, "shard")) else { throw fail("shard is not K/N") }
        guard let seed = UInt64(try string(v, "seed")) else { throw fail("seed is not a 64-bit integer") }
        self.shard = shard; self.seed = seed
        engine = try string(v, "engine"); engineArgument = try string(v, "engineArgument"); saveArgument = try string(v, "saveArgument")
        tolerance = Tolerance(CGFloat(try number("tolerance")))
        cases = try int(v, "cases"); failedCases = try int(v, "failedCases"); skippedPassingCases = try int(v, "skippedPassingCases")
        engineFaultCases = try int(v, "engineFaultCases"); seconds = try number("seconds"); replayFailures = try int(v, "replayFailures")
        keysPerInvariant = try int(v, "keysPerInvariant")
        guard let h = v["header"] else { throw fail("header is missing") }
        header = try PartialReport.Header(h, file: file)
        guard case .array(let list)? = v["counterexamples"] else { throw fail("counterexamples is not an array") }
        entries = try list.enumerated().map { i, e in
            let at = "counterexamples[\(i)]."
            guard let index = UInt64(try string(e, "case", at)) else { throw fail("\(at)case is not an integer") }
            guard case .array(let fs)? = e["failures"] else { throw fail("\(at)failures is not an array") }
            let origin: String?
            switch e["origin"] { case .string(let o)?: origin = o; case .null?: origin = nil; default: throw fail("\(at)origin is not a string or null") }
            let key: String?
            switch e["key"] { case .string(let k)?: key = k; case .null?: key = nil; default: throw fail("\(at)key is not a string or null") }
            return Entry(invariant: try string(e, "invariant", at), caseIndex: index, input: try string(e, "input", at), origin: origin, key: key,
                         failures: try fs.map { (try string($0, "invariant", at + "failures."), try string($0, "message", at + "failures.")) },
                         message: try string(e, "message", at), items: try int(e, "items", at), fixture: try string(e, "fixture", at))
        }
    }
}

/// The run N shards of `fuzz --keep-going` add up to.
package struct MergedFuzzReport: Sendable {
    package var first: FuzzPartialReport
    package var counts = RunCounts()
    package var seconds: Double = 0
    package var replayFailures = 0
    /// One per bug, as the unsharded run groups them: each a list of counterexamples (the first
    /// is the primary) and the invariants the primary's input fails.
    package var groups: [(members: [FuzzPartialReport.Entry], failures: [String])] = []

    /// - Throws: ``PartialReportError`` when the parts are not shards 1...N of one run (engine, seed).
    package init(_ parts: [(file: String, report: FuzzPartialReport)]) throws {
        try MergedReport.checkShards(parts.map { ($0.file, $0.report.shard) })
        let sorted = parts.sorted { $0.report.shard.index < $1.report.shard.index }
        first = sorted[0].report
        for p in sorted where p.report.engine != first.engine || p.report.seed != first.seed {
            throw PartialReportError(message: "\(p.file) is a run of \(p.report.engine), seed \(p.report.seed); \(sorted[0].file) of \(first.engine), seed \(first.seed)")
        }
        for p in sorted where p.report.keysPerInvariant != first.keysPerInvariant || p.report.header != first.header {
            throw PartialReportError(message: "\(p.file) and \(sorted[0].file) were run with different engine claims, --max-skipped or keys per invariant: were the shards run with the same options?")
        }
        var failed = 0, skipped = 0, faults = 0, cases = 0
        // Each (invariant, bug key)'s counterexample: the lowest failing case of the run (a
        // shard's lowest in its own range; the lowest shard's that has one).
        struct Slot: Hashable { var invariant: String; var key: String? }
        var bySlot: [Slot: FuzzPartialReport.Entry] = [:]
        for p in sorted.map(\.report) {
            cases += p.cases; failed += p.failedCases; skipped += p.skippedPassingCases; faults += p.engineFaultCases
            seconds += p.seconds; replayFailures = max(replayFailures, p.replayFailures)
            for e in p.entries {
                let slot = Slot(invariant: e.invariant, key: e.key)
                if bySlot[slot].map({ e.caseIndex < $0.caseIndex }) ?? true { bySlot[slot] = e }
            }
        }
        counts.add(.error, faults); counts.add(.failed, failed); counts.add(.skipped, skipped)
        counts.add(.passed, max(0, cases - faults - failed - skipped))
        // As the fuzzer keeps them: each invariant's first `keysPerInvariant` keys by lowest case
        // (a key a shard dropped for its bound has that many lower ones there, so also in the
        // run), in catalogue order, then case order.
        let bound = max(1, first.keysPerInvariant)
        let kept: [FuzzPartialReport.Entry] = Invariants.all.flatMap { inv in
            bySlot.values.filter { $0.invariant == inv.id }.sorted { $0.caseIndex < $1.caseIndex }.prefix(bound)
        }
        // CounterexampleGroup.group's rules, from what each shard stored of each counterexample.
        for members in CounterexampleGroup.partition(kept.count, input: { kept[$0].input }, invariant: { kept[$0].invariant },
                                                     key: { kept[$0].key }, judge: { (Set(kept[$0].failures.map(\.invariant)), kept[$0].origin) }) {
            groups.append((members.map { kept[$0] }, kept[members[0]].failures.map(\.invariant)))
        }
        skipWarning = first.header.skipWarning(skipped: counts[.skipped], of: counts.cases, noun: "cases")
    }

    /// The skip warning of the whole run's counts (``FuzzReport/skipWarning(limit:)``).
    package var skipWarning: (text: String, fails: Bool)?

    /// The unsharded run's `--json` document.
    package var json: String {
        let list: [JSONValue] = groups.map { g in
            let p = g.members[0]
            let ids = Set(g.failures + g.members.map(\.invariant))
            let members = Set(g.members.map(\.invariant))
            let only = (try? InvariantSet(ids: members)) ?? .all
            let last = g.members.map(\.caseIndex).max()!
            let replay = "waterfall-check fuzz --engine \(first.engineArgument) --seed \(first.seed) --cases \(last + 1)"
                + Counterexample.verdictOptions(tolerance: first.tolerance, invariants: only) + first.saveArgument
            return FuzzReport.failureJSON(case: g.members.map(\.caseIndex).min()!, fixture: p.fixture, invariant: p.invariant,
                                          invariants: Invariants.all.map(\.id).filter(ids.contains), items: p.items, message: p.message,
                                          origin: p.origin, replay: replay)
        }
        let perSecond = seconds > 0 ? Double(counts.cases) / seconds : 0
        var value = FuzzReport.json(counts: counts, casesPerSecond: perSecond, engine: first.engine, seed: first.seed, failures: list)
        if case .object(let members) = value {
            value = .object(members + first.header.json + (skipWarning.map { [("skipWarning", JSONValue.string($0.text))] } ?? []))
        }
        return JSONWriter.text(value) + "\n"
    }

    /// The unsharded run's exit status: a failure when a saved counterexample failed its replay or
    /// a counterexample was found, an error when only engine faults were, else a pass.
    package var verdict: RunVerdict {
        if replayFailures > 0 || !first.header.problems.isEmpty || skipWarning?.fails == true || !groups.isEmpty { return .failed }
        return counts[.error] > 0 ? .error : .passed
    }
}
