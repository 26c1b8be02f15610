import Foundation
import Testing
@testable import WaterfallCheckTransport
import WaterfallCheckTestSupport

/// The WPT runner (docs/web-engines.md, *WPT*) on hand-written reftests of our own: no WPT file is
/// needed. Each browser's run is skipped, never failed, when the browser is not installed.
@Suite("WPT runner", .serialized)
struct WPTRunnerTests {
    /// A masonry of two 50-px columns written in grid-lanes syntax, tolerance 0 (so the older
    /// masonry's exact ties express it without a note): items 30, 50 and 20 px tall. Derived by
    /// hand: item 1 at column 0 (0–30), item 2 at column 1 (0–50), item 3 in the shorter column 0
    /// at 30–50.
    static let test = """
    <!DOCTYPE html>
    <link rel="match" href="masonry-ref.html">
    <style>
    body { margin: 0 }
    .m { display: grid-lanes; grid-template-columns: 50px 50px; width: 100px; flow-tolerance: 0px; }
    .m div { background: green }
    </style>
    <div class="m"><div style="height: 30px"></div><div style="height: 50px"></div><div style="height: 20px"></div></div>
    """
    /// The same test against a reference that puts item 3 below item 2: must fail.
    static let wrongTest = test.replacingOccurrences(of: "masonry-ref.html", with: "wrong-ref.html")

    static func reference(third x: Int, _ y: Int) -> String {
        """
        <!DOCTYPE html>
        <style>body { margin: 0 } div { position: absolute; background: green; width: 50px }</style>
        <div style="left: 0; top: 0; height: 30px"></div><div style="left: 50px; top: 0; height: 50px"></div>
        <div style="left: \(x)px; top: \(y)px; height: 20px"></div>
        """
    }

    static func folder() throws -> TempDir {
        let dir = try TempDir()
        _ = try dir.write(test, to: "t/masonry.html")
        _ = try dir.write(reference(third: 0, 30), to: "t/masonry-ref.html")
        _ = try dir.write(wrongTest, to: "t/wrong.html")
        _ = try dir.write(reference(third: 50, 50), to: "t/wrong-ref.html")
        _ = try dir.write("<!DOCTYPE html><p>helper", to: "t/support/helper.html")
        // 100 pixels one channel step apart: only WPT's fuzzy allowance of exactly that matches,
        // which proves the decoded count and the largest difference, not just "bytes differ".
        let square = "<!DOCTYPE html><style>body { margin: 0 }</style><div style=\"width: 10px; height: 10px; background: rgb(0, %d, 0)\"></div>"
        _ = try dir.write("<meta name=\"fuzzy\" content=\"maxDifference=1-1;totalPixels=100-100\"><link rel=\"match\" href=\"square-ref.html\">"
                          + String(format: square, 129), to: "t/fuzzy.html")
        _ = try dir.write("<meta name=\"fuzzy\" content=\"maxDifference=2-2;totalPixels=100-100\"><link rel=\"match\" href=\"square-ref.html\">"
                          + String(format: square, 129), to: "t/fuzzy-wrong.html")
        _ = try dir.write(String(format: square, 128), to: "t/square-ref.html")
        _ = try dir.write("<link rel=\"mismatch\" href=\"square-ref.html\">" + String(format: square, 129), to: "t/mismatch.html")
        return dir
    }

    @Test("discovery: reftests with their references, -ref files, references and support files left out, fuzzy read")
    func discovery() throws {
        let dir = try Self.folder()
        defer { dir.cleanup() }
        _ = try dir.write("<!DOCTYPE html><meta name=fuzzy content=\"maxDifference=1-3;totalPixels=0-20\"><link rel=mismatch href=other.html>", to: "u/fuzzy.html")
        _ = try dir.write("<!DOCTYPE html><p>manual", to: "u/manual.html")
        _ = try dir.write("<!DOCTYPE html><p>other", to: "u/other.html")
        let cases = try WPTCase.discover(root: dir.url)
        #expect(cases.map(\.path) == ["t/fuzzy-wrong.html", "t/fuzzy.html", "t/masonry.html", "t/mismatch.html", "t/wrong.html", "u/fuzzy.html"])
        #expect(cases[2].kind == .reftest([.init(match: true, href: "masonry-ref.html")]))
        #expect(cases[2].fuzzy == .exact)
        #expect(cases[5].kind == .reftest([.init(match: false, href: "other.html")]))
        #expect(cases[5].fuzzy == WPTCase.Fuzzy(maxDifference: 1...3, totalPixels: 0...20))
        #expect(WPTCase.fuzzy(in: "<meta name=\"fuzzy\" content=\"ref.html:0-2;5\">") == WPTCase.Fuzzy(maxDifference: 0...2, totalPixels: 5...5))
        #expect(throws: (any Error).self) { try WPTCase.discover(root: dir.url, paths: ["missing"]) }
        // Adversary and new user: a path outside the root was run, an absolute one inside it was
        // joined onto it, and a dangling link or a FIFO stopped the whole run.
        #expect(throws: (any Error).self) { try WPTCase.discover(root: dir.url, paths: ["../elsewhere"]) }
        #expect(try WPTCase.discover(root: dir.url, paths: [dir.url.appendingPathComponent("u/fuzzy.html").path]).map(\.path) == ["u/fuzzy.html"])
        try FileManager.default.createSymbolicLink(atPath: dir.url.appendingPathComponent("u/dangling.html").path, withDestinationPath: "/nonexistent")
        #expect(mkfifo(dir.url.appendingPathComponent("u/fifo.html").path, 0o600) == 0)
        #expect(try WPTCase.discover(root: dir.url, paths: ["u"]).map(\.path) == ["u/fuzzy.html"])
    }

    /// New user: a test whose grid-lanes is in a linked style sheet was run untranslated in
    /// Firefox and reported as Firefox's failure.
    @Test("a style sheet in a syntax the browser does not parse: cannot run, naming it (style sheets are not translated)",
          .enabled(if: WebEngine.isAvailable(.firefox), "no Firefox"))
    func linkedStyleSheet() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        _ = try dir.write(".m { display: grid-lanes; grid-template-columns: 50px 50px; width: 100px; flow-tolerance: 0px }", to: "t/support/lanes.css")
        _ = try dir.write("<!DOCTYPE html><link rel=\"match\" href=\"ext-ref.html\"><link rel=\"stylesheet\" href=\"support/lanes.css\"><div class=\"m\"></div>", to: "t/ext.html")
        _ = try dir.write("<!DOCTYPE html><p>ref", to: "t/ext-ref.html")
        let results = WPTRunner(root: dir.url, timeout: 30).run(try WPTCase.discover(root: dir.url), in: .firefox)
        #expect(results.map(\.status) == [.cannotRun], "\(results.map(\.detail))")
        #expect(results.first?.detail.contains("style sheet t/support/lanes.css is written in grid-lanes") == true, "\(results.map(\.detail))")
    }

    @Test("fuzzy: identical always matches; a difference only inside both ranges")
    func fuzzy() {
        #expect(WPTCase.Fuzzy.exact.allows(maxDifference: 0, pixels: 0))
        #expect(!WPTCase.Fuzzy.exact.allows(maxDifference: 1, pixels: 1))
        let f = WPTCase.Fuzzy(maxDifference: 1...3, totalPixels: 0...20)
        #expect(f.allows(maxDifference: 3, pixels: 20))
        #expect(!f.allows(maxDifference: 4, pixels: 1))
        #expect(!f.allows(maxDifference: 2, pixels: 21))
    }

    @Test("translation between the three masonry syntaxes, and what does not translate")
    func translation() throws {
        let older = "<style>g { display: inline-grid; grid-template-columns: 1fr 1fr; grid-template-rows: masonry; }</style>"
        let lanes = try WPTSyntax.templateMasonry.translate(older, to: .gridLanes).get()
        #expect(WPTSyntax.used(in: lanes.text) == [.gridLanes])
        #expect(lanes.text.contains("display: inline-grid-lanes"))
        #expect(lanes.text.contains("flow-tolerance: 0px") && lanes.text.contains("fit-tolerance: 0px"))
        #expect(!lanes.text.contains("masonry"))

        let back = try WPTSyntax.gridLanes.translate(Self.test, to: .templateMasonry).get()
        #expect(WPTSyntax.used(in: back.text) == [.templateMasonry])
        #expect(back.text.contains("display: grid;") && back.text.contains("grid-template-rows: masonry"))
        #expect(back.notes.isEmpty, "tolerance 0 is exact ties: nothing lost")
        let rows = try WPTSyntax.gridLanes.translate("<p style=\"display: grid-lanes; grid-template-rows: 1fr 1fr; flow-tolerance: 0\">", to: .templateMasonry).get()
        #expect(rows.text.contains("grid-template-columns: masonry"), "lanes in rows")
        // The default tolerance (1em) has no counterpart: not translated (new user: a correct
        // Firefox failed a test that relies on it).
        if case .failure(let e) = WPTSyntax.gridLanes.translate("<p style=\"display: grid-lanes; grid-template-rows: 1fr 1fr\">", to: .templateMasonry) {
            #expect("\(e)".contains("normal (1em"), "\(e)")
        } else { Issue.record("translated the default tolerance") }

        let chromium2025 = "<style>g { display: masonry; item-tolerance: 4px }</style>"
        let c = try WPTSyntax.displayMasonry.translate(chromium2025, to: .gridLanes).get()
        #expect(c.text.contains("display: grid-lanes") && c.text.contains("flow-tolerance: 4px") && c.text.contains("fit-tolerance: 4px"))

        #expect(throws: WPTTranslationError.self) { try WPTSyntax.displayMasonry.translate(chromium2025, to: .templateMasonry).get() }
        #expect(throws: WPTTranslationError.self) {
            try WPTSyntax.templateMasonry.translate("g { display: grid; grid-template-rows: masonry; masonry-auto-flow: next }", to: .gridLanes).get()
        }
        #expect(throws: WPTTranslationError.self) {
            try WPTSyntax.templateMasonry.translate("g { grid-template-rows: masonry } h { display: grid }", to: .gridLanes).get()
        }
    }

    @Test("prepared copies: a base at the original folder, root-relative URLs under the root")
    func prepared() {
        let runner = WPTRunner(root: URL(fileURLWithPath: "/w"))
        let text = runner.prepared("<!DOCTYPE html><html><head><link href=\"/fonts/ahem.css\"><style>@import \"/x.css\";</style>",
                                   folder: URL(fileURLWithPath: "/w/css/a"))
        #expect(text.contains("<head><base href=\"file:///w/css/a/\">"))
        #expect(text.contains("href=\"file:///w/fonts/ahem.css\""))
        #expect(text.contains("@import \"file:///w/x.css\""))
    }

    @Test("Chromium: a reftest pair of ours passes and a wrong one fails", .enabled(if: WebEngine.isAvailable(.chromium), "no Chromium"))
    func chromium() throws { try run(in: .chromium) }

    @Test("Firefox: a reftest pair of ours passes (translated) and a wrong one fails", .enabled(if: WebEngine.isAvailable(.firefox), "no Firefox"))
    func firefox() throws { try run(in: .firefox) }

    @Test("WebKitGTK: a reftest pair of ours passes (translated) and a wrong one fails", .enabled(if: WebEngine.isAvailable(.webkit), "no WebKitGTK"))
    func webkit() throws { try run(in: .webkit) }

    func run(in browser: WebEngine.Browser) throws {
        let dir = try Self.folder()
        defer { dir.cleanup() }
        let cases = try WPTCase.discover(root: dir.url)
        let shots = dir.url.appendingPathComponent("shots")
        let results = WPTRunner(root: dir.url, timeout: 30, screenshots: shots).run(cases, in: browser)
        let status = Dictionary(uniqueKeysWithValues: results.map { ($0.path, $0) })
        #expect(results.map(\.path) == ["t/fuzzy-wrong.html", "t/fuzzy.html", "t/masonry.html", "t/mismatch.html", "t/wrong.html"])
        #expect(status["t/masonry.html"]?.status == .pass, "\(status["t/masonry.html"]?.detail ?? "")")
        #expect(status["t/wrong.html"]?.status == .fail, "\(status["t/wrong.html"]?.detail ?? "")")
        #expect(status["t/wrong.html"]?.detail.contains("pixels differ") == true)
        #expect(status["t/fuzzy.html"]?.status == .pass, "\(status["t/fuzzy.html"]?.detail ?? "")")
        #expect(status["t/fuzzy-wrong.html"]?.detail.contains("differs from square-ref.html: 100 pixels differ, largest channel difference 1") == true,
                "\(status["t/fuzzy-wrong.html"]?.detail ?? "")")
        #expect(status["t/mismatch.html"]?.status == .pass, "\(status["t/mismatch.html"]?.detail ?? "")")
        // The failure's screenshots are saved, at WPT's 800 × 600 viewport (the PNG's IHDR).
        for name in ["t__wrong.html.\(browser.rawValue).png", "t__wrong.html.\(browser.rawValue)-ref.png"] {
            let png = try [UInt8](Data(contentsOf: shots.appendingPathComponent(name)))
            let size = (png[16..<20].reduce(0) { $0 << 8 | Int($1) }, png[20..<24].reduce(0) { $0 << 8 | Int($1) })
            #expect(size == (800, 600), "\(name)")
        }
        #expect(!FileManager.default.fileExists(atPath: shots.appendingPathComponent("t__masonry.html.\(browser.rawValue).png").path), "a pass saves nothing")
        // Chromium parses grid-lanes; Firefox and WebKitGTK run the test translated.
        #expect((status["t/masonry.html"]?.translation == nil) == (browser == .chromium))
        #expect(WebPageSupport.directories.withLock { $0.filter { $0.contains("waterfall-wpt") }.isEmpty }, "the copies' folder is removed")
    }
}
