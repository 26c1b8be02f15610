import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// `waterfall-check compare-revisions` (issue 18) on a scratch git repository holding a tiny
/// Python engine (`FakeEngines/tiny_engine.py`): commit 1 sends exact ties left, commit 2 right.
@Suite("compare-revisions")
struct CompareRevisionsCLITests {
    /// A scratch repository (`repo/`, two commits) and an empty `tmp/` the runs get as TMPDIR.
    struct Scratch {
        let dir: TempDir
        var repo: URL { dir.url.appendingPathComponent("repo") }
        var tmp: URL { dir.url.appendingPathComponent("tmp") }
        var environment: [String: String] { ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TMPDIR": tmp.path, "HOME": dir.url.path] }

        init() throws {
            dir = try TempDir()
            try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
            let engine = try String(contentsOfFile: ExternalTestSupport.packageRoot
                .appendingPathComponent("Tests/WaterfallCheckTestSupport/FakeEngines/tiny_engine.py").path, encoding: .utf8)
            try git(["init", "-q"])
            try engine.write(to: repo.appendingPathComponent("engine.py"), atomically: true, encoding: .utf8)
            try git(["add", "engine.py"]); try git(["commit", "-qm", "Ties go left"])
            try engine.replacingOccurrences(of: "RIGHTMOST_TIES = False", with: "RIGHTMOST_TIES = True")
                .write(to: repo.appendingPathComponent("engine.py"), atomically: true, encoding: .utf8)
            try git(["commit", "-qam", "Send exact ties right"])
        }

        @discardableResult
        func git(_ arguments: [String]) throws -> String {
            let p = try Subprocess("/usr/bin/git", ["-c", "user.name=t", "-c", "user.email=t@t"] + arguments, in: repo, environment: environment)
            let (status, out, err) = p.finish()
            guard status == 0 else { throw Subprocess.Failure(description: "git \(arguments): \(String(decoding: err, as: UTF8.self))") }
            return String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func start(_ arguments: [String], capture: Bool = true) throws -> Subprocess {
            try Subprocess(try CLI.executable().path, ["compare-revisions"] + arguments, in: repo, environment: environment, capture: capture)
        }

        func run(_ arguments: [String]) throws -> CLI.Output {
            let (status, out, err) = try start(arguments).finish()
            return CLI.Output(status: status, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
        }

        /// What a run may leave: worktrees besides the main one, entries of TMPDIR, processes
        /// whose current directory is inside the scratch directory.
        func leftovers() throws -> [String] {
            var found = try git(["worktree", "list"]).split(separator: "\n").dropFirst().map { "worktree \($0)" }
            found += try FileManager.default.contentsOfDirectory(atPath: tmp.path).map { "temporary \($0)" }
            for pid in try FileManager.default.contentsOfDirectory(atPath: "/proc") where Int32(pid) != nil {
                if let cwd = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/cwd"),
                   cwd.hasPrefix(tmp.path) || cwd.hasPrefix(dir.url.appendingPathComponent("cache").path) {
                    found.append("process \(pid) in \(cwd)")
                }
            }
            return found
        }

        func expectNothingLeft(_ context: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws {
            let left = try leftovers()
            #expect(left.isEmpty, "\(context) \(left)", sourceLocation: sourceLocation)
        }
    }

    @Test("HEAD~1 HEAD exits 1 with the tie difference first and minimal, naming both commits (text, JSON, HTML, --github, saved); HEAD HEAD exits 0; nothing left")
    func tieDifference() throws {
        let s = try Scratch()
        defer { s.dir.cleanup() }
        let old = try s.git(["rev-parse", "HEAD~1"]), new = try s.git(["rev-parse", "HEAD"])
        let html = s.dir.url.appendingPathComponent("compare-report").path
        let json = s.dir.url.appendingPathComponent("reports/report.json").path, saved = s.dir.url.appendingPathComponent("saved").path
        try FileManager.default.createDirectory(atPath: saved, withIntermediateDirectories: true)
        let r = try s.run(["HEAD~1", "HEAD", "--build", "true", "--engine", "exec:python3 engine.py", "--fuzz-cases", "30",
                           "--json", json, "--save", saved, "--github", "--html", html])
        #expect(r.status == 1, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stdout.contains("baseline:  tiny 1 at HEAD~1 (\(old.prefix(12)) Ties go left)"), "\(r.stdout)")
        #expect(r.stdout.contains("candidate: tiny 1 at HEAD (\(new.prefix(12)) Send exact ties right)"), "\(r.stdout)")
        // The first difference: one item, two columns, left against right.
        let first = try #require(r.stdout.components(separatedBy: "difference 1 of").dropFirst().first)
        #expect(first.contains("\"sections\":[{\"items\":[{\"height\":"), "\(first)")
        #expect(first.contains("1 frame differs"), "\(first)")
        let report = try String(contentsOfFile: json, encoding: .utf8)
        #expect(report.contains("\"revision\"") && report.contains(old) && report.contains(new), "\(report)")
        let files = try FileManager.default.contentsOfDirectory(atPath: saved)
        let fixture = try String(contentsOfFile: saved + "/" + #require(files.first), encoding: .utf8)
        #expect(fixture.contains(old) && fixture.contains(new) && fixture.contains("\"revisions\""), "\(fixture)")
        // The README's CI recipe: annotations on the run, the HTML report naming both commits.
        #expect(r.stdout.contains("::error title=engines differ%3A generated-"), "\(r.stdout)")
        let page = try String(contentsOfFile: html + "/index.html", encoding: .utf8)
        #expect(page.contains(old) && page.contains(new) && page.contains("Send exact ties right"))
        try s.expectNothingLeft()

        let same = try s.run(["HEAD", "HEAD", "--build", "true", "--engine", "exec:python3 engine.py", "--fuzz-cases", "30"])
        #expect(same.status == 0, "\(same.stdout)\n\(same.stderr)")
        try s.expectNothingLeft()
    }

    @Test("--cache: a second run builds nothing; a failed build names its revision, shows its output's end, exits 2")
    func cacheAndFailedBuild() throws {
        let s = try Scratch()
        defer { s.dir.cleanup() }
        let log = s.dir.url.appendingPathComponent("build.log").path
        let cache = s.dir.url.appendingPathComponent("cache").path
        let args = ["--build", "echo built >> '\(log)'", "--cache", cache, "--engine", "exec:python3 engine.py", "--fuzz-cases", "10"]
        func builds() -> Int { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").count }
        #expect(try s.run(["HEAD~1", "HEAD"] + args).status == 1)
        #expect(builds() == 2)
        let again = try s.run(["HEAD~1", "HEAD"] + args)
        #expect(again.status == 1)
        #expect(builds() == 2, "\(again.stderr)")
        #expect(again.stderr.contains("built already"), "\(again.stderr)")
        #expect(try s.run(["HEAD", "HEAD"] + args).status == 0)
        #expect(builds() == 2)
        try s.expectNothingLeft()

        let failed = try s.run(["HEAD~1", "HEAD", "--build", "echo compiling; echo 'oops: no compiler' >&2; exit 3",
                                "--engine", "exec:python3 engine.py"])
        #expect(failed.status == 2)
        #expect(failed.stderr.contains("the build of HEAD~1 ("), "\(failed.stderr)")
        #expect(failed.stderr.contains("oops: no compiler"), "\(failed.stderr)")
        try s.expectNothingLeft()
    }

    @Test("SIGINT or SIGTERM in the middle of a build, SIGINT in the middle of the comparison: no worktree, temporary directory or process left")
    func interrupted() throws {
        let s = try Scratch()
        defer { s.dir.cleanup() }
        let marker = s.dir.url.appendingPathComponent("started").path
        func waitFor(_ path: String) -> Bool {
            for _ in 0..<400 where !FileManager.default.fileExists(atPath: path) { usleep(25_000) }
            return FileManager.default.fileExists(atPath: path)
        }
        for signal in [SIGINT, SIGTERM] {
            try? FileManager.default.removeItem(atPath: marker)
            let p = try s.start(["HEAD~1", "HEAD", "--build", "touch '\(marker)'; sleep 60", "--engine", "exec:python3 engine.py"], capture: false)
            #expect(waitFor(marker))
            usleep(100_000)
            p.signal(signal)
            #expect(p.wait() == 128 + signal)
            try s.expectNothingLeft("signal \(signal)")
        }
        // In the comparison: many generated cases, interrupted once the engine answers.
        try? FileManager.default.removeItem(atPath: marker)
        let p = try s.start(["HEAD~1", "HEAD", "--build", "true", "--fuzz-cases", "1000000",
                             "--engine", "exec:touch '\(marker)'; python3 engine.py"], capture: false)
        #expect(waitFor(marker))
        usleep(1_500_000)
        p.signal(SIGINT)
        #expect(p.wait() == 130)
        try s.expectNothingLeft()
    }
}
