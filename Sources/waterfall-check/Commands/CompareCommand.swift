import Foundation
import WaterfallCheckEngines

/// `waterfall-check compare`: two engines over fixtures and generated inputs, every difference
/// shrunk and reported smallest first.
enum CompareCommand: Command {
    static let name = "compare"
    static let summary = "Run two engines over fixtures and generated inputs; report every difference, shrunk"
    static let usage = """
    USAGE: waterfall-check compare --baseline ENGINE --candidate ENGINE [--fuzz-cases N] [--seed S]
                                   [--tolerance PT] [--save DIR] [--json FILE] [--html DIR] [--github]
                                   [--engine-timeout SECONDS] [--isolate] [--jobs N] [--shrink-time SEC]
                                   [PATH...]

    Runs both engines over the inputs of the fixtures under PATH (files or directories, searched
    for *.json; expected values are ignored) and over N generated inputs that use only features
    both engines declare. Each differing case is shrunk to a minimal input on which the two still
    differ. Prints the counts, then every difference, smallest first: the minimal input, both
    answers side by side and the largest displacement.

    A layout error against frames, or two different error codes, is a difference; `unsupported`
    from either engine is skipped (counted). One engine faulting (crash, hang, malformed reply)
    where the other answers is a difference: shrunk, listed first. The run goes on.

    OPTIONS:
      --baseline ENGINE        a built-in engine name, or exec:'CMD ARGS' (waterfall-engine/1)
      --candidate ENGINE       likewise
      --fuzz-cases N           generated inputs (default 500; 0 for fixtures only)
      --seed S                 seed of the generated inputs (default 1)
      --tolerance PT           per-component tolerance (default: the fixture's, else 0.001)
      --save DIR               write each minimal difference, and each input an engine faulted on,
                               to DIR as a fixture (expected: the baseline's answer)
      --json FILE              also write the report as JSON
      --html DIR               also write a self-contained HTML report: each difference drawn,
                               baseline (dashed) over candidate (filled), with its table
      --github                 also print a GitHub Actions ::error annotation per difference and
                               fault (on the fixture file when the case came from one)
      --engine-timeout SECONDS time an external engine gets per request (default 10)
      --isolate                run built-in engines in a waterfall-engine subprocess
      --jobs N                 worker threads, each with its own pair of engines (default: the
                               number of cores); the report is the same whatever N
      --shrink-time SEC        time bound of each generated difference's shrink by the
                               generator's choices (default 5; the same bound, the same report)
      --scale S                CSS px per pt for the web engines (chromium:grid-lanes,
                               chromium:masonry=PATH), a power of two (default 1)

    With an engine that declares a length quantum (the web engines), differing frames are
    judged at placement level: placement, stacking, offset and size differences are listed
    (placement first); frames that only drift are counted as "only drift" (docs/web-engines.md).

    EXIT STATUS: 0 identical, 1 different (a fault is a difference), 2 usage or fixture error, or
    an engine that cannot start or faults on every case.
    """

    static func run(_ args: inout Arguments) throws -> Int32 {
        guard let baselineSpec = try args.value("--baseline") else { throw WaterfallCheckError.usage("--baseline is required") }
        guard let candidateSpec = try args.value("--candidate") else { throw WaterfallCheckError.usage("--candidate is required") }
        let run = try ComparisonRun(&args)
        let paths = try args.finish()
        try run.refuseCollisions(paths)
        return try run.run(baseline: resolveEngine(baselineSpec, options: run.engineOptions),
                           candidate: resolveEngine(candidateSpec, options: run.engineOptions), paths: paths, command: name)
    }
}

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

    /// Reads `--fuzz-cases`, `--seed`, `--tolerance`, `--save`, `--json`, `--html`, `--github`,
    /// `--shrink-time`, `--engine-timeout`, `--isolate` and `--jobs`.
    init(_ args: inout Arguments) throws {
        // At most 10^12 (years of comparing): case counts are added and multiplied as Ints
        // (adversarial review: Int.max - 7 trapped on an overflow).
        fuzzCases = try args.value("--fuzz-cases", as: "a number of cases from 0 to 1000000000000") {
            Int($0).flatMap { (0...1_000_000_000_000).contains($0) ? $0 : nil }
        } ?? 500
        seed = try args.value("--seed", as: "a 64-bit unsigned integer (decimal or 0x-hex)", Arguments.seed) ?? 1
        tolerance = try args.tolerance()
        saveDir = try args.value("--save")
        jsonFile = try args.value("--json")
        htmlDir = try args.value("--html")
        github = args.flag("--github")
        shrinkTime = try args.seconds("--shrink-time") ?? 5
        jobs = try args.jobs() ?? ProcessInfo.processInfo.activeProcessorCount
        engineOptions = try waterfall_check.engineOptions(&args)
    }

    /// Refuses report files that would land on the fixtures read.
    func refuseCollisions(_ paths: [String]) throws {
        try refuseSaveDirectory(saveDir)
        let inputs = (paths + [saveDir].compactMap { $0 }).map { URL(fileURLWithPath: $0) }
        try refuseFixtureCollision(jsonFile, option: "--json", fixturePaths: inputs)
        try refuseReportDirectory(htmlDir, fixturePaths: inputs)
    }

    /// Compares the two engines over the fixtures under `paths` and the generated inputs, prints
    /// the report and writes the files asked for. `revisions` name what each engine was built from.
    func run(baseline baselineEntry: EngineEntry, candidate candidateEntry: EngineEntry, paths: [String],
             revisions: (baseline: Revision, candidate: Revision)? = nil, command: String) throws -> Int32 {
        var comparison = EngineComparison(jobs: jobs, tolerance: tolerance) { (baselineEntry.make(), candidateEntry.make()) }
        comparison.choiceShrinkSeconds = shrinkTime
        let cases = try CompareCase.fixtures(at: paths)
        // Generated cases are made by the workers as they compare them (none kept unless it differs).
        let generated = CaseGenerator().stream(seed: seed, count: fuzzCases, features: comparison.commonFeatures, limits: comparison.commonLimits)
        guard !cases.isEmpty || generated.count > 0 else { throw WaterfallCheckError.usage("nothing to compare: give fixture paths or --fuzz-cases N > 0") }

        // Ctrl-C or SIGTERM: the termination thread stops the engines (own process groups),
        // removes temporaries and exits 130 or 143. A run it stopped may still return here,
        // every later case a fault: nothing of it is printed or saved.
        let line = ProgressLine()
        var report = comparison.run(cases, generated: generated) { p in
            line.show(p.shrinking > 0 ? "shrinking: \(p.faults ? "case one engine faulted on" : "differing case") \(p.shrinking) of \(p.toShrink)"
                                      : "\(p.compared) of \(p.total) cases compared, \(p.differing) differing")
        }
        line.clear()
        awaitTerminationIfSignalled()
        report.revisions = revisions
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
