import Foundation
import WaterfallCheckEngines

/// The reference engine beside each classic engine: items/s through the `LayoutEngine` API (the
/// classic engines through the UIKit driver: a collection view, UIKit's layout pass (`prepare()`,
/// the content size, the visible rect), then the content size and one
/// `layoutAttributesForElements(in:)` for everything), 3 columns, 375 pt wide, heights only.
/// A fresh engine per run, so seed 000's re-prepare duplicates never accumulate. Median of 5 warm
/// runs for 10^4 items, of 3 for 10^6, one core.
func benchClassic() throws {
    let engines: [(name: String, make: () -> LayoutEngine)] =
        [("reference", { ReferenceEngine() })] + ClassicEngines.all.map { e in (e.descriptor.name, e.make) }
    let widths = [28, 10, 12, 12, 10]
    print(row(["engine", "items", "layout", "items/s", "vs ref"], widths: widths))
    for count in [10_000, 1_000_000] {
        let input = benchInput(items: count, columns: 3)
        var referenceTime = 0.0
        for engine in engines {
            let t = try median(runs: count > 100_000 ? 3 : 5) { _ = try engine.make().layout(input) }
            if engine.name == "reference" { referenceTime = t }
            print(row([engine.name, "\(count)", String(format: "%.2f ms", t * 1e3), rate(Double(count) / t),
                       String(format: "%.1fx", t / referenceTime)], widths: widths))
        }
    }
    print("""
    notes: no classic engine is quadratic in items (002's minimum scan is O(columns^2) per item);
    000 appends a copy of every attribute on each re-prepare (not measured: fresh engine per run);
    002 piles items at y = 100000 once every column passes it (here after ~1,300 items);
    004 formats and parses a string per column read (\"%f\", doubleValue).
    """)
}
