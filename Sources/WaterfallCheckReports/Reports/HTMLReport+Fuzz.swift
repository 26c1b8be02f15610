import Foundation
import WaterfallCheck
import Foundation

extension HTMLReport {
    /// Adds a fuzzing run (`fuzz --html`): each counterexample as a failing case on its shrunk
    /// input, the engine's frames drawn over the reference engine's (FIXTURE-FORMAT §5, what
    /// the invariants are judged against), the elements the failure names highlighted, and a
    /// table of the failure before and after shrinking. Sets the picture names to `reference`
    /// and the engine's name, and adds the run's figures to ``notes``.
    ///
    /// - Parameters:
    ///   - engine: the fuzzed engine's name.
    ///   - saved: the fixture file each invariant's counterexample was saved to (by invariant
    ///     id), shown in the file column.
    /// - Complexity: O(counterexamples · their elements), plus one reference layout each.
    package mutating func add(_ report: FuzzReport, engine: String, saved: [String: String] = [:]) {
        pictureOptions.expectedName = "reference"
        pictureOptions.actualName = engine
        let counts = report.counts
        notes.append("seed \(report.seed): \(counts.cases) cases: \(counts[.passed]) passed, \(counts[.failed]) failed, "
                     + "\(counts[.skipped]) skipped (unsupported), \(counts[.error]) engine fault(s); "
                     + "\(report.counterexamples.count) invariant(s) failed" + (report.interrupted ? " (interrupted)" : ""))
        addCounts(counts)
        listedFailureNoun = "shrunk counterexample"
        for c in report.counterexamples {
            var error: String?
            var actual: LayoutResult?
            switch c.actual {
            case .layout(let r): actual = r
            case .error(let e): error = "\(engine) answered: \(e)"
            case .unsupported(let reason): error = "\(engine) answered: unsupported: \(reason)"
            case .fault(let f): error = "\(engine) answered: \(f)"
            }
            let size = { (i: LayoutInput) in "\(i.itemCount) item(s) in \(i.sections.count) section(s)" }
            addCase(Case(name: "\(c.invariant) (case \(c.caseIndex))", file: saved[c.invariant], status: .failed, summary: c.failure.message,
                         input: c.input, expected: try? ReferenceLayout.layout(c.input), actual: actual, error: error,
                         tableHeader: ["", "input", "failure"],
                         rows: [["shrunk", size(c.input), c.failure.message],
                                ["original", size(c.originalInput), c.originalFailure.message]],
                         highlighted: c.failure.elements))
        }
    }
}
