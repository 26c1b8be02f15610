import Foundation
import WaterfallCheck

/// One shard's part of a sharded run's reports (`verify --shard K/N --partial FILE`), which
/// `waterfall-check merge-reports` combines into the reports and the exit status of the
/// unsharded run (docs/sharding.md).
///
/// Each result is kept as the pieces the reports are made of (its JSON summary object, its JUnit
/// `<testcase>`, its GitHub annotation), with its place in the unsharded run's order, so the
/// merge needs neither the engine nor the fixtures. File format `waterfall-check-partial/1`:
/// `{"format","command","shard":"K/N","pending":[...],"header":{"json","judgedWith","problems","skipLimit"},
/// "results":[{"group","order","suite","status","json","junit","github"}]}`. The header is the
/// run's own part (the claims it was judged with, issue 33), every shard's; the skip warning is
/// not in it: the merge computes it from the whole run's counts.
package struct PartialReport: Sendable {
    package static let format = "waterfall-check-partial/1"

    /// One result and where it goes.
    package struct Entry: Sendable {
        /// Where the unsharded run puts it: 0 a path that names no fixture (before every fixture),
        /// 1 a fixture, 2 a pending recording made an error in CI (after them). Groups 0 and 2
        /// are every shard's (each shard sees the same paths); the merge takes them from shard 1.
        package var group: Int
        /// Its index within the group, in the unsharded run's order (for a fixture: its index in
        /// the collection of every shard's fixtures).
        package var order: Int
        package var suite: String
        package var status: CaseStatus
        package var json: JSONValue
        package var junit: String
        package var github: String
    }

    /// The command the shard ran (`verify`).
    package var command: String
    package var shard: Shard
    /// Pending recordings (`*.json.new`) under the run's paths (every shard sees all of them).
    package var pending: [String]
    package var entries: [Entry]
    /// The run-level parts: the claims the run was judged with (issue 33).
    package var header = Header()
    /// What makes two shards parts of one run: the engine (name and version), the tolerance,
    /// the options that change a verdict and how many fixtures the paths hold (every shard
    /// collects them all). `merge-reports` refuses parts that differ, and parts whose fixtures
    /// do not add up to exactly that many (a part edited or cut short).
    package var run = Run()

    package struct Run: Sendable, Equatable {
        package var engine = ""
        package var options = ""
        package var fixtures = 0
        package init() {}
        package init(engine: String, options: String, fixtures: Int) { self.engine = engine; self.options = options; self.fixtures = fixtures }
        var jsonValue: JSONValue { .object([("engine", .string(engine)), ("options", .string(options)), ("fixtures", .integer(fixtures))]) }
    }

    /// The claims a run was judged with, without the skip warning (a shard's share of skipped
    /// cases is not the run's): the JSON report's claims members, the engine's `judged with`
    /// line (`nil`: no engine), the claim problems (each fails the run) and `--max-skipped`.
    package struct Header: Sendable, Equatable {
        package var json: [(key: String, value: JSONValue)] = []
        package var judgedWith: String?
        package var problems: [String] = []
        package var skipLimit: Double?
        package init() {}
        package init(_ engine: EngineDescriptor?, problems: [String], skipLimit: Double?) {
            json = JSONSummary.claims(engine, problems: problems)
            judgedWith = engine.map(EngineClaims.judgedWith)
            self.problems = problems; self.skipLimit = skipLimit
        }
        package static func == (a: Header, b: Header) -> Bool {
            a.judgedWith == b.judgedWith && a.problems == b.problems && a.skipLimit == b.skipLimit
                && JSONValue.object(a.json) == JSONValue.object(b.json)
        }

        /// The file's `header`.
        package var jsonValue: JSONValue {
            .object([("json", .object(json)), ("judgedWith", judgedWith.map { .string($0) } ?? .null),
                     ("problems", .array(problems.map { .string($0) })), ("skipLimit", skipLimit.map { .number($0) } ?? .null)])
        }

        /// A header read back from ``jsonValue``. - Throws: ``PartialReportError`` naming `file`.
        package init(_ h: JSONValue, file: String) throws {
            let fail = PartialReportError(message: "\(file): \"header\" is not {\"json\",\"judgedWith\",\"problems\",\"skipLimit\"}")
            guard case .object(let json)? = h["json"], case .array(let problems)? = h["problems"] else { throw fail }
            self.json = json
            switch h["judgedWith"] { case .string(let t)?: judgedWith = t; case .null?: judgedWith = nil; default: throw fail }
            self.problems = try problems.map { p in guard case .string(let t) = p else { throw fail }; return t }
            switch h["skipLimit"] {
            case .number(let d)?: skipLimit = d
            case .integer(let n)?: skipLimit = Double(n)
            case .null?: skipLimit = nil
            default: throw fail
            }
        }

        /// The run's skip warning, from the whole run's counts (``EngineClaims/skipWarning(skipped:of:limit:noun:)``); `nil` without an engine.
        package func skipWarning(skipped: Int, of cases: Int, noun: String) -> (text: String, fails: Bool)? {
            judgedWith == nil ? nil : EngineClaims.skipWarning(skipped: skipped, of: cases, limit: skipLimit, noun: noun)
        }
    }

    /// The parts of `report`, one shard's run. `order(result)` gives a fixture result's index in
    /// the collection of every shard's fixtures (``FixtureFile/collect(_:)``), `nil` for a result
    /// that is no fixture of it.
    /// - Complexity: O(results), rendering each result once.
    package init(verify report: VerifyReport, shard: Shard, run: Run, order: (FixtureResult) -> Int?) {
        command = "verify"
        self.shard = shard
        self.run = run
        pending = report.pending.map(\.path)
        header = Header(report.engine, problems: report.claimProblems, skipLimit: report.skipLimit)
        var counters = [0, 0, 0]
        entries = report.results.map { r in
            let fixture = r.nonFixture == nil ? order(r) : nil
            let group = fixture != nil ? 1 : r.nonFixture == .pendingRecording ? 2 : 0
            let index = fixture ?? counters[group]
            counters[group] += 1
            return Entry(group: group, order: index, suite: r.suite, status: r.status, json: JSONSummary.value(r),
                         junit: JUnitReport.testcase(r), github: GitHubAnnotations.line(r))
        }
    }

    /// The file's JSON.
    package var jsonValue: JSONValue {
        .object([
            ("format", .string(Self.format)), ("command", .string(command)), ("shard", .string(shard.description)),
            ("pending", .array(pending.map { .string($0) })),
            ("header", header.jsonValue),
            ("run", run.jsonValue),
            ("results", .array(entries.map { e in
                .object([("group", .integer(e.group)), ("order", .integer(e.order)), ("suite", .string(e.suite)),
                         ("status", .string(e.status.rawValue)), ("json", e.json), ("junit", .string(e.junit)),
                         ("github", .string(e.github))])
            })),
        ])
    }

    /// A partial report read back from ``jsonValue``.
    /// - Throws: ``PartialReportError`` naming `file` and the field when it is not one.
    package init(_ value: JSONValue, file: String) throws {
        func fail(_ what: String) -> PartialReportError { PartialReportError(message: "\(file): \(what)") }
        guard case .string(let format)? = value["format"], format == Self.format else {
            throw fail("not a partial report (\"format\" is not \"\(Self.format)\"; write one with verify --shard K/N --partial FILE)")
        }
        guard case .string(let command)? = value["command"] else { throw fail("missing \"command\"") }
        guard case .string(let s)? = value["shard"], let shard = Shard(s) else { throw fail("\"shard\" is not K/N") }
        guard case .array(let pending)? = value["pending"], case .array(let results)? = value["results"] else {
            throw fail("missing \"pending\" or \"results\"")
        }
        self.command = command
        self.shard = shard
        self.pending = try pending.map { v in guard case .string(let p) = v else { throw fail("\"pending\" holds a non-string") }; return p }
        if let h = value["header"] { header = try Header(h, file: file) }
        let fixtures: Int? = switch value["run"]?["fixtures"] {
        case .integer(let n)?: n
        case .number(let d)? where d.rounded() == d && d >= 0 && d < 1e15: Int(d)
        default: nil
        }
        guard case .string(let engine)? = value["run"]?["engine"], case .string(let options)? = value["run"]?["options"],
              let fixtures, fixtures >= 0 else {
            throw fail("\"run\" is not {\"engine\",\"options\",\"fixtures\"} (write the parts again with this version's verify --partial)")
        }
        run = Run(engine: engine, options: options, fixtures: fixtures)
        self.entries = try results.enumerated().map { i, v in
            func int(_ k: String) throws -> Int {
                switch v[k] {
                case .integer(let n)?: return n
                case .number(let d)? where d.rounded() == d && abs(d) < 1e15: return Int(d)
                default: throw fail("results[\(i)].\(k) is not an integer")
                }
            }
            func string(_ k: String) throws -> String {
                guard case .string(let t)? = v[k] else { throw fail("results[\(i)].\(k) is not a string") }
                return t
            }
            guard let status = CaseStatus(rawValue: try string("status")) else { throw fail("results[\(i)].status is not a status") }
            guard let json = v["json"] else { throw fail("results[\(i)].json is missing") }
            let group = try int("group")
            guard (0...2).contains(group) else { throw fail("results[\(i)].group is not 0, 1 or 2") }
            // The status the merge counts must be the one the JSON report shows.
            guard case .string(status.rawValue)? = json["status"] else {
                throw fail("results[\(i)].status \(status.rawValue) differs from its json.status: the part was edited")
            }
            return Entry(group: group, order: try int("order"), suite: try string("suite"), status: status, json: json,
                         junit: try string("junit"), github: try string("github"))
        }
    }
}

/// A partial report that cannot be read or merged: the message names the file or shard.
package struct PartialReportError: Error, CustomStringConvertible, Sendable {
    package var message: String
    package init(message: String) { self.message = message }
    package var description: String { message }
}

/// The run that N shards' partial reports add up to: its entries in the unsharded run's order.
package struct MergedReport: Sendable {
    package var command: String
    package var pending: [String]
    package var entries: [PartialReport.Entry]
    /// The run-level parts (shard 1's; every shard's are equal).
    package var header = PartialReport.Header()

    /// Merges the partial reports of shards 1...N of one run.
    /// - Throws: ``PartialReportError`` when they are of different commands or shard counts, a
    ///   shard is missing or given twice, or two shards claim the same fixture.
    /// - Complexity: O(n log n) in the results.
    package init(_ parts: [(file: String, report: PartialReport)]) throws {
        try Self.checkShards(parts.map { ($0.file, $0.report.shard) })
        let first = parts[0]
        for p in parts where p.report.command != first.report.command {
            throw PartialReportError(message: "\(p.file) is a partial report of \(p.report.command), \(first.file) of \(first.report.command)")
        }
        let sorted = parts.sorted { $0.report.shard.index < $1.report.shard.index }
        var fixtures: [Int: (file: String, entry: PartialReport.Entry)] = [:]
        for p in sorted {
            for e in p.report.entries where e.group == 1 {
                if let other = fixtures[e.order] {
                    throw PartialReportError(message: "\(other.file) and \(p.file) both ran fixture #\(e.order) (\(e.suite)): were the shards given the same paths?")
                }
                fixtures[e.order] = (p.file, e)
            }
        }
        let lead = sorted[0].report
        for p in sorted.dropFirst() where p.report.run != lead.run {
            throw PartialReportError(message: "\(p.file) and \(sorted[0].file) are not parts of one run: engine \(p.report.run.engine) against \(lead.run.engine), options '\(p.report.run.options)' against '\(lead.run.options)', \(p.report.run.fixtures) fixtures against \(lead.run.fixtures)")
        }
        // Every fixture of the run is in exactly one part: a part cut short or edited would
        // otherwise merge into a run that vouches for what no shard ran.
        if fixtures.count != lead.run.fixtures || fixtures.keys.contains(where: { $0 < 0 || $0 >= lead.run.fixtures }) {
            let missing = (0..<lead.run.fixtures).filter { fixtures[$0] == nil }
            throw PartialReportError(message: "the parts hold \(fixtures.count) of the run's \(lead.run.fixtures) fixtures\(missing.isEmpty ? "" : " (missing: #" + missing.prefix(5).map(String.init).joined(separator: ", #") + (missing.count > 5 ? ", ..." : "") + ")"): a part was cut short or edited")
        }
        // Paths that name no fixture and pending recordings are every shard's: shards that differ
        // there were given different paths (or a different checkout), and one list would be lost.
        func others(_ r: PartialReport) -> [JSONValue] { r.entries.filter { $0.group != 1 }.map(\.json) }
        for p in sorted.dropFirst() where others(p.report) != others(lead) {
            throw PartialReportError(message: "\(p.file) and \(sorted[0].file) differ in the paths that name no fixture or the pending recordings: were the shards given the same paths?")
        }
        // The claims are the engine's, the same for every shard of one run: shards that differ
        // were run on different engines (or claim files), and one header would be lost.
        for p in sorted.dropFirst() where p.report.header != lead.header {
            throw PartialReportError(message: "\(p.file) and \(sorted[0].file) were judged with different engine claims: were the shards run on the same engine and --expect-claims?")
        }
        command = lead.command
        pending = lead.pending
        header = lead.header
        entries = lead.entries.filter { $0.group == 0 }.sorted { $0.order < $1.order }
            + fixtures.keys.sorted().map { fixtures[$0]!.entry }
            + lead.entries.filter { $0.group == 2 }.sorted { $0.order < $1.order }
    }

    /// Checks that `parts` are shards 1...N of one N, each once.
    /// - Throws: ``PartialReportError`` naming the file or the missing shards.
    package static func checkShards(_ parts: [(file: String, shard: Shard)]) throws {
        guard let first = parts.first else { throw PartialReportError(message: "no partial report to merge") }
        let n = first.shard.count
        var byIndex: [Int: String] = [:]
        for p in parts {
            guard p.shard.count == n else {
                throw PartialReportError(message: "\(p.file) is shard \(p.shard) and \(first.file) shard \(first.shard): not the same run's shards")
            }
            if let other = byIndex[p.shard.index] {
                throw PartialReportError(message: "shard \(p.shard) is given twice: \(other) and \(p.file)")
            }
            byIndex[p.shard.index] = p.file
        }
        let missing = (1...n).filter { byIndex[$0] == nil }
        guard missing.isEmpty else {
            throw PartialReportError(message: "shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(n)" }.joined(separator: ", ")) missing: the merge of an incomplete run would vouch for what no shard ran")
        }
    }

    /// Results with each status, as the unsharded run counts them.
    package func count(_ status: CaseStatus) -> Int { entries.filter { $0.status == status }.count }

    /// The unsharded run's verdict (``VerifyReport/verdict``): an error when any result is one or
    /// nothing was checked, a failure when any failed, else a pass.
    package var verdict: RunVerdict {
        if count(.error) > 0 || entries.isEmpty || count(.skipped) == entries.count { return .error }
        return count(.failed) > 0 || !header.problems.isEmpty || skipWarning?.fails == true ? .failed : .passed
    }

    /// The run's skip warning (``VerifyReport/skipWarning``): from the skipped fixtures of every shard.
    package var skipWarning: (text: String, fails: Bool)? {
        header.skipWarning(skipped: count(.skipped), of: entries.filter { $0.group == 1 }.count, noun: "fixtures")
    }

    /// The claim problems the reports list: the header's, and the skip warning when it fails the run.
    private var problems: [String] { header.problems + (skipWarning.map { $0.fails ? [$0.text] : [] } ?? []) }

    /// `verify --json`'s document.
    package var json: String { JSONWriter.text(JSONSummary.value(results: entries.map { ($0.status, $0.json) }, pending: pending, claims: header.json + (skipWarning.map { [("skipWarning", JSONValue.string($0.text))] } ?? []))) + "\n" }
    /// `verify --junit`'s document.
    package var junit: String { JUnitReport.document(entries.map { ($0.suite, $0.status, $0.junit) }, header: JUnitReport.claimsSuite(judgedWith: header.judgedWith, problems: problems)) }
    /// `verify --github`'s lines.
    package var github: String { GitHubAnnotations.claims(judgedWith: header.judgedWith, problems: problems) + entries.map(\.github).joined() }
}
