import Foundation
import WaterfallCheckEngines

/// `waterfall-check merge --engine E --into DIR SOURCE...`: counterexample folders of many runs
/// merged into one, one fixture per bug.
enum MergeCommand: Command {
    /// `--into DIR`: the merged folder.
    static let into = Option<String>("--into", value: "DIR", help: "the folder the counterexamples are merged into (made if missing; its own fixtures take part)")

    static let spec = CommandSpec(
        name: "merge",
        summary: "Merge counterexample folders of many runs into one, one fixture per bug",
        options: [EngineOptions.engine, into, CommonOptions.jobs.described("parallel workers (default: the number of cores)")],
        operands: "SOURCE...",
        about: """
    Reads the fixtures of DIR and of every SOURCE (folders that 'fuzz --save' or 'fuzz
    --from-bytes' wrote on other machines, AFL++ or libFuzzer instances, CI shards), runs each on
    the engine as 'verify' does, and groups the failing ones by bug key, the one 'fuzz' keeps,
    groups and saves its counterexamples by: of the failure the fixture was saved for (else its
    first), where the engine's answer first departs from FIXTURE-FORMAT section 5 for a geometric
    invariant, else the invariant and the kind of its message ('query: missed'). Of each bug the
    simplest fixture is kept (fewest items, then sections, then the shorter input) and copied
    into DIR; a fixture of DIR that a simpler one replaces is removed. Fixtures that pass now
    (fixed bugs, kept as regression tests) are kept once per input. SOURCE folders are never
    changed. docs/oss-fuzz.md has the workflow.
    """,
        notes: """
    EXIT STATUS: 0 merged; 2 a usage error, a missing SOURCE, or a fixture that cannot be read or
    run (then nothing is written).
    """)

    static func run(_ args: Arguments) throws -> Int32 {
        let engineName = try args.value(EngineOptions.engine)
        guard let into = try args.value(Self.into) else { throw WaterfallCheckError.usage("merge needs --into DIR") }
        let jobs = try args.value(CommonOptions.jobs) ?? ProcessInfo.processInfo.activeProcessorCount
        let sources = try fixturePaths(args.operands, command: name)
        try refuseSaveDirectory(into, option: "--into")
        let destination = URL(fileURLWithPath: into)
        let dir = FilePath.resolved(into)
        for s in sources where FilePath.resolved(s.path) == dir {
            throw WaterfallCheckError.usage("SOURCE \(s.relativePath) is the --into folder; name the other runs' folders")
        }
        let engine = try resolveEngine(engineName, options: try EngineOptions.read(args))
        var isDirectory: ObjCBool = false
        let existing = FileManager.default.fileExists(atPath: dir, isDirectory: &isDirectory) && isDirectory.boolValue
            ? FixtureFile.collect([destination]).files : []
        let (files, problems) = FixtureFile.collect(sources)
        for p in problems { printError("error: \(p.path): \(p.message)") }
        if !problems.isEmpty { return exitCode(.error) }

        let plan = SavedCounterexamples.planMerge(existing + files, engine: engine.make, jobs: jobs)
        if !plan.errors.isEmpty {
            for r in plan.errors { printError("error: \(r.location): \(r.message)") }
            printError("error: \(plan.errors.count) fixture(s) cannot be read or run; nothing merged")
            return exitCode(.error)
        }
        func inDestination(_ r: FixtureResult) -> Bool { FilePath.parent(FilePath.resolved(r.url.path)) == dir }
        var copied = 0, removed = 0
        do {
            try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
            for r in plan.bugs.map(\.kept) + plan.passing where !inDestination(r) {
                let data = try Data(contentsOf: r.url)
                var target = destination.appendingPathComponent(r.url.lastPathComponent)
                var n = 2
                while FileManager.default.fileExists(atPath: target.path) {
                    target = destination.appendingPathComponent(r.url.deletingPathExtension().lastPathComponent + "-\(n).json")
                    n += 1
                }
                try AtomicFile.write(data, to: target)
                copied += 1
            }
            for r in plan.bugs.flatMap(\.dropped) + plan.duplicates where inDestination(r) {
                try FileManager.default.removeItem(at: r.url)
                removed += 1
            }
        } catch {
            throw WaterfallCheckError.cannotWrite(path: into, reason: "\(error)")
        }
        for bug in plan.bugs {
            let i = bug.kept.fixture!.input
            print("bug (\(bug.key)): \(bug.kept.file), \(i.itemCount) item(s) in \(i.sections.count) section(s)"
                  + (bug.dropped.isEmpty ? "" : "; also shown by \(bug.dropped.count): " + bug.dropped.map(\.file).joined(separator: ", ")))
        }
        print("merged \(existing.count + files.count) fixture(s) into \(into): \(plan.bugs.count) bug(s), \(plan.passing.count) passing, "
              + "\(plan.bugs.reduce(0) { $0 + $1.dropped.count } + plan.duplicates.count) left out as showing a kept bug or input; "
              + "\(copied) file(s) copied, \(removed) removed from \(into)")
        return exitCode(.passed)
    }
}
