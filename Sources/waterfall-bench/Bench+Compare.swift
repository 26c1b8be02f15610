import Foundation
import WaterfallEngines
import WaterfallCheckTestSupport

/// `compare` of the reference against itself over 10,000 generated cases, 1 and 2 jobs (bar: 2
/// jobs >= 1.7x 1 job), in process and (2,000 cases) with the candidate over the protocol; and
/// in process over 100,000 cases, whose second a run is long enough for the ratio to be steady
/// (10,000 take about 0.1 s: a thread's start or one preemption moves the ratio by 0.2 or more).
/// Median of 5 runs; in process, 1 and 2 jobs in alternation, and `vs 1 job` is the median of
/// the 5 rounds' ratios (``interleavedMedians``).
func benchCompare() throws {
    let widths = [40, 8, 10, 12, 12, 10]
    print(row(["compare (reference vs reference)", "jobs", "cases", "seconds", "cases/s", "vs 1 job"], widths: widths))
    let executable = EngineRegistry.defaultEngineExecutable
    for (name, count, external) in [("in process", 10_000, false), ("in process", 100_000, false),
                                      ("candidate exec:waterfall-engine", 2_000, true)] {
        func comparison(jobs: Int) -> EngineComparison {
            EngineComparison(jobs: jobs) {
                (ReferenceEngine(), external
                    ? try! ExternalEngine.start(ExternalEngine.Configuration(arguments: [executable, "reference"])) as LayoutEngine
                    : ReferenceEngine())
            }
        }
        let features = comparison(jobs: 1).commonFeatures
        let cases = CaseGenerator().cases(seed: 1, count: count, features: features)
        var times: [Double], ratios: [Double]
        if external {
            // One comparison at a time: a live engine of the other would count against the
            // harness's spinning (SpinWait: 2 x engines <= cores), so the two could not alternate.
            times = [1, 2].map { jobs in let c = comparison(jobs: jobs); return median(runs: 5) { _ = c.run(cases) } }
            ratios = times.map { $0 / times[0] }
        } else {
            // 1 and 2 jobs in alternation: each ratio is of two adjacent runs (``interleavedMedians``).
            let both = [1, 2].map { comparison(jobs: $0) }
            (times, ratios) = interleavedMedians(both.map { c in { _ = c.run(cases) } })
        }
        for (jobs, (t, r)) in zip([1, 2], zip(times, ratios)) {
            print(row([name, "\(jobs)", "\(count)", String(format: "%.3f", t), rate(Double(count) / t),
                       String(format: "%.2fx", 1 / r)], widths: widths))
        }
    }
}
