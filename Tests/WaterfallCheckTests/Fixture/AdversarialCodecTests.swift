import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// Broken fixture bytes: every one is a located ``FixtureError``, never a crash or a fixture.
@Suite("Adversarial: fixture bytes")
struct AdversarialCodecTests {
    @Test("every proper prefix of a conformance fixture is a located error; the whole file reads")
    func everyPrefix() throws {
        let url = try #require(try conformanceFiles().first { $0.lastPathComponent == "section-one-example.json" })
        let bytes = [UInt8](try Data(contentsOf: url))
        // Only whitespace may follow the closing brace, so every cut before it is incomplete.
        let close = try #require(bytes.lastIndex(of: UInt8(ascii: "}")))
        for n in 0...close {
            #expect(throws: FixtureError.self, "prefix of \(n) bytes") {
                try FixtureReader.decode(Array(bytes[..<n]), file: "p.json")
            }
            do { _ = try FixtureReader.decode(Array(bytes[..<n]), file: "p.json") } catch let e as FixtureError {
                #expect(e.file == "p.json" && e.line >= 1 && e.column >= 1, "prefix of \(n) bytes: \(e)")
            }
        }
        _ = try FixtureReader.decode(bytes, file: "p.json")
    }

    @Test("100,000 open brackets, NaN spellings, 1e400, a lone NUL: located errors")
    func hostileTexts() throws {
        let texts: [(String, String)] = [
            (String(repeating: "[", count: 100_000), "nesting"),
            (#"{"format": NaN}"#, "NaN"), (#"{"format": -Infinity}"#, "Infinity"),
            (#"{"format": 1e400}"#, "does not fit a double"), ("\u{0}", "0x0"),
        ]
        for (text, word) in texts {
            do {
                _ = try FixtureReader.decode(Array(text.utf8), file: "h.json")
                Issue.record("\(text.prefix(20)) was read as a fixture")
            } catch let e as FixtureError {
                #expect(e.message.contains(word), "\(e)")
                #expect(e.line == 1)
            }
        }
    }
}

/// Fixture paths that are not regular files.
@Suite("Adversarial: fixture files")
struct AdversarialFileTests {
    @Test("a FIFO or a device named as a fixture is 'not a regular file', never a hang or 'permission'")
    func notRegular() throws {
        let dir = try codecScratchDirectory("fifo")
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("pipe.json")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        for url in [fifo, URL(fileURLWithPath: "/dev/zero")] {
            #expect {
                _ = try FixtureReader.read(contentsOf: url)
            } throws: { e in
                (e as? FixtureError).map { $0.file == url.path && $0.message.contains("not a regular file") } ?? false
            }
        }
    }
}

/// One hostile value must not flood the report.
@Suite("Adversarial: error length")
struct AdversarialErrorLengthTests {
    @Test("a 1 MB unknown key and 100,000 levels of nesting give errors of bounded length, start and end kept")
    func bounded() throws {
        let key = String(repeating: "k", count: 1_000_000)
        let texts = [#"{"format": "waterfall-fixture/1", ""# + key + #"z": 1}"#, String(repeating: "[", count: 100_000)]
        for text in texts {
            do {
                _ = try FixtureReader.decode(Array(text.utf8), file: "long.json")
                Issue.record("read as a fixture")
            } catch let e as FixtureError {
                // At most 1,000 kept characters plus the "…(N characters)…" marker.
                #expect(e.description.count < 2 * (FixtureError.maximumLength + 100), "\(e.description.count)")
                #expect(e.jsonPath.hasPrefix("$"))
                #expect(e.jsonPath.contains("characters)…") || e.message.contains("characters)…"))
            }
        }
        // Short paths and messages are kept whole.
        let short = FixtureError(file: "f", line: 1, column: 1, jsonPath: "$.a", message: "m")
        #expect(short.jsonPath == "$.a" && short.message == "m")
    }
}

/// json-c keeps keys as C strings; a key with U+0000 must not pass as the key it starts with.
@Suite("Adversarial: keys with U+0000")
struct AdversarialNULKeyTests {
    private let head = #"{"format": "waterfall-fixture/1", "name": "n", "layout": {"containerWidth": 100, "#

    @Test("`columnCount\\u0000x` beside `columnCount`, or alone, is a located error at that key")
    func nulKeys() throws {
        // Before the fix the first text read as columnCount 4 (the text shows 3 last), the second as 3.
        let texts = [head + #""columnCount": 3, "columnCount\u0000x": 4}, "sections": []}"#,
                     head + #""columnCount\u0000": 3}, "sections": []}"#]
        for text in texts {
            do {
                _ = try FixtureReader.decode(Array(text.utf8), file: "nul.json")
                Issue.record("read as a fixture: \(text)")
            } catch let e as FixtureError {
                #expect(e.message.contains("U+0000"), "\(e)")
                #expect(e.jsonPath.hasPrefix("$.layout[\"columnCount\\u0000"), "\(e.jsonPath)")
                // The key's column: after `{"format": ... "containerWidth": 100, `.
                #expect(e.line == 1 && e.column > head.count, "\(e)")
            }
        }
        // `\u0000` inside a string value is left to the field's own check; an escaped
        // backslash before `u0000` is not a NUL at all.
        let fine = head + #""columnCount": 3}, "description": "a\\u0000b", "sections": []}"#
        #expect(try FixtureReader.decode(Array(fine.utf8), file: "ok.json").input.layout.columnCount == 3)
    }
}

/// Atomic writes at the file system's limits.
@Suite("Adversarial: atomic writes")
struct AdversarialAtomicFileTests {
    @Test("a file name of 250 bytes (NAME_MAX is 255) is written: the temporary name is bounded")
    func longName() throws {
        let dir = try codecScratchDirectory("long-name")
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent(String(repeating: "é", count: 120) + "xxxxx.json") // 240 + 5 + 5 = 250 bytes
        try AtomicFile.write(Data("new".utf8), to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [url.lastPathComponent])
    }
}
