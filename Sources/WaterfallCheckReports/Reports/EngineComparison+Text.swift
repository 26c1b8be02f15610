import Foundation
import WaterfallCheck
import Foundation

extension EngineComparison.Report {
    /// The report as `compare` prints it: the counts, then each difference, smallest first, with
    /// its minimal input (one JSON line), both answers side by side and the largest displacement.
    /// - Parameter rows: the most frame rows printed per difference.
    package func text(rows: Int = 40) -> String {
        let p = TextReport.printable
        let at = revisions.map { (" at " + p($0.baseline.label), " at " + p($0.candidate.label)) } ?? ("", "")
        var s = "baseline:  \(p(baseline.name)) \(p(baseline.version))\(at.0)\ncandidate: \(p(candidate.name)) \(p(candidate.version))\(at.1)\n"
        s += "baseline \(p(EngineClaims.judgedWith(baseline)))\ncandidate \(p(EngineClaims.judgedWith(candidate)))\n"
        s += TextReport.claimLines(claimProblems)
        if let w = skipWarning { s += w + "\n" }
        s += "\(cases) case\(cases == 1 ? "" : "s"): \(identical) identical, \(driftCases > 0 ? "\(driftCases) only drift, " : "")\(differingCases) different"
        if differingCases != differences.count { s += " (\(differences.count) distinct difference\(differences.count == 1 ? "" : "s"))" }
        s += ", "
        s += "\(skipped.count) skipped, \(faultingCases) engine fault\(faultingCases == 1 ? "" : "s")\n"
        if driftCases > 0 || differences.contains(where: { $0.verdict != nil }) {
            let placement = differences.filter { $0.verdict?.kind == .placement }.count
            s += "placement: \(placement) placement difference\(placement == 1 ? "" : "s"); \(driftCases) case\(driftCases == 1 ? "" : "s") differ only by drift"
            if driftCases > 0 { s += " (largest \(formatDelta(largestDrift)) pt, in \(p(largestDriftCase)))" }
            if tieCases > 0 { s += ", \(tieCases) of them with a tie the quantum could flip" }
            s += "\n"
        }
        if !skipped.isEmpty {
            s += "skipped: \(skipped.count) case\(skipped.count == 1 ? "" : "s")\n" + TextReport.reasons(skipped.map(\.reason))
        }
        for f in faults {
            // An engine's stderr and reply can hold any byte: escaped, line by line (review A12).
            s += "\nfault in \(p(f.name)) (\(p(f.origin.originDescription))): \(TextReport.printableBlock("\(f.fault)", indent: ""))\n"
            s += "  input: \(CanonicalWriter.compactInput(f.origin.input))\n"
        }
        for (k, f) in differences.enumerated() {
            s += "\ndifference \(k + 1) of \(differences.count): \(f.origin.name) (\(f.origin.originDescription))"
            let before = f.origin.input.itemCount, after = f.minimal.itemCount
            s += f.minimal == f.origin.input ? "\n" : before == after ? ", simplified\n" : ", shrunk from \(before) items to \(after)\n"
            if !f.alsoIn.isEmpty { s += "  the same difference (an equal minimal input, or the same first difference) comes from \(f.alsoIn.count) more case\(f.alsoIn.count == 1 ? "" : "s"): \(f.alsoIn.prefix(8).joined(separator: ", "))\(f.alsoIn.count > 8 ? ", …" : "")\n" }
            s += "  input: \(CanonicalWriter.compactInput(f.minimal))\n"
            s += "  baseline:  \(Self.describe(f.baseline))\n  candidate: \(Self.describe(f.candidate))\n"
            if let v = f.verdict { s += "  verdict: \(v.summary)\n" }
            if let d = f.difference.largestDelta, case .layout(let a) = f.baseline, case .layout(let b) = f.candidate {
                let frames = f.difference.count
                s += "  largest displacement: \(formatPoints(d)) pt (tolerance \(f.tolerance) pt); \(frames) frame\(frames == 1 ? "" : "s") differ\(frames == 1 ? "s" : "")\n"
                for line in f.columnSentences.prefix(3) { s += "  \(line)\n" }
                if f.columnSentences.count > 3 { s += "  ... and \(f.columnSentences.count - 3) more item(s) in another column\n" }
                let all = LayoutDiff(expected: a, actual: b, tolerance: f.tolerance, keepingMatches: true)
                s += TextReport.table(all.entries, rows: rows, indent: "  ", headers: ["element", "baseline", "candidate", "Δ"], marked: true)
            }
        }
        return s
    }

    private static func describe(_ a: EngineAnswer) -> String {
        switch a {
        case .layout: return a.summary
        case .error(let e): return "error \(e.code.rawValue)" + (e.message.isEmpty ? "" : " (\(TextReport.printable(e.message)))")
        case .unsupported(let reason): return "unsupported (\(TextReport.printable(reason)))"
        case .fault(let f): return TextReport.printableBlock("\(f)", indent: "")
        }
    }
}

extension EngineComparison.Finding {
    /// Each differing item that the candidate put in another column than the baseline, in words:
    /// `item 0.0 went to column 2 in the candidate, column 0 in the baseline: ...`.
    package var columnSentences: [String] {
        difference.differences.compactMap { d in
            d.columns(in: minimal).map { _ in d.sentence(input: minimal, expectedName: "baseline", actualName: "candidate") }
        }
    }
}
