import Foundation
import WaterfallEngines

/// A one-section input of `count` items with heights 40–400 pt, 375 pt wide (an iPhone), 10-pt gaps.
func benchInput(items count: Int, columns: Int, seed: UInt64 = 1) -> LayoutInput {
    var r = SplitMix64(seed: seed)
    let items = (0..<count).map { _ in LayoutItem.height(40 + (r.unit() * 360).rounded()) }
    return LayoutInput(
        layout: LayoutSettings(containerWidth: 375, columnCount: columns, columnSpacing: 10, rowSpacing: 10,
                                 sectionInset: EdgeInsets(all: 10)),
        sections: [SectionInput(items: items)])
}

/// Reference engine throughput on the pure API, and rect-query time for one screen (375 x 812 pt)
/// in the middle of the content. Median of 5 warm runs, one core.
func benchEngine() throws {
    let widths = [10, 8, 14, 14, 16, 14]
    print(row(["items", "columns", "layout", "items/s", "query (1 screen)", "found"], widths: widths))
    for count in [1_000, 10_000, 100_000, 1_000_000] {
        for columns in [3, 8] {
            let input = benchInput(items: count, columns: columns)
            let t = try median { _ = try ReferenceLayout.layout(input) }
            let engine = ReferenceEngine()
            let result = try engine.layout(input)
            let screen = CGRect(x: 0, y: result.contentSize.height / 2, width: 375, height: 812)
            var found = 0
            let reps = 1000
            let q = try median { for _ in 0..<reps { found = try engine.elements(in: screen).count } } / Double(reps)
            print(row(["\(count)", "\(columns)", String(format: "%.3f ms", t * 1e3), rate(Double(count) / t),
                       String(format: "%.2f µs", q * 1e6), "\(found)"], widths: widths))
        }
    }
}
