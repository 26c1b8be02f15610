import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// A directory with one passing canonical fixture, `fx/a.json` (TwoColumns, by hand), and its text.
func adversarialCorpus() throws -> (TempDir, String) {
    let dir = try TempDir()
    let text = CanonicalWriter.string(for: TwoColumns.fixture("a"))
    try dir.write(text, to: "fx/a.json")
    return (dir, text)
}

/// A careless or hostile command line: every case exits 2 with a message naming what is wrong,
/// and no fixture is changed. Each test runs the built executable with an explicit environment.
@Suite("Adversarial: the command line")
struct AdversarialCLITests {
    private func corpus() throws -> (TempDir, String) { try adversarialCorpus() }

    /// A valid fixture that is not in canonical form (one line, no `expected`).
    private static let minified = #"{"format":"waterfall-fixture/1","name":"a","layout":{"containerWidth":1,"columnCount":1},"sections":[]}"#

    @Test("--json or --junit onto a fixture, or a new *.json among them, is refused before running; the fixture is unchanged")
    func reportOntoFixture() throws {
        let (dir, text) = try corpus()
        defer { dir.cleanup() }
        for args in [["--json", "fx/a.json"], ["--junit", "fx/a.json"], ["--json", "fx/report.json"], ["--junit", "fx/x.json.new"]] {
            let out = try CLI.run(["verify"] + args + ["fx"], in: dir.url, ci: "true")
            #expect(out.status == 2, "\(args)")
            #expect(out.stderr.contains("\(args[0]) \(args[1]) would"), "\(out.stderr)")
            #expect(!dir.exists("fx/report.json") && !dir.exists("fx/x.json.new"))
        }
        let direct = try CLI.run(["verify", "--json", "fx/a.json", "fx/a.json"], in: dir.url)
        #expect(direct.status == 2)
        #expect(direct.stderr.contains("would overwrite the fixture fx/a.json"))
        #expect(try dir.read("fx/a.json") == text)
        // A report beside the fixtures, not named *.json, is still written.
        let junit = try CLI.run(["verify", "--junit", "fx/junit.xml", "fx"], in: dir.url, ci: "true")
        #expect(junit.status == 0, "\(junit.stderr)")
        #expect(dir.exists("fx/junit.xml"))
    }

    @Test("render --out naming its own fixture is refused; the fixture is unchanged")
    func renderOntoFixture() throws {
        let (dir, text) = try corpus()
        defer { dir.cleanup() }
        let out = try CLI.run(["render", "fx/a.json", "--out", "fx/a.json"], in: dir.url)
        #expect(out.status == 2)
        #expect(out.stderr.contains("--out fx/a.json would overwrite the fixture"))
        #expect(try dir.read("fx/a.json") == text)
    }

    @Test("format rewrites nothing in CI (CI=true, empty, 1); --check still runs there")
    func formatInCI() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let minified = Self.minified
        try dir.write(minified, to: "a.json")
        for ci in ["true", "", "1"] {
            let out = try CLI.run(["format", "a.json"], in: dir.url, ci: ci)
            #expect(out.status == 2, "CI=\(ci)")
            #expect(out.stderr.contains("disabled in CI"))
            #expect(try dir.read("a.json") == minified)
        }
        #expect(try CLI.run(["format", "--check", "a.json"], in: dir.url, ci: "true").status == 1)
        #expect(try CLI.run(["format", "a.json"], in: dir.url, ci: "false").status == 0)
        #expect(try dir.read("a.json") != minified)
    }

    @Test("an empty PATH (an unset shell variable) is a usage error, never the current directory")
    func emptyPath() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let minified = Self.minified
        try dir.write(minified, to: "a.json")
        try dir.write(minified, to: "a.json.new")
        for args in [["verify", ""], ["record", "--mode", "all", ""], ["format", ""], ["accept", ""], ["reject", ""], ["review", ""]] {
            let out = try CLI.run(args, in: dir.url)
            #expect(out.status == 2, "\(args)")
            #expect(out.stderr.contains("empty") || out.stderr.contains("''"), "\(args): \(out.stderr)")
            #expect(try dir.read("a.json") == minified, "\(args)")
            #expect(dir.exists("a.json.new"), "\(args)")
        }
    }

    @Test("review of a path that does not exist is exit 2, not 'nothing pending'")
    func reviewMissingPath() throws {
        let dir = try TempDir()
        defer { dir.cleanup() }
        let out = try CLI.run(["review", "no-such-dir"], in: dir.url)
        #expect(out.status == 2)
        #expect(out.stderr.contains("no-such-dir"))
    }

    @Test("a directory the user cannot read is an error naming it, not a smaller passing run")
    func unreadableDirectory() throws {
        guard getuid() == 0 else { return } // dropping privileges needs root
        let (dir, _) = try corpus()
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.url.appendingPathComponent("fx/sub").path); dir.cleanup() }
        try dir.write(CanonicalWriter.string(for: TwoColumns.fixture("b")), to: "fx/sub/b.json")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: dir.url.appendingPathComponent("fx/sub").path)
        let out = try CLI.run(["verify", "fx"], in: dir.url, asUser: 65534)
        #expect(out.status == 2, "\(out.stdout)")
        #expect(out.stdout.contains("cannot read the directory fx/sub"))
    }

    @Test("symbolic links: to a fixture it runs; broken or to a directory (a loop) is an error, never skipped")
    func symbolicLinks() throws {
        let (dir, _) = try corpus()
        defer { dir.cleanup() }
        let fm = FileManager.default
        try fm.createDirectory(at: dir.url.appendingPathComponent("links"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: dir.url.appendingPathComponent("links/a.json").path, withDestinationPath: "../fx/a.json")
        let good = try CLI.run(["verify", "links"], in: dir.url)
        #expect(good.status == 0, "\(good.stdout)")
        #expect(good.stdout.contains("1 fixture: 1 passed"))

        try fm.createSymbolicLink(atPath: dir.url.appendingPathComponent("links/gone.json").path, withDestinationPath: "nowhere.json")
        let broken = try CLI.run(["verify", "links"], in: dir.url)
        #expect(broken.status == 2)
        #expect(broken.stdout.contains("links/gone.json is a symbolic link to a missing file"))

        try fm.removeItem(at: dir.url.appendingPathComponent("links/gone.json"))
        try fm.createSymbolicLink(atPath: dir.url.appendingPathComponent("links/loop").path, withDestinationPath: "..")
        let loop = try CLI.run(["verify", "links"], in: dir.url)
        #expect(loop.status == 2)
        #expect(loop.stdout.contains("links/loop is a symbolic link to a directory"))
    }

    @Test("a flag given twice is the flag, not an unknown option; verify and record take --engine-timeout")
    func repeatedFlagAndEngineOptions() throws {
        let (dir, _) = try corpus()
        defer { dir.cleanup() }
        let twice = try CLI.run(["verify", "--github", "--github", "fx"], in: dir.url)
        #expect(twice.status == 0, "\(twice.stderr)")
        let timeout = try CLI.run(["verify", "--engine-timeout", "5", "fx"], in: dir.url)
        #expect(timeout.status == 0, "\(timeout.stderr)")
        let record = try CLI.run(["record", "--engine-timeout", "5", "fx"], in: dir.url)
        #expect(record.status == 0, "\(record.stderr)")
        let bad = try CLI.run(["verify", "--engine-timeout", "0", "fx"], in: dir.url)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--engine-timeout"))
    }
}

/// Options whose value was forgotten.
@Suite("Adversarial: option values")
struct AdversarialOptionValueTests {
    @Test("--junit --github PATH is a usage error naming both, and writes no file called --github")
    func optionAsValue() throws {
        let (dir, _) = try adversarialCorpus()
        defer { dir.cleanup() }
        let out = try CLI.run(["verify", "--junit", "--github", "fx"], in: dir.url)
        #expect(out.status == 2)
        #expect(out.stderr.contains("--junit needs a value, got the option --github"))
        #expect(!dir.exists("--github"))
        // The = form passes such a value on purpose.
        let explicit = try CLI.run(["verify", "--junit=--odd.xml", "fx"], in: dir.url)
        #expect(explicit.status == 0, "\(explicit.stderr)")
        #expect(dir.exists("--odd.xml"))
    }
}

/// A report the file system refuses.
@Suite("Adversarial: report files")
struct AdversarialReportFileTests {
    @Test("--junit where it cannot be written: exit 2, one error naming the file, no usage text")
    func unwritable() throws {
        let (dir, _) = try adversarialCorpus()
        defer { dir.cleanup() }
        try dir.write("not a directory", to: "plain")
        let out = try CLI.run(["verify", "--junit", "plain/junit.xml", "fx"], in: dir.url)
        #expect(out.status == 2)
        #expect(out.stderr.hasPrefix("error: cannot write report plain/junit.xml: "), "\(out.stderr)")
        #expect(!out.stderr.contains("USAGE"))
    }
}

/// A cancelled CI job: the harness is sent SIGTERM while an external engine that never reads its
/// stdin is running.
@Suite("Adversarial: termination")
struct AdversarialTerminationTests {
    @Test("SIGTERM stops the external engines (their own process groups) and exits 143")
    func sigterm() throws {
        let (dir, _) = try adversarialCorpus()
        defer { dir.cleanup() }
        let pidFile = dir.url.appendingPathComponent("engine.pid")
        let script = try dir.write("""
            #!/bin/sh
            echo $$ > '\(pidFile.path)'
            echo '{"protocol":"waterfall-engine/1","engine":"deaf","version":"1","capabilities":[],"features":["size","span"]}'
            exec sleep 1000
            """, to: "deaf.sh")
        chmod(script.path, 0o755)
        let p = try Subprocess(try CLI.executable().path, ["verify", "--jobs", "1", "--engine", "exec:\(script.path)", "fx"],
                               in: dir.url, environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"], capture: false)
        // The engine writes its pid before its hello; wait for it (the run cannot finish first:
        // the engine never answers within the 10-s default timeout).
        var enginePID: pid_t?
        for _ in 0..<400 where enginePID == nil {
            enginePID = (try? String(contentsOf: pidFile, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            if enginePID == nil { usleep(25_000) }
        }
        let engine = try #require(enginePID)
        usleep(200_000) // let the harness finish the handshake and register the engine
        p.signal(SIGTERM)
        #expect(p.wait() == 143)
        // Gone, or a zombie waiting for its new parent to reap it: not running either way.
        let state = (try? String(contentsOfFile: "/proc/\(engine)/stat", encoding: .utf8))?
            .split(separator: ")").last?.split(separator: " ").first
        #expect(state == nil || state == "Z", "engine \(engine) is still running: \(state.map(String.init) ?? "")")
        if state != nil && state != "Z" { kill(engine, SIGKILL) }
    }
}
