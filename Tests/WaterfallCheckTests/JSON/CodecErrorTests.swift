import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// One test per kind of bad input (FIXTURE-FORMAT §6, fixture errors), each asserting the located
/// error. Columns are counted by hand on `fixtureText`'s lines:
///
///     1 {
///     2   "format": "waterfall-fixture/1",
///     3   "name": "t",
///     4   "layout": { "containerWidth": 375, "columnCount": 3 },
///     5   "sections": [{ "items": [{ "height": 10 }] }]
///     6 }
///
/// On line 4 `{` is column 13, `"containerWidth"` starts at 15 and its value at 33,
/// `"columnCount"` starts at 38 and its value at 53, a third key starts at 56.
@Suite("Codec: fixture errors are located (FIXTURE-FORMAT §6)")
struct CodecErrorTests {
    private func expect(_ e: FixtureError?, line: Int, column: Int, path: String, _ fragment: String,
                        sourceLocation: SourceLocation = #_sourceLocation) {
        guard let e else { return }
        #expect(e.file == "t.json", sourceLocation: sourceLocation)
        #expect(e.line == line, "line of \(e)", sourceLocation: sourceLocation)
        #expect(e.column == column, "column of \(e)", sourceLocation: sourceLocation)
        #expect(e.jsonPath == path, "path of \(e)", sourceLocation: sourceLocation)
        #expect(e.message.contains(fragment), "message of \(e)", sourceLocation: sourceLocation)
        #expect(e.description == "t.json:\(e.line):\(e.column): error: \(e.message) (at \(e.jsonPath))", sourceLocation: sourceLocation)
    }

    @Test("the helper's text is a valid fixture")
    func baseline() throws {
        let f = try FixtureReader.decode(Array(fixtureText().utf8), file: "t.json")
        #expect(f.input.layout.columnCount == 3)
    }

    @Test("not JSON at all")
    func notJSON() {
        expect(fixtureError("hello"), line: 1, column: 1, path: "$", "unexpected character 'h'")
    }

    @Test("a top-level value that is not an object, and a non-ASCII character outside strings")
    func notAnObject() {
        expect(fixtureError("[1, 2]"), line: 1, column: 1, path: "$", "the top-level value must be an object, got an array")
        expect(fixtureError("{ é }"), line: 1, column: 3, path: "$", "unexpected character 'é' (U+E9)")
    }

    @Test("a truncated file ends at its last byte")
    func truncated() {
        // Line 2 is `  "layout": {"containerWidth": 3`: 32 characters, so the end is column 33.
        expect(fixtureError("{\n  \"layout\": {\"containerWidth\": 3"), line: 2, column: 33,
               path: "$.layout.containerWidth", "unexpected end of file")
    }

    @Test("a string where an integer is required")
    func stringForInteger() {
        expect(fixtureError(fixtureText(layout: #""containerWidth": 375, "columnCount": "3""#)),
               line: 4, column: 53, path: "$.layout.columnCount", #"expected an integer (written without fraction or exponent), got the string "3""#)
    }

    @Test("2.0 and 2e0 are not integers")
    func fractionForInteger() {
        expect(fixtureError(fixtureText(layout: #""containerWidth": 375, "columnCount": 2.0"#)),
               line: 4, column: 53, path: "$.layout.columnCount", "got the number 2.0")
        expect(fixtureError(fixtureText(layout: #""containerWidth": 375, "columnCount": 2e0"#)),
               line: 4, column: 53, path: "$.layout.columnCount", "got the number 2e0")
    }

    @Test("a string where a number is required")
    func stringForNumber() {
        expect(fixtureError(fixtureText(layout: #""containerWidth": "375", "columnCount": 3"#)),
               line: 4, column: 33, path: "$.layout.containerWidth", #"expected a number, got the string "375""#)
    }

    @Test("a number literal too large for a double")
    func doubleOverflow() {
        expect(fixtureError(fixtureText(layout: #""containerWidth": 1e400, "columnCount": 3"#)),
               line: 4, column: 33, path: "$.layout.containerWidth", "number 1e400 does not fit a double")
        expect(fixtureError(fixtureText(layout: #""containerWidth": -0.5E+309, "columnCount": 3"#)),
               line: 4, column: 33, path: "$.layout.containerWidth", "number -0.5E+309 does not fit a double")
        let digits = String(repeating: "9", count: 310) + ".5"
        expect(fixtureError(fixtureText(layout: #""containerWidth": \#(digits), "columnCount": 3"#)),
               line: 4, column: 33, path: "$.layout.containerWidth", "does not fit a double")
    }

    @Test("an underflowing literal reads as 0, which a double can hold (a decision, see docs/decisions/codec.md)")
    func doubleUnderflow() throws {
        let f = try FixtureReader.decode(Array(fixtureText(layout: #""containerWidth": 1e-400, "columnCount": 3"#).utf8), file: "t.json")
        #expect(f.input.layout.containerWidth == 0)
        // The largest double still loads.
        let g = try FixtureReader.decode(Array(fixtureText(layout: #""containerWidth": 1.7976931348623157e308, "columnCount": 3"#).utf8), file: "t.json")
        #expect(g.input.layout.containerWidth == .greatestFiniteMagnitude)
    }

    @Test("integers json-c would clamp to 64 bits")
    func integerOverflow() throws {
        expect(fixtureError(fixtureText(layout: #""containerWidth": 375, "columnCount": 100000000000000000000"#)),
               line: 4, column: 53, path: "$.layout.columnCount", "integer literal 100000000000000000000 is outside the 64-bit integer range")
        expect(fixtureError(fixtureText(layout: #""containerWidth": 375, "columnCount": -9223372036854775809"#)),
               line: 4, column: 53, path: "$.layout.columnCount", "outside the 64-bit integer range")
        // The largest Int64 still loads exactly (a range problem, not a fixture error).
        let f = try FixtureReader.decode(Array(fixtureText(layout: #""containerWidth": 375, "columnCount": 9223372036854775807"#).utf8), file: "t.json")
        #expect(f.input.layout.columnCount == Int.max)
    }

    @Test("a duplicate key is reported at its second occurrence")
    func duplicateKey() {
        expect(fixtureError(fixtureText(layout: #""containerWidth": 375, "columnCount": 3, "columnCount": 4"#)),
               line: 4, column: 56, path: "$.layout.columnCount", "duplicate key")
        // Also inside extensions, which are otherwise free-form. Line 4 is
        // `  "extensions": { "a": 1, "a": 1 },`: the second "a" is column 27.
        expect(fixtureError(fixtureText(extra: "\n  \"extensions\": { \"a\": 1, \"a\": 1 },")),
               line: 4, column: 27, path: "$.extensions.a", "duplicate key")
        // Deep inside an array: line 5 is `  "sections": [{ "items": [{ "height": 1, "height": 2 }] }]`,
        // the second "height" at column 43.
        expect(fixtureError(fixtureText(sections: #"[{ "items": [{ "height": 1, "height": 2 }] }]"#)),
               line: 5, column: 43, path: "$.sections[0].items[0].height", "duplicate key")
    }

    @Test("NaN, Infinity and -Infinity are not JSON")
    func nonFiniteLiterals() {
        expect(fixtureError(fixtureText(layout: #""containerWidth": NaN, "columnCount": 3"#)),
               line: 4, column: 33, path: "$.layout.containerWidth", "NaN is not JSON")
        expect(fixtureError(fixtureText(layout: #""containerWidth": Infinity, "columnCount": 3"#)),
               line: 4, column: 33, path: "$.layout.containerWidth", "Infinity is not JSON")
        expect(fixtureError(fixtureText(layout: #""containerWidth": -Infinity, "columnCount": 3"#)),
               line: 4, column: 33, path: "$.layout.containerWidth", "-Infinity is not JSON")
    }

    @Test("single quotes are not JSON")
    func singleQuotes() {
        expect(fixtureError(fixtureText(layout: #"'containerWidth': 375, "columnCount": 3"#)),
               line: 4, column: 15, path: "$.layout", "single quotes")
    }

    @Test("a raw control character inside a string")
    func rawControlCharacter() {
        // Line 3 is `  "name": "a<TAB>b",`: the tab is column 13.
        expect(fixtureError(fixtureText().replacingOccurrences(of: #""name": "t""#, with: "\"name\": \"a\tb\"")),
               line: 3, column: 13, path: "$.name", "control character U+0009")
    }

    @Test("1. is not a JSON number")
    func numberWithoutFraction() {
        expect(fixtureError(fixtureText(layout: #""containerWidth": 1., "columnCount": 3"#)),
               line: 4, column: 33, path: "$.layout.containerWidth", "digits after its decimal point")
    }

    @Test("a UTF-8 byte order mark")
    func byteOrderMark() {
        expect(fixtureError(bytes: [0xEF, 0xBB, 0xBF] + Array(fixtureText().utf8)), line: 1, column: 1, path: "$", "byte order mark")
    }

    @Test("bytes that are not UTF-8")
    func invalidUTF8() {
        // Line 4 is `  "description": "a<FF>b",`: the bad byte is column 20.
        var bytes = Array(fixtureText(extra: "\n  \"description\": \"aXb\",").utf8)
        bytes[bytes.firstIndex(of: UInt8(ascii: "X"))!] = 0xFF
        expect(fixtureError(bytes: bytes), line: 4, column: 20, path: "$.description", "not valid UTF-8")
    }

    @Test("D5: overlong forms, surrogates, code points above U+10FFFF and F5..FF leads are fixture errors at their byte",
          arguments: [([0xC0, 0xAF], "overlong"), ([0xC1, 0xBF], "overlong"), ([0xE0, 0x80, 0xAF], "overlong"),
                      ([0xF0, 0x80, 0x80, 0xAF], "overlong"), ([0xC0, 0x80], "overlong"), ([0xED, 0xA0, 0x80], "surrogate"),
                      ([0xED, 0xBF, 0xBF], "surrogate"), ([0xF4, 0x90, 0x80, 0x80], "above U+10FFFF"),
                      ([0xF5, 0x80, 0x80, 0x80], "above U+10FFFF"), ([0xFF], "above U+10FFFF")] as [([UInt8], String)])
    func strictUTF8(sequence: [UInt8], problem: String) {
        var bytes = Array(fixtureText(extra: "\n  \"description\": \"aXb\",").utf8)
        let x = bytes.firstIndex(of: UInt8(ascii: "X"))!
        bytes.replaceSubrange(x...x, with: sequence)
        expect(fixtureError(bytes: bytes), line: 4, column: 20, path: "$.description", problem)
        // Valid neighbours still pass: U+07FF, U+D7FF, U+E000, U+10FFFF.
        for ok: [UInt8] in [[0xDF, 0xBF], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF]] {
            var good = Array(fixtureText(extra: "\n  \"description\": \"aXb\",").utf8)
            good.replaceSubrange(x...x, with: ok)
            #expect((try? FixtureReader.decode(good, file: "t.json")) != nil, "\(ok)")
        }
    }

    @Test("an empty file")
    func emptyFile() {
        expect(fixtureError(""), line: 1, column: 1, path: "$", "empty file")
    }

    @Test("bytes after the top-level object")
    func trailingBytes() {
        expect(fixtureError(fixtureText() + "\nx"), line: 7, column: 1, path: "$", "after the top-level value")
        expect(fixtureError(fixtureText() + "{}"), line: 6, column: 2, path: "$", "after the top-level value")
    }

    @Test("an unknown field outside extensions")
    func unknownField() {
        expect(fixtureError(fixtureText(layout: #""containerWidth": 375, "columnCount": 3, "columnCont": 3"#)),
               line: 4, column: 70, path: "$.layout.columnCont", #"unknown field "columnCont" in layout"#)
    }

    @Test("an unknown enum string")
    func unknownEnum() {
        expect(fixtureError(fixtureText(layout: #""containerWidth": 375, "columnCount": 3, "placement": "zigzag""#)),
               line: 4, column: 69, path: "$.layout.placement", #"unknown placement "zigzag"; expected one of: shortestFirst, leftToRight, rightToLeft"#)
    }

    @Test("an unknown expected error code, and unsupported, which only engines answer")
    func unknownErrorCode() {
        // Line 4 is `  "expected": { "error": "oops" },`: the value is column 26.
        expect(fixtureError(fixtureText(extra: "\n  \"expected\": { \"error\": \"oops\" },")),
               line: 4, column: 26, path: "$.expected.error", #"unknown error code "oops""#)
        expect(fixtureError(fixtureText(extra: "\n  \"expected\": { \"error\": \"unsupported\" },")),
               line: 4, column: 26, path: "$.expected.error", #"unknown error code "unsupported""#)
    }

    @Test("a missing required field points at its object")
    func missingField() {
        expect(fixtureError(fixtureText(layout: #""containerWidth": 375"#)),
               line: 4, column: 13, path: "$.layout.columnCount", #"missing required field "columnCount""#)
    }

    @Test("a wrong format string")
    func wrongFormat() {
        expect(fixtureError(fixtureText().replacingOccurrences(of: "fixture/1", with: "fixture/2")),
               line: 2, column: 13, path: "$.format", #"unsupported format "waterfall-fixture/2""#)
    }

    @Test("a name that could be a path")
    func nameWithSlash() {
        // Line 3 is `  "name": "../etc",`: the value is column 11.
        expect(fixtureError(fixtureText().replacingOccurrences(of: #""name": "t""#, with: #""name": "../etc""#)),
               line: 3, column: 11, path: "$.name", "must match [A-Za-z0-9._-]+")
    }

    @Test("a size with 3 numbers")
    func sizeWithThreeNumbers() {
        // Line 5 is `  "sections": [{ "items": [{ "size": [1, 2, 3] }] }]`: `[` of size is column 38.
        expect(fixtureError(fixtureText(sections: #"[{ "items": [{ "size": [1, 2, 3] }] }]"#)),
               line: 5, column: 38, path: "$.sections[0].items[0].size", "an array of 3")
    }

    @Test("an item with both height and size")
    func heightAndSize() {
        // Line 5 is `  "sections": [{ "items": [{ "height": 1, "size": [1, 2] }] }]`: size's value is column 51.
        expect(fixtureError(fixtureText(sections: #"[{ "items": [{ "height": 1, "size": [1, 2] }] }]"#)),
               line: 5, column: 51, path: "$.sections[0].items[0].size", "not both")
    }

    @Test("an item with neither height nor size")
    func neitherHeightNorSize() {
        // `{` of the item is column 28.
        expect(fixtureError(fixtureText(sections: #"[{ "items": [{ "span": 2 }] }]"#)),
               line: 5, column: 28, path: "$.sections[0].items[0]", #"needs "height" or "size""#)
    }

    @Test("null where only pixelScale may be null")
    func nullForNumber() {
        expect(fixtureError(fixtureText(layout: #""containerWidth": null, "columnCount": 3"#)),
               line: 4, column: 33, path: "$.layout.containerWidth", "expected a number, got null")
    }
}
