import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

@Suite("Format: canonical rewrite of fixture files, atomic writes")
struct FormatTests {
    private func contents(_ dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    }

    @Test("--check reports only the non-canonical file; format rewrites it; a second pass changes nothing")
    func checkThenFormat() throws {
        let dir = try codecScratchDirectory("format")
        defer { try? FileManager.default.removeItem(at: dir) }
        let canonical = try #require(try conformanceFiles().first)
        let canonicalCopy = dir.appendingPathComponent("a.json")
        try FileManager.default.copyItem(at: canonical, to: canonicalCopy)
        let loose = dir.appendingPathComponent("sub/b.json")
        try FileManager.default.createDirectory(at: loose.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"format":"waterfall-fixture/1","name":"b","layout":{"containerWidth":10,"columnCount":1},"sections":[]}"#.utf8).write(to: loose)

        let files = try FixtureFile.files(at: [dir.path]).map(\.url)
        #expect(files.map(\.lastPathComponent) == ["a.json", "b.json"])
        #expect(try FixtureFormatter.format(canonicalCopy, write: false) == false)
        #expect(try FixtureFormatter.format(loose, write: false) == true)
        #expect(try FixtureFormatter.format(loose, write: true) == true)
        #expect(try FixtureFormatter.format(loose, write: false) == false)
        let text = try String(contentsOf: loose, encoding: .utf8)
        #expect(text.hasPrefix("{\n  \"format\": \"waterfall-fixture/1\",\n  \"name\": \"b\",\n  \"layout\": {\n"))
        #expect(try Data(contentsOf: canonicalCopy) == Data(contentsOf: canonical))
        // No temporary file left behind.
        #expect(try contents(dir) == ["a.json", "sub"])
        #expect(try contents(dir.appendingPathComponent("sub")) == ["b.json"])
    }

    @Test("a fixture error leaves the file untouched and names file, line and column")
    func brokenFile() throws {
        let dir = try codecScratchDirectory("format")
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("bad.json")
        let bytes = Data("{\n  \"format\": 1\n}".utf8)
        try bytes.write(to: url)
        #expect {
            try FixtureFormatter.format(url, write: true)
        } throws: { error in
            guard let e = error as? FixtureError else { return false }
            return e.file == url.path && e.line == 2 && e.column == 13 && e.jsonPath == "$.format"
        }
        #expect(try Data(contentsOf: url) == bytes)
    }

    @Test("a directory without fixtures and a missing path are errors; .json.new files are not fixtures")
    func collectErrors() throws {
        let dir = try codecScratchDirectory("format")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("{}".utf8).write(to: dir.appendingPathComponent("x.json.new"))
        #expect(throws: WaterfallCheckError.self) { try FixtureFile.files(at: [dir.path]) }
        #expect(throws: WaterfallCheckError.self) { try FixtureFile.files(at: [dir.appendingPathComponent("none").path]) }
    }

    @Test("AtomicFile replaces a file whole and keeps its permissions")
    func atomicReplace() throws {
        let dir = try codecScratchDirectory("format")
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("f.json")
        try AtomicFile.write(Data("one".utf8), to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == "one")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        try AtomicFile.write(Data("two".utf8), to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == "two")
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try contents(dir) == ["f.json"])
    }

    @Test("AtomicFile failures name the path and leave no temporary file")
    func atomicFailure() throws {
        let dir = try codecScratchDirectory("format")
        defer { try? FileManager.default.removeItem(at: dir) }
        // The target is a non-empty directory: the rename fails after the temporary file was written.
        let target = dir.appendingPathComponent("taken")
        try FileManager.default.createDirectory(at: target.appendingPathComponent("inner"), withIntermediateDirectories: true)
        #expect {
            try AtomicFile.write(Data("x".utf8), to: target)
        } throws: { error in
            (error as? WaterfallCheckError)?.path == target.path && "\(error)".contains(target.path)
        }
        #expect(try contents(dir) == ["taken"])
        // A missing directory: nothing can be created.
        let missing = dir.appendingPathComponent("no/such/f.json")
        #expect(throws: WaterfallCheckError.self) { try AtomicFile.write(Data("x".utf8), to: missing) }
    }
}
