import Foundation
import WaterfallCheckEngines

/// `waterfall-check wpt ROOT [PATH...]`: web-platform-tests reftests through each browser
/// (docs/web-engines.md, *WPT*).
enum WPTCommand: Command {
    /// `--browsers LIST`: which browsers.
    static let browsers = Option<[WebEngine.Browser]>(
        "--browsers", value: "LIST", expects: "a comma-separated list of chromium, firefox, webkit",
        help: "the browsers to run the tests in (default: every one installed here)") { text in
        let names = text.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
        let list = names.compactMap(WebEngine.Browser.init(rawValue:))
        return list.count == names.count && !list.isEmpty ? list : nil
    }

    /// `--screenshots DIR`: a failure's two screenshots.
    static let screenshots = Option<String>("--screenshots", value: "DIR",
        help: "write each failing reftest's screenshots to DIR (PATH.BROWSER.png and PATH.BROWSER-ref.png, / in PATH as __)")

    static let spec = CommandSpec(
        name: "wpt",
        summary: "Run web-platform-tests reftests (grid-lanes, masonry) in Chromium, Firefox and WebKitGTK",
        options: [browsers, screenshots, EngineOptions.timeout.described("seconds for each browser command and for a reftest-wait (default 30)")],
        operands: "ROOT [PATH...]",
        about: """
    Runs the reftests and crashtests under PATH (default: all) of ROOT, a WPT checkout or a folder
    keeping WPT's relative paths, in each browser as WPT does: test and reference loaded at
    800x600, screenshots compared pixel for pixel with the test's fuzzy meta. A test in a masonry
    syntax the browser does not parse (display: grid-lanes, display: masonry, grid-template-rows:
    masonry) is translated to one it does and reported as translated; one that cannot be
    translated, or whose reference is missing, is reported as cannot run, with the reason.
    Prints a Markdown table (one row per test, one column per browser) and each browser's counts.
    """,
        notes: """
    Exit status: 0 no test failed in any browser (cannot run is not a failure), 1 a test failed,
    2 usage error or unreadable files.
    """)

    static func run(_ args: Arguments) throws -> Int32 {
        let chosen = try args.value(Self.browsers)
        let timeout = try args.value(EngineOptions.timeout) ?? 30
        let rest = args.operands
        guard let rootPath = rest.first else { throw WaterfallCheckError.usage("wpt needs ROOT, the WPT folder") }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: rootPath, isDirectory: &isDir), isDir.boolValue else {
            throw WaterfallCheckError.usage("\(rootPath): not a folder (ROOT is the WPT folder)")
        }
        let root = URL(fileURLWithPath: rootPath)
        let cases = try WPTCase.discover(root: root, paths: Array(rest.dropFirst()))
        guard !cases.isEmpty else { throw WaterfallCheckError.usage("no reftest or crashtest under \(rest.joined(separator: " "))") }
        var seen = Set<WebEngine.Browser>()
        let browsers = (chosen ?? WebEngine.Browser.allCases).filter { seen.insert($0).inserted }  // each once
        let runner = WPTRunner(root: root, timeout: timeout, screenshots: try args.value(Self.screenshots).map { URL(fileURLWithPath: $0) })
        var results: [WPTResult] = []
        for b in browsers {
            if !WebEngine.isAvailable(b) {
                results += cases.map { WPTResult(path: $0.path, browser: b, status: .cannotRun, translation: nil,
                                                 detail: "\(b.rawValue) is not installed (scripts/bootstrap --web)") }
                continue
            }
            results += runner.run(cases, in: b) { r in
                printError("\(r.browser.rawValue): \(r.path): \(r.status.rawValue)\(r.detail.isEmpty ? "" : ": " + r.detail)")
            }
        }
        print(WPTReport(results: results, browsers: browsers).markdown, terminator: "")
        return results.contains { $0.status == .fail } ? exitCode(.failed) : exitCode(.passed)
    }
}
