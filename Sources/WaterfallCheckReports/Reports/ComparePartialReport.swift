import Foundation
import WaterfallCheck

/// One shard's part of a sharded `compare` (`compare --shard K/N --partial FILE`), which
/// `merge-reports` combines into the unsharded run's `--json` report, `--github` annotations and
/// exit status (docs/sharding.md).
///
/// The run's cases are its fixtures (dealt out as `verify --shard` deals them) and then the
/// generated cases `0 ..< G` of one seed (shard K compares `G(K-1)/N ..< GK/N`); each case keeps
/// its index in the unsharded run. A shard stores its counts, its skipped and faulting cases, and
/// its findings before they are merged across cases: each with the case it was shrunk from, the
/// kind of difference that case showed (later cases of that kind are listed under it, unshrunk),
/// the later cases of that kind with their indices, and what ``EngineComparison/mergeFindings(_:name:input:signature:rank:size:)``
/// decides by; and each rendered as the reports show it. The merge redoes the run's three steps
/// across shards: one finding per kind (the lowest case's: shrunk there exactly as the unsharded
/// run shrinks it), one-sided faults as findings unless every case faulted, and the merge by
/// minimal input and bug key, through the same function.
package struct ComparePartialReport: Sendable {
    /// A case named in a report, with its index in the unsharded run.
    package struct Named: Sendable { package var index: Int; package var name: String }
    /// A rendered case: its JSON object and `::error` line.
    package struct Rendered: Sendable { package var index: Int; package var json: JSONValue; package var github: String }
    /// One unmerged finding.
    package struct Finding: Sendable {
        package var index: Int
        /// Shrunk from a case on which one engine faulted and the other answered.
        package var oneSided: Bool
        package var kind: String?
        package var name: String
        package var size: Int
        /// The minimal input, normalised, compact.
        package var input: String
        package var signature: String?
        package var rank: Int
        package var alsoIn: [Named]
        /// Its JSON object, `alsoIn` empty.
        package var json: JSONValue
        package var github: String
    }

    package var shard: Shard
    /// Cases of the unsharded run: every fixture and every generated case.
    package var runCases: Int
    package var cases = 0, identical = 0, differingCases = 0, faultingCases = 0, driftCases = 0, tieCases = 0
    package var largestDrift: Double = 0
    package var largestDriftCase: Named?
    package var skipped: [(index: Int, name: String, reason: String)] = []
    package var faults: [Rendered] = []
    package var oneSidedFaults: [Rendered] = []
    package var findings: [Finding] = []
    /// The engines' members of the JSON report.
    package var engines: [(key: String, value: JSONValue)] = []
    package var claimProblems: [String] = []
    /// The GitHub claims lines, without the skip warning (the merge's, from the whole run's counts).
    package var claimsGitHub = ""
    package var skipLimit: Double?

    /// The part of `report`, a shard's run (``EngineComparison/run(_:generated:partial:progress:)``
    /// with `partial`); `index` gives each of its cases' (by their index in the shard's run) index in the unsharded run.
    package init(_ report: EngineComparison.Report, shard: Shard, runCases: Int, index: (Int) -> Int) {
        self.shard = shard; self.runCases = runCases
        cases = report.cases; identical = report.identical; differingCases = report.differingCases; faultingCases = report.faultingCases
        driftCases = report.driftCases; tieCases = report.tieCases; largestDrift = Double(report.largestDrift)
        engines = report.enginesJSON; claimProblems = report.claimProblems; skipLimit = report.skipLimit
        claimsGitHub = GitHubAnnotations.claims(report.candidate, problems: report.claimProblems)
        skipped = zip(report.skippedCases, report.skipped).map { (index($0), $1.name, $1.reason) }
        faults = report.faults.map { Rendered(index: index($0.caseIndex), json: EngineComparison.Report.faultJSON($0), github: GitHubAnnotations.line($0, of: report)) }
        oneSidedFaults = report.oneSidedFaults.map {
            Rendered(index: index($0.caseIndex), json: EngineComparison.Report.faultJSON($0), github: GitHubAnnotations.line($0, of: report))
        }
        findings = report.differences.map { f in
            var bare = f
            bare.alsoIn = []
            return Finding(index: index(f.caseIndex), oneSided: f.fault != nil, kind: f.kind, name: f.origin.name, size: f.size,
                           input: CanonicalWriter.compactInput(f.minimal.normalised), signature: f.signature, rank: EngineComparison.rank(f),
                           alsoIn: zip(f.alsoInCases, f.alsoIn).map { Named(index: index($0), name: $1) },
                           json: EngineComparison.Report.findingJSON(bare), github: GitHubAnnotations.line(f, of: report))
        }
        if report.largestDrift > 0 { largestDriftCase = Named(index: report.largestDriftIndex.map(index) ?? 0, name: report.largestDriftCase) }
    }

    /// The file's JSON (`waterfall-check-partial/1`, `"command": "compare"`).
    package var jsonValue: JSONValue {
        func named(_ n: Named) -> JSONValue { .object([("case", .integer(n.index)), ("name", .string(n.name))]) }
        func rendered(_ r: Rendered) -> JSONValue { .object([("case", .integer(r.index)), ("json", r.json), ("github", .string(r.github))]) }
        return .object([
            ("format", .string(PartialReport.format)), ("command", .string("compare")), ("shard", .string(shard.description)),
            ("runCases", .integer(runCases)), ("cases", .integer(cases)), ("identical", .integer(identical)),
            ("different", .integer(differingCases)), ("faulting", .integer(faultingCases)), ("drift", .integer(driftCases)),
            ("ties", .integer(tieCases)), ("largestDrift", .number(largestDrift)), ("largestDriftCase", largestDriftCase.map(named) ?? .null),
            ("skipped", .array(skipped.map { .object([("case", .integer($0.index)), ("name", .string($0.name)), ("reason", .string($0.reason))]) })),
            ("faults", .array(faults.map(rendered))), ("oneSidedFaults", .array(oneSidedFaults.map(rendered))),
            ("findings", .array(findings.map { f in
                .object([("case", .integer(f.index)), ("oneSided", .bool(f.oneSided)), ("kind", f.kind.map { .string($0) } ?? .null),
                         ("name", .string(f.name)), ("size", .integer(f.size)), ("input", .string(f.input)),
                         ("signature", f.signature.map { .string($0) } ?? .null), ("rank", .integer(f.rank)),
                         ("alsoIn", .array(f.alsoIn.map(named))), ("json", f.json), ("github", .string(f.github))])
            })),
            ("header", .object([("engines", .object(engines)), ("claimProblems", .array(claimProblems.map { .string($0) })),
                                ("github", .string(claimsGitHub)), ("skipLimit", skipLimit.map { .number($0) } ?? .null)])),
        ])
    }

    /// A compare partial report read back from ``jsonValue``.
    /// - Throws: ``PartialReportError`` naming `file` and the field.
    package init(_ v: JSONValue, file: String) throws {
        func fail(_ what: String) -> PartialReportError { PartialReportError(message: "\(file): \(what)") }
        func int(_ o: JSONValue, _ k: String, _ at: String = "") throws -> Int {
            switch o[k] {
            case .integer(let n)?: return n
            case .number(let d)? where d.rounded() == d && abs(d) < 1e15: return Int(d)
            default: throw fail("\(at)\(k) is not an integer")
            }
        }
        func text(_ o: JSONValue, _ k: String, _ at: String = "") throws -> String {
            guard case .string(let t)? = o[k] else { throw fail("\(at)\(k) is not a string") }
            return t
        }
        func optionalText(_ o: JSONValue, _ k: String, _ at: String) throws -> String? {
            switch o[k] { case .string(let t)?: return t; case .null?: return nil; default: throw fail("\(at)\(k) is not a string or null") }
        }
        func list(_ o: JSONValue, _ k: String, _ at: String = "") throws -> [JSONValue] {
            guard case .array(let a)? = o[k] else { throw fail("\(at)\(k) is not an array") }
            return a
        }
        func named(_ o: JSONValue, _ at: String) throws -> Named { Named(index: try int(o, "case", at), name: try text(o, "name", at)) }
        func rendered(_ o: JSONValue, _ at: String) throws -> Rendered {
            guard let json = o["json"] else { throw fail("\(at)json is missing") }
            return Rendered(index: try int(o, "case", at), json: json, github: try text(o, "github", at))
        }
        guard let shard = Shard(try text(v, "shard")) else { throw fail("shard is not K/N") }
        self.shard = shard
        runCases = try int(v, "runCases"); cases = try int(v, "cases"); identical = try int(v, "identical")
        differingCases = try int(v, "different"); faultingCases = try int(v, "faulting"); driftCases = try int(v, "drift"); tieCases = try int(v, "ties")
        switch v["largestDrift"] { case .number(let d)?: largestDrift = d; case .integer(let n)?: largestDrift = Double(n); default: throw fail("largestDrift is not a number") }
        if let d = v["largestDriftCase"], d != .null { largestDriftCase = try named(d, "largestDriftCase.") }
        skipped = try list(v, "skipped").enumerated().map { i, s in (try int(s, "case", "skipped[\(i)]."), try text(s, "name", "skipped[\(i)]."), try text(s, "reason", "skipped[\(i)].")) }
        faults = try list(v, "faults").enumerated().map { try rendered($1, "faults[\($0)].") }
        oneSidedFaults = try list(v, "oneSidedFaults").enumerated().map { try rendered($1, "oneSidedFaults[\($0)].") }
        findings = try list(v, "findings").enumerated().map { i, f in
            let at = "findings[\(i)]."
            guard case .bool(let oneSided)? = f["oneSided"] else { throw fail("\(at)oneSided is not true or false") }
            guard let json = f["json"] else { throw fail("\(at)json is missing") }
            return Finding(index: try int(f, "case", at), oneSided: oneSided, kind: try optionalText(f, "kind", at), name: try text(f, "name", at),
                           size: try int(f, "size", at), input: try text(f, "input", at), signature: try optionalText(f, "signature", at),
                           rank: try int(f, "rank", at), alsoIn: try list(f, "alsoIn", at).map { try named($0, at + "alsoIn.") },
                           json: json, github: try text(f, "github", at))
        }
        guard let h = v["header"], case .object(let engines)? = h["engines"] else { throw fail("header is not {\"engines\",\"claimProblems\",\"github\",\"skipLimit\"}") }
        self.engines = engines
        claimProblems = try list(h, "claimProblems", "header.").map { p in guard case .string(let t) = p else { throw fail("header.claimProblems holds a non-string") }; return t }
        claimsGitHub = try text(h, "github", "header.")
        switch h["skipLimit"] { case .number(let d)?: skipLimit = d; case .integer(let n)?: skipLimit = Double(n); case .null?: skipLimit = nil; default: throw fail("header.skipLimit is not a number or null") }
    }
}

/// The comparison N shards of `compare` add up to.
package struct MergedCompareReport: Sendable {
    package var cases = 0, identical = 0, differingCases = 0, faultingCases = 0, skipped = 0
    /// The unsharded run's findings, in its order.
    package var differences: [(json: JSONValue, github: String)] = []
    package var faults: [ComparePartialReport.Rendered] = []
    package var first: ComparePartialReport
    package var skipWarning: (text: String, fails: Bool)?
    private var jsonValue: JSONValue = .null

    /// - Throws: ``PartialReportError`` when the parts are not shards 1...N of one run.
    package init(_ parts: [(file: String, report: ComparePartialReport)]) throws {
        try MergedReport.checkShards(parts.map { ($0.file, $0.report.shard) })
        let sorted = parts.sorted { $0.report.shard.index < $1.report.shard.index }
        first = sorted[0].report
        for p in sorted where p.report.runCases != first.runCases || JSONValue.object(p.report.engines) != JSONValue.object(first.engines)
            || p.report.claimProblems != first.claimProblems || p.report.skipLimit != first.skipLimit {
            throw PartialReportError(message: "\(p.file) and \(sorted[0].file) are not parts of one comparison (cases, engines, claims or --max-skipped differ): were the shards given the same paths and options?")
        }
        let all = sorted.map(\.report)
        for p in all {
            cases += p.cases; identical += p.identical; differingCases += p.differingCases; faultingCases += p.faultingCases
        }
        guard cases == first.runCases else {
            throw PartialReportError(message: "the shards compared \(cases) case(s) of a run of \(first.runCases): were they given the same paths, --fuzz-cases and --seed?")
        }
        let skippedCases = all.flatMap(\.skipped).sorted { $0.index < $1.index }
        skipped = skippedCases.count
        // Every case faulted: the one-sided faults are faults, not differences (EngineComparison.run).
        let everyCaseFaulted = cases > 0 && faultingCases == cases
        faults = all.flatMap(\.faults).sorted { $0.index < $1.index }
        if everyCaseFaulted { faults += all.flatMap(\.oneSidedFaults).sorted { $0.index < $1.index } }
        else { differingCases += all.reduce(0) { $0 + $1.oneSidedFaults.count } }
        // One finding per kind of difference: the lowest case's (shrunk there as in the unsharded
        // run); the later cases of that kind listed under it, in case order. Listed as the run
        // lists them: differences by case, then one-sided faults by case.
        var listed: [ComparePartialReport.Finding] = []
        var byKind: [String: Int] = [:]
        for f in all.flatMap(\.findings).filter({ !everyCaseFaulted || !$0.oneSided }).sorted(by: { ($0.oneSided ? 1 : 0, $0.index) < ($1.oneSided ? 1 : 0, $1.index) }) {
            if let kind = f.kind, let k = byKind[kind] {
                listed[k].alsoIn += [ComparePartialReport.Named(index: f.index, name: f.name)] + f.alsoIn
                continue
            }
            if let kind = f.kind { byKind[kind] = listed.count }
            listed.append(f)
        }
        for k in listed.indices { listed[k].alsoIn.sort { $0.index < $1.index } }
        for (kept, others) in EngineComparison.mergeFindings(listed.count, name: { listed[$0].name }, input: { listed[$0].input },
                                                             signature: { listed[$0].signature }, rank: { listed[$0].rank }, size: { listed[$0].size }) {
            let alsoIn = listed[kept].alsoIn.map(\.name) + others.flatMap { [listed[$0].name] + listed[$0].alsoIn.map(\.name) }
            guard case .object(let members) = listed[kept].json else { throw PartialReportError(message: "a finding of \(listed[kept].name) is not an object") }
            differences.append((.object(members.map { $0.key == "alsoIn" ? ("alsoIn", .array(alsoIn.map { .string($0) })) : $0 }), listed[kept].github))
        }
        // The largest drift: the first case of the largest.
        let drift = all.filter { $0.largestDriftCase != nil }.min { ($1.largestDrift, $0.largestDriftCase!.index) < ($0.largestDrift, $1.largestDriftCase!.index) }
        skipWarning = EngineClaims.skipWarning(skipped: skipped, of: cases, limit: first.skipLimit, noun: "cases")
        jsonValue = EngineComparison.Report.json(
            engines: first.engines, cases: cases, identical: identical, different: differingCases,
            skipped: skippedCases.map { EngineComparison.Report.skippedJSON($0.name, $0.reason) }, faults: faults.map(\.json),
            differences: differences.map(\.json),
            drift: EngineComparison.Report.driftJSON(cases: all.reduce(0) { $0 + $1.driftCases }, ties: all.reduce(0) { $0 + $1.tieCases },
                                                     largest: CGFloat(drift?.largestDrift ?? 0), largestIn: drift?.largestDriftCase?.name ?? ""),
            claimProblems: first.claimProblems, skipWarning: skipWarning?.text)
    }

    /// The unsharded run's `--json` document.
    package var json: String { JSONWriter.text(jsonValue) + "\n" }

    /// The unsharded run's `--github` lines.
    package var github: String {
        first.claimsGitHub + (skipWarning?.fails == true ? GitHubAnnotations.claimProblem(skipWarning!.text) : "")
            + faults.map(\.github).joined() + differences.map(\.github).joined()
    }

    /// The unsharded run's exit status (``EngineComparison/Report/verdict``).
    package var verdict: RunVerdict {
        if cases > 0 && faultingCases == cases { return .error }
        return differences.isEmpty && faults.isEmpty && first.claimProblems.isEmpty && skipWarning?.fails != true ? .passed : .failed
    }
}
