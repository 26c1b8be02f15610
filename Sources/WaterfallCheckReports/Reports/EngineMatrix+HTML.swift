import Foundation
import WaterfallCheck

extension EngineMatrix.Report {
    /// A self-contained HTML page of the matrix (`compare --engines ... --html DIR` writes it as
    /// `DIR/index.html`): the per-engine counts, then each distinct difference with the engines side
    /// by side: §5's layout first, then each engine's frames drawn to the same width with its
    /// outcome (agrees, departs and how, skipped), the engines that agree with §5 marked.
    /// - Complexity: O(total frames of the listed differences).
    package func html(limit: Int = 50) -> String {
        let e = { (s: String) in Markup.escape(s) }
        var out = """
        <!doctype html><html><head><meta charset="utf-8"><title>waterfall-check: cross-engine matrix</title>
        <style>body{font:14px system-ui,sans-serif;margin:1.5em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;vertical-align:top}
        .agree{background:#eef8ee}.depart{background:#fdecea}.skip{color:#888}.row{display:flex;gap:12px;overflow-x:auto}
        .cell{min-width:200px;max-width:260px}.cell h4{margin:4px 0;font-size:13px}code{font-size:12px;word-break:break-all}</style></head><body>
        <h1>Cross-engine matrix</h1><p>\(rows.count) cases, \(rows.filter(\.differs).count) with a difference (\(differences.count) distinct).</p>
        <table><tr><th>engine</th><th>judged</th><th>agree with §5</th><th>depart</th><th>skipped</th></tr>
        """
        for (i, name) in engines.enumerated() {
            out += "<tr><td>\(e(name))</td><td>\(judged[i])</td><td>\(agreeing[i])</td><td>\(departing[i])</td><td>\(skipped[i])</td></tr>"
        }
        out += "</table>"
        let options = SVGRenderer.Options(maxWidth: 240, maxHeight: 320, standalone: false)
        for (k, d) in differences.prefix(limit).enumerated() {
            let r = d.row
            out += "<h2>difference \(k + 1): \(e(r.name))\(d.count > 1 ? " (and \(d.count - 1) more like it)" : "")</h2>"
            out += "<p><code>\(e(CanonicalWriter.compactInput(r.input)))</code></p><div class=\"row\">"
            func cell(_ title: String, _ cls: String, _ answer: EngineAnswer, _ note: String) {
                out += "<div class=\"cell \(cls)\"><h4>\(e(title))</h4>"
                if case .layout(let result) = answer { out += SVGRenderer.render(input: r.input, result: result, options: options) }
                out += "<p>\(e(note))</p></div>"
            }
            cell("§5 (FIXTURE-FORMAT)", "agree", r.spec, r.spec.summary)
            for (i, o) in r.outcomes.enumerated() {
                let group = r.groups.firstIndex { $0.contains(i) }
                let with = group.map { g in r.groups[g].filter { $0 != i }.map { engines[$0] } } ?? []
                let note = o.summary + (with.isEmpty || o.agrees ? "" : "; same as " + with.joined(separator: ", "))
                cell(engines[i], o.isSkipped ? "skip" : o.agrees ? "agree" : "depart", r.answers[i], note)
            }
            out += "</div>"
        }
        return out + "</body></html>\n"
    }
}
