import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

@Suite("Codec: SourceLocator maps JSON paths to lines and columns")
struct CodecLocatorTests {
    private func locator() throws -> SourceLocator {
        let url = try #require(try conformanceFiles().first { $0.lastPathComponent == "section-one-example.json" })
        return SourceLocator(bytes: try Data(contentsOf: url))
    }

    @Test("a frame, a layout field and the root")
    func exactPaths() throws {
        let l = try locator()
        // section-one-example.json line 36: 10 spaces, then the second item frame.
        #expect(pair(l.location(of: [.key("expected"), .key("sections"), .index(0), .key("items"), .index(1)])) == [36, 11])
        // Line 15: `    "pixelScale": null,`, the value at column 19.
        #expect(pair(l.location(of: [.key("layout"), .key("pixelScale")])) == [15, 19])
        #expect(pair(l.location(of: [])) == [1, 1])
        // Line 34: `        "items": [`, the bracket at column 18.
        #expect(pair(l.location(of: [.key("expected"), .key("sections"), .index(0), .key("items")])) == [34, 18])
    }

    @Test("a path beyond the text points at its deepest existing value")
    func nearestPrefix() throws {
        let l = try locator()
        #expect(pair(l.location(of: [.key("expected"), .key("sections"), .index(0), .key("items"), .index(9)])) == [34, 18])
        #expect(pair(l.location(of: [.key("nope")])) == [1, 1])
    }

    @Test("quoted keys, escapes and non-ASCII text before the value")
    func quotedKeys() {
        let text = "{\"é\\\"x\": [0,\n  {\"a b\": 5}]}"
        let l = SourceLocator(bytes: Array(text.utf8))
        // Line 2 is `  {"a b": 5}]}`: the value 5 is column 11.
        #expect(JSONPathComponent.render([.key("é\"x"), .index(1), .key("a b")]) == #"$["é\"x"][1]["a b"]"#)
        #expect(pair(l.location(of: [.key("é\"x"), .index(1), .key("a b")])) == [2, 11])
        // Columns count characters: `{"é\"x": [` is 10 characters, so element 0 is column 11.
        #expect(pair(l.location(of: [.key("é\"x"), .index(0)])) == [1, 11])
    }

    @Test("the located error of a decoding fault deep in a document")
    func deepFault() throws {
        var text = fixtureText(sections: "[{ \"items\": [\n" + (0..<8).map { _ in "    { \"height\": 1 }" }.joined(separator: ",\n") + "\n  ] }]")
        text = text.replacingOccurrences(of: "{ \"height\": 1 }\n", with: "{ \"height\": true }\n")
        // The last item (index 7) became `    { "height": true }` on line 13: value at column 17.
        #expect {
            try FixtureReader.decode(Array(text.utf8), file: "t.json")
        } throws: { error in
            guard let e = error as? FixtureError else { return false }
            return e.jsonPath == "$.sections[0].items[7].height" && e.line == 13 && e.column == 17
        }
    }
}

/// `[line, column]`, for comparing a location with a literal.
private func pair(_ l: (line: Int, column: Int)) -> [Int] { [l.line, l.column] }
