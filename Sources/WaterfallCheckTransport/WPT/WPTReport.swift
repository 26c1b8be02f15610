import Foundation

/// The WPT runner's results as Markdown (docs/web-engines.md, *WPT*): one row per test, one column
/// per browser (status, and the translation when it ran translated), then every detail (reasons,
/// differences, translation notes) per test and browser, then each browser's counts.
public struct WPTReport: Sendable {
    public var results: [WPTResult]
    public var browsers: [WebEngine.Browser]

    public init(results: [WPTResult], browsers: [WebEngine.Browser]) {
        self.results = results
        self.browsers = browsers
    }

    /// Per browser: passed, failed, cannot run, and how many of the first two ran translated.
    public func counts(_ b: WebEngine.Browser) -> (pass: Int, fail: Int, cannotRun: Int, translated: Int) {
        let mine = results.filter { $0.browser == b }
        return (mine.filter { $0.status == .pass }.count, mine.filter { $0.status == .fail }.count,
                mine.filter { $0.status == .cannotRun }.count, mine.filter { $0.translation != nil && $0.status != .cannotRun }.count)
    }

    /// The counts line of browser `b`: `chromium: 3 pass, 1 fail, 2 cannot run (2 ran translated)`.
    public func countsLine(_ b: WebEngine.Browser) -> String {
        let c = counts(b)
        return "\(b.rawValue): \(c.pass) pass, \(c.fail) fail, \(c.cannotRun) cannot run (\(c.translated) ran translated)"
    }

    public var markdown: String {
        var paths: [String] = []
        for r in results where !paths.contains(r.path) { paths.append(r.path) }
        let byKey = Dictionary(results.map { ("\($0.path)\u{0}\($0.browser.rawValue)", $0) }, uniquingKeysWith: { a, _ in a })
        func cell(_ r: WPTResult?) -> String {
            guard let r else { return "-" }
            return r.status.rawValue + (r.translation != nil && r.status != .cannotRun ? " (translated)" : "")
        }
        var out = "| test | " + browsers.map(\.rawValue).joined(separator: " | ") + " |\n"
        out += "|---|" + browsers.map { _ in "---|" }.joined() + "\n"
        for p in paths {
            out += "| `\(p)` | " + browsers.map { cell(byKey["\(p)\u{0}\($0.rawValue)"]) }.joined(separator: " | ") + " |\n"
        }
        out += "\nDetails:\n\n"
        for p in paths {
            for b in browsers {
                guard let r = byKey["\(p)\u{0}\(b.rawValue)"], !(r.detail.isEmpty && r.translation == nil) else { continue }
                let t = r.translation.map { "translated \($0)" + (r.detail.isEmpty ? "" : "; ") } ?? ""
                out += "- `\(p)`, \(b.rawValue): \(r.status.rawValue): \(t)\(r.detail.replacingOccurrences(of: "\n", with: " "))\n"
            }
        }
        out += "\nCounts:\n\n"
        for b in browsers { out += "- " + countsLine(b) + "\n" }
        return out
    }
}
