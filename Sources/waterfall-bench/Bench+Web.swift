import Foundation
import WaterfallCheckEngines

/// Layouts per second of the web engines (docs/web-engines.md), one browser, one layout at a time
/// (one `Runtime.evaluate` each): inputs of 0 to 64 items (17 of them, item counts 0, 4, ..., 64;
/// 3 columns, 375 pt, spacing and insets 10, afterPrevious) and of 1,000 items. Median of 3 warm
/// runs. Skipped when there is no Chromium (`scripts/bootstrap --web`); masonry.js only when
/// `$WATERFALL_MASONRY` or `.build/web/masonry-3.3.1/masonry.pkgd.js` (`scripts/fetch-masonry`) exists.
func benchWeb() throws {
    var specs = ["chromium:grid-lanes"]
    let masonry = ProcessInfo.processInfo.environment["WATERFALL_MASONRY"] ?? ".build/web/masonry-3.3.1/masonry.pkgd.js"
    if FileManager.default.fileExists(atPath: masonry) { specs.append("chromium:masonry=\(masonry)") }
    let widths = [34, 14, 10, 10, 14]
    print(row(["engine", "items", "layouts", "time", "layouts/s"], widths: widths))
    func inputs(_ counts: [Int], tieBreak: TieBreak) -> [LayoutInput] {
        counts.enumerated().map { i, n in
            var input = benchInput(items: n, columns: 3, seed: UInt64(i + 1))
            input.layout.tieBreak = tieBreak
            return input
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
        for (label, set, count) in [("0-64 (17 inputs)", inputs(Array(stride(from: 0, through: 60, by: 4)) + [64], tieBreak: tieBreak), 160),
                                    ("1,000", inputs([1_000, 1_000], tieBreak: tieBreak), 20)] {
            let t = try median(runs: 3) { for i in 0..<count { _ = try engine.layout(set[i % set.count]) } }
            print(row([spec, label, "\(count)", String(format: "%.2f s", t), rate(Double(count) / t)], widths: widths))
        }
        (engine as? WebEngine)?.shutdown()
    }
}
