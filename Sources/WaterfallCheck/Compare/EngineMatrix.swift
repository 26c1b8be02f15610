import Foundation

/// `compare` over more than two engines at once (docs/web-engines.md, *Cross-engine matrix*):
/// every engine lays out every case it can express, each answer is judged against §5 (the
/// reference layout of FIXTURE-FORMAT §5) at placement level with the engine's own length quantum
/// (``PlacementVerdict``: drift and quantum ties are agreement), and each case says which engines
/// agree: with §5, and with each other where they depart from it.
///
/// An engine that does not declare a feature the case uses, or whose limits refuse it (a tie
/// break it does not implement, a length past its largest), is *skipped* for that case, not
/// judged. One engine per column; engines are used from one thread (no workers: browsers are
/// the cost, and each batches its layouts, ``LayoutEngine/prefetch(_:)``).
package struct EngineMatrix {
    package let engines: [LayoutEngine]
    package var tolerance: Tolerance

    /// - Parameter engines: two or more engines, each used from this thread only.
    package init(engines: [LayoutEngine], tolerance: Tolerance = .default) {
        self.engines = engines
        self.tolerance = tolerance
    }

    /// One engine's outcome on one case.
    package enum Outcome: Hashable, Sendable {
        /// Not judged: the engine cannot express the case (the reason).
        case skipped(String)
        /// Frames that agree with §5 (same, drift, or a quantum tie).
        case agrees(PlacementVerdict.Kind)
        /// Frames that depart from §5: the verdict's kind, its summary, and each item's column
        /// (the key two departing engines are compared by).
        case departs(PlacementVerdict.Kind, summary: String, columns: [[Int]])
        /// A §6 error code: agrees when §5 gives the same code.
        case error(String, agrees: Bool)
        /// A crash, hang or malformed answer.
        case fault(String)

        /// Whether the engine agrees with §5 (skipped counts as neither).
        package var agrees: Bool {
            switch self {
            case .agrees: return true
            case .error(_, let a): return a
            default: return false
            }
        }
        package var isSkipped: Bool { if case .skipped = self { return true }; return false }

        /// One line: `agrees (drift)`, `placement: item 0.1 ...`, `skipped: ...`.
        package var summary: String {
            switch self {
            case .skipped(let why): return "skipped: \(why)"
            case .agrees(let k): return k == .same ? "agrees" : "agrees (\(k))"
            case .departs(_, let s, _): return s
            case .error(let code, let a): return "error \(code)" + (a ? "" : " (§5 differs)")
            case .fault(let m): return "fault: \(m)"
            }
        }

        /// What two engines must share to agree with each other.
        var key: String {
            switch self {
            case .skipped: return "skipped"
            case .agrees: return "§5"
            case .departs(let k, _, let columns): return "\(k) \(columns)"
            case .error(let code, let a): return a ? "§5" : "error \(code)"
            case .fault: return "fault"
            }
        }
    }

    /// One case across the engines.
    package struct Row: Sendable {
        package var name: String
        package var input: LayoutInput
        /// §5's answer (the reference layout).
        package var spec: EngineAnswer
        /// Each engine's answer and outcome, in ``EngineMatrix/engines`` order.
        package var answers: [EngineAnswer]
        package var outcomes: [Outcome]
        /// The engines (indices) that were judged, grouped by what they answered: the group that
        /// agrees with §5 first (possibly empty), then each departing answer shared by one or more.
        package var groups: [[Int]]
        /// Whether a judged engine departs from §5.
        package var differs: Bool { outcomes.contains { !$0.isSkipped && !$0.agrees } }
    }

    /// The whole run.
    package struct Report: Sendable {
        /// `name version` of each engine.
        package var engines: [String]
        package var rows: [Row]
        /// Per engine: cases judged, agreeing with §5, departing, skipped.
        package var judged, agreeing, departing, skipped: [Int]
        /// The differing cases, one per distinct difference (which engines depart, and how), with
        /// how many cases share it; in case order.
        package var differences: [(row: Row, count: Int)]
    }

    /// Runs every engine over `cases` (announcing them to batching engines first).
    /// - Complexity: O(cases · engines) layouts, plus the reference layout and a verdict per
    ///   answer (O(items · columns)).
    package func run(_ cases: [CompareCase], progress: ((Int) -> Void)? = nil) -> Report {
        let reference = ReferenceEngine()
        var rows: [Row] = []
        let chunk = 64
        var start = 0
        while start < cases.count {
            let range = start..<min(start + chunk, cases.count)
            for engine in engines where engine.pipelineWindow > 1 {
                engine.prefetch(cases[range].map { .layout($0.input) })
            }
            for i in range {
                rows.append(row(cases[i], reference: reference))
            }
            start = range.upperBound
            progress?(start)
        }
        var report = Report(engines: engines.map { "\($0.descriptor.name) \($0.descriptor.version)".trimmingCharacters(in: .whitespaces) },
                            rows: rows, judged: [], agreeing: [], departing: [], skipped: [], differences: [])
        for e in engines.indices {
            let outcomes = rows.map { $0.outcomes[e] }
            report.skipped.append(outcomes.filter(\.isSkipped).count)
            report.judged.append(outcomes.count - report.skipped[e])
            report.agreeing.append(outcomes.filter(\.agrees).count)
            report.departing.append(report.judged[e] - report.agreeing[e])
        }
        var seen: [String: Int] = [:]
        for r in rows where r.differs {
            let signature = r.outcomes.enumerated().filter { !$0.element.isSkipped && !$0.element.agrees }
                .map { "\($0.offset):\(Self.kindName($0.element))" }.joined(separator: ",")
            if let at = seen[signature] { report.differences[at].count += 1 } else {
                seen[signature] = report.differences.count
                report.differences.append((r, 1))
            }
        }
        return report
    }

    private static func kindName(_ o: Outcome) -> String {
        switch o {
        case .departs(let k, _, _): return "\(k)"
        case .error(let c, _): return "error \(c)"
        case .fault: return "fault"
        default: return ""
        }
    }

    /// One case: §5, every engine's answer, the outcomes and the groups.
    func row(_ c: CompareCase, reference: ReferenceEngine) -> Row {
        let tol = Tolerance.resolve(explicit: tolerance, fixture: c.tolerance)
        let spec = reference.answer(c.input)
        var answers: [EngineAnswer] = []
        var outcomes: [Outcome] = []
        for engine in engines {
            let a = engine.answer(c.input)
            answers.append(a)
            outcomes.append(Self.judge(a, spec: spec, input: c.input, quantum: engine.descriptor.limits.lengthQuantum, tolerance: tol))
        }
        var groups: [[Int]] = [[]]
        var byKey: [String: Int] = [:]
        for (i, o) in outcomes.enumerated() where !o.isSkipped {
            if o.agrees { groups[0].append(i); continue }
            if let g = byKey[o.key] { groups[g].append(i) } else { byKey[o.key] = groups.count; groups.append([i]) }
        }
        return Row(name: c.name, input: c.input, spec: spec, answers: answers, outcomes: outcomes, groups: groups)
    }

    /// Judges one answer against §5's.
    static func judge(_ a: EngineAnswer, spec: EngineAnswer, input: LayoutInput, quantum: CGFloat, tolerance: Tolerance) -> Outcome {
        switch (a, spec) {
        case (.unsupported(let why), _): return .skipped(why)
        case (.fault(let f), _): return .fault("\(f.kind): \(f.message)")
        case (.error(let e), .error(let s)): return .error(e.code.rawValue, agrees: e.code == s.code)
        case (.error(let e), _): return .error(e.code.rawValue, agrees: false)
        case (.layout, .error(let s)): return .departs(.placement, summary: "frames where §5 gives error \(s.code.rawValue)", columns: [])
        case (.layout(let r), .layout(let e)):
            if r == e { return .agrees(.same) }
            let v = PlacementVerdict(input: input, expected: e, actual: r, quantum: quantum, tolerance: tolerance)
            if v.agrees { return .agrees(v.kind) }
            return .departs(v.kind, summary: v.summary, columns: columns(r, input: input))
        case (.layout, _): return .skipped("§5 does not answer")
        }
    }

    /// Each item's column (its x's nearest column origin), section by section.
    static func columns(_ r: LayoutResult, input: LayoutInput) -> [[Int]] {
        let s = input.layout
        return zip(input.sections, r.sections).map { section, frames in
            let I = input.sectionInset(of: section)
            let n = input.columnCount(of: section)
            let w = (s.containerWidth - I.left - I.right - CGFloat(n - 1) * s.columnSpacing) / CGFloat(n)
            let stride = w + s.columnSpacing
            return frames.items.map { f in stride > 0 ? Int(((f.minX - I.left) / stride).rounded()) : 0 }
        }
    }
}

extension EngineMatrix.Report {
    /// The plain-text report: the engines, per engine the counts, then each distinct difference
    /// with which engines agree with §5, which depart (and with whom), and which were skipped.
    package func text(limit: Int = 50) -> String {
        var out = "engines: " + engines.joined(separator: " | ") + "\n"
        let differing = rows.filter(\.differs).count
        out += "\(rows.count) cases: \(rows.count - differing) where every judged engine agrees with §5, \(differing) with a difference (\(differences.count) distinct)\n"
        let width = engines.map(\.count).max() ?? 0
        for (i, name) in engines.enumerated() {
            out += "  \(name.padding(toLength: width, withPad: " ", startingAt: 0))  judged \(judged[i]), agree \(agreeing[i]), depart \(departing[i]), skipped \(skipped[i])\n"
        }
        func names(_ ids: [Int]) -> String { ids.map { engines[$0] }.joined(separator: ", ") }
        for (k, d) in differences.prefix(limit).enumerated() {
            let r = d.row
            out += "\ndifference \(k + 1) of \(differences.count): \(r.name)" + (d.count > 1 ? " (and \(d.count - 1) more cases like it)" : "") + "\n"
            out += "  input: \(CanonicalWriter.compactInput(r.input))\n"
            out += "  §5: \(r.spec.summary)\n"
            out += "  agree with §5: " + (r.groups[0].isEmpty ? "none" : names(r.groups[0])) + "\n"
            for g in r.groups.dropFirst() {
                out += "  " + (g.count > 1 ? "agree with each other, not §5" : "departs") + ": \(names(g)): \(r.outcomes[g[0]].summary)\n"
            }
            let skippedHere = r.outcomes.indices.filter { r.outcomes[$0].isSkipped }
            if !skippedHere.isEmpty { out += "  skipped: \(names(skippedHere))\n" }
        }
        if differences.count > limit { out += "\n(\(differences.count - limit) more distinct differences in the JSON report)\n" }
        return out
    }
}

extension EngineMatrix.Report {
    /// The JSON report: `{"engines": [...], "cases": N, "perEngine": [{judged, agree, depart,
    /// skipped}], "differences": [{"name", "count", "input", "spec", "outcomes": [...],
    /// "groups": [[engine index, ...], ...]}]}`; `groups[0]` is the engines that agree with §5.
    package func json() -> String {
        var out = "{\"engines\":[" + engines.map(JSONWriter.quoted).joined(separator: ",") + "],\"cases\":\(rows.count),\"perEngine\":["
        out += engines.indices.map { "{\"judged\":\(judged[$0]),\"agree\":\(agreeing[$0]),\"depart\":\(departing[$0]),\"skipped\":\(skipped[$0])}" }
            .joined(separator: ",")
        out += "],\"differences\":["
        out += differences.map { d in
            "{\"name\":\(JSONWriter.quoted(d.row.name)),\"count\":\(d.count),\"input\":\(CanonicalWriter.compactInput(d.row.input)),"
                + "\"spec\":\(JSONWriter.quoted(d.row.spec.summary)),\"outcomes\":[" + d.row.outcomes.map { JSONWriter.quoted($0.summary) }.joined(separator: ",")
                + "],\"groups\":[" + d.row.groups.map { "[" + $0.map(String.init).joined(separator: ",") + "]" }.joined(separator: ",") + "]}"
        }.joined(separator: ",")
        return out + "]}\n"
    }
}
