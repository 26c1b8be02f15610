import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// `waterfall-check format [--check] PATH...` end to end: exit codes and messages.
@Suite("Format: the command line")
struct FormatCLITests {
    @Test("--check accepts the conformance fixtures unchanged (exit 0)")
    func conformanceIsCanonical() throws {
        let dir = try #require(try conformanceFiles().first).deletingLastPathComponent()
        let out = try CLI.run(["format", "--check", dir.path], in: dir)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.isEmpty)
    }

    @Test("--check lists a non-canonical file and exits 1; format fixes it; then exit 0")
    func checkThenFix() throws {
        let dir = try codecScratchDirectory("format-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("a.json")
        try Data(#"{"format":"waterfall-fixture/1","name":"a","layout":{"containerWidth":1,"columnCount":1},"sections":[]}"#.utf8).write(to: file)
        let check = try CLI.run(["format", "--check", dir.path], in: dir)
        #expect(check.status == 1)
        #expect(check.stdout == file.path + "\n")
        let fix = try CLI.run(["format", dir.path], in: dir)
        #expect(fix.status == 0, "\(fix.stderr)")
        #expect(try CLI.run(["format", "--check", file.path], in: dir).status == 0)
    }

    @Test("a fixture error is exit 2 with file:line:column; an empty directory is exit 2")
    func errors() throws {
        let dir = try codecScratchDirectory("format-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = try CLI.run(["format", dir.path], in: dir)
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("no fixtures"))
        let bad = dir.appendingPathComponent("bad.json")
        try Data("{\n  \"format\": \"waterfall-fixture/1\",\n  \"name\": 'x'\n}".utf8).write(to: bad)
        let out = try CLI.run(["format", "--check", dir.path], in: dir)
        #expect(out.status == 2)
        // Line 3 is `  "name": 'x'`: the quote is column 11.
        #expect(out.stderr.contains("\(bad.path):3:11: error: single quotes are not JSON"), "\(out.stderr)")
        #expect(try CLI.run(["format"], in: dir).status == 2)
        // A relative PATH is printed relative, for errors and for --check (they were absolute).
        let relative = try CLI.run(["format", "--check", "."], in: dir)
        #expect(relative.stderr.hasPrefix("./bad.json:3:11: error:") || relative.stderr.hasPrefix("bad.json:3:11: error:"), "\(relative.stderr)")
        #expect(!relative.stderr.contains(dir.path), "\(relative.stderr)")
    }
}
