import Foundation
import Testing
import WaterfallCheckTestSupport
@testable import WaterfallCheckTransport

/// `waterfall-check wpt` as a user runs it: usage errors, a browser that is not installed (cannot
/// run, not a failure), and the exit status of a failing reftest (docs/web-engines.md, *WPT*).
@Suite("wpt: command line")
struct WPTCLITests {
    private func run(_ arguments: [String], path: String) throws -> CLI.Output {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let env = ["PATH": path, "LANG": "C.UTF-8", "CI": "true", "HOME": dir.url.path]
        let (status, o, e) = try Subprocess(try CLI.executable().path, arguments, in: dir.url, environment: env).finish()
        return CLI.Output(status: status, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    /// A folder with one reftest whose reference differs (a 10-px green square against an 11-px one).
    private func failingFolder() throws -> TempDir {
        let dir = try TempDir()
        _ = try dir.write("<!DOCTYPE html><link rel=match href=a-ref.html><div style=\"width:10px;height:10px;background:green\"></div>", to: "t/a.html")
        _ = try dir.write("<!DOCTYPE html><div style=\"width:10px;height:11px;background:green\"></div>", to: "t/a-ref.html")
        return dir
    }

    @Test("usage: ROOT missing or not a folder, an unknown browser, a folder without tests: exit 2")
    func usage() throws {
        let none = try run(["wpt"], path: "/nonexistent")
        #expect(none.status == 2 && none.stderr.contains("ROOT"), "\(none.stderr)")
        let missing = try run(["wpt", "/nonexistent/wpt"], path: "/nonexistent")
        #expect(missing.status == 2 && missing.stderr.contains("/nonexistent/wpt"), "\(missing.stderr)")
        let dir = try failingFolder()
        defer { dir.cleanup() }
        let browser = try run(["wpt", dir.url.path, "--browsers", "chromium,opera"], path: "/nonexistent")
        #expect(browser.status == 2 && browser.stderr.contains("--browsers"), "\(browser.stderr)")
        let empty = try run(["wpt", dir.url.path, "t/a-ref.html"], path: "/nonexistent")
        #expect(empty.status == 2 && empty.stderr.contains("no reftest"), "\(empty.stderr)")
        let outside = try run(["wpt", dir.url.path, "nowhere"], path: "/nonexistent")
        #expect(outside.status == 2 && outside.stderr.contains("nowhere"), "\(outside.stderr)")
    }

    @Test("no browser installed: every test cannot run, with the reason, and that is not a failure (exit 0)")
    func noBrowser() throws {
        let dir = try failingFolder()
        defer { dir.cleanup() }
        let out = try run(["wpt", dir.url.path], path: "/nonexistent")
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("| `t/a.html` | cannot run | cannot run | cannot run |"), "\(out.stdout)")
        #expect(out.stdout.contains("chromium is not installed (scripts/bootstrap --web)"))
        #expect(out.stdout.contains("- webkit: 0 pass, 0 fail, 1 cannot run"))
    }

    @Test("a failing reftest: exit 1, the table and the difference", .enabled(if: WebEngine.isAvailable(.chromium), "no Chromium"))
    func failing() throws {
        let dir = try failingFolder()
        defer { dir.cleanup() }
        let chromium = try #require(WebEngine.chromiumExecutable())
        let out = try run(["wpt", dir.url.path, "--browsers", "chromium"], path: (chromium as NSString).deletingLastPathComponent + ":/usr/bin:/bin")
        #expect(out.status == 1, "\(out.stderr)")
        #expect(out.stdout.contains("| `t/a.html` | fail |"), "\(out.stdout)")
        #expect(out.stdout.contains("differs from a-ref.html: 10 pixels differ, largest channel difference"), "\(out.stdout)")
    }
}
