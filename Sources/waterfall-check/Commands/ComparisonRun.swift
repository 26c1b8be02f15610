import Foundation
import WaterfallCheckEngines

/// The comparison `compare` and `compare-revisions` share: its options and its run.
struct ComparisonRun {
    var fuzzCases: Int
    var seed: UInt64
    var tolerance: Tolerance?
    var saveDir, jsonFile, htmlDir: String?
    var github: Bool
    /// `--shrink-time`: ``EngineComparison/choiceShrinkSeconds``.
    var shrinkTime: Double
    var jobs: Int
    var engineOptions: EngineRegistry.Options
    /// `--expect-claims`, `--max-skipped` (``ClaimsOptions``).
    var claims: (allowed: EngineDescriptor?, skipLimit: Double?)
    /// `--shard K/N`, `--partial FILE` (docs/sharding.md).
    var shard: Shard?
    var partial: String?

    static let shard = Option<Shard>("--shard", value: "K/N", expects: "K/N with 1 <= K <= N",
                                     help: "compare only the K-th of N shards: the fixtures dealt out as verify --shard deals them, and the K-th of N disjoint ranges of the --fuzz-cases generated cases of the seed (docs/sharding.md)", parse: { Shard($0) })
    static let partial = Option<String>("--partial", value: "FILE", help: "also write this run's part of the --json and --github reports for 'waterfall-check merge-reports', which combines the N shards' parts into the reports and exit status of the unsharded run (docs/sharding.md); without --shard the run is shard 1/1")

    /// `--fuzz-cases N`: at most 10^12 (years of comparing): case counts are added and
    /// multiplied as Ints (adversarial review: Int.max - 7 trapped on an overflow).
    static let fuzzCases = Option<Int>("--fuzz-cases", value: "N", expects: "a number of cases from 0 to 1000000000000",
                                       help: "generated inputs (default 500; 0 for fixtures only)") {
        Int($0).flatMap { (0...1_000_000_000_000).contains($0) ? $0 : nil }
    }

    /// What to compare and how hard: `[comparison options]`, shared by `compare` and `compare-revisions`.
    static let options = OptionGroup("comparison options", [
        fuzzCases,
        CommonOptions.seed.described("seed of the generated inputs, decimal or 0x-hex (default 1)"),
        CommonOptions.tolerance,
        CommonOptions.save.described("write each minimal difference, and each input an engine faulted on, to DIR as a fixture (expected: the baseline's answer)"),
        CommonOptions.jobs.described("worker threads, each with its own pair of engines (default: the number of cores); the report is the same whatever N"),
        CommonOptions.shrinkTime.described("time bound of each generated difference's shrink by the generator's choices (default 5; the same bound, the same report)"),
        shard, partial,
    ])

    /// The comparison's reports: `[report options]` without `--junit`.
    static let reports = ReportOptions.group.without(ReportOptions.junit)
        .describing(ReportOptions.html.described("also write a self-contained HTML report: each difference drawn, baseline (dashed) over candidate (filled), with its table"))
        .describing(ReportOptions.github.described("also print a GitHub Actions ::error annotation per difference and fault (on the fixture file when the case came from one)"))

    /// Reads ``options``, ``reports`` and the engine options the command's table holds.
    init(_ args: Arguments) throws {
        fuzzCases = try args.value(Self.fuzzCases) ?? 500
        seed = try args.value(CommonOptions.seed) ?? 1
        tolerance = try args.value(CommonOptions.tolerance)
        saveDir = try args.value(CommonOptions.save)
        jsonFile = try args.value(ReportOptions.json)
        htmlDir = try args.value(ReportOptions.html)
        github = args.flag(ReportOptions.github)
        shrinkTime = try args.value(CommonOptions.shrinkTime) ?? 5
        jobs = try args.value(CommonOptions.jobs) ?? ProcessInfo.processInfo.activeProcessorCount
        engineOptions = try EngineOptions.read(args)
        claims = try ClaimsOptions.read(args)
        shard = try args.value(Self.shard)
        partial = try args.value(Self.partial)
    }

    /// Refuses report files that would land on the fixtures read.
    func refuseCollisions(_ paths: [String]) throws {
        try refuseSaveDirectory(saveDir)
        let inputs = (paths + [saveDir].compactMap { $0 }).map { URL(fileURLWithPath: $0) }
        try refuseFixtureCollision(jsonFile, option: "--json", fixturePaths: inputs)
        try refuseFixtureCollision(partial, option: "--partial", fixturePaths: inputs)
        try refuseReportDirectory(htmlDir, fixturePaths: inputs)
    }

    /// Compares the two engines over the fixtures under `paths` and the generated inputs, prints
    /// the report and writes the files asked for. `revisions` name what each engine was built from.
    func run(baseline baselineEntry: EngineEntry, candidate candidateEntry: EngineEntry, paths: [String],
             revisions: (baseline: Revision, candidate: Revision)? = nil, command: String) throws -> Int32 {
        var comparison = EngineComparison(jobs: jobs, tolerance: tolerance) { (baselineEntry.make(), candidateEntry.make()) }
        comparison.choiceShrinkSeconds = shrinkTime
        let (cases, fixtureIndices, fixtureCount) = try CompareCase.fixtures(at: paths, shard: shard)
        // Generated cases are made by the workers as they compare them (none kept unless it differs).
        var generated = CaseGenerator().stream(seed: seed, count: fuzzCases, features: comparison.commonFeatures, limits: comparison.commonLimits,
                                                       constraints: comparison.commonConstraints, columnWidthRoundings: comparison.columnWidthRoundings)
        if let shard {
            // The K-th of N disjoint ranges of the generated cases (as fuzz --shard splits its cases).
            generated.first = fuzzCases * (shard.index - 1) / shard.count
            generated.count = fuzzCases * shard.index / shard.count - generated.first
        }
        // A case's index in the unsharded run: the fixtures in collection order, then the generated ones.
        func runIndex(_ n: Int) -> Int { n < cases.count ? fixtureIndices[n] : fixtureCount + generated.first + (n - cases.count) }
        guard fixtureCount > 0 || fuzzCases > 0 else { throw WaterfallCheckError.usage("nothing to compare: give fixture paths or --fuzz-cases N > 0") }

        // Ctrl-C or SIGTERM: the termination thread stops the engines (own process groups),
        // removes temporaries and exits 130 or 143. A run it stopped may still return here,
        // every later case a fault: nothing of it is printed or saved.
        let line = ProgressLine()
        var report = comparison.run(cases, generated: generated, partial: partial != nil) { p in
            line.show(p.shrinking > 0 ? "shrinking: \(p.faults ? "case one engine faulted on" : "differing case") \(p.shrinking) of \(p.toShrink)"
                                      : "\(p.compared) of \(p.total) cases compared, \(p.differing) differing")
        }
        line.clear()
        awaitTerminationIfSignalled()
        report.revisions = revisions
        report.judgeClaims(allowed: claims.allowed, skipLimit: claims.skipLimit)
        if let partial {
            let part = ComparePartialReport(report, shard: shard ?? Shard(index: 1, count: 1)!, runCases: fixtureCount + fuzzCases, index: runIndex)
            try writeReport(Data((JSONWriter.text(part.jsonValue) + "\n").utf8), to: partial)
            report = EngineComparison.finished(report)
        }
        print(report.text(), terminator: "")
        if github { print(GitHubAnnotations.render(report), terminator: "") }
        if let jsonFile {
            try writeReport(Data(report.json().utf8), to: jsonFile)
        }
        if let htmlDir {
            let b = baselineEntry.descriptor.name, c = candidateEntry.descriptor.name
            let title = revisions.map { "waterfall-check \(command): \(b) at \($0.baseline.label) (baseline) against \(c) at \($0.candidate.label) (candidate)" }
                ?? "waterfall-check \(command): \(b) (baseline) against \(c) (candidate)"
            let notes = revisions.map { ["baseline: \(b) at \($0.baseline.spec), commit \($0.baseline.commit): \($0.baseline.subject)",
                                         "candidate: \(c) at \($0.candidate.spec), commit \($0.candidate.commit): \($0.candidate.subject)"] } ?? []
            var page = HTMLReport(title: title, notes: notes)
            page.add(report)
            do { try page.write(to: URL(fileURLWithPath: htmlDir)) } catch {
                printError("error: \(error)"); return exitCode(.error)
            }
        }
        if let saveDir {
            let written = try report.saveFixtures(in: saveDir)
            for path in written { print("saved \(path)") }
        }
        return exitCode(report.verdict)
    }
}
