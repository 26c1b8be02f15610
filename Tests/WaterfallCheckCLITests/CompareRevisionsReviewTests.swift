import Foundation
import Testing
import WaterfallCheckTestSupport

/// The third adversarial review's compare-revisions reproductions (A4, A12, A15), on the scratch
/// repository of ``CompareRevisionsCLITests`` (a tiny Python engine, two commits).
@Suite("compare-revisions: shared caches, paths, progress lines (issue 33)")
struct CompareRevisionsReviewTests {
    typealias Scratch = CompareRevisionsCLITests.Scratch

    @Test("A4: two runs sharing one --cache take turns per entry: both finish (exit 1, the tie difference), neither removes the other's tree")
    func sharedCacheIsLockedPerEntry() throws {
        let s = try Scratch(); defer { s.dir.cleanup() }
        let cache = s.dir.url.appendingPathComponent("cache").path
        let args = ["HEAD~1", "HEAD", "--build", "sleep 2; echo built > out.txt", "--cache", cache,
                    "--engine", "exec:python3 engine.py", "--fuzz-cases", "3", "--jobs", "1"]
        let first = try s.start(args)
        usleep(700_000)
        let second = try s.run(args)
        let (status, _, err) = first.finish()
        for (st, e) in [(status, String(decoding: err, as: UTF8.self)), (second.status, second.stderr)] {
            #expect(st == 1, "\(e)")
            #expect(!e.contains("Directory nonexistent") && !e.contains("failed"), "\(e)")
        }
        #expect(second.stderr.contains("waiting for another run building it in the cache") || second.stderr.contains("built already"), "\(second.stderr)")
        try s.expectNothingLeft()
    }

    @Test("A15: a missing PATH is an error before any build; an exec: engine runs from the same subdirectory of each tree; A12: a hostile subject is escaped in progress lines")
    func pathsAndSubdirectory() throws {
        let s = try Scratch(); defer { s.dir.cleanup() }
        let start = Date()
        let missing = try s.run(["HEAD~1", "HEAD", "--build", "sleep 5", "--engine", "exec:python3 engine.py", "--fuzz-cases", "1", "no/such/dir"])
        #expect(missing.status == 2 && missing.stderr.contains("no such file or directory: no/such/dir"), "\(missing.stderr)")
        #expect(!missing.stderr.contains("checking out"), "\(missing.stderr)")
        #expect(Date().timeIntervalSince(start) < 5)
        // engine.py also in sub/, committed with a subject that would redraw the terminal.
        let sub = s.repo.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: s.repo.appendingPathComponent("engine.py"), to: sub.appendingPathComponent("engine.py"))
        try s.git(["add", "sub/engine.py"])
        try s.git(["commit", "-qm", "innocent\rcompare-revisions: all good \u{1B}[31mRED\u{1B}[0m\u{7}"])
        let (status, out, err) = try Subprocess(try CLI.executable().path,
                                                ["compare-revisions", "HEAD", "HEAD", "--engine", "exec:python3 engine.py", "--fuzz-cases", "3", "--jobs", "1"],
                                                in: sub, environment: s.environment).finish()
        let stderr = String(decoding: err, as: UTF8.self)
        #expect(status == 0, "\(String(decoding: out, as: UTF8.self))\(stderr)")
        #expect(!stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0 == "\r" }, "\(stderr)")
        #expect(stderr.contains("innocent\\u{D}compare-revisions"), "\(stderr)")
        try s.expectNothingLeft()
    }
}
