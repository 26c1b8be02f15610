import Foundation
import WaterfallCheckEngines

/// `waterfall-check merge-reports PART...`: the N shards' partial reports (`verify --shard K/N
/// --partial FILE`) combined into the reports and the exit status of the unsharded run.
enum MergeReportsCommand: Command {
    static let spec = CommandSpec(
        name: "merge-reports",
        summary: "Combine the partial reports of N shards into the unsharded run's reports and exit status",
        options: [],
        groups: [ReportOptions.group.without(ReportOptions.html)
                    .describing(ReportOptions.json.described("write the unsharded run's JSON summary"))
                    .describing(ReportOptions.junit.described("write the unsharded run's JUnit XML report"))
                    .describing(ReportOptions.github.described("print the unsharded run's GitHub Actions ::error annotations"))],
        operands: "PART...",
        about: """
    Reads the partial reports that 'verify --shard K/N --partial FILE' (or 'fuzz --shard K/N
    --keep-going --partial FILE', or 'compare --shard K/N --partial FILE') wrote, one per shard of
    one run (K = 1...N, each exactly once), and writes the reports the same run without --shard
    writes: verify's JSON summary, JUnit XML and GitHub annotations, fuzz's JSON report,
    compare's JSON report and GitHub annotations, equal to the unsharded run's byte for byte
    (fuzz's casesPerSecond apart: a timing). Prints the counts. Nothing is run again: the merge needs
    neither the engine nor the fixtures (docs/sharding.md).
    """,
        notes: """
    EXIT STATUS: the unsharded run's (0 passed, 1 a failure, 2 an error or nothing checked); 2 also
    when a part cannot be read, a shard is missing or given twice, or the parts are of different
    runs.
    """)

    static func run(_ args: Arguments) throws -> Int32 {
        let files = args.operands
        guard !files.isEmpty else { throw WaterfallCheckError.usage("merge-reports needs the partial reports of every shard") }
        let json = try args.value(ReportOptions.json)
        let junit = try args.value(ReportOptions.junit)
        let github = args.flag(ReportOptions.github)
        var parts: [(file: String, report: PartialReport)] = []
        var fuzzParts: [(file: String, report: FuzzPartialReport)] = []
        var compareParts: [(file: String, report: ComparePartialReport)] = []
        do {
            for f in files {
                let value = try JSONDocument(contentsOf: URL(fileURLWithPath: f)).decode { try $0.value() }
                if case .string("fuzz")? = value["command"], case .string(PartialReport.format)? = value["format"] {
                    fuzzParts.append((f, try FuzzPartialReport(value, file: f)))
                } else if case .string("compare")? = value["command"], case .string(PartialReport.format)? = value["format"] {
                    compareParts.append((f, try ComparePartialReport(value, file: f)))
                } else {
                    parts.append((f, try PartialReport(value, file: f)))
                }
            }
            let commands = [("fuzz", fuzzParts.map(\.file)), ("compare", compareParts.map(\.file)), (parts.first?.report.command ?? "verify", parts.map(\.file))]
                .filter { !$0.1.isEmpty }
            if commands.count > 1 {
                throw PartialReportError(message: "\(commands[0].1[0]) is a partial report of \(commands[0].0), \(commands[1].1[0]) of \(commands[1].0)")
            }
            if !fuzzParts.isEmpty { return try mergeFuzz(fuzzParts, json: json, junit: junit, github: github) }
            if !compareParts.isEmpty { return try mergeCompare(compareParts, json: json, junit: junit, github: github) }
        } catch let e as PartialReportError {
            printError("error: \(e.message)"); return exitCode(.error)
        } catch let e as WaterfallCheckError {
            throw e
        } catch {
            printError("error: \(error)"); return exitCode(.error)
        }
        let merged: MergedReport
        do { merged = try MergedReport(parts) } catch let e as PartialReportError {
            printError("error: \(e.message)"); return exitCode(.error)
        }
        let n = merged.entries.count
        print("\(merged.command): \(parts.count) shard(s), \(n) result(s): \(merged.count(.passed)) passed, \(merged.count(.failed)) failed, "
              + "\(merged.count(.error)) error\(merged.count(.error) == 1 ? "" : "s"), \(merged.count(.skipped)) skipped"
              + (merged.count(.checked) > 0 ? ", \(merged.count(.checked)) checked (invariants only)" : ""))
        if github { print(merged.github, terminator: "") }
        if let junit { try writeReport(Data(merged.junit.utf8), to: junit) }
        if let json { try writeReport(Data(merged.json.utf8), to: json) }
        return exitCode(merged.verdict)
    }

    /// The compare shards' parts: the unsharded run's `--json` report and `--github` annotations
    /// (compare has no JUnit report).
    static func mergeCompare(_ parts: [(file: String, report: ComparePartialReport)], json: String?, junit: String?, github: Bool) throws -> Int32 {
        if junit != nil { throw WaterfallCheckError.usage("compare writes no --junit report; merge its parts with --json or --github") }
        let merged = try MergedCompareReport(parts)
        print("compare: \(parts.count) shard(s), \(merged.cases) cases: \(merged.identical) identical, \(merged.differingCases) different, "
              + "\(merged.skipped) skipped, \(merged.faultingCases) faulting; \(merged.differences.count) difference(s), \(merged.faults.count) fault(s)")
        if github { print(merged.github, terminator: "") }
        if let json { try writeReport(Data(merged.json.utf8), to: json) }
        return exitCode(merged.verdict)
    }

    /// The fuzz shards' parts: the unsharded run's `--json` report (fuzz has no JUnit or GitHub report).
    static func mergeFuzz(_ parts: [(file: String, report: FuzzPartialReport)], json: String?, junit: String?, github: Bool) throws -> Int32 {
        if junit != nil || github { throw WaterfallCheckError.usage("fuzz writes no --junit or --github report; merge its parts with --json") }
        let merged = try MergedFuzzReport(parts)
        let c = merged.counts
        print("fuzz: \(parts.count) shard(s), \(c.cases) cases: \(c[.passed]) passed, \(c[.failed]) failed, \(c[.skipped]) skipped, "
              + "\(c[.error]) engine fault\(c[.error] == 1 ? "" : "s"); \(merged.groups.count) distinct failure(s)")
        if let json { try writeReport(Data(merged.json.utf8), to: json) }
        return exitCode(merged.verdict)
    }
}
