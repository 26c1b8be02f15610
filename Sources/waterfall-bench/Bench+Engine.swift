import Foundation
import WaterfallCheckEngines

/// A one-section input of `count` items with heights 40–400 pt, 375 pt wide (an iPhone), 10-pt gaps.
func benchInput(items count: Int, columns: Int, seed: UInt64 = 1) -> LayoutInput {
    var r = SplitMix64(seed: seed)
    let items = (0..<count).map { _ in LayoutItem.height(40 + (r.unit() * 360).rounded()) }
    return LayoutInput(
        layout: LayoutSettings(containerWidth: 375, columnCount: columns, columnSpacing: 10, rowSpacing: 10,
                                 sectionInset: LayoutInsets(all: 10)),
        sections: [SectionInput(items: items)])
}

/// The floor under the engine's cost: a bare loop that reads each item of `input` and writes the
/// reference's own frame for it (`frames`, precomputed) into a fresh array, as the engine writes
/// its result: the same memory traffic (32 bytes of item in, 32 bytes of frame out, one output
/// allocation) without §5's arithmetic or the column search.
@inline(never)
func bareFrames(_ input: LayoutInput, frames: [CGRect]) -> [CGRect] {
    let items = input.sections[0].items
    return items.withUnsafeBufferPointer { src in
        frames.withUnsafeBufferPointer { f in
            [CGRect](unsafeUninitializedCapacity: src.count) { dst, initialized in
                for i in 0..<src.count {
                    var r = f[i]
                    if case .height(let h) = src[i].dimension { r.size.height = h }
                    (dst.baseAddress! + i).initialize(to: r)
                }
                initialized = src.count
            }
        }
    }
}

/// Reference engine throughput on the pure API against the bare loop (``bareFrames(_:frames:)``)
/// in the same run (`vs bare`: the engine's time over the loop's), and rect-query time for one
/// screen (375 x 812 pt) in the middle of the content. Median of 5 warm runs, one core. Small
/// inputs (the fuzzer's cases have 1-64 items) are timed over 10,000 layouts a run, so the
/// fixed cost of a call shows.
func benchEngine() throws {
    let widths = [10, 8, 14, 12, 12, 10, 18, 8]
    print(row(["items", "columns", "layout", "items/s", "bare loop", "vs bare", "query (1 screen)", "found"], widths: widths))
    for count in [16, 64, 1_000, 10_000, 100_000, 1_000_000] {
        for columns in [3, 8] {
            let input = benchInput(items: count, columns: columns)
            let layouts = count < 1_000 ? 10_000 : 1
            let t = try median { for _ in 0..<layouts { _ = try ReferenceLayout.layout(input) } } / Double(layouts)
            let frames = try ReferenceLayout.layout(input).sections[0].items
            var sink = 0.0
            let bare = median { for _ in 0..<layouts { sink += bareFrames(input, frames: frames)[count / 2].minY } } / Double(layouts)
            let engine = ReferenceEngine()
            let result = try engine.layout(input)
            let screen = CGRect(x: 0, y: result.contentSize.height / 2, width: 375, height: 812)
            var found = 0
            let reps = 1000
            let q = try median { for _ in 0..<reps { found = try engine.elements(in: screen).count } } / Double(reps)
            print(row(["\(count)", "\(columns)", count < 1_000 ? String(format: "%.2f µs", t * 1e6) : String(format: "%.3f ms", t * 1e3), rate(Double(count) / t),
                       rate(Double(count) / bare), String(format: "%.2fx", t / bare),
                       String(format: "%.2f µs", q * 1e6), "\(found)" + (sink.isNaN ? "!" : "")], widths: widths))
        }
    }
}
