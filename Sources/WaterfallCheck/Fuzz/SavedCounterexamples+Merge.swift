import Foundation
import WaterfallCheckCore

/// What `waterfall-check merge` does with counterexample folders from many runs (machines, AFL++
/// instances, CI shards): one fixture per bug, the simplest of those that show it, as Hypothesis's
/// directory database and HypoFuzz keep one example per failure.
package struct CounterexampleMerge {
    /// One bug: the fixture kept for it, and the others that show it too (dropped).
    public struct Bug {
        /// ``SavedCounterexamples/bugKey(of:failures:engine:)``, as printed: `departs from §5 at
        /// ORIGIN` or `fails SYMPTOM` (``BugKey``).
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
    /// The bug key (``BugKey``) of a failing fixture: the key `fuzz` keeps distinct
    /// counterexamples by, groups them by and saves each under, so one fixture per bug means the
    /// same in `fuzz` and `merge`. It is the key of the failure the fixture was saved for
    /// (`extensions.fuzz.invariant`, whose shrink kept the case's key) when it still fails it,
    /// else of its first failure: where the answer first departs from §5 for a model-judged
    /// invariant, else the invariant and its message's kind (`query: missed`). `nil` without failures.
    /// - Complexity: one layout and one model of the input.
    package static func bugKey(of fixture: Fixture, failures: [InvariantFailure], engine: LayoutEngine) -> BugKey? {
        let saved: String? = if case .string(let id)? = fixture.extensions?["fuzz"]?["invariant"] { id } else { nil }
        guard let failure = failures.first(where: { $0.invariant == saved }) ?? failures.first else { return nil }
        let tolerance = fixture.tolerance.map { Tolerance($0) } ?? .default
        let context = CheckContext(input: fixture.input, engine: engine, tolerance: tolerance, seed: fixture.fuzzQuerySeed)
        return context.bugKey(for: failure)
    }

    /// ``bugKey(of:failures:engine:)`` as `merge` prints it.
    static func label(_ key: BugKey?) -> String {
        guard let key else { return "fails nothing" }
        return key.origin.map { "departs from §5 at \($0)" } ?? "fails \(key.symptom ?? "?")"
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
        var index: [BugKey?: Int] = [:]
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
                    plan.bugs.append(CounterexampleMerge.Bug(key: label(key), kept: r, dropped: []))
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
