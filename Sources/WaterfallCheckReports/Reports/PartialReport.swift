import Foundation
import WaterfallCheck

/// One shard's part of a sharded run's reports (`verify --shard K/N --partial FILE`), which
/// `waterfall-check merge-reports` combines into the reports and the exit status of the
/// unsharded run (docs/sharding.md).
///
/// Each result is kept as the pieces the reports are made of (its JSON summary object, its JUnit
/// `<testcase>`, its GitHub annotation), with its place in the unsharded run's order, so the
/// merge needs neither the engine nor the fixtures. File format `waterfall-check-partial/1`:
/// `{"format","command","shard":"K/N","pending":[...],"results":[{"group","order","suite",
/// "status","json","junit","github"}]}`.
public struct PartialReport: Sendable {
    public static let format = "waterfall-check-partial/1"

    /// One result and where it goes.
    public struct Entry: Sendable {
        /// Where the unsharded run puts it: 0 a path that names no fixture (before every fixture),
        /// 1 a fixture, 2 a pending recording made an error in CI (after them). Groups 0 and 2
        /// are every shard's (each shard sees the same paths); the merge takes them from shard 1.
        public var group: Int
        /// Its index within the group, in the unsharded run's order (for a fixture: its index in
        /// the collection of every shard's fixtures).
        public var order: Int
        public var suite: String
        public var status: CaseStatus
        public var json: JSONValue
        public var junit: String
        public var github: String
    }

    /// The command the shard ran (`verify`).
    public var command: String
    public var shard: Shard
    /// Pending recordings (`*.json.new`) under the run's paths (every shard sees all of them).
    public var pending: [String]
    public var entries: [Entry]

    /// The parts of `report`, one shard's run. `order(result)` gives a fixture result's index in
    /// the collection of every shard's fixtures (``FixtureFile/collect(_:)``), `nil` for a result
    /// that is no fixture of it.
    /// - Complexity: O(results), rendering each result once.
    public init(verify report: VerifyReport, shard: Shard, order: (FixtureResult) -> Int?) {
        command = "verify"
        self.shard = shard
        pending = report.pending.map(\.path)
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
    public var jsonValue: JSONValue {
        .object([
            ("format", .string(Self.format)), ("command", .string(command)), ("shard", .string(shard.description)),
            ("pending", .array(pending.map { .string($0) })),
            ("results", .array(entries.map { e in
                .object([("group", .integer(e.group)), ("order", .integer(e.order)), ("suite", .string(e.suite)),
                         ("status", .string(e.status.rawValue)), ("json", e.json), ("junit", .string(e.junit)),
                         ("github", .string(e.github))])
            })),
        ])
    }

    /// A partial report read back from ``jsonValue``.
    /// - Throws: ``PartialReportError`` naming `file` and the field when it is not one.
    public init(_ value: JSONValue, file: String) throws {
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
            return Entry(group: group, order: try int("order"), suite: try string("suite"), status: status, json: json,
                         junit: try string("junit"), github: try string("github"))
        }
    }
}

/// A partial report that cannot be read or merged: the message names the file or shard.
public struct PartialReportError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}

/// The run that N shards' partial reports add up to: its entries in the unsharded run's order.
public struct MergedReport: Sendable {
    public var command: String
    public var pending: [String]
    public var entries: [PartialReport.Entry]

    /// Merges the partial reports of shards 1...N of one run.
    /// - Throws: ``PartialReportError`` when they are of different commands or shard counts, a
    ///   shard is missing or given twice, or two shards claim the same fixture.
    /// - Complexity: O(n log n) in the results.
    public init(_ parts: [(file: String, report: PartialReport)]) throws {
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
        // Paths that name no fixture and pending recordings are every shard's: shards that differ
        // there were given different paths (or a different checkout), and one list would be lost.
        func others(_ r: PartialReport) -> [JSONValue] { r.entries.filter { $0.group != 1 }.map(\.json) }
        for p in sorted.dropFirst() where others(p.report) != others(lead) {
            throw PartialReportError(message: "\(p.file) and \(sorted[0].file) differ in the paths that name no fixture or the pending recordings: were the shards given the same paths?")
        }
        command = lead.command
        pending = lead.pending
        entries = lead.entries.filter { $0.group == 0 }.sorted { $0.order < $1.order }
            + fixtures.keys.sorted().map { fixtures[$0]!.entry }
            + lead.entries.filter { $0.group == 2 }.sorted { $0.order < $1.order }
    }

    /// Checks that `parts` are shards 1...N of one N, each once.
    /// - Throws: ``PartialReportError`` naming the file or the missing shards.
    public static func checkShards(_ parts: [(file: String, shard: Shard)]) throws {
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
    public func count(_ status: CaseStatus) -> Int { entries.filter { $0.status == status }.count }

    /// The unsharded run's verdict (``VerifyReport/verdict``): an error when any result is one or
    /// nothing was checked, a failure when any failed, else a pass.
    public var verdict: RunVerdict {
        if count(.error) > 0 || entries.isEmpty || count(.skipped) == entries.count { return .error }
        return count(.failed) > 0 ? .failed : .passed
    }

    /// `verify --json`'s document.
    public var json: String { JSONWriter.text(JSONSummary.value(results: entries.map { ($0.status, $0.json) }, pending: pending)) + "\n" }
    /// `verify --junit`'s document.
    public var junit: String { JUnitReport.document(entries.map { ($0.suite, $0.status, $0.junit) }) }
    /// `verify --github`'s lines.
    public var github: String { entries.map(\.github).joined() }
}
