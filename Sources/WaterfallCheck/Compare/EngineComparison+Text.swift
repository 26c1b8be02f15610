import Foundation

extension EngineComparison.Report {
    /// The report as `compare` prints it: the counts, then each difference, smallest first, with
    /// its minimal input (one JSON line), both answers side by side and the largest displacement.
    /// - Parameter rows: the most frame rows printed per difference.
    public func text(rows: Int = 40) -> String {
        let p = TextReport.printable
        var s = "baseline:  \(p(baseline.name)) \(p(baseline.version))\ncandidate: \(p(candidate.name)) \(p(candidate.version))\n"
        s += "\(cases) case\(cases == 1 ? "" : "s"): \(identical) identical, \(differingCases) different"
        if differingCases != differences.count { s += " (\(differences.count) distinct minimal input\(differences.count == 1 ? "" : "s"))" }
        s += ", "
        s += "\(skipped.count) skipped, \(faults.count) engine fault\(faults.count == 1 ? "" : "s")\n"
        if !skipped.isEmpty {
            var groups: [String: Int] = [:]
            for (_, reason) in skipped { groups[reason, default: 0] += 1 }
            s += "skipped: " + groups.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(5)
                .map { "\($0.value) × \($0.key)" }.joined(separator: "; ") + (groups.count > 5 ? "; …" : "") + "\n"
        }
        for f in faults {
            s += "\nfault in \(f.name) (\(f.origin.originDescription)): \(f.fault)\n"
            s += "  input: \(CanonicalWriter.compactInput(f.origin.input))\n"
        }
        for (k, f) in differences.enumerated() {
            s += "\ndifference \(k + 1) of \(differences.count): \(f.origin.name) (\(f.origin.originDescription))"
            let before = f.origin.input.itemCount, after = f.minimal.itemCount
            s += f.minimal == f.origin.input ? "\n" : before == after ? ", simplified\n" : ", shrunk from \(before) items to \(after)\n"
            if !f.alsoIn.isEmpty { s += "  the same minimal input comes from \(f.alsoIn.count) more case\(f.alsoIn.count == 1 ? "" : "s"): \(f.alsoIn.prefix(8).joined(separator: ", "))\(f.alsoIn.count > 8 ? ", …" : "")\n" }
            s += "  input: \(CanonicalWriter.compactInput(f.minimal))\n"
            s += "  baseline:  \(Self.describe(f.baseline))\n  candidate: \(Self.describe(f.candidate))\n"
            if let d = f.difference.largestDisplacement {
                let frames = f.difference.moved.count + f.difference.unmatched.count
                s += "  largest displacement: \(formatPoints(d)) pt (tolerance \(CanonicalWriter.number(f.tolerance)) pt); \(frames) frame\(frames == 1 ? "" : "s") differ\(frames == 1 ? "s" : "")\n"
                s += Self.table(f, rows: rows)
            }
        }
        return s
    }

    private static func describe(_ a: EngineAnswer) -> String {
        switch a {
        case .layout: return a.summary
        case .error(let e): return "error \(e.code.rawValue)" + (e.message.isEmpty ? "" : " (\(e.message))")
        case .fault(let f): return "\(f)"
        }
    }

    /// Every element of both layouts in document order, differing ones marked `*`.
    private static func table(_ f: EngineComparison.Finding, rows limit: Int) -> String {
        guard case .layout(let a) = f.baseline, case .layout(let b) = f.candidate else { return "" }
        var left: [ElementID: CGRect] = [:], right: [ElementID: CGRect] = [:]
        for e in a.elements { left[e.id] = left[e.id] ?? e.frame }
        for e in b.elements { right[e.id] = right[e.id] ?? e.frame }
        let differing = Set(f.difference.moved.compactMap(\.id) + f.difference.unmatched.map(\.id))
        var lines: [[String]] = [["", "", "baseline", "candidate", "Δ"]]
        let sizeMoved = f.difference.moved.contains { $0.id == nil }
        lines.append([sizeMoved ? "*" : "", "contentSize", "[\(formatPoints(a.contentSize.width)), \(formatPoints(a.contentSize.height))]",
                      "[\(formatPoints(b.contentSize.width)), \(formatPoints(b.contentSize.height))]",
                      formatPoints(max(abs(a.contentSize.width - b.contentSize.width), abs(a.contentSize.height - b.contentSize.height)))])
        for id in Set(left.keys).union(right.keys).sorted() {
            let l = left[id], r = right[id]
            let delta = l.flatMap { l in r.map { r in max(abs(l.minX - r.minX), abs(l.minY - r.minY), abs(l.width - r.width), abs(l.height - r.height)) } }
            lines.append([differing.contains(id) ? "*" : "", id.description, l?.shortDescription ?? "(none)",
                          r?.shortDescription ?? "(none)", delta.map(formatPoints) ?? "-"])
        }
        let shown = lines.prefix(limit + 1)
        let widths = (0..<5).map { c in shown.map { $0[c].count }.max() ?? 0 }
        var s = shown.map { cells in
            var line = "  " + zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }.joined(separator: "\n") + "\n"
        if lines.count > shown.count { s += "  … \(lines.count - shown.count) more\n" }
        return s
    }
}
