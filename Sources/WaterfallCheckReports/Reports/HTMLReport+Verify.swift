import Foundation
import WaterfallCheck
import Foundation

extension HTMLReport {
    /// Adds every fixture of a golden run (`verify --html`): passing, skipped and recorded ones
    /// listed, each failing or errored one with its pictures and its difference table.
    ///
    /// Everything comes from the results: a run made with ``GoldenRunner/keepsLayouts`` keeps
    /// each fixture and the engine's answer, so nothing is read or laid out again, and every
    /// count is the text report's. Without kept layouts the failing cases have their tables only.
    /// - Complexity: O(results + elements of the failing fixtures).
    package mutating func add(_ report: VerifyReport) {
        addClaims(report.engine, problems: report.claimProblems + (report.skipWarning.map { [$0] } ?? []))
        addCounts(report.counts)
        for r in report.results {
            switch r.status {
            case .failed, .error:
                if let f = r.lifecycle, let fixture = r.fixture, let steps = fixture.steps {
                    addLifecycle(f, LifecycleCase(input: fixture.input, steps: steps), engine: "engine", name: r.name, file: r.location)
                } else {
                    addCase(Self.failingCase(r))
                }
            default: addCase(Case(name: r.name, file: r.file, status: r.status, summary: r.message))
            }
        }
    }

    /// The "judged with" line of the engine's claims and each claim problem, as notes under the
    /// title (issue 33). Nothing without an engine.
    package mutating func addClaims(_ engine: EngineDescriptor?, problems: [String]) {
        guard let engine else { return }
        notes.insert(EngineClaims.judgedWith(engine), at: 0)
        for p in problems { notes.insert("engine claims: " + p, at: 1) }
    }

    /// The case of a failed or errored fixture, with its layouts when the run kept them.
    static func failingCase(_ r: FixtureResult) -> Case {
        var c = Case(name: r.name, file: r.location, status: r.status, summary: r.message,
                     tableHeader: ["difference", "expected", "actual", "Δ pt", "JSON path"])
        c.rows = rows(r.differences, r.violations)
        c.highlighted = r.differences.compactMap(\.element) + r.failures.flatMap(\.elements)
        c.tolerance = r.tolerance
        guard let fixture = r.fixture else { return c }
        c.input = fixture.input
        switch fixture.expected {
        case .layout(let e)?: c.expected = e
        case .error(let code)?: c.error = "expected the layout error \(code.rawValue)"
        case nil: break
        }
        switch r.answer {
        case .layout(let a)?: c.actual = a
        case .error(let e)?: c.error = [c.error, "the engine answered: \(e)"].compactMap { $0 }.joined(separator: "\n")
        case .unsupported(let reason)?: c.error = [c.error, "the engine answered: unsupported: \(reason)"].compactMap { $0 }.joined(separator: "\n")
        case .fault(let f)?: c.error = [c.error, "the engine answered: \(f)"].compactMap { $0 }.joined(separator: "\n")
        case nil: break
        }
        return c
    }
}

extension HTMLReport {
    /// Adds pending recordings (`review --html`): each drawn as the current expected against the
    /// recording, with the table of changed (or, for a new golden, added) frames and the
    /// invariants it breaks.
    /// Every recording is drawn, and every pending file that could not be read is listed as an
    /// error with its message; the verdict line counts both, and the recordings that break
    /// invariants (which `review` does not accept).
    package mutating func add(_ reviews: [PendingReview], unreadable: [(file: String, error: String)] = []) {
        for u in unreadable {
            addCase(Case(name: u.file, file: u.file, status: .error, summary: "cannot be read", error: u.error))
        }
        for review in reviews {
            var c = Self.failingCase(review.result)
            c.tableHeader = ["change", "current", "pending", "Δ pt", "JSON path"]
            c.rows = Self.rows(review.changes, review.brokenInvariants)
            c.isDetailed = true
            if !review.brokenInvariants.isEmpty {
                c.summary = "breaks \(review.brokenInvariants.count) invariant\(review.brokenInvariants.count == 1 ? "" : "s"): " + review.brokenInvariants[0]
            }
            addCase(c)
        }
        let n = reviews.count + unreadable.count, broken = reviews.filter { !$0.brokenInvariants.isEmpty }.count
        var pending = "\(n) pending recording\(n == 1 ? "" : "s")"
        if !unreadable.isEmpty { pending += "; \(unreadable.count) cannot be read" }
        verdict = broken == 0
            ? Verdict(ok: unreadable.isEmpty, text: pending + "; none breaks an invariant.")
            : Verdict(ok: false, text: pending + "; \(broken) break\(broken == 1 ? "s" : "") invariants (review does not accept \(broken == 1 ? "it" : "them"); 'accept --force' does).")
        indexHeading = "Pending recordings"
    }

    /// Table rows: one per difference (subject, both sides, Δ, JSON path), then one per violation.
    static func rows(_ entries: [LayoutDiff.Entry], _ violations: [String]) -> [[String]] {
        entries.map { d in
            let (e, a) = d.sides
            return [d.subject.description, e, a, d.delta.map(formatDelta) ?? "", d.jsonPath]
        } + violations.map { ["invariant", $0, "", "", ""] }
    }
}
