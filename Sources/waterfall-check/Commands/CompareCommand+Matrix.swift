import Foundation
import WaterfallCheckEngines

/// `compare --engines A,B,C,...`: the cross-engine matrix (``EngineMatrix``), every engine over
/// the fixtures under the paths and the generated inputs, each case judged against §5 per engine.
extension CompareCommand {
    /// `--engines SPECS`.
    static let engines = Option<String>("--engines", value: "SPECS",
                                        help: "instead of --baseline/--candidate: two or more engines, comma-separated, in one cross-engine matrix judged against §5 (docs/web-engines.md)")

    /// Runs the matrix. - Throws: ``WaterfallCheckError/usage(_:)`` for fewer than two engines or
    /// no cases; what resolving an engine throws.
    static func runMatrix(_ list: String, _ args: Arguments) throws -> Int32 {
        let specs = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard specs.count >= 2 else { throw WaterfallCheckError.usage("--engines needs two or more engines, comma-separated (such as reference,chromium:grid-lanes,firefox:masonry)") }
        // The matrix judges each engine by its own claims: the candidate's judging options would
        // be silently dropped (a run that looked judged with them).
        for (name, option) in [("--conventions", ConventionsOption.option), ("--expect-claims", ClaimsOptions.expectClaims)] where try args.value(option) != nil {
            throw WaterfallCheckError.usage("\(name) is for --baseline/--candidate; --engines judges each engine by its own declared claims")
        }
        if try args.value(ClaimsOptions.maxSkipped) != nil {
            throw WaterfallCheckError.usage("--max-skipped is for --baseline/--candidate; with --engines, an engine judged on no case is an error")
        }
        let run = try ComparisonRun(args)
        let paths = args.operands
        try run.refuseCollisions(paths)
        let entries = try specs.map { try resolveEngine($0, options: run.engineOptions) }
        let matrix = EngineMatrix(engines: entries.map { $0.make() }, tolerance: run.tolerance ?? .default)
        // Each generated case uses what at least one engine declares; engines that cannot express
        // it are skipped for it.
        let features = entries.reduce(LayoutFeatures()) { $0.union($1.descriptor.features) }
        let cases = try CompareCase.fixtures(at: paths)
            + CaseGenerator().cases(seed: run.seed, count: run.fuzzCases, features: features, limits: .exact)
        guard !cases.isEmpty else { throw WaterfallCheckError.usage("nothing to compare: give fixture paths or --fuzz-cases N > 0") }
        let line = ProgressLine()
        let report = matrix.run(cases) { line.show("\($0) of \(cases.count) cases laid out by \(specs.count) engines") }
        line.clear()
        awaitTerminationIfSignalled()
        print(report.text(), terminator: "")
        if let file = run.jsonFile { try writeReport(Data(report.json().utf8), to: file) }
        if let dir = run.htmlDir {
            let url = URL(fileURLWithPath: dir)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try Data(report.html().utf8).write(to: url.appendingPathComponent("index.html"))
        }
        for engine in matrix.engines { (engine as? WebEngine)?.shutdown() }
        // An engine that expressed none of the cases vouches for nothing (as compare and fuzz
        // treat a run whose every case was skipped).
        let unjudged = zip(specs, report.judged).filter { $0.1 == 0 }.map(\.0)
        if !unjudged.isEmpty {
            printError("error: nothing was checked for \(unjudged.joined(separator: ", ")): every case was skipped for it")
            return exitCode(.error)
        }
        return exitCode(report.differences.isEmpty ? .passed : .failed)
    }
}
