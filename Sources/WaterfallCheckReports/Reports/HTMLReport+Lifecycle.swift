import Foundation
import WaterfallCheck

extension LifecycleState {
    /// The state as a ``LayoutResult`` for `input` (for drawing): an attribute naming no element
    /// of the input, or a second copy, is an extra element.
    package func result(for input: LayoutInput) -> LayoutResult {
        LayoutResult.assembled(elements.map { LayoutElement(id: $0.id ?? .item(-1, -1), frame: $0.frame) },
                               contentSize: contentSize, for: input)
    }
}

extension HTMLReport {
    /// Adds a lifecycle counterexample (`fuzz --lifecycle --html`): the step where the object
    /// departs, drawn before (the object's answers on the data before the step) and after (the
    /// object's answers over a fresh object's, the departing element highlighted), with the step
    /// list as a table.
    /// - Complexity: O(steps · items) to recompute the data before the step, plus the drawing.
    package mutating func add(_ cx: LifecycleCounterexample, engine: String, saved: String? = nil) {
        listedFailureNoun = "lifecycle counterexample"
        addLifecycle(cx.finding, cx.lifecycle, engine: engine, name: "lifecycle \(cx.finding.key)", file: saved)
    }

    /// The departure `f` of `lifecycle` as two cases, `NAME: before step K` (detailed) and
    /// `NAME: after step K` (failed): what ``add(_:engine:saved:)`` and `verify --html` (a
    /// fixture with `steps`) draw.
    mutating func addLifecycle(_ f: LifecycleFinding, _ lifecycle: LifecycleCase, engine: String, name: String, file: String?) {
        pictureOptions.expectedName = "fresh layout object"
        pictureOptions.actualName = engine
        var before = lifecycle.input
        for step in lifecycle.steps.prefix(max(0, f.step)) { before = (try? before.applying(step)) ?? before }
        let rows = lifecycle.steps.enumerated().map { k, step in
            ["\(k + 1)", describe(step), k == f.step ? "departs here" : k < f.step ? "agrees" : "not reached"]
        }
        if f.step >= 0, f.step < lifecycle.steps.count, let b = f.before {
            var c = Case(name: "\(name): before step \(f.step + 1)", file: file, status: .failed,
                         summary: "the object's answers before \(describe(lifecycle.steps[f.step]))",
                         input: before, actual: b.result(for: before))
            c.isDetailed = true
            addCase(c)
        }
        addCase(Case(name: "\(name): " + (f.step >= 0 ? "after step \(f.step + 1)" : "starting state"), file: file, status: .failed,
                     summary: f.message, input: f.input, expected: f.expected?.result(for: f.input), actual: f.after?.result(for: f.input),
                     tableHeader: ["step", "call", "state"], rows: rows, highlighted: f.element.map { [$0] }))
    }
}
