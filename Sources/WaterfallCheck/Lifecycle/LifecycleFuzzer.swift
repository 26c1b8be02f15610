import Foundation
import WaterfallCheckCore
import WaterfallCheckJudge

/// A shrunk lifecycle failure: the case, its departure, and the choices that generate it.
package struct LifecycleCounterexample: Sendable {
    package var lifecycle: LifecycleCase
    package var finding: LifecycleFinding
    /// The choices that generate ``lifecycle`` (``LifecycleGenerator/generate(_:)``).
    package var choices: [UInt64]
    /// The case as first found, before shrinking: its steps and items.
    package var originalSteps: Int
    package var originalItems: Int
    package var shrinkSeconds: Double
}

/// What `fuzz --lifecycle` did.
package struct LifecycleFuzzReport: Sendable {
    package var cases = 0
    package var statistics = LifecycleStatistics()
    package var seconds: Double = 0
    /// Seconds until the first departure was found (before shrinking); nil when none.
    package var secondsToFind: Double?
    /// The first departure found, shrunk; nil when none.
    package var counterexample: LifecycleCounterexample?
}

/// Lifecycle fuzzing (issue 34): generates cases (``LifecycleGenerator``) from a seeded
/// ``ChoiceSource``, runs each (``LifecycleRunner``) until one departs, then shrinks it with the
/// choice-sequence ``Shrinker``: a candidate is kept when it departs with the same
/// ``LifecycleFinding/key``. Deleting a step is deleting its span, so the counterexample is a short
/// step list over small data.
package struct LifecycleFuzzer {
    package var generator: LifecycleGenerator
    package var runner: LifecycleRunner
    package var seed: UInt64
    /// Stop after this many seconds or ``maxSteps`` steps, whichever comes first.
    package var seconds: Double
    package var maxSteps: Int
    package var shrinkSeconds: Double

    package init(generator: LifecycleGenerator, tolerance: Tolerance = .default, seed: UInt64 = 0,
                seconds: Double = 10, maxSteps: Int = .max, shrinkSeconds: Double = 10) {
        self.generator = generator; runner = LifecycleRunner(tolerance: tolerance); self.seed = seed
        self.seconds = seconds; self.maxSteps = maxSteps; self.shrinkSeconds = shrinkSeconds
    }

    /// A fuzzer for `engine`'s declared features and limits.
    package init(engine: LayoutEngine, seed: UInt64 = 0, seconds: Double = 10, maxSteps: Int = .max) {
        self.init(generator: LifecycleGenerator(features: engine.descriptor.features, limits: engine.descriptor.limits),
                  seed: seed, seconds: seconds, maxSteps: maxSteps)
    }

    /// The case of `choices` and its departure, if any.
    package func replay(_ choices: [UInt64], engine: LifecycleLayoutEngine) -> (ChoiceSource, LifecycleCase, LifecycleFinding?) {
        var c = ChoiceSource(replaying: choices)
        let lc = generator.generate(&c)
        var ignored = LifecycleStatistics()
        return (c, lc, (try? runner.run(lc, engine: engine, statistics: &ignored)) ?? nil)
    }

    /// Runs until a departure (shrunk) or the budget.
    /// - Complexity: per case, O(steps) fresh layouts; the shrink at most ``shrinkSeconds``.
    package func run(engine: LifecycleLayoutEngine) -> LifecycleFuzzReport {
        var report = LifecycleFuzzReport()
        let began = now()
        var k: UInt64 = 0
        while now() - began < seconds && report.statistics.totalSteps < maxSteps {
            var c = ChoiceSource(random: SplitMix64(seed: seed, case: k))
            k += 1
            let lc = generator.generate(&c)
            report.cases += 1
            guard let found = (try? runner.run(lc, engine: engine, statistics: &report.statistics)) ?? nil else { continue }
            report.secondsToFind = now() - began
            report.counterexample = shrink(Shrinker.Candidate(c), lc, found, engine: engine)
            break
        }
        report.seconds = now() - began
        return report
    }

    /// Shrinks a departing case to the simplest that departs with the same key.
    package func shrink(_ start: Shrinker.Candidate, _ lc: LifecycleCase, _ found: LifecycleFinding,
                       engine: LifecycleLayoutEngine) -> LifecycleCounterexample {
        let outcome = Shrinker(timeLimit: shrinkSeconds).shrink(start) { choices in
            let (c, _, f) = replay(choices, engine: engine)
            return f?.key == found.key ? Shrinker.Candidate(c) : nil
        }
        let (_, best, finding) = replay(outcome.best.choices, engine: engine)
        return LifecycleCounterexample(lifecycle: best, finding: finding ?? found, choices: outcome.best.choices,
                                       originalSteps: lc.steps.count, originalItems: lc.input.itemCount,
                                       shrinkSeconds: outcome.seconds)
    }
}
