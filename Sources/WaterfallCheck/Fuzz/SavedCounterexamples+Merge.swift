import Foundation
import WaterfallCheckCore

/// What `waterfall-check merge` does with counterexample folders from many runs (machines, AFL++
/// instances, CI shards): one fixture per bug, the simplest of those that show it, as Hypothesis's
/// directory database and HypoFuzz keep one example per failure.
package struct CounterexampleMerge {
    /// One bug: the fixture kept for it, and the others that show it too (dropped).
    public struct Bug {
        /// ``SavedCounterexamples/bugKey(of:failures:engine:)``.
        public var key: String
        public var kept: FixtureResult
        public var dropped: [FixtureResult]
    }
    /// Failing fixtures, one bug each, in the order their first fixture was collected.
    public var bugs: [Bug] = []
    /// Fixtures that pass on the engine now (a fixed bug's regression test): kept, one per input.
    public var passing: [FixtureResult] = []
    /// Passing fixtures dropped because an earlier one has the same input.
    public var duplicates: [FixtureResult] = []
    /// Fixtures that cannot be read or run (never dropped silently: the merge refuses them).
    public var errors: [FixtureResult] = []
}

extension SavedCounterexamples {
    /// The key two failing counterexamples of one bug share: where the engine's answer first departs
    /// from §5 (``FailureOrigin``, what `fuzz` groups a run's counterexamples and recognises saved
    /// ones by), else, for a failure no departure explains (an engine-level invariant), the first
    /// failing invariant. The one place `merge` asks which bug a fixture shows.
    /// - Complexity: one layout and one model of the input.
    public static func bugKey(of fixture: Fixture, failures: [InvariantFailure], engine: LayoutEngine) -> String {
        let tolerance = fixture.tolerance.map { Tolerance($0) } ?? .default
        let context = CheckContext(input: fixture.input, engine: engine, tolerance: tolerance, seed: fixture.fuzzQuerySeed)
        if let origin = context.origin { return "departs from §5 at \(origin)" }
        return "fails \(failures.first?.invariant ?? "nothing")"
    }

    /// Plans the merge of `files` (the destination's own first, then each source's, in collection
    /// order): each is run on the engine and judged as `verify` judges a saved counterexample; the
    /// failing ones are grouped by ``bugKey(of:failures:engine:)`` and the simplest of each group
    /// kept (fewest items, then fewest sections, then the shorter canonical input, then the earlier
    /// file); passing ones are kept once per input.
    /// - Complexity: one run of every fixture, plus one layout per failing one.
    public static func planMerge(_ files: [FixtureFile], engine: @escaping @Sendable () -> LayoutEngine, jobs: Int = 1) -> CounterexampleMerge {
        var runner = GoldenRunner(engine: engine, tolerance: nil, recordMode: .never, jobs: jobs, invariants: InvariantChecker())
        runner.keepsLayouts = true
        var plan = CounterexampleMerge()
        let judge = engine()
        var index: [String: Int] = [:]
        var inputs = Set<LayoutInput>()
        func simpler(_ a: FixtureResult, than b: FixtureResult) -> Bool {
            func size(_ r: FixtureResult) -> (Int, Int, Int) {
                let i = r.fixture!.input
                return (i.itemCount, i.sections.count, CanonicalWriter.compactInput(i).utf8.count)
            }
            return size(a) < size(b)
        }
        for r in runner.run(files: files) {
            switch r.status {
            case .failed where r.fixture != nil:
                let key = bugKey(of: r.fixture!, failures: r.failures, engine: judge)
                if let k = index[key] {
                    if simpler(r, than: plan.bugs[k].kept) {
                        plan.bugs[k].dropped.append(plan.bugs[k].kept); plan.bugs[k].kept = r
                    } else { plan.bugs[k].dropped.append(r) }
                } else {
                    index[key] = plan.bugs.count
                    plan.bugs.append(CounterexampleMerge.Bug(key: key, kept: r, dropped: []))
                }
            case .passed, .checked, .skipped:
                if let input = r.fixture?.input.normalised, !inputs.insert(input).inserted { plan.duplicates.append(r) } else { plan.passing.append(r) }
            default:
                plan.errors.append(r)
            }
        }
        return plan
    }
}
