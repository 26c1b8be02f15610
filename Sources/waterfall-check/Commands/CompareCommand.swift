import Foundation
import WaterfallCheckEngines

/// `waterfall-check compare`: two engines over fixtures and generated inputs, every difference
/// shrunk and reported smallest first.
enum CompareCommand: Command {
    /// `--baseline ENGINE`.
    static let baseline = Option<String>("--baseline", value: "ENGINE", help: "a built-in engine name, or exec:'CMD ARGS' (waterfall-engine/1)").required()
    /// `--candidate ENGINE`.
    static let candidate = Option<String>("--candidate", value: "ENGINE", help: "likewise").required()

    static let spec = CommandSpec(
        name: "compare",
        summary: "Run two engines over fixtures and generated inputs; report every difference, shrunk",
        options: [baseline, candidate],
        groups: [ComparisonRun.options, ConventionsOption.group.describing(ConventionsOption.option.described("judge the candidate with these conventions instead of its declared ones: a file 'waterfall-check conventions --save' wrote, or auto to detect them first")), ComparisonRun.reports, EngineOptions.group
                    .describing(EngineOptions.isolate.described("run built-in engines in a waterfall-engine subprocess"))],
        operands: "[PATH...]",
        about: """
    Runs both engines over the inputs of the fixtures under PATH (files or directories, searched
    for *.json; expected values are ignored) and over N generated inputs that use only features
    both engines declare. Each differing case is shrunk to a minimal input on which the two still
    differ. Prints the counts, then every difference, smallest first: the minimal input, both
    answers side by side and the largest displacement.

    A layout error against frames, or two different error codes, is a difference; `unsupported`
    from either engine is skipped (counted). One engine faulting (crash, hang, malformed reply)
    where the other answers is a difference: shrunk, listed first. The run goes on.
    """,
        notes: """
    With an engine that declares a length quantum (the web engines), differing frames are
    judged at placement level: placement, stacking, offset and size differences are listed
    (placement first); frames that only drift are counted as "only drift" (docs/web-engines.md).

    EXIT STATUS: 0 identical, 1 different (a fault is a difference), 2 usage or fixture error, or
    an engine that cannot start or faults on every case.
    """)

    static func run(_ args: Arguments) throws -> Int32 {
        guard let baselineSpec = try args.value(Self.baseline) else { throw WaterfallCheckError.usage("--baseline is required") }
        guard let candidateSpec = try args.value(Self.candidate) else { throw WaterfallCheckError.usage("--candidate is required") }
        let run = try ComparisonRun(args)
        let paths = args.operands
        try run.refuseCollisions(paths)
        let candidate = try ConventionsOption.apply(try args.value(ConventionsOption.option),
                                                    to: resolveEngine(candidateSpec, options: run.engineOptions),
                                                    tolerance: run.tolerance ?? .default)
        return try run.run(baseline: resolveEngine(baselineSpec, options: run.engineOptions),
                           candidate: candidate, paths: paths, command: name)
    }
}
