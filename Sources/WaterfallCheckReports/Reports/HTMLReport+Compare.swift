import Foundation
import WaterfallCheck
import Foundation

extension HTMLReport {
    /// Adds an engine comparison (`compare --html`): each difference as a failing case drawn
    /// baseline (dashed) over candidate (filled) on its minimal input, each fault as an error,
    /// each skip listed, identical cases counted (``unlistedPassed``). Sets the picture names
    /// to `baseline` and `candidate`.
    /// - Complexity: O(findings + their elements).
    package mutating func add(_ report: EngineComparison.Report) {
        pictureOptions.expectedName = "baseline"
        pictureOptions.actualName = "candidate"
        addClaims(report.candidate, problems: report.claimProblems + (report.skipWarning.map { [$0] } ?? []))
        notes[0] = "candidate " + notes[0]
        notes.insert("baseline " + EngineClaims.judgedWith(report.baseline), at: 0)
        addCounts(report.counts)
        listedFailureNoun = "distinct difference"
        for f in report.differences { addCase(Self.compareCase(f)) }
        for f in report.faults { addCase(Case(name: f.name, status: .error, summary: "engine fault", error: "\(f.fault)")) }
        for (name, reason) in report.skipped { addCase(Case(name: name, status: .skipped, summary: reason)) }
    }

    /// The case of one difference between two engines.
    static func compareCase(_ f: EngineComparison.Finding) -> Case {
        func problem(_ side: String, _ a: EngineAnswer) -> String? {
            switch a {
            case .layout: return nil
            case .error(let e): return "\(side): error \(e.code.rawValue)" + (e.message.isEmpty ? "" : " (\(e.message))")
            case .unsupported(let reason): return "\(side): unsupported (\(reason))"
            case .fault(let fault): return "\(side): \(fault)"
            }
        }
        let shrunk = f.minimal == f.origin.input ? "" : ", shrunk from \(f.origin.input.itemCount) items to \(f.minimal.itemCount)"
        var summary = "\(f.origin.originDescription)\(shrunk): baseline \(f.baseline.summary), candidate \(f.candidate.summary)"
        if let first = f.columnSentences.first { summary += "; " + first }
        else if let d = f.difference.largestDelta { summary += "; largest displacement \(formatPoints(d)) pt" }
        // The other cases that showed it, so every counted difference can be found (the first 50).
        if !f.alsoIn.isEmpty {
            summary += "; the same difference in \(f.alsoIn.count) more case\(f.alsoIn.count == 1 ? "" : "s"): "
                + f.alsoIn.prefix(50).joined(separator: ", ") + (f.alsoIn.count > 50 ? ", … (every one in --json)" : "")
        }
        let errors = [problem("baseline", f.baseline), problem("candidate", f.candidate)].compactMap { $0 }
        let rows = f.difference.differences.map { d in
            [d.subject.description, d.sides.expected, d.sides.actual, d.delta.map(formatDelta) ?? ""]
        }
        var file: String?
        if case .fixture(let path) = f.origin.origin { file = path }
        return Case(name: f.origin.name, file: file, status: .failed, summary: summary, input: f.minimal,
                    expected: f.baseline.result, actual: f.candidate.result,
                    error: errors.isEmpty ? nil : errors.joined(separator: "\n"),
                    tableHeader: ["element", "baseline", "candidate", "Δ pt"], rows: rows,
                    highlighted: f.difference.differences.compactMap(\.element), tolerance: f.tolerance)
    }
}
