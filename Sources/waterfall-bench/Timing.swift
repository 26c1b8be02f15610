import Foundation
import WaterfallCheckEngines

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

/// Timings of several bodies compared with each other, taken in alternation: one warm-up call of
/// each, then `runs` rounds that call every body once in turn. Returns each body's median time
/// and, for each body, the median over the rounds of its time over the first body's in the same
/// round (`ratios[0]` is 1). The machine type switches between a slower and a faster state every
/// few minutes; timing all runs of one body and then all of the next let a switch between them
/// move a ratio by 0.3 or more (compare's 2 jobs against 1), where adjacent runs share the state.
func interleavedMedians(runs: Int = 5, _ bodies: [() -> Void]) -> (times: [Double], ratios: [Double]) {
    for body in bodies { body() }
    var times = [[Double]](repeating: [], count: bodies.count)
    for _ in 0..<runs {
        for (i, body) in bodies.enumerated() { times[i].append(time(body)) }
    }
    func middle(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
    let ratios = times.map { t in middle(zip(t, times[0]).map { $0 / $1 }) }
    return (times.map(middle), ratios)
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
