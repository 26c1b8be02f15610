import Foundation
import WaterfallCheckEngines

/// `waterfall-check compare-revisions`: one engine as built at two git revisions of the current
/// repository, compared as `compare` does (``ComparisonRun``); the checkout, build and cache
/// are ``RevisionBuilds``'.
enum CompareRevisionsCommand: Command {
    /// `--engine ENGINE`: built at each revision (required; not ``EngineOptions/engine``, whose
    /// default and meaning differ).
    static let engine = Option<String>("--engine", value: "ENGINE", help: "exec:'CMD ARGS', started in each revision's tree; or a built-in engine name (reference, ...): this package's waterfall-engine, built at each revision (--build defaults to swift build -c release --product waterfall-engine) and run as exec:.build/release/waterfall-engine NAME").required()
    /// `--build CMD`: run in each revision's tree.
    static let build = Option<String>("--build", value: "CMD", help: "the build command, run in each revision's tree (default for exec: engines: none, `true`)")
    /// `--cache DIR`: built trees kept and reused.
    static let cache = Option<String>("--cache", value: "DIR", help: "keep each built tree in DIR, keyed by commit and build command, and reuse it (e.g. ${XDG_CACHE_HOME:-~/.cache}/waterfall-check/revisions); without it the trees are built in a temporary directory, removed")

    /// Why `--isolate` and `--scale` are refused here rather than listed: every engine this
    /// command starts is an `exec:` command (a built-in name becomes
    /// `exec:./.build/release/waterfall-engine NAME`), already a process of its own, which
    /// `--isolate` would not change; and `--scale` reaches only the web engines (chromium:...),
    /// which cannot be built at a revision. Accepting them did nothing, silently (review §3).
    static let refusals = [
        EngineOptions.isolate.spec.name: "compare-revisions runs every engine as an exec: command in its own process already",
        EngineOptions.scale.spec.name: "compare-revisions runs no web engine (chromium:...), the only ones --scale changes",
    ]

    static let spec = CommandSpec(
        name: "compare-revisions",
        summary: "Build an engine at two git revisions and compare them as 'compare' does",
        options: [engine, build, cache],
        groups: [ComparisonRun.options.describing(CommonOptions.save.described("write each minimal difference, and each input an engine faulted on, to DIR as a fixture (expected: the baseline's answer); saved differences record both commits in `source` and in `extensions.revisions`")),
                 ComparisonRun.reports, ClaimsOptions.group, EngineOptions.group.without(EngineOptions.isolate, EngineOptions.scale)],
        operands: "REV_A REV_B [PATH...]",
        about: """
    For each revision of the git repository of the current directory: checks it out in a
    temporary worktree, runs the build command there (/bin/sh -c CMD, in that tree), and starts
    the engine command in that tree, so a relative `./.build/release/my-engine --serve` or
    `python3 engine.py` is each revision's own copy. Then compares REV_A (baseline) with REV_B
    (candidate) exactly as 'compare' does, over the fixtures under PATH (default: Fixtures/ of
    the current directory, if there is one) and generated inputs. The reports name both commits.
    Worktrees and build products are removed however the run ends (a failed build, Ctrl-C,
    SIGTERM); a failed build names its revision and shows the end of its output (exit status 2).
    """,
        notes: """
    EXIT STATUS: 0 identical, 1 different (or claims beyond --expect-claims, skips beyond
    --max-skipped), 2 usage, git, build, fixture or engine error.
    """,
        refusals: refusals)

    /// The build command of a built-in engine.
    static let packageBuild = "swift build -c release --product waterfall-engine"

    static func run(_ args: Arguments) throws -> Int32 {
        guard let engineSpec = try args.value(Self.engine) else { throw WaterfallCheckError.usage("--engine is required (exec:'CMD ARGS' or a built-in name)") }
        var build = try args.value(Self.build)
        let cache = try args.value(Self.cache)
        let comparison = try ComparisonRun(args)
        var positional = args.operands
        guard positional.count >= 2 else { throw WaterfallCheckError.usage("compare-revisions needs two revisions, REV_A and REV_B") }
        let specs = (positional.removeFirst(), positional.removeFirst())
        var paths = positional
        if paths.isEmpty, FileManager.default.fileExists(atPath: "Fixtures") { paths = ["Fixtures"] }
        try comparison.refuseCollisions(paths)
        // A missing PATH is said before two builds, not after them (review A15).
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            throw WaterfallCheckError.usage("no such file or directory: \(path)")
        }

        var command = engineSpec
        if !engineSpec.hasPrefix(EngineRegistry.execPrefix) {
            guard EngineRegistry.builtIn.entry(named: engineSpec) != nil else { _ = try resolveEngine(engineSpec); return exitCode(.error) }
            build = build ?? packageBuild
            command = "exec:./.build/release/waterfall-engine '\(engineSpec)'"
        }
        let builds = try RevisionBuilds(in: FileManager.default.currentDirectoryPath, build: build ?? "true", cache: cache)
        defer { builds.finish() }
        // A commit subject is anyone's text: escaped (review A12).
        builds.log = { printError("compare-revisions: \(TextReport.printable($0))") }
        let revisions = (baseline: try builds.resolve(specs.0), candidate: try builds.resolve(specs.1))
        func engine(_ revision: Revision) throws -> EngineEntry {
            var options = comparison.engineOptions
            // From the same subdirectory of the revision's tree as the run (review A15).
            // A built-in engine is the tree's own .build/release/waterfall-engine, from its top.
            let sub = engineSpec.hasPrefix(EngineRegistry.execPrefix) && !builds.prefix.isEmpty ? "/" + builds.prefix : ""
            options.workingDirectory = try builds.tree(for: revision) + sub
            return try resolveEngine(command, options: options)
        }
        let baseline = try engine(revisions.baseline), candidate = try engine(revisions.candidate)
        return try comparison.run(baseline: baseline, candidate: candidate, paths: paths, revisions: revisions, command: name)
    }
}
