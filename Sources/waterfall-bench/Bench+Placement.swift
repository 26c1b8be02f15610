import Foundation
import WaterfallCheckClassics
import WaterfallCheck
import WaterfallCheckTestSupport
import WaterfallCheckCore

/// Exact placement decisions (docs/decisions/placement.md). `ties`: per tie bug (and the classic
/// engines' hash-order ties), a default run's time to find it and the shrunk size. `no-false-positives`
/// (on demand only, `scripts/bench no-false-positives`): 10^6 default cases each of the reference and
/// of an engine that adds in another order, every invariant; both must have 0 failures.
func benchTies() throws {
    let w = [34, 8, 12, 12, 8]
    print(row(["tie bug (default run)", "case", "find (s)", "shrink (s)", "items"], widths: w))
    let classic = ["classic-000-bqwaterlayout", "classic-003-waterviewlayout"].map { name in
        BrokenEngines.Entry(invariant: "placement", bug: name, make: ClassicEngines.entry(named: name)!.make)
    }
    for broken in BrokenEngines.tieBugs + classic {
        let config = FuzzConfiguration(seed: 1, cases: 10_000, jobs: 2, shrinkTime: 10)
        let report = Fuzzer(configuration: config, engine: broken.make).run()
        guard let c = report.counterexamples.first(where: { $0.invariant == "placement" }) else {
            print(row([broken.bug, "-", "not found"], widths: w)); continue
        }
        let rate = report.casesPerSecond > 0 ? Double(c.caseIndex + 1) / report.casesPerSecond : 0
        print(row([broken.bug, "\(c.caseIndex)", String(format: "%.4f", rate), String(format: "%.3f", c.shrink.seconds),
                   "\(c.input.itemCount)"], widths: w))
    }
}

func benchNoFalsePositives() throws {
    let w = [26, 10, 10, 10, 10]
    print(row(["engine", "cases", "failures", "seconds", "cases/s"], widths: w))
    let engines: [(String, () -> LayoutEngine)] = [("reference", { ReferenceEngine() }),
                                                   (BrokenEngines.otherOrder.bug, BrokenEngines.otherOrder.make)]
    for (name, make) in engines {
        let config = FuzzConfiguration(seed: 20_261_201, cases: 1_000_000, jobs: 2, keepGoing: true, shrinkTime: 5)
        let report = Fuzzer(configuration: config, engine: make).run()
        print(row([name, "\(report.cases)", "\(report.failingCases.values.reduce(0, +))", String(format: "%.1f", report.seconds),
                   rate(report.casesPerSecond)], widths: w))
        for c in report.counterexamples { print("  \(c.failure.message)") }
    }
}
