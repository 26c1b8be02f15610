import Foundation
import WaterfallEngines

/// Seconds for one call of `body`, monotonic clock.
func time(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// The median of `runs` timed calls, after one warm-up call.
func median(runs: Int = 5, _ body: () throws -> Void) rethrows -> Double {
    try body()
    var times: [Double] = []
    for _ in 0..<runs { times.append(try time(body)) }
    times.sort()
    return times[times.count / 2]
}

/// `12.3 M/s`-style rates.
func rate(_ perSecond: Double) -> String {
    if perSecond >= 1e6 { return String(format: "%.1f M/s", perSecond / 1e6) }
    if perSecond >= 1e3 { return String(format: "%.1f k/s", perSecond / 1e3) }
    return String(format: "%.0f /s", perSecond)
}

/// A table row padded to fixed columns.
func row(_ cells: [String], widths: [Int]) -> String {
    zip(cells, widths).map { $0.padding(toLength: max($1, $0.count), withPad: " ", startingAt: 0) }.joined(separator: "  ")
}

/// Benchmark inputs come from the fuzzer's SplitMix64, so every run measures the same data.
extension SplitMix64 {
    /// A uniform double in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
