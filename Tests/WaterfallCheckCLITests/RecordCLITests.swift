import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// `record`, `review`, `accept`, `reject` end to end, and their refusal in CI.
@Suite("record, review, accept, reject commands")
struct RecordCLITests {
    /// `F/drifted.json` (item 0.2 expected 5 pt lower than the reference engine puts it) and
    /// `F/new.json` (no expected).
    func corpus(under parent: URL = FileManager.default.temporaryDirectory) throws -> TempDir {
        let dir = try TempDir(under: parent)
        try dir.write(TwoColumns.fixture("drifted", expected: .layout(TwoColumns.moving(2, by: 5))), to: "F/drifted.json")
        try dir.write(TwoColumns.fixture("new", expected: nil), to: "F/new.json")
        return dir
    }

    @Test("record, review, accept one, reject the other")
    func workflow() throws {
        let dir = try corpus(); defer { dir.cleanup() }
        let rec = try CLI.run(["record", "F"], in: dir.url)
        #expect(rec.status == 0, "\(rec.stdout)\(rec.stderr)")
        // Canonical form puts expected item 0.2 on line 32, its `[` at column 11 (10 spaces in).
        #expect(rec.stdout.contains("RECORDED F/drifted.json:32:11: recorded drifted.json.new (was: item 0.2 moved by 5 pt"))
        #expect(rec.stdout.contains("2 fixtures: 0 passed, 0 failed, 0 errors, 0 skipped, 2 recorded"))
        #expect(dir.exists("F/drifted.json.new") && dir.exists("F/new.json.new"))

        let review = try CLI.run(["review", "F"], in: dir.url)
        #expect(review.status == 0)
        #expect(review.stdout.contains("F/drifted.json.new: 1 change in expected"))
        #expect(review.stdout.contains("  item 0.2  [0, 15, 50, 30]  [0, 10, 50, 30]  5"))
        #expect(review.stdout.contains("F/new.json.new: 4 changes in expected; adds expected: contentSize [100, 40], 3 frames"))
        #expect(review.stdout.contains("  item 0.2     -        [0, 10, 50, 30]  -"), "\(review.stdout)")

        let accept = try CLI.run(["accept", "F/drifted.json"], in: dir.url)
        #expect(accept.status == 0 && accept.stdout == "accepted F/drifted.json.new\n")
        let reject = try CLI.run(["reject", "--all"], in: dir.url)
        #expect(reject.status == 0 && reject.stdout == "rejected F/new.json.new\n")
        #expect(!dir.exists("F/drifted.json.new") && !dir.exists("F/new.json.new"))
        #expect(try FixtureReader.read(contentsOf: dir.url.appendingPathComponent("F/drifted.json")).expected == .layout(TwoColumns.result))
        #expect(try CLI.run(["verify", "F/drifted.json"], in: dir.url).status == 0)
    }

    @Test("record --accept writes the fixture; --mode missing leaves a failing one alone (exit 1)")
    func acceptAndModes() throws {
        let dir = try corpus(); defer { dir.cleanup() }
        let missing = try CLI.run(["record", "--mode", "missing", "--accept", "F"], in: dir.url)
        #expect(missing.status == 1)
        #expect(try FixtureReader.read(contentsOf: dir.url.appendingPathComponent("F/new.json")).expected == .layout(TwoColumns.result))
        #expect(try FixtureReader.read(contentsOf: dir.url.appendingPathComponent("F/drifted.json")).expected == .layout(TwoColumns.moving(2, by: 5)))
        #expect(try CLI.run(["record", "--mode", "never", "F"], in: dir.url).status == 2)   // not a record mode
    }

    @Test("in CI, record, accept and reject write nothing and exit 2")
    func refusedInCI() throws {
        let dir = try corpus(); defer { dir.cleanup() }
        try dir.write(TwoColumns.fixture("drifted"), to: "F/drifted.json.new")
        let before = try ["F/drifted.json", "F/new.json", "F/drifted.json.new"].map(dir.read)
        for args in [["record", "F"], ["record", "--accept", "F"], ["accept", "--all"], ["reject", "F"]] {
            let r = try CLI.run(args, in: dir.url, ci: "true")
            #expect(r.status == 2, "\(args)")
            #expect(r.stderr.contains("disabled in CI (CI=true)"), "\(args)")
        }
        #expect(try ["F/drifted.json", "F/new.json", "F/drifted.json.new"].map(dir.read) == before)
        #expect(!dir.exists("F/new.json.new"))
    }

    @Test("record into an unwritable directory: exit 2, an error naming the path, the fixture intact")
    func unwritableDirectory() throws {
        // Root ignores permissions: the run drops to `nobody`, who must reach the folder, so it
        // lives in /tmp (world-traversable) whatever TMPDIR says.
        let user: UInt32? = getuid() == 0 ? 65534 : nil
        let dir = try corpus(under: URL(fileURLWithPath: user == nil ? NSTemporaryDirectory() : "/tmp")); defer { dir.cleanup() }
        let folder = dir.url.appendingPathComponent("F")
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
        let before = try dir.read("F/drifted.json")
        if user != nil {
            try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "running as root needs setpriv to test permissions")
        }
        for args in [["record", "F"], ["record", "--accept", "F"]] {
            let r = try CLI.run(args, in: dir.url, asUser: user)
            #expect(r.status == 2, "\(args): \(r.stdout)\(r.stderr)")
            #expect(r.stdout.contains("ERROR F/drifted.json: cannot write \(folder.path)/drifted.json"), "\(r.stdout)")
            #expect(try dir.read("F/drifted.json") == before)
            #expect(!dir.exists("F/drifted.json.new"))
        }
    }
}
