import Foundation
import WaterfallCheck
import Foundation

/// The human-readable report `verify` and `record` print: per failing fixture its location and
/// first difference in one sentence, then a capped table of differing elements; a total line.
package enum TextReport {
    /// Table rows shown per fixture before `... and N more`.
    package static let defaultRows = 10

    /// Every failed, errored and recorded fixture (passed, checked and skipped ones are only counted),
    /// then the summary line. Ends with a newline. An error whose message continues with the same
    /// lines as an earlier one (an engine's stderr: a stub that faults on every fixture printed
    /// its traceback 32 times) gets its first line only, naming the fixture that showed them.
    package static func render(_ report: VerifyReport, rows: Int = defaultRows) -> String {
        var out = report.engine.map { printable(EngineClaims.judgedWith($0)) + "\n" } ?? ""
        out += claimLines(report.claimProblems)
        var shownTails: [Substring: String] = [:]
        for var r in report.results where r.status != .passed && r.status != .checked && r.status != .skipped {
            if r.status == .error { r.message = once(r.message, label: r.file, shown: &shownTails) }
            out += render(r, rows: rows)
        }
        // Skipped fixtures are only counted above; why, in a few lines (the summary said "42 skipped" and no more).
        let skips = report.results.filter { $0.status == .skipped }.map(\.message)
        if !skips.isEmpty { out += "skipped: \(skips.count) fixture\(skips.count == 1 ? "" : "s")\n" + reasons(skips) }
        // A disabled fixture is named each time: switched off by hand, it must not be forgotten.
        for r in report.results where r.isDisabled { out += "DISABLED \(printable(r.file)): \(printable(String(r.message.dropFirst(FixtureResult.disabledPrefix.count))))\n" }
        if report.nothingChecked {
            out += report.results.isEmpty ? "nothing was checked: no fixtures\n" : "nothing was checked: every fixture was skipped\n"
        }
        if let w = report.skipWarning { out += w + "\n" }
        // Passes of an engine with a length quantum whose frames drifted (PlacementVerdict).
        let drifted = report.results.compactMap { r in r.status == .passed ? r.placement : nil }
        if let largest = drifted.map(\.largestDrift).max() {
            let ties = drifted.filter { $0.kind == .tie }.count
            out += "placement: \(drifted.count) passed fixture\(drifted.count == 1 ? "" : "s") differ only by drift (largest \(formatDelta(largest)) pt)"
                + (ties > 0 ? ", \(ties) with a tie the quantum could flip" : "") + "\n"
        }
        return out + report.summary + "\n"
    }

    /// `FAIL engine claims: ...` lines, one per claim beyond the allowed set or the bounds.
    package static func claimLines(_ problems: [String]) -> String {
        problems.map { "FAIL engine claims: " + printable($0) + "\n" }.joined()
    }

    /// `message`, or its first line and `(then as for LABEL above)` when its further lines (an
    /// engine's stderr tail) are those of a message already in `shown`, which maps each tail to
    /// the label it was first printed under. A one-line message is returned as it is.
    package static func once(_ message: String, label: String, shown: inout [Substring: String]) -> String {
        guard let newline = message.firstIndex(of: "\n") else { return message }
        let tail = message[newline...]
        if let first = shown[tail] { return "\(message[..<newline]) (then as for \(first) above)" }
        shown[tail] = label
        return message
    }

    /// Reasons (why cases were skipped) one line each, `  3 × reason`, most frequent first, at
    /// most `limit` lines then `  ... and N more, for K other reason(s)`. Reasons that differ only
    /// in their numbers (a layout's length) are one group, shown with the range of each number
    /// that differs (`needs 212000 to 340000 pt`; each had its own group). Empty for no reasons.
    /// - Complexity: O(total length of the reasons + groups · log groups).
    package static func reasons(_ reasons: [String], limit: Int = 5) -> String {
        var members: [String: [String]] = [:]
        for reason in reasons { members[numbersElided(reason), default: []].append(reason) }
        // Each group once, its numbers kept where they agree and ranged where they differ.
        let groups = members.values.map { (count: $0.count, reason: WaterfallCheckJudge.numbersRanged($0)) }
        let sorted = groups.sorted { ($1.count, $0.reason) < ($0.count, $1.reason) }
        var out = ""
        for g in sorted.prefix(limit) { out += "  \(g.count) × \(printable(g.reason))\n" }
        if sorted.count > limit { out += "  ... and \(sorted.dropFirst(limit).reduce(0) { $0 + $1.count }) more, for \(sorted.count - limit) other reason(s)\n" }
        return out
    }

    /// ``WaterfallCheckJudge/numbersElided(_:)``: the key that groups reasons differing only in numbers.
    static func numbersElided(_ reason: String) -> String { WaterfallCheckJudge.numbersElided(reason) }

    /// One fixture: `FAIL path:line:col: sentence`, then the difference table or the violations.
    /// Empty for a passed fixture.
    package static func render(_ r: FixtureResult, rows: Int = defaultRows) -> String {
        let tag: String
        switch r.status {
        case .passed, .checked: return ""
        case .failed: tag = "FAIL"
        case .error: tag = "ERROR"
        case .skipped: tag = "SKIP"
        case .recorded: tag = "RECORDED"
        }
        var out = "\(tag) \(printable(FixtureError.abbreviated(r.location))): \(printableBlock(FixtureError.abbreviated(r.message)))\n"
        if !r.differences.isEmpty { out += table(r.differences, rows: rows, indent: "  ") }
        for v in r.violations.prefix(rows) { out += "  \(v)\n" }
        if r.violations.count > rows { out += "  ... and \(r.violations.count - rows) more\n" }
        return out
    }

    /// `text` with control characters (C0, DEL, C1) shown as `\u{1B}`-style escapes, so a hostile
    /// file name cannot drive the terminal. Everything else, non-ASCII included, is kept.
    package static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for u in text.unicodeScalars {
            if isControl(u) { out += "\\u{\(String(u.value, radix: 16, uppercase: true))}" } else { out.unicodeScalars.append(u) }
        }
        return out
    }

    /// A message of several lines as an indented block: its first line as it is, each further
    /// line on its own line indented by `indent`, every line through ``printable(_:)`` (so a
    /// line break in an engine's stderr tail reads as one, not as `\u{A}`, and no line of it can
    /// start at the margin and pass for the harness's own).
    package static func printableBlock(_ text: String, indent: String = "    ") -> String {
        guard text.contains("\n") else { return printable(text) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { printable(String($0)) }
        var out = lines[0]
        for line in lines.dropFirst() { out += "\n" + indent + line }
        return out
    }

    private static func isControl(_ u: Unicode.Scalar) -> Bool { u.value < 0x20 || (0x7F...0x9F).contains(u.value) }

    /// A table of `element | expected | actual | delta` over diff entries, at most `rows` rows
    /// then `... and N more`; missing sides and non-geometric deltas print as `-`. The one text
    /// table of `verify`, `record`, `review` and `compare`.
    /// - Parameters:
    ///   - headers: the four column titles (`review` says `current`, `pending`; `compare` says
    ///     `baseline`, `candidate`).
    ///   - marked: adds a first column with `*` on entries that differ, for tables that list
    ///     matching entries too (``LayoutDiff/init(expected:actual:tolerance:keepingMatches:)``).
    package static func table(_ entries: [LayoutDiff.Entry], rows: Int = defaultRows, indent: String = "",
                             headers: [String] = ["element", "expected", "actual", "delta"], marked: Bool = false) -> String {
        var cells = [(marked ? [""] : []) + headers]
        for d in entries.prefix(rows) {
            let (e, a) = d.sides
            cells.append((marked ? [d.change == .same ? "" : "*"] : []) + [d.subject.description, e, a, d.delta.map(formatDelta) ?? "-"])
        }
        let columns = cells[0].count
        let widths = (0..<columns).map { c in cells.map { $0[c].count }.max()! }
        var out = ""
        for row in cells {
            let line = zip(row, widths).enumerated().map { i, cw in
                i == columns - 1 ? cw.0 : cw.0.padding(toLength: cw.1, withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
            out += indent + line + "\n"
        }
        if entries.count > rows { out += "\(indent)... and \(entries.count - rows) more\n" }
        return out
    }
}
