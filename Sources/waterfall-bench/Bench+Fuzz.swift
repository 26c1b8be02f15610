import Foundation
import WaterfallCheckEngines
import WaterfallCheckTestSupport
import WaterfallCheckCore

/// CPU seconds of this process (all threads).
private func cpuTime() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// The fuzzer on the reference engine with every invariant, 1 and 2 jobs, cases of up to 64 items
/// (bars: DESIGN.md's >= 50,000 cases/s on 2 cores, issue 16's >= 100,000); then, per deliberately broken engine (the test target's,
/// shared through the BrokenEngines link), the time to find its bug and to shrink it (bar: < 2 s).
/// `cases/CPU-s` is the rate per CPU second: on a shared machine it is what 1 free core would do.
/// 1 and 2 jobs alternate over 3 rounds; each figure is the median of the 3.
func benchFuzz() throws {
    let widths = [6, 10, 12, 14, 10, 10, 10]
    print(row(["jobs", "cases", "cases/s", "cases/CPU-s", "seconds", "failures", "vs 1 job"], widths: widths))
    // 1 and 2 jobs in alternation, 3 rounds of 100,000 cases each; the medians, and the ratio per
    // round (adjacent runs share the machine's state: ``interleavedMedians``).
    var results = [[(rate: Double, cpuRate: Double, seconds: Double, failures: Int)]](repeating: [], count: 2)
    for _ in 0..<3 {
        for (k, jobs) in [1, 2].enumerated() {
            let fuzzer = Fuzzer(configuration: FuzzConfiguration(seed: 7, cases: 100_000, jobs: jobs,
                                                                 generator: InputGenerator(largeItems: 64)),
                                engine: { ReferenceEngine() })
            let cpu0 = cpuTime()
            let report = fuzzer.run()
            let cpu = cpuTime() - cpu0
            results[k].append((report.casesPerSecond, Double(report.cases) / cpu, report.seconds, report.counterexamples.count))
        }
    }
    func middle(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
    for (k, jobs) in [1, 2].enumerated() {
        let r = results[k]
        let ratio = middle(zip(r, results[0]).map { $0.rate / $1.rate })
        print(row(["\(jobs)", "100000", rate(middle(r.map(\.rate))), rate(middle(r.map(\.cpuRate))),
                   String(format: "%.2f", middle(r.map(\.seconds))), "\(r.map(\.failures).max()!)", String(format: "%.2fx", ratio)], widths: widths))
    }

    // Where a case's time goes: 20,000 generated cases, the case's layout (and §6 validation)
    // alone, then each invariant on its own above that, with its ratio to the layout's own cost
    // (`x layout`). The geometric invariants share one §5 model per case: each alone pays for
    // it, so its row counts the model too; the model's own row is content-size's (which adds
    // nothing else to it).
    print("")
    let generator = InputGenerator(largeItems: 64)
    let inputs = (0..<20_000).map { Fuzzer.generate(seed: 7, case: UInt64($0), generator: generator).0 }
    let engine = ReferenceEngine()
    func perCase(_ set: InvariantSet) -> Double {
        median(runs: 3) { for (i, input) in inputs.enumerated() { _ = checkInvariants(input, engine: engine, tolerance: .default, invariants: set, seed: UInt64(i)) } }
            / Double(inputs.count)
    }
    let base = perCase([])
    let all = perCase(.all)
    let w3 = [24, 10, 8, 10]
    func line(_ name: String, _ t: Double) -> String {
        row([name, String(format: "%.2f", t * 1e6), String(format: "%.0f%%", t / all * 100), String(format: "%.2fx", t / base)], widths: w3)
    }
    print(row(["fuzz time per case", "µs", "share", "x layout"], widths: w3))
    print(line("layout + validation", base))
    if let model = Invariants.named("content-size") { print(line("  §5 model (shared)", max(0, perCase(InvariantSet(model)) - base))) }
    for inv in Invariants.all { print(line(inv.id, max(0, perCase(InvariantSet(inv)) - base))) }
    print(line("every invariant", all))
    print(line("  checks alone", max(0, all - base)))

    print("")
    let w2 = [30, 20, 8, 12, 12, 8]
    print(row(["broken engine", "invariant", "case", "find (s)", "shrink (s)", "items"], widths: w2))
    for broken in BrokenEngines.all {
        let (name, id, make) = (broken.bug, broken.invariant, broken.make)
        let config = FuzzConfiguration(seed: 42, cases: 10_000, invariants: try InvariantSet(ids: [id]), shrinkTime: 10)
        let report = Fuzzer(configuration: config, engine: make).run()
        guard let c = report.counterexamples.first else { print(row([name, id, "-", "not found"], widths: w2)); continue }
        print(row([name, id, "\(c.caseIndex)", String(format: "%.4f", report.seconds), String(format: "%.3f", c.shrink.seconds),
                   "\(c.input.itemCount)"], widths: w2))
    }

    // Large cases: every case has hundreds to thousands of items, so the shrink starts big.
    print("")
    print(row(["large cases (bug)", "invariant", "from", "shrink (s)", "items", "replays"], widths: w2))
    for broken in BrokenEngines.all where ["no-overlap", "prefix-stable", "placement"].contains(broken.invariant) {
        var generator = InputGenerator(maxItems: 3000)
        generator.features.remove(.sections)
        let config = FuzzConfiguration(seed: 5, cases: 1_000, invariants: try InvariantSet(ids: [broken.invariant]),
                                       shrinkTime: 10, generator: generator)
        guard let c = Fuzzer(configuration: config, engine: broken.make).run().counterexamples.first else { continue }
        print(row([broken.bug, broken.invariant, "\(c.originalInput.itemCount)", String(format: "%.3f", c.shrink.seconds) + (c.shrink.timedOut ? "!" : ""),
                   "\(c.input.itemCount)", "\(c.shrink.replays)"], widths: w2))
    }
}
