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
        pictureOptions.expectedName = "fresh layout object"
        pictureOptions.actualName = engine
        let f = cx.finding
        var before = cx.lifecycle.input
        for step in cx.lifecycle.steps.prefix(max(0, f.step)) { before = (try? before.applying(step)) ?? before }
        let rows = cx.lifecycle.steps.enumerated().map { k, step in
            ["\(k + 1)", describe(step), k == f.step ? "departs here" : k < f.step ? "agrees" : "not reached"]
        }
        listedFailureNoun = "lifecycle counterexample"
        if f.step >= 0, let b = f.before {
            var c = Case(name: "lifecycle \(f.key): before step \(f.step + 1)", file: saved, status: .failed,
                         summary: "the object's answers before \(describe(cx.lifecycle.steps[f.step]))",
                         input: before, actual: b.result(for: before))
            c.isDetailed = true
            addCase(c)
        }
        addCase(Case(name: "lifecycle \(f.key): " + (f.step >= 0 ? "after step \(f.step + 1)" : "starting state"), file: saved, status: .failed,
                     summary: f.message, input: f.input, expected: f.expected?.result(for: f.input), actual: f.after?.result(for: f.input),
                     tableHeader: ["step", "call", "state"], rows: rows, highlighted: f.element.map { [$0] }))
    }
}
