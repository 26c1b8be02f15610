import Foundation
import WaterfallCheckEngines

/// Layouts per second of the web engines (docs/web-engines.md), one browser: inputs of 0 to 64
/// items (17 of them, item counts 0, 4, ..., 64; 3 columns, 375 pt, spacing and insets 10) and of
/// 1,000 items, each engine one layout per evaluation and batched (the layouts announced with
/// `prefetch`, up to the engine's window per `__wfBatch` evaluation), and batched with one job
/// per core as `fuzz` and `compare` run by default (each job its own browser; the figure is all
/// jobs together). Median of 3 warm runs.
/// An engine whose browser or library is missing is skipped with the reason: Chromium, Firefox,
/// WebKitGTK (`scripts/bootstrap --web`), masonry.js (`scripts/fetch-masonry`, or
/// `$WATERFALL_MASONRY`), jQuery Masonry (`scripts/fetch-jquery-masonry`, or `$WATERFALL_JQUERY_MASONRY`).
func benchWeb() throws {
    let env = ProcessInfo.processInfo.environment
    var specs = ["chromium:grid-lanes", "firefox:masonry", "webkit:masonry"]
    let masonry = env["WATERFALL_MASONRY"] ?? ".build/web/masonry-3.3.1/masonry.pkgd.js"
    if FileManager.default.fileExists(atPath: masonry) { specs.append("chromium:masonry=\(masonry)") }
    let jquery = env["WATERFALL_JQUERY_MASONRY"] ?? ".build/web/jquery-masonry-2.1.05/jquery.masonry.js"
    if FileManager.default.fileExists(atPath: jquery) { specs.append("chromium:jquery-masonry=\(jquery)") }
    // `WATERFALL_BENCH_WEB=chromium:grid-lanes,webkit:masonry`: only those (engine-name prefixes).
    if let only = env["WATERFALL_BENCH_WEB"]?.split(separator: ",").map(String.init), !only.isEmpty {
        specs = specs.filter { spec in only.contains { spec.hasPrefix($0) } }
    }
    let widths = [34, 22, 10, 10, 14]
    print(row(["engine", "items", "layouts", "time", "layouts/s"], widths: widths))
    func inputs(_ counts: [Int], tieBreak: TieBreak) -> [LayoutInput] {
        counts.enumerated().map { i, n in
            var input = benchInput(items: n, columns: 3, seed: UInt64(i + 1))
            input.layout.tieBreak = tieBreak
            return input
        }
    }
    // As compare does: announce a window of layouts, then ask for each in order.
    @Sendable func runBatched(_ engine: LayoutEngine, _ set: [LayoutInput], count: Int) throws {
        var i = 0
        while i < count {
            let n = min(engine.pipelineWindow, count - i)
            engine.prefetch((i..<(i + n)).map { .layout(set[$0 % set.count]) })
            for k in i..<(i + n) { _ = try engine.layout(set[k % set.count]) }
            i += n
        }
    }
    for spec in specs {
        let entry: EngineEntry
        do { entry = try EngineRegistry.builtIn.resolve(spec) } catch {
            print("  skipped \(spec): \(error)")
            continue
        }
        let engine = entry.make()
        let tieBreak = entry.descriptor.limits.tieBreaks.contains(.afterPrevious) ? TieBreak.afterPrevious : .leftmost
        let small = inputs(Array(stride(from: 0, through: 60, by: 4)) + [64], tieBreak: tieBreak)
        let large = inputs([1_000, 1_000], tieBreak: tieBreak)
        for (label, set, count, batched) in [("0-64 (17 inputs)", small, 160, false), ("0-64, batched", small, 2_720, true),
                                             ("1,000", large, 20, false), ("1,000, batched", large, 40, true)] {
            let t = try median(runs: 3) {
                if batched {
                    try runBatched(engine, set, count: count)
                } else {
                    for i in 0..<count { _ = try engine.layout(set[i % set.count]) }
                }
            }
            print(row([spec, label, "\(count)", String(format: "%.2f s", t), rate(Double(count) / t)], widths: widths))
        }
        (engine as? WebEngine)?.shutdown()
        // As `fuzz` and `compare` run by default: one job per core, each with its own browser
        // (its own engine from the entry), batched; the figure is the run's, all jobs together.
        let jobs = ProcessInfo.processInfo.activeProcessorCount
        guard jobs > 1 else { continue }
        let run = Jobs(engines: (0..<jobs).map { _ in entry.make() })
        let count = 2_720 * jobs
        let t = median(runs: 3) {
            DispatchQueue.concurrentPerform(iterations: jobs) { j in
                do { try runBatched(run.engines[j], small, count: count / jobs) } catch { run.lock.withLock { run.error = error } }
            }
        }
        if let error = run.error { throw error }
        print(row([spec, "0-64, batched, \(jobs) jobs", "\(count)", String(format: "%.2f s", t), rate(Double(count) / t)], widths: widths))
        for e in run.engines { (e as? WebEngine)?.shutdown() }
    }
}

/// The engines of a run with several jobs, each used by one thread only; the first error.
private final class Jobs: @unchecked Sendable {
    let engines: [LayoutEngine]
    let lock = NSLock()
    var error: Error?
    init(engines: [LayoutEngine]) { self.engines = engines }
}
