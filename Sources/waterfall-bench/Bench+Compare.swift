import Foundation
import WaterfallEngines
import WaterfallCheckTestSupport

/// `compare` of the reference against itself over 10,000 generated cases, 1 and 2 jobs (bar: 2
/// jobs >= 1.7x 1 job), in process and (2,000 cases) with the candidate over the protocol; and
/// in process over 100,000 cases, whose second a run is long enough for the ratio to be steady
/// (10,000 take about 0.1 s: a thread's start or one preemption moves the ratio by 0.2 or more).
/// Median of 5 runs.
func benchCompare() throws {
    let widths = [40, 8, 10, 12, 12, 10]
    print(row(["compare (reference vs reference)", "jobs", "cases", "seconds", "cases/s", "vs 1 job"], widths: widths))
    let executable = EngineRegistry.defaultEngineExecutable
    for (name, count, external) in [("in process", 10_000, false), ("in process", 100_000, false),
                                      ("candidate exec:waterfall-engine", 2_000, true)] {
        var oneJob = 0.0
        for jobs in [1, 2] {
            let comparison = EngineComparison(jobs: jobs) {
                (ReferenceEngine(), external
                    ? try! ExternalEngine.start(ExternalEngine.Configuration(arguments: [executable, "reference"])) as LayoutEngine
                    : ReferenceEngine())
            }
            let cases = CaseGenerator().cases(seed: 1, count: count, features: comparison.commonFeatures)
            let t = median(runs: 5) { _ = comparison.run(cases) }
            if jobs == 1 { oneJob = t }
            print(row([name, "\(jobs)", "\(count)", String(format: "%.3f", t), rate(Double(count) / t),
                       String(format: "%.2fx", oneJob / t)], widths: widths))
        }
    }
}
