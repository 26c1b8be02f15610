import Foundation
import WaterfallCheck
import Foundation

/// How many cases of a run ended in each ``CaseStatus``: the one source of every count a report
/// prints. The text, the JSON summary, the JUnit totals and the HTML counts table of a run all
/// read the same value (``VerifyReport/counts``, ``FuzzReport/counts``,
/// ``EngineComparison/Report/counts``), so they cannot disagree.
package struct RunCounts: Hashable, Sendable {
    /// Every case of the run, once.
    package var cases: Int
    /// Cases per status; each case has exactly one. A status absent here has none.
    package var byStatus: [CaseStatus: Int]

    package init(cases: Int = 0, byStatus: [CaseStatus: Int] = [:]) {
        self.cases = cases; self.byStatus = byStatus
    }

    /// The cases with `status`.
    package subscript(_ status: CaseStatus) -> Int { byStatus[status, default: 0] }

    /// Counts one case with `status`.
    package mutating func add(_ status: CaseStatus, _ n: Int = 1) {
        cases += n
        byStatus[status, default: 0] += n
    }

    /// Both runs' counts together.
    package static func + (a: RunCounts, b: RunCounts) -> RunCounts {
        RunCounts(cases: a.cases + b.cases, byStatus: a.byStatus.merging(b.byStatus, uniquingKeysWith: +))
    }

    /// The failed and errored cases.
    package var failing: Int { self[.failed] + self[.error] }
}

extension VerifyReport {
    /// One count per fixture result.
    package var counts: RunCounts {
        var c = RunCounts()
        for r in results { c.add(r.status) }
        return c
    }
}

extension FuzzReport {
    /// One count per generated case: `error` when the engine faulted, `failed` when the case broke
    /// an invariant, `skipped` when the engine answered `unsupported`, else `passed`. A case
    /// breaking several invariants is one failed case (``failingCases`` counts per invariant).
    package var counts: RunCounts {
        var c = RunCounts()
        c.add(.error, engineFaultCases)
        c.add(.failed, failedCases)
        c.add(.skipped, skippedPassingCases)
        c.add(.passed, max(0, cases - engineFaultCases - failedCases - skippedPassingCases))
        return c
    }
}

extension EngineComparison.Report {
    /// One count per case compared: `passed` identical, `failed` different (a one-sided fault is
    /// a difference), `error` both engines faulted (or every case faulted), `skipped`.
    package var counts: RunCounts {
        var c = RunCounts()
        c.add(.passed, identical)
        c.add(.failed, differingCases)
        c.add(.error, faults.count)
        c.add(.skipped, skipped.count)
        return c
    }
}
