import Foundation
import WaterfallCheck

/// The fuzzer's throughput on the reference engine with every invariant (1 and 2 jobs, cases of up
/// to 64 items), and generation alone. Bars (DESIGN.md): >= 50,000 cases/s on 2 cores.
func benchFuzz() throws {
    let widths = [8, 10, 14, 12]
    print(row(["jobs", "cases", "cases/s", "seconds"], widths: widths))
    for jobs in [1, 2] {
        let cases = 200_000
        let fuzzer = Fuzzer(configuration: FuzzConfiguration(seed: 7, cases: cases, jobs: jobs,
                                                             generator: InputGenerator(largeItems: 64)),
                            engine: { ReferenceEngine() })
        let report = fuzzer.run()
        print(row(["\(jobs)", "\(report.cases)", rate(report.casesPerSecond), String(format: "%.2f", report.seconds)], widths: widths))
    }
    let generator = InputGenerator(largeItems: 64)
    let t = try median { for i in 0..<100_000 { _ = Fuzzer.generate(seed: 7, case: UInt64(i), generator: generator) } }
    print("generation alone: \(rate(100_000 / t)) cases/s")
}
