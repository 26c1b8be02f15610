import Foundation
import WaterfallCheckEngines

/// `waterfall-check record`: writes an engine's output as fixtures' `expected`, pending review.
enum RecordCommand: Command {
    /// `--mode missing|failed|all`: which fixtures to record (``RecordMode``; `never` is verify's).
    static let mode = Option<RecordMode>("--mode", value: "missing|failed|all", expects: "missing, failed or all",
                                         help: "missing: record fixtures without expected; failed: ... and fixtures that fail (default); all: every fixture whose output differs from its expected in any bit") {
        RecordMode(rawValue: $0).flatMap { $0 == .never ? nil : $0 }
    }
    /// `--accept`: into the fixture itself.
    static let accept = Flag("--accept", help: "write into the fixture instead of <name>.json.new")
    /// `--force`: record output that breaks invariants.
    static let force = Flag("--force", help: "record output that breaks invariants anyway; the recording lists them under extensions.recordedBreaking, and review and accept say so")

    static let spec = CommandSpec(
        name: "record",
        summary: "Record an engine's output as expected values (pending review, or --accept)",
        options: [mode, accept, force, EngineOptions.engine, CommonOptions.tolerance.described("per-component tolerance in pt that decides which fixtures fail (default: the fixture's, else 0.001)"),
                  CommonOptions.jobs.described("parallel workers (default: the number of cores)")],
        groups: [EngineOptions.group],
        operands: "PATH...",
        about: """
    Runs the fixtures under PATH and writes the engine's output as expected into <name>.json.new
    beside each selected fixture (review with 'waterfall-check review', then accept or reject),
    or with --accept into the fixture itself. Files are written whole in canonical form, through
    a temporary file and a rename: a failed write leaves the fixture as it was. A pending
    recording carries its provenance under extensions.recording (engine, version, tolerance,
    this command line), shown by 'review' and dropped by 'accept'. With the environment variable
    WATERFALL_CHECK_PENDING_DIR set, pending recordings go into that directory instead
    (DIR/<fixture path relative to the current directory>.new; outside it DIR/_root/<absolute
    path>.new), for read-only checkouts and sandboxes; review, accept, reject and verify look
    there too. Every recording,
    with or without expected, is first checked against every invariant (see 'waterfall-check fuzz
    --list-invariants'): an output that breaks one is not recorded and the fixture fails.
    The fixture roots are remembered in .waterfall-check/last-record (under the current
    directory) for 'review' and 'accept --all' without a PATH.
    """,
        notes: """
    Disabled in CI (environment CI set, not 0/false): exit status 2, nothing written.
    EXIT STATUS: 0 everything passed or was recorded, 1 a failure left unrecorded (by --mode),
    2 a usage, fixture, engine or write error, or CI.
    """)

    static func run(_ args: Arguments) throws -> Int32 {
        let mode = try args.value(Self.mode)
        let accept = args.flag(Self.accept)
        let force = args.flag(Self.force)
        let engineName = try args.value(EngineOptions.engine)
        let options = try EngineOptions.read(args)
        let tolerance = try args.value(CommonOptions.tolerance)
        let jobs = try args.value(CommonOptions.jobs)
        let paths = try fixturePaths(args.operands, command: name)
        let engine = try resolveEngine(engineName, options: options)
        if let refusal = refusalInCI(name) { printError(refusal); return exitCode(.error) }

        var runner = GoldenRunner(engine: engine.make, tolerance: tolerance, recordMode: mode ?? .failed,
                                  recordTarget: accept ? .fixture : .pending,
                                  jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                                  invariants: InvariantChecker())
        runner.forceRecord = force
        if !accept { runner.provenance = RecordingProvenance(command: VerifyWorkflow.commandLine()) }
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
