import Foundation
import WaterfallCheckEngines

/// `waterfall-check verify`: the CI gate. Runs fixtures against an engine and reports every
/// difference (FIXTURE-FORMAT §7), never writing under fixture paths.
enum VerifyCommand: Command {
    /// `--shard K/N`: one shard of the fixtures.
    static let shard = Option<Shard>("--shard", value: "K/N", expects: "K/N with 1 <= K <= N",
                                     help: "run only shard K of N (1-based): N jobs together run each fixture once", parse: { Shard($0) })
    /// `--partial FILE`: this shard's part of the reports, for `merge-reports`.
    static let partial = Option<String>("--partial", value: "FILE", help: "also write this run's part of the reports for 'waterfall-check merge-reports', which combines the N shards' parts into the reports and exit status of the unsharded run (docs/sharding.md); without --shard the run is shard 1/1")
    /// `--invariants`: the invariants on goldens too (a flag here; fuzz's takes a list).
    static let invariants = Flag("--invariants", help: "also check the fuzzer's invariants on fixtures that have expected, and the expected frames themselves against every invariant that the input and the frames alone decide (complete, finite, no-overlap, column-alignment, item-size, within-bounds, stacking, placement, supplementary, content-size), at the element's path:line:column")
    /// `--require-expected`: a fixture without expected fails.
    static let requireExpected = Flag("--require-expected", help: "fail a fixture that has no expected (otherwise it is reported as \"checked\": checked against the invariants only, counted apart from passed)")
    /// `--lint`: the expected frames only, no engine.
    static let lint = Flag("--lint", help: "check only the expected frames that way; no engine is run, and fixtures without expected frames are skipped")

    static let spec = CommandSpec(
        name: "verify",
        summary: "Check an engine against golden fixtures (the CI gate)",
        options: [EngineOptions.engine, CommonOptions.tolerance.described("per-component tolerance in pt for every fixture (default: the fixture's, else 0.001)"),
                  CommonOptions.jobs.described("parallel workers (default: the number of cores)"), invariants, requireExpected, lint],
        groups: [ReportOptions.group
                    .describing(ReportOptions.json.described("write a JSON summary"))
                    .describing(ReportOptions.html.described("write a self-contained HTML report: counts, an index of the failures, and each failing fixture drawn (expected over actual, side by side) with its difference table (DIR must be new, empty or a previous report)"))
                    .describing(ReportOptions.github.described("print GitHub Actions ::error annotations at the differing lines")),
                 EngineOptions.group
                    .describing(EngineOptions.scale.described("CSS px per pt for the web engines (chromium:grid-lanes, firefox:masonry, webkit:masonry, BROWSER:masonry=PATH, ...), a power of two from 1/64 to 64 (default 1); frames of an engine with a length quantum that only drift pass (docs/web-engines.md)")),
                 OptionGroup("shard options", [shard, partial]),
                 OptionGroup("workflow options", [VerifyWorkflow.artifacts, VerifyWorkflow.review, VerifyWorkflow.unreferenced, VerifyWorkflow.fixtureRoot]),
                 ClaimsOptions.withConventions],
        operands: "PATH...",
        about: """
    Runs every fixture (each PATH is a fixture file or a directory searched recursively for
    *.json) against the engine and compares its frames with the fixture's expected values.
    Frames match when every component differs by at most the tolerance: --tolerance, else the
    fixture's tolerance, else 0.001 pt. A fixture without expected (a saved counterexample, an
    input-only case) is checked against every invariant of 'waterfall-check fuzz
    --list-invariants' instead; --invariants checks them on golden fixtures too, and checks
    each golden's own expected frames as well.

    For each failing fixture it prints path:line:column of the first differing expected frame,
    that difference in one sentence, and a table of differing elements; then a total line.
    Input-only fixtures (saved regressions) that now pass every invariant are listed in a note
    with the 'record --mode missing' command that keeps them as goldens.
    """,
        notes: """
    In CI (environment CI set, not 0/false), a pending recording (*.json.new) under PATH is an
    error: it is an unreviewed change to a golden.

    The first line names the claims the engine made about itself that judged the run
    ("judged with: lengthQuantum 1/64 pt (declared by the engine)"); an engine declaring a value
    beyond the documented bounds (lengthQuantum above 1 pt, maxLength below 100000 pt) is an
    engine error (docs/engine-claims.md).

    EXIT STATUS: 0 every fixture passed or was checked (or was skipped as unsupported), 1 a
    golden mismatch, a broken invariant, a fixture without expected under --require-expected,
    an engine claiming more than --expect-claims allows, more skipped than --max-skipped allows,
    2 a usage, fixture, engine or path error, a pending recording in CI, an empty directory,
    or every fixture skipped.
    """)

    static func run(_ args: Arguments) throws -> Int32 {
        let engineName = try args.value(EngineOptions.engine)
        let options = try EngineOptions.read(args)
        let tolerance = try args.value(CommonOptions.tolerance)
        let jobs = try args.value(CommonOptions.jobs)
        let shard = try args.value(Self.shard)
        let partial = try args.value(Self.partial)
        let junit = try args.value(ReportOptions.junit)
        let json = try args.value(ReportOptions.json)
        let html = try args.value(ReportOptions.html)
        let github = args.flag(ReportOptions.github)
        let invariantsOnGoldens = args.flag(Self.invariants)
        let lint = args.flag(Self.lint)
        let requireExpected = args.flag(Self.requireExpected)
        let artifacts = try args.value(VerifyWorkflow.artifacts)
        let review = args.flag(VerifyWorkflow.review)
        let unreferenced = try args.value(VerifyWorkflow.unreferenced)
        let fixtureRoot = try args.value(VerifyWorkflow.fixtureRoot)
        if fixtureRoot != nil && unreferenced == nil { throw WaterfallCheckError.usage("--fixture-root is where --unreferenced looks; give --unreferenced warn|reject|delete too") }
        let claims = try ClaimsOptions.read(args)
        let paths = try fixturePaths(args.operands, command: name)
        if review, let refusal = refusalInCI("verify --review") { printError(refusal); return exitCode(.error) }
        try refuseReportDirectory(artifacts, option: "--artifacts", fixturePaths: paths)
        try refuseFixtureCollision(junit, option: "--junit", fixturePaths: paths)
        try refuseFixtureCollision(json, option: "--json", fixturePaths: paths)
        try refuseFixtureCollision(partial, option: "--partial", fixturePaths: paths)
        try refuseReportDirectory(html, fixturePaths: paths)
        let engine = try ConventionsOption.apply(try args.value(ConventionsOption.option), to: resolveEngine(engineName, options: options),
                                                 tolerance: tolerance ?? .default)

        var runner = GoldenRunner(engine: engine.make, tolerance: tolerance, recordMode: .never,
                                  jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, shard: shard,
                                  invariants: InvariantChecker())
        runner.invariantsOnGoldens = invariantsOnGoldens
        runner.checksExpected = invariantsOnGoldens || lint
        runner.runsEngine = !lint
        runner.requiresExpected = requireExpected
        runner.keepsLayouts = html != nil || artifacts != nil
        runner.allowedClaims = claims.allowed
        runner.skipLimit = claims.skipLimit
        var report = runner.run(paths: paths)
        awaitTerminationIfSignalled()  // a run SIGTERM stopped prints and writes nothing
        if isCI { report.treatPendingAsErrors() }

        print(TextReport.render(report), terminator: "")
        if !isCI, !report.pending.isEmpty {
            printError("note: \(report.pending.count) pending recording(s) (*.json.new); see 'waterfall-check review'")
        }
        // The command that records what this run saw: the same engine, options and tolerance.
        let recordCommand = "waterfall-check record" + (engineName.map { " --engine " + shellQuoted($0) } ?? "") + engineOptionArguments(options)
            + (tolerance.map { " --tolerance \(Double($0.points))" } ?? "")
        if let note = VerifyWorkflow.passingRegressionsNote(report, recordCommand: recordCommand) { printError(note) }
        // Only golden mismatches whose new output record would write are worth re-recording; an
        // output that breaks an invariant (or is no golden for its input) is a bug to fix.
        if !isCI && !review {
            let mismatches = report.results.filter { $0.status == .failed && !$0.differences.isEmpty }
            let refused = mismatches.filter { $0.recordRefusal != nil }
            for r in refused.prefix(3) {
                printError("note: \(TextReport.printable(r.file)): the new output \(TextReport.printable(r.recordRefusal!)); record would refuse it: fix the engine, not the golden")
            }
            if refused.count > 3 { printError("note: ... and \(refused.count - 3) more mismatch(es) whose new output record would refuse") }
            if refused.count < mismatches.count {
                // Only the paths that name fixtures (a missing one made record exit 2).
                let usable = paths.filter { FileManager.default.fileExists(atPath: $0.path) && !$0.path.hasSuffix(PendingFiles.suffix) }
                printError("if the new output is right: \(recordCommand) \(usable.map { shellQuoted($0.relativePath) }.joined(separator: " ")), then review")
            }
        }
        if github { print(GitHubAnnotations.render(report), terminator: "") }
        if let artifacts {
            let n = try VerifyWorkflow.writeArtifacts(report, to: artifacts)
            printError("artifacts: \(n) file\(n == 1 ? "" : "s") under \(artifacts)")
        }
        if let junit { try writeReport(Data(JUnitReport.render(report).utf8), to: junit) }
        if let json { try writeReport(JSONSummary.data(report), to: json) }
        if let partial {
            // A fixture's place in the unsharded run: its index among every shard's fixtures.
            var order: [String: Int] = [:]
            let all = FixtureFile.collect(paths).files
            for (i, f) in all.enumerated() { order[f.url.standardizedFileURL.path] = i }
            let run = PartialReport.Run(engine: engine.descriptor.name + " " + engine.descriptor.version,
                                        options: (tolerance.map { "--tolerance \(Double($0.points))" } ?? "")
                                            + (invariantsOnGoldens ? " --invariants" : "") + (requireExpected ? " --require-expected" : ""),
                                        fixtures: all.count)
            let part = PartialReport(verify: report, shard: shard ?? Shard(index: 1, count: 1)!, run: run) { order[$0.url.standardizedFileURL.path] }
            try writeReport(Data((JSONWriter.text(part.jsonValue) + "\n").utf8), to: partial)
        }
        if let html {
            var page = HTMLReport(title: "waterfall-check verify: \(engine.descriptor.name)",
                                  notes: [report.summary, "tolerance: " + (tolerance.map { "\($0) pt" } ?? "each fixture's, else 0.001 pt"),
                                          "fixtures: " + paths.map(\.relativePath).joined(separator: " ")])
            page.add(report)
            do { try page.write(to: URL(fileURLWithPath: html)) } catch {
                printError("error: \(error)"); return exitCode(.error)
            }
        }
        if let unreferenced {
            let status = VerifyWorkflow.handleUnreferenced(unreferenced, root: fixtureRoot ?? ".", paths: paths)
            if status != 0 { return status }
        }
        if review {
            let status = try VerifyWorkflow.recordAndReview(report, engine: engine, tolerance: tolerance, roots: paths.map(\.relativePath))
            if status != 0 { return status }
        }
        return exitCode(report.verdict)
    }
}
