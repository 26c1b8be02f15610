import Foundation

extension HTMLReport {
    /// Adds every fixture of a golden run (`verify --html`): passing, skipped and recorded ones
    /// listed, each failing or errored one with its pictures and its difference table.
    ///
    /// A ``FixtureResult`` keeps no frames, so each failing fixture is read again and laid out
    /// again with a fresh engine from `makeEngine` (only failures: the cost is that of the
    /// failures, not of the run). The highlighted elements are the run's own differences.
    ///
    /// - Parameters:
    ///   - tolerance: the command line's `--tolerance`, else each fixture's, else 0.001 pt
    ///     (FIXTURE-FORMAT §7), for the pictures' idea of "moved" where the run named nothing.
    /// - Complexity: O(results + elements of the failing fixtures).
    public mutating func add(_ report: VerifyReport, engine makeEngine: () -> LayoutEngine, tolerance: CGFloat?) {
        for r in report.results {
            switch r.status {
            case .passed: addCase(Case(name: r.name, file: r.file, status: .passed, summary: r.message))
            case .skipped: addCase(Case(name: r.name, file: r.file, status: .skipped, summary: r.message))
            case .recorded: addCase(Case(name: r.name, file: r.file, status: .passed, summary: "recorded" + (r.message.isEmpty ? "" : ": " + r.message)))
            case .failed, .error: addCase(Self.failingCase(r, engine: makeEngine, tolerance: tolerance))
            }
        }
    }

    /// The case of a failed or errored fixture, with its layouts when it can be read and run.
    static func failingCase(_ r: FixtureResult, engine makeEngine: () -> LayoutEngine, tolerance: CGFloat?) -> Case {
        var c = Case(name: r.name, file: r.location, status: r.status == .failed ? .failed : .error, summary: r.message,
                     tableHeader: ["difference", "expected", "actual", "Δ pt", "JSON path"])
        c.rows = r.differences.map { d in
            let (e, a) = d.sides
            return [d.subject.description, e, a, d.delta.map(formatDelta) ?? "", d.jsonPath]
        } + r.violations.map { ["invariant", $0, "", "", ""] }
        c.highlighted = r.differences.compactMap { if case .element(let id) = $0.subject { return id } else { return nil } }
        guard let fixture = try? FixtureReader.read(contentsOf: r.url) else { return c }
        c.input = fixture.input
        c.tolerance = tolerance ?? fixture.tolerance ?? Fixture.defaultTolerance
        switch fixture.expected {
        case .layout(let e)?: c.expected = e
        case .error(let code)?: c.error = "expected the layout error \(code.rawValue)"
        case nil: break
        }
        do { c.actual = try makeEngine().layout(fixture.input) } catch {
            c.error = [c.error, "the engine answered: \(error)"].compactMap { $0 }.joined(separator: "\n")
        }
        return c
    }
}
