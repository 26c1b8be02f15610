import Foundation
import WaterfallCheckEngines

/// `waterfall-check fuzz`: generated inputs against an engine, checked against the invariant
/// catalogue; failures shrunk and saved as input-only fixtures.
enum FuzzCommand: Command {
    /// `--cases N`.
    static let cases = Option<Int>("--cases", value: "N", expects: "a positive integer", help: "cases to run (default: 10000)") {
        Int($0).flatMap { $0 > 0 ? $0 : nil }
    }
    /// `--duration SEC`.
    static let duration = Option<Double>("--duration", value: "SEC", expects: "a positive number of seconds",
                                         help: "run for this long instead of a number of cases") {
        Double($0).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
    }
    /// `--keep-going`.
    static let keepGoing = Flag("--keep-going", help: "check every invariant on every case (default: retire an invariant at its first failure, and stop when all have failed)")
    /// `--invariants a,b` (a list here; verify's `--invariants` is a flag).
    static let invariants = Option<Set<String>>("--invariants", value: "a,b", expects: "invariant ids separated by commas",
                                                help: "check only these invariants", parse: idList)
    /// `--skip a,b`.
    static let skip = Option<Set<String>>("--skip", value: "a,b", expects: "invariant ids separated by commas",
                                          help: "do not check these invariants", parse: idList)
    /// `--from-bytes FILE`: one libFuzzer input.
    static let fromBytes = Option<String>("--from-bytes", value: "FILE", help: "check one libFuzzer input (a crash artifact of scripts/libfuzz: its bytes are the generator's choices) instead of generated cases, shrink what it fails and save it as any counterexample; the replay line is this command (docs/libfuzzer.md). Not with --seed, --cases, --duration or --keep-going")
    /// `--lifecycle`: sequences of steps on one layout object (issue 34).
    static let lifecycle = Flag("--lifecycle", help: "fuzz the layout object's lifecycle instead of single inputs: a starting input and steps (reloadData, performBatchUpdates, bounds changes, invalidations) in UIKit's order, each state judged against a fresh layout object (docs/lifecycle.md); needs an engine with the lifecycle capability (a UIKit layout in process, or exec: declaring it). Runs --duration (default 10 s) or about 4 steps per --cases; not with --from-bytes")
    /// `--shard K/N`: one of N disjoint case ranges of the seed.
    static let shard = Option<Shard>("--shard", value: "K/N", expects: "K/N with 1 <= K <= N",
                                     help: "run only the K-th of N disjoint ranges of the --cases cases of the seed (1-based; needs --seed and --cases): N jobs together run each case once, and 'waterfall-check merge' folds their --save folders into one (docs/sharding.md)", parse: { Shard($0) })
    /// `--partial FILE`: this shard's part of the report, for `merge-reports`.
    static let partial = Option<String>("--partial", value: "FILE", help: "also write this run's part of the --json report for 'waterfall-check merge-reports', which combines the N shards' parts into the report and exit status of the unsharded run; needs --keep-going (without it a shard cannot know which invariants a lower shard retired; docs/sharding.md); without --shard the run is shard 1/1")
    /// `--list-invariants`: the catalogue, and exit.
    static let listInvariants = Flag("--list-invariants", help: "print the invariant catalogue and exit")

    static let spec = CommandSpec(
        name: "fuzz",
        summary: "Throw generated inputs at an engine, check invariants, shrink and save failures",
        options: [EngineOptions.engine, CommonOptions.seed.described("the run's seed, decimal or 0x-hex (default: random, printed)"),
                  cases, duration, CommonOptions.jobs.described("worker threads (default: the number of cores); case i of seed S is the same input whatever N"),
                  CommonOptions.save.described("where counterexamples go and are replayed from (default: Fixtures/regressions; in CI the default is not written, an explicit DIR is)"),
                  CommonOptions.shrinkTime.described("time bound per counterexample's shrink (default: 10)"),
                  CommonOptions.tolerance.described("per-component tolerance in pt (default: 0.001; a replayed fixture's own, if it has one)"),
                  fromBytes, lifecycle],
        groups: [ReportOptions.group.without(ReportOptions.junit, ReportOptions.github)
                    .describing(ReportOptions.json.described(#"write {"engine","seed","cases","casesPerSecond","failures":[...]}"#))
                    .describing(ReportOptions.html.described("write a self-contained HTML report: each counterexample drawn over the reference layout, the elements it names highlighted")),
                 OptionGroup("selection options", [keepGoing, invariants, skip, listInvariants]),
                 OptionGroup("shard options", [shard, partial]),
                 ClaimsOptions.withConventions,
                 EngineOptions.group
                    .describing(EngineOptions.isolate.described("run a built-in engine in a waterfall-engine subprocess (a trap becomes a reported fault with its input saved)"))],
        about: """
    Prints the seed first, replays the fixtures saved in DIR, then checks generated cases
    (case i of seed S is the same input on every machine and with any --jobs). The first failing
    case of each invariant is shrunk to the simplest input that still fails it, printed as a
    fixture (so a CI log alone reproduces it) and saved to DIR with the engine's actual output,
    the invariant, the message and the seed under "extensions". Then statistics.
    """,
        notes: """
    Ctrl-C stops the run, saves what was found and prints the replay line.

    EXIT STATUS: 0 no failure, 1 a failure (generated or replayed), an engine claiming more than
    --expect-claims allows, more cases skipped than --max-skipped allows, 2 usage or engine error, 130
    stopped by Ctrl-C before any failure (the report of the cases run is printed).
    """)

    static let defaultSaveDirectory = "Fixtures/regressions"

    /// Cases run without `--cases` or `--duration`.
    static let defaultCases = 10_000

    static func run(_ args: Arguments) throws -> Int32 {
        if args.flag(Self.listInvariants) {
            let width = Invariants.all.map(\.id.count).max()!
            for inv in Invariants.all { print("\(inv.id.padding(toLength: width, withPad: " ", startingAt: 0))  \(inv.statement)") }
            return exitCode(.passed)
        }
        let engineName = try args.value(EngineOptions.engine)
        let givenSeed = try args.value(CommonOptions.seed)
        let explicitSeed = givenSeed != nil
        var seed = givenSeed ?? UInt64.random(in: 0...UInt64.max)
        let cases = try args.value(Self.cases)
        let duration = try args.value(Self.duration)
        if cases != nil && duration != nil { throw WaterfallCheckError.usage("give --cases or --duration, not both") }
        let jobs = try args.value(CommonOptions.jobs) ?? ProcessInfo.processInfo.activeProcessorCount
        let explicitSave = try args.value(CommonOptions.save)
        let json = try args.value(ReportOptions.json)
        let html = try args.value(ReportOptions.html)
        let keepGoing = args.flag(Self.keepGoing)
        let only = try args.value(Self.invariants)
        let skip = try args.value(Self.skip) ?? []
        let shrinkTime = try args.value(CommonOptions.shrinkTime) ?? 10
        let fromBytes = try args.value(Self.fromBytes)
        let shard = try args.value(Self.shard)
        let partial = try args.value(Self.partial)
        if partial != nil && (!keepGoing || fromBytes != nil) {
            throw WaterfallCheckError.usage("--partial needs --keep-going (and no --from-bytes): only then does every case check every invariant, so the shards' counts add up to the unsharded run's")
        }
        if shard != nil && (cases == nil || !explicitSeed || fromBytes != nil) {
            throw WaterfallCheckError.usage("--shard K/N splits the --cases cases of one --seed: give both (and not --from-bytes)")
        }
        // Shard K of N runs cases [C(K-1)/N, CK/N): the ranges are disjoint and cover 0..<C.
        let range = shard.map { s in (UInt64(cases! * (s.index - 1) / s.count), UInt64(cases! * s.index / s.count)) }
        let options = try EngineOptions.read(args)
        let explicitTolerance = try args.value(CommonOptions.tolerance)
        let claims = try ClaimsOptions.read(args)
        // On every replay line and saved `source`: the replay judges as this run does. An explicit
        // --tolerance of the default value too (verdictOptions leaves the default out): it still
        // overrides the tolerance of the saved fixtures the run replays.
        let judging = try ClaimsOptions.replayArguments(args)
            + (explicitTolerance == .default ? " --tolerance \(Double(Tolerance.default.points))" : "")
        let tolerance = explicitTolerance ?? .default
        let rest = args.operands
        guard rest.isEmpty else { throw WaterfallCheckError.usage("unexpected argument \(rest[0])") }
        // A libFuzzer input: read before anything runs, so a bad file is the first thing said.
        var bytes: [UInt8]?
        if let fromBytes {
            if explicitSeed || cases != nil || duration != nil || keepGoing {
                throw WaterfallCheckError.usage("--from-bytes checks one input: not with --seed, --cases, --duration or --keep-going")
            }
            bytes = try readFuzzInput(fromBytes)
        }

        let conventionsSpec = try args.value(ConventionsOption.option)
        let entry = try ConventionsOption.apply(conventionsSpec, to: resolveEngine(engineName, options: options), tolerance: tolerance)
        let descriptor = entry.descriptor
        // The engine as the user named it (an exec: command line, say), quoted for a shell.
        // The engine and how it runs (--isolate, a timeout), for every printed command.
        let engineArg = shellQuoted(engineName ?? descriptor.name) + engineOptionArguments(options)
        var selection: InvariantSet
        do {
            selection = try InvariantSet(ids: only)
            selection.subtract(try InvariantSet(ids: Set(skip)))
        } catch { throw WaterfallCheckError.usage("\(error)") }
        guard !selection.isEmpty else { throw WaterfallCheckError.usage("--invariants and --skip leave no invariant to check") }

        let saveDirectory = explicitSave ?? defaultSaveDirectory
        try refuseSaveDirectory(saveDirectory)
        try refuseFixtureCollision(json, option: "--json", fixturePaths: [URL(fileURLWithPath: saveDirectory)])
        try refuseFixtureCollision(partial, option: "--partial", fixturePaths: [URL(fileURLWithPath: saveDirectory)])
        try refuseReportDirectory(html, fixturePaths: [URL(fileURLWithPath: saveDirectory)])
        let mayWrite = explicitSave != nil || !isCI
        if let bytes { seed = LibFuzzerTarget.seed(of: bytes) }
        print("seed: \(seed)\(fromBytes.map { " (of the \(bytes!.count) bytes of \(TextReport.printable($0)))" } ?? "")")
        if let fromBytes {
            print("fuzz: engine \(TextReport.printable(descriptor.name)) \(TextReport.printable(descriptor.version)), libFuzzer input \(TextReport.printable(fromBytes)), \(selection.invariants.count) invariant(s), tolerance \(tolerance) pt")
        } else {
            print("fuzz: engine \(TextReport.printable(descriptor.name)) \(TextReport.printable(descriptor.version)), \(duration.map { "\($0) s" } ?? "\(cases ?? FuzzCommand.defaultCases) cases")\(shard.map { s in " (shard \(s): cases \(range!.0)..<\(range!.1))" } ?? ""), \(jobs) job(s), \(selection.invariants.count) invariant(s), tolerance \(tolerance) pt")
        }
        print(TextReport.printable(EngineClaims.judgedWith(descriptor)))
        let claimProblems = EngineClaims.excess(descriptor, allowed: claims.allowed)
        print(TextReport.claimLines(claimProblems), terminator: "")
        if !mayWrite { print("CI: counterexamples are printed, not written to \(saveDirectory) (pass --save DIR to keep them)") }

        let (replayFailures, replayed) = replay(saveDirectory, engine: entry, selection: selection, tolerance: explicitTolerance, jobs: jobs)

        if args.flag(Self.lifecycle) {
            if bytes != nil { throw WaterfallCheckError.usage("--lifecycle generates step sequences: not with --from-bytes") }
            if shard != nil { throw WaterfallCheckError.usage("--lifecycle runs for a time, not over a range of cases: not with --shard") }
            let status = try runLifecycle(entry: entry, seed: seed, duration: duration ?? 10, maxSteps: cases.map { $0 * 4 } ?? .max,
                                          tolerance: tolerance, shrinkTime: shrinkTime, save: mayWrite ? saveDirectory : nil,
                                          replay: "waterfall-check fuzz --lifecycle --engine \(engineArg) --seed \(seed)\(judging)\(explicitSave.map { " --save \(shellQuoted($0))" } ?? "")",
                                          html: html)
            return replayFailures > 0 ? exitCode(.failed) : status
        }

        var config = FuzzConfiguration(seed: seed, cases: duration == nil ? (range.map { Int($0.1) } ?? cases ?? FuzzCommand.defaultCases) : nil, duration: duration, jobs: jobs,
                                       invariants: selection, tolerance: tolerance, keepGoing: keepGoing, shrinkTime: shrinkTime)
        config.firstCase = range?.0 ?? 0
        let fuzzer = Fuzzer(configuration: config, engine: entry.make)
        // Ctrl-C: the termination thread stops the external engines (out of Ctrl-C's reach in
        // their own process groups) and keeps them stopped, then this ends the run in order.
        Interrupt.handler = { fuzzer.cancel() }
        defer { Interrupt.handler = nil }

        let line = ProgressLine(plainToStandardOutput: true)
        let report = bytes.map { fuzzer.run(bytes: $0, file: fromBytes) } ?? fuzzer.run { p in
            line.show("\(p.cases) cases, \(Int(p.casesPerSecond)) cases/s, \(p.failures) failure(s)")
        }
        line.clear()
        // SIGTERM or SIGHUP: its engines were stopped and the later cases faulted; nothing of it is kept.
        awaitTerminationIfSignalled()

        // One block per group (one bug, one report), every invariant it fails listed.
        var failures: [FuzzReport.ReportedFailure] = []
        // Judges whether a saved fixture shows a group's bug (its first departure from §5).
        let engineForSaved: LayoutEngine? = mayWrite && !report.groups.isEmpty ? entry.make() : nil
        for g in report.groups {
            let c = g.primary
            // One replay line, printed and written as the fixture's `source`: the group's last
            // case, its invariants, the run's tolerance and save directory.
            let only = try InvariantSet(ids: Set(g.counterexamples.map(\.invariant)))
            let cases = fromBytes.map { "--from-bytes \(shellQuoted($0))" } ?? "--seed \(seed) --cases \(g.counterexamples.map(\.caseIndex).max()! + 1)"
            let replay = "waterfall-check fuzz --engine \(engineArg) \(cases)\(Counterexample.verdictOptions(tolerance: tolerance, invariants: only))\(judging)\(explicitSave.map { " --save \(shellQuoted($0))" } ?? "")"
            let fixture = c.fixture(engine: descriptor, engineArgument: engineName, source: replay)
            print(g.summary)
            var saved: String?
            if mayWrite {
                let directory = URL(fileURLWithPath: saveDirectory)
                do {
                    if let known = SavedCounterexamples.known(g, in: directory, replayed: replayed, engine: engineForSaved!) {
                        saved = saveDirectory + "/" + known.lastPathComponent
                        print("  already saved: \(saved!) shows this bug (not saved again)")
                    } else {
                        saved = saveDirectory + "/" + (try c.save(in: directory, engine: descriptor, engineArgument: engineName, source: replay)).lastPathComponent
                        print("  saved \(saved!)")
                    }
                } catch {
                    printError("error: cannot save the counterexample to \(saveDirectory): \(error); it is printed below")
                }
            }
            print(CanonicalWriter.string(for: fixture), terminator: "")
            print("  replay: \(replay)")
            failures.append((g, saved ?? fixture.name, replay))
        }
        print(report.statistics)
        let skipWarning = report.skipWarning(limit: claims.skipLimit)
        if let skipWarning { print(skipWarning.text) }
        if let fromBytes, report.counterexamples.isEmpty, report.engineFaultCases == 0 {
            print("the input \(TextReport.printable(fromBytes)) passes every selected invariant on \(TextReport.printable(descriptor.name)): nothing to shrink (was the crash in the engine itself? try --isolate)")
        }
        if fromBytes == nil { print("replay this run: waterfall-check fuzz --engine \(engineArg) --seed \(seed) --cases \(shard == nil ? report.cases : cases!)\(shard.map { " --shard \($0)" } ?? "")\(Counterexample.verdictOptions(tolerance: tolerance, invariants: selection))\(judging)\(keepGoing ? " --keep-going" : "")\(explicitSave.map { " --save \(shellQuoted($0))" } ?? "")") }

        if let json {
            var value = report.jsonValue(engine: descriptor.name, failures: failures)
            if case .object(let members) = value {
                value = .object(members + JSONSummary.claims(descriptor, problems: claimProblems, skipWarning: skipWarning?.text))
            }
            try writeReport(Data((JSONWriter.text(value) + "\n").utf8), to: json)
        }
        if let partial {
            let part = FuzzPartialReport(report, failures: failures, shard: shard ?? Shard(index: 1, count: 1)!, engine: descriptor,
                                         engineArgument: engineArg, tolerance: tolerance,
                                         saveArgument: judging + (explicitSave.map { " --save \(shellQuoted($0))" } ?? ""),
                                         replayFailures: replayFailures, keysPerInvariant: config.keysPerInvariant,
                                         claimProblems: claimProblems, skipLimit: claims.skipLimit, make: entry.make)
            try writeReport(Data((JSONWriter.text(part.jsonValue) + "\n").utf8), to: partial)
        }
        if let html {
            var page = HTMLReport(title: "waterfall-check fuzz: \(descriptor.name), seed \(seed)")
            var saved: [String: String] = [:]
            for f in failures where f.fixture.hasSuffix(".json") { for c in f.group.counterexamples { saved[c.invariant] = f.fixture } }
            page.add(report, engine: descriptor.name, saved: saved)
            page.addClaims(descriptor, problems: claimProblems + (skipWarning.map { [$0.text] } ?? []))
            do { try page.write(to: URL(fileURLWithPath: html)) } catch {
                throw WaterfallCheckError.cannotWrite(path: html, reason: "\(error)")
            }
        }
        if report.nothingChecked {
            printError("error: nothing was checked: the engine answered unsupported to every one of \(report.cases) case(s)")
        }
        if report.engineFaultCases > 0 {
            printError("error: the engine faulted on \(report.engineFaultCases) case(s) (not invariant failures; nothing saved for them):")
            // By kind first: one trap on many inputs is one bug.
            for k in report.faultKinds {
                printError("  \(k.cases) × \(k.kind) (first: case \(k.first))")
            }
            // A fault whose further lines (the engine's stderr) repeat an earlier one's is one line.
            var tails: [Substring: String] = [:]
            for f in report.engineFaults.prefix(3) {
                printError("  case \(f.case): \(TextReport.printableBlock(TextReport.once(f.message, label: "case \(f.case)", shown: &tails), indent: "      "))")
            }
            let shown = min(3, report.engineFaults.count)
            if report.engineFaultCases > shown { printError("  ... and \(report.engineFaultCases - shown) more case(s)") }
        }
        if replayFailures > 0 || !claimProblems.isEmpty || skipWarning?.fails == true { return exitCode(.failed) }
        if report.verdict != .passed { return exitCode(report.verdict) }
        if report.counterexamples.isEmpty {
            // Ctrl-C before anything was found: not a pass (the run did not finish).
            return report.interrupted ? 128 + SIGINT : exitCode(.passed)
        }
        return exitCode(.failed)
    }

    /// Replays the fixtures saved in `directory` (``SavedCounterexamples/replay(_:engine:invariants:tolerance:jobs:)``,
    /// the path `verify` takes); prints each failure. Returns the number of failing fixtures.
    static func replay(_ directory: String, engine: EngineEntry, selection: InvariantSet, tolerance: Tolerance?, jobs: Int) -> (Int, VerifyReport?) {
        guard let report = SavedCounterexamples.replay(URL(fileURLWithPath: directory), engine: engine.make, invariants: selection,
                                                       tolerance: tolerance, jobs: jobs) else { return (0, nil) }
        var failed = 0, skipped = 0
        for r in report.results {
            switch r.status {
            case .passed, .checked, .recorded: break
            case .skipped: skipped += 1
            case .failed:
                failed += 1
                print("replay FAIL \(r.file): \(r.message)\(r.violations.count > 1 ? " (and \(r.violations.count - 1) more invariant(s))" : "")")
            case .error:
                // A saved counterexample that cannot be read (or run) is never dropped silently: it fails the run.
                failed += 1
                print("replay FAIL \(r.file): \(r.message.hasPrefix("engine fault") ? "" : "cannot be read: ")\(r.message)")
            }
        }
        print("replayed \(report.results.count) fixture(s) from \(directory): \(failed) failing\(skipped > 0 ? ", \(skipped) skipped (features the engine does not declare)" : "")")
        return (failed, report)
    }

    /// The bytes of a libFuzzer input file.
    /// - Throws: ``WaterfallCheckError/cannotRead(path:reason:)`` naming the file when it does not
    ///   exist, is a directory or cannot be read. An empty file is the all-zero choice sequence.
    static func readFuzzInput(_ path: String) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw WaterfallCheckError.cannotRead(path: "--from-bytes \(path)", reason: "no such file")
        }
        if isDirectory.boolValue { throw WaterfallCheckError.cannotRead(path: "--from-bytes \(path)", reason: "is a directory, not a libFuzzer input file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw WaterfallCheckError.cannotRead(path: "--from-bytes \(path)", reason: "permission denied or not a regular file")
        }
        // An empty file is a real input (libFuzzer writes crash-da39a3ee..., the SHA-1 of nothing,
        // when the simplest case fails): the all-zero choice sequence. Said, never refused.
        if data.isEmpty { print("note: \(TextReport.printable(path)) is empty: the all-zero choice sequence (the simplest input)") }
        return [UInt8](data)
    }

    /// The ids of a comma-separated list (blanks dropped); every text is one.
    @Sendable static func idList(_ s: String) -> Set<String>? {
        Set(s.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    }
}
