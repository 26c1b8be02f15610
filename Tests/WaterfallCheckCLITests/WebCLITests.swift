import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// The web engines' command-line errors, which need no Chromium: a missing browser, a bad
/// `--scale`, an unknown web engine, a masonry.js file that is not there.
@Suite("web engines: command line")
struct WebCLITests {
    /// `waterfall-check ARGS` with `WATERFALL_CHROMIUM` set to `chromium` (or unset) and CI=true.
    private func run(_ arguments: [String], chromium: String?, environment: [String: String] = [:]) throws -> CLI.Output {
        let dir = try TempDir()
        defer { dir.cleanup() }
        var env = ["PATH": "/nonexistent", "LANG": "C.UTF-8", "CI": "true"].merging(environment) { $1 }
        if let chromium { env["WATERFALL_CHROMIUM"] = chromium }
        let (status, o, e) = try Subprocess(try CLI.executable().path, arguments, in: dir.url, environment: env).finish()
        return CLI.Output(status: status, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    @Test("no Chromium: exit 2 naming the variable and how to install one")
    func missingChromium() throws {
        let none = try run(["compare", "--baseline", "reference", "--candidate", "chromium:grid-lanes", "--fuzz-cases", "1"], chromium: nil)
        #expect(none.status == 2)
        #expect(none.stderr.contains("WATERFALL_CHROMIUM") && none.stderr.contains("scripts/bootstrap --web"), "\(none.stderr)")
        let bad = try run(["verify", "--engine", "chromium:grid-lanes", "."], chromium: "/nonexistent/chromium")
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("WATERFALL_CHROMIUM=/nonexistent/chromium is not an executable file"), "\(bad.stderr)")
    }

    @Test("--scale must be a power of two; an unknown web engine and a masonry spec without a path are usage errors")
    func usage() throws {
        let scale = try run(["verify", "--engine", "chromium:grid-lanes", "--scale", "3", "."], chromium: nil)
        #expect(scale.status == 2 && scale.stderr.contains("--scale") && scale.stderr.contains("power of two"), "\(scale.stderr)")
        let unknown = try run(["verify", "--engine", "chromium:flexbox", "."], chromium: nil)
        #expect(unknown.status == 2 && unknown.stderr.contains("chromium:grid-lanes, chromium:masonry=PATH") && unknown.stderr.contains("firefox:masonry"), "\(unknown.stderr)")
        let empty = try run(["verify", "--engine", "chromium:masonry=", "."], chromium: nil)
        #expect(empty.status == 2 && empty.stderr.contains("masonry.js file"), "\(empty.stderr)")
        // How many pages Chromium lays a batch out in: 1 to 16, else named (it was ignored).
        for v in ["0", "17", "abc", "-1", "2.5"] {
            let pages = try run(["verify", "--engine", "chromium:grid-lanes", "."], chromium: nil, environment: ["WATERFALL_CHROMIUM_PAGES": v])
            #expect(pages.status == 2 && pages.stderr.contains("WATERFALL_CHROMIUM_PAGES=\(v)") && pages.stderr.contains("1 to 16"), "\(pages.stderr)")
        }
    }

    @Test("a masonry.js path that does not exist is named (with a Chromium given, so the file check is reached)")
    func missingMasonry() throws {
        // /bin/true stands in for Chromium: the file is read before any browser starts.
        let out = try run(["verify", "--engine", "chromium:masonry=/nonexistent/masonry.js", "."], chromium: "/bin/true")
        #expect(out.status == 2 && out.stderr.contains("/nonexistent/masonry.js"), "\(out.stderr)")
    }
}
