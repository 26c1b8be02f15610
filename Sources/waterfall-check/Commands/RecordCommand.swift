import Foundation
import WaterfallCheckEngines

/// `waterfall-check record`: writes an engine's output as fixtures' `expected`, pending review.
enum RecordCommand: Command {
    static let name = "record"
    static let summary = "Record an engine's output as expected values (pending review, or --accept)"
    static let usage = """
    USAGE: waterfall-check record [--mode missing|failed|all] [--accept] [--force] [--engine NAME]
                                  [--tolerance PT] [--jobs N] PATH...

    Runs the fixtures under PATH and writes the engine's output as expected into <name>.json.new
    beside each selected fixture (review with 'waterfall-check review', then accept or reject),
    or with --accept into the fixture itself. Files are written whole in canonical form, through
    a temporary file and a rename: a failed write leaves the fixture as it was. Every recording,
    with or without expected, is first checked against every invariant (see 'waterfall-check fuzz
    --list-invariants'): an output that breaks one is not recorded and the fixture fails.
    The fixture roots are remembered in .waterfall-check/last-record (under the current
    directory) for 'review' and 'accept --all' without a PATH.

    OPTIONS:
      --mode missing    record fixtures without expected
      --mode failed     ... and fixtures that fail (default)
      --mode all        every fixture whose output differs from its expected in any bit
      --accept          write into the fixture instead of <name>.json.new
      --force           record output that breaks invariants anyway; the recording lists them
                        under extensions.recordedBreaking, and review and accept say so
      --engine, --tolerance, --jobs, --engine-timeout, --isolate   as for verify

    Disabled in CI (environment CI set, not 0/false): exit status 2, nothing written.
    EXIT STATUS: 0 everything passed or was recorded, 1 a failure left unrecorded (by --mode),
    2 a usage, fixture, engine or write error, or CI.
    """

    static func run(_ args: inout Arguments) throws -> Int32 {
        let mode = try args.value("--mode", as: "missing, failed or all") { RecordMode(rawValue: $0).flatMap { $0 == .never ? nil : $0 } }
        let accept = args.flag("--accept")
        let force = args.flag("--force")
        let engineName = try args.value("--engine")
        let options = try engineOptions(&args)
        let tolerance = try args.tolerance()
        let jobs = try args.jobs()
        let paths = try fixturePaths(try args.finish(), command: name)
        let engine = try resolveEngine(engineName, options: options)
        if let refusal = refusalInCI(name) { printError(refusal); return exitCode(.error) }

        var runner = GoldenRunner(engine: engine.make, tolerance: tolerance, recordMode: mode ?? .failed,
                                  recordTarget: accept ? .fixture : .pending,
                                  jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                                  invariants: InvariantChecker())
        runner.forceRecord = force
        let report = runner.run(paths: paths)
        awaitTerminationIfSignalled()
        do { try LastRecord.save(paths.map(\.relativePath), in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) } catch {
            printError("warning: cannot remember the fixture roots in \(LastRecord.path): \(error)")
        }
        print(TextReport.render(report), terminator: "")
        if !accept && report.results.contains(where: { $0.recorded != nil }) {
            print("review with: waterfall-check review")
        }
        return exitCode(report.verdict)
    }
}
