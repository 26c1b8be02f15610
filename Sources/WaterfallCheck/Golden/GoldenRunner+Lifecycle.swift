import Foundation
import WaterfallCheckCore
import WaterfallCheckJudge

extension GoldenRunner {
    /// A fixture with `steps` (FIXTURE-FORMAT §10): its input judged as any fixture's, then its
    /// steps replayed on one layout object of `engine` and every state judged against a fresh
    /// object (``LifecycleRunner``). The departure is a failure of invariant `lifecycle`, its
    /// message naming the step. An engine without the `lifecycle` capability skips the fixture
    /// (its steps cannot be replayed), saying so; a step that does not fit the data is an error.
    func judgeLifecycle(_ fixture: Fixture, engine: LayoutEngine) -> Verdict {
        var plain = fixture
        plain.steps = nil
        var verdict = judge(plain, engine: engine)
        guard verdict.status != .error, verdict.status != .skipped, let steps = fixture.steps else { return verdict }
        guard engine.descriptor.capabilities.contains(.lifecycle), let lifecycle = engine as? LifecycleLayoutEngine else {
            verdict.status = .skipped
            verdict.message = "\(engine.descriptor.name) has no lifecycle (capability lifecycle): the fixture's \(steps.count) step(s) are not replayed"
            return verdict
        }
        var statistics = LifecycleStatistics()
        do {
            let runner = LifecycleRunner(tolerance: verdict.tolerance)
            if let f = try runner.run(LifecycleCase(input: fixture.input, steps: steps), engine: lifecycle, statistics: &statistics) {
                let step = f.step >= 0 ? " (\(describe(steps[f.step])))" : ""
                verdict.failures.append(InvariantFailure(invariant: "lifecycle", message: "lifecycle: \(f)\(step)", elements: f.element.map { [$0] } ?? []))
                verdict.status = .failed
                verdict.message = verdict.failures.first?.message ?? ""
                verdict.lifecycle = f
            }
        } catch {
            verdict.status = .error
            verdict.message = "steps: \(error)"
        }
        return verdict
    }
}
