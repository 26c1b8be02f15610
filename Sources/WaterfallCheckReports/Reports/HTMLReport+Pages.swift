import Foundation
import WaterfallCheck
import Foundation

extension HTMLReport {
    /// Every file of the report: `index.html` and, past ``inlineCaseLimit`` failing cases,
    /// `cases/case-NNNN.html`. Paths are relative to the report directory.
    /// - Complexity: O(total elements of the failing cases + cases).
    package func pages() -> [(path: String, html: String)] {
        var out = [(path: "index.html", html: indexPage())]
        if usesCasePages {
            for (n, c) in failing {
                out.append((Self.casePath(n), page(title: "\(c.name): \(title)",
                                                   body: "<p class=\"nav\"><a href=\"../index.html\">← \(Markup.escape(title))</a></p>\n" + section(n, c))))
            }
        }
        return out
    }

    static func casePath(_ n: Int) -> String { "cases/" + anchor(n) + ".html" }
    static func anchor(_ n: Int) -> String { "case-" + String(repeating: "0", count: max(0, 4 - String(n).count)) + String(n) }

    /// The index page: counts, the failure index, the other cases folded, and (when inline) each failing case.
    func indexPage() -> String {
        let e: (String) -> String = { Markup.escape($0) }
        let failing = self.failing
        let tally = self.tally
        // `checked` and `recorded` only appear for runs that have some.
        let statuses = CaseStatus.reportOrder.filter { ($0 != .recorded && $0 != .checked) || tally[$0] > 0 }
        var b = "<h1>\(e(title))</h1>\n"
        for n in notes { b += "<p class=\"note\">\(e(n))</p>\n" }
        b += "<table class=\"counts\"><tr><th>cases</th>"
        for s in statuses { b += "<th class=\"\(s.rawValue)\">\(s.rawValue)</th>" }
        b += "</tr>\n<tr><td data-count=\"cases\">\(tally.cases)</td>"
        for s in statuses { b += "<td class=\"\(s.rawValue)\" data-count=\"\(s.rawValue)\">\(tally[s])</td>" }
        b += "</tr></table>\n"
        if let v = verdict {
            b += "<p class=\"verdict \(v.ok ? "ok" : "bad")\">\(e(v.text))</p>\n"
        } else if tally.failing == 0 && failing.isEmpty {
            b += "<p class=\"verdict ok\">No failing case.</p>\n"
        } else {
            let n = tally.failing
            var v = "\(n) failing case\(n == 1 ? "" : "s") of \(tally.cases)"
            // Failing is failed plus errors: say so when both occur (20 of 21 beside 17 failed read as a miscount).
            if tally[.failed] > 0 && tally[.error] > 0 { v += " (\(tally[.failed]) failed, \(tally[.error]) error\(tally[.error] == 1 ? "" : "s"))" }
            if let noun = listedFailureNoun {
                v += " (\(failing.count) \(noun)\(failing.count == 1 ? "" : "s") below)"
            }
            b += "<p class=\"verdict bad\">\(e(v)).</p>\n"
        }
        let showsFiles = failing.contains { $0.case.file != nil }
        if !failing.isEmpty {
            b += "<h2>\(e(indexHeading))</h2>\n<table class=\"index\"><thead><tr><th>#</th><th>case</th><th>status</th>\(showsFiles ? "<th>file</th>" : "")<th>summary</th></tr></thead><tbody>\n"
            for (n, c) in failing {
                let link = usesCasePages ? Self.casePath(n) : "#" + Self.anchor(n)
                b += "<tr><td>\(n)</td><td><a href=\"\(link)\">\(e(c.name))</a></td><td class=\"\(c.status.rawValue)\">\(c.status.rawValue)</td>"
                if showsFiles { b += "<td class=\"file\">\(e(c.file ?? ""))</td>" }
                b += "<td>\(e(c.summary))</td></tr>\n"
            }
            b += "</tbody></table>\n"
        }
        for s in statuses where !s.isFailing {
            let list = cases.filter { $0.status == s && !$0.isDetailed }
            guard !list.isEmpty else { continue }
            b += "<details><summary>\(s.rawValue.capitalized) (\(list.count))</summary><ul class=\"others\">\n"
            for c in list {
                b += "<li>\(e(c.name))"
                if let f = c.file { b += " <span class=\"file\">\(e(f))</span>" }
                if !c.summary.isEmpty { b += ": \(e(c.summary))" }
                b += "</li>\n"
            }
            b += "</ul></details>\n"
        }
        if !usesCasePages { for (n, c) in failing { b += section(n, c) } }
        return page(title: title, body: b)
    }

    /// One failing case: heading, file, summary, error, input outline, pictures, difference table.
    func section(_ n: Int, _ c: Case) -> String {
        let e: (String) -> String = { Markup.escape($0) }
        var b = "<section class=\"case\" id=\"\(Self.anchor(n))\">\n"
        b += "<h2><span class=\"badge \(c.status.rawValue)\">\(c.status.rawValue)</span> \(n). \(e(c.name))</h2>\n"
        if let f = c.file { b += "<p class=\"file\">\(e(f))</p>\n" }
        if !c.summary.isEmpty { b += "<p class=\"summary\">\(e(c.summary))</p>\n" }
        if let err = c.error { b += "<pre class=\"error\">\(e(err))</pre>\n" }
        if let input = c.input {
            b += "<p class=\"input\">\(e(Self.outline(input)))</p>\n"
            var options = pictureOptions
            options.standalone = false
            options.tolerance = c.tolerance
            var pictures: [SVGRenderer.Picture] = []
            if let actual = c.actual {
                pictures = SVGRenderer.pictures(input: input, expected: c.expected, actual: actual, moved: c.highlighted, options: options)
                if c.expected == nil { pictures = pictures.map { .init(caption: "\(Self.capitalized(options.actualName)): " + $0.caption, svg: $0.svg) } }
            } else if let expected = c.expected {
                pictures = SVGRenderer.pictures(input: input, expected: nil, actual: expected, options: options)
                    .map { .init(caption: "\(Self.capitalized(options.expectedName)) (no \(options.actualName) layout): " + $0.caption, svg: $0.svg) }
            }
            for p in pictures { b += "<figure>\n<figcaption>\(e(p.caption))</figcaption>\n\(p.svg)</figure>\n" }
        }
        if !c.tableHeader.isEmpty || !c.rows.isEmpty {
            b += "<table class=\"diff\">"
            if !c.tableHeader.isEmpty { b += "<thead><tr>" + c.tableHeader.map { "<th>\(e($0))</th>" }.joined() + "</tr></thead>" }
            b += "<tbody>\n"
            for row in c.rows.prefix(maximumRows) { b += "<tr>" + row.map { "<td>\(e($0))</td>" }.joined() + "</tr>\n" }
            b += "</tbody></table>\n"
            if c.rows.count > maximumRows { b += "<p class=\"more\">\(c.rows.count - maximumRows) more rows not shown.</p>\n" }
        }
        return b + "</section>\n"
    }

    static func capitalized(_ s: String) -> String { s.prefix(1).uppercased() + s.dropFirst() }

    /// One line describing an input: width, columns, sections, items, placement.
    static func outline(_ input: LayoutInput) -> String {
        let s = input.layout
        var parts = ["container width \(formatPoints(s.containerWidth)) pt", "\(s.columnCount) column\(s.columnCount == 1 ? "" : "s")",
                     "\(input.sections.count) section\(input.sections.count == 1 ? "" : "s")", "\(input.itemCount) items",
                     s.placement.rawValue]
        if s.placement == .shortestFirst { parts.append("tie \(s.tieBreak.rawValue) within \(formatPoints(s.tieTolerance)) pt") }
        if let p = s.pixelScale { parts.append("pixelScale \(formatPoints(p))") }
        return "Input: " + parts.joined(separator: ", ")
    }

    /// A complete page around `body`: UTF-8, inline style sheet, no script, no external asset.
    /// Written as well-formed XML (polyglot markup), so XML tools can read it too.
    func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8"/>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <meta name="generator" content="waterfall-check \(waterfallCheckVersion)"/>
        <title>\(Markup.escape(title))</title>
        <style>
        \(Self.pageStyle)
        \(SVGRenderer.styleSheet)
        </style>
        </head>
        <body>
        \(body)</body>
        </html>

        """
    }

    /// The page CSS (the pictures' own CSS is ``SVGRenderer/styleSheet``).
    static let pageStyle = """
    body{font-family:Helvetica,Arial,sans-serif;margin:16px 24px;color:#111;background:#fff}
    h1{font-size:20px;margin:0 0 8px}
    h2{font-size:16px;margin:24px 0 6px}
    .note{margin:2px 0;color:#444}
    table{border-collapse:collapse;margin:8px 0}
    th,td{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top;font-size:13px}
    th{background:#f0f0f0}
    td.failed,th.failed,td.error,th.error{color:#b00000;font-weight:bold}
    td.passed,th.passed{color:#17701a}
    td.checked,th.checked{color:#1f5f8b}
    .verdict{font-weight:bold;font-size:15px}
    .verdict.bad{color:#b00000}
    .verdict.ok{color:#17701a}
    .file{font-family:Menlo,Consolas,monospace;font-size:12px;color:#555}
    .badge{display:inline-block;padding:1px 6px;border-radius:3px;color:#fff;font-size:12px;vertical-align:middle}
    .badge.failed,.badge.error{background:#c62828}
    .badge.passed{background:#2e7d32}
    .badge.checked{background:#1f6fa5}
    .badge.skipped{background:#777}
    section.case{border-top:2px solid #ddd;margin-top:24px;padding-top:4px}
    pre.error{background:#fff3f3;border:1px solid #e0b4b4;padding:6px;white-space:pre-wrap}
    figure{margin:12px 0;overflow-x:auto}
    figcaption{font-size:13px;color:#333;margin-bottom:4px}
    table.diff td{font-family:Menlo,Consolas,monospace;font-size:12px}
    ul.others{font-size:13px}
    """
}
