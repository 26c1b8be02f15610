import Foundation
import WaterfallCheckCore
import WaterfallCheckJSON
import WaterfallCheckSupport

// Large fixtures, a piece at a time (issue 13: peak memory of `verify` at most 8 times the file).
// json-c's tree costs about 1.5 KB per item (every object carries a 16-entry hash table, every
// frame an array of 32 slots and four number objects), and json-c has no streaming interface.
// So the fixture's skeleton (everything but `sections` and `expected.sections`) and each section's
// own members are parsed as small documents, and the `items` arrays in chunks of
// ``FixtureReader/chunkElements`` elements, each chunk's tree freed before the next.

extension FixtureReader {
    /// Texts at least this long (1 MiB) are decoded piece by piece.
    static let piecewiseThreshold = 1 << 20
    /// Elements of an `items` array parsed together as one small document.
    static let chunkElements = 2048

    /// `bytes` decoded piece by piece, or `nil` when any piece fails or the text is not what the
    /// scanner expects (``JSONSpans``): the caller then decodes the whole text, which reports the
    /// located error. Every piece passes ``JSONDocument``'s strict checks; the bytes between
    /// pieces are structure the scanner checked. So it accepts exactly what the whole-text
    /// decoder accepts, with the same result (a test compares them on every bundled fixture).
    /// - Complexity: O(n) time; memory O(n) for the model plus O(1) pieces.
    static func decodePiecewise(_ bytes: [UInt8], file: String, chunk: Int = chunkElements) -> Fixture? {
        bytes.withUnsafeBufferPointer { b -> Fixture? in
            let start = JSONSpans.skipWhitespace(b, 0)
            guard start < b.count, b[start] == UInt8(ascii: "{"), let end = JSONSpans.valueEnd(b, from: start),
                  JSONSpans.skipWhitespace(b, end) == b.count, let top = JSONSpans.members(b, start..<end),
                  let sections = top.first(where: { $0.key == "sections" })?.value else { return nil }
            var hollow = [sections]
            var expectedSections: Range<Int>?
            if let e = top.first(where: { $0.key == "expected" })?.value, b[e.lowerBound] == UInt8(ascii: "{") {
                guard let m = JSONSpans.members(b, e) else { return nil }
                expectedSections = m.first { $0.key == "sections" }?.value
                if let s = expectedSections { hollow.append(s) }
            }
            guard var fixture = document(hollowing: hollow, in: start..<end, b, file: file, Fixture.init(json:)) else { return nil }
            var input: [SectionInput] = []
            guard JSONSpans.forEachElement(b, sections, { s in
                guard let items = itemsRange(b, s),
                      var section = document(hollowing: [items], in: s, b, file: file, SectionInput.init(json:)),
                      let decoded = decodeElements(b, items, file: file, chunk: chunk, LayoutItem.init(json:)) else { return false }
                section.items = decoded
                input.append(section)
                return true
            }) else { return nil }
            fixture.input.sections = input
            if let e = expectedSections {
                guard case .layout(var result)? = fixture.expected else { return nil }
                var frames: [SectionFrames] = []
                guard JSONSpans.forEachElement(b, e, { s in
                    guard let items = itemsRange(b, s),
                          var section = document(hollowing: [items], in: s, b, file: file, SectionFrames.init(json:)),
                          let decoded = decodeElements(b, items, file: file, chunk: chunk, CGRect.init(frame:)) else { return false }
                    section.items = decoded
                    frames.append(section)
                    return true
                }) else { return nil }
                result.sections = frames
                fixture.expected = .layout(result)
            }
            return fixture
        }
    }

    /// The range of the `items` member of the object at `range`, or `nil`.
    private static func itemsRange(_ b: JSONSpans.Bytes, _ range: Range<Int>) -> Range<Int>? {
        guard b[range.lowerBound] == UInt8(ascii: "{") else { return nil }
        return JSONSpans.members(b, range)?.first { $0.key == "items" }?.value
    }

    /// The text `b[range]` with each of `hollow` (ascending, inside `range`) written `[]`, decoded.
    private static func document<T>(hollowing hollow: [Range<Int>], in range: Range<Int>, _ b: JSONSpans.Bytes, file: String,
                                    _ decode: (JSONNode) throws -> T) -> T? {
        var text: [UInt8] = []
        var at = range.lowerBound
        for h in hollow.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            text.append(contentsOf: UnsafeBufferPointer(rebasing: b[at..<h.lowerBound]))
            text.append(contentsOf: [UInt8(ascii: "["), UInt8(ascii: "]")])
            at = h.upperBound
        }
        text.append(contentsOf: UnsafeBufferPointer(rebasing: b[at..<range.upperBound]))
        return try? JSONDocument(parsing: text, file: file).decode(decode)
    }

    /// The elements of the array at `range`, decoded `size` at a time.
    private static func decodeElements<T>(_ b: JSONSpans.Bytes, _ range: Range<Int>, file: String, chunk size: Int,
                                          _ decode: (JSONNode) throws -> T) -> [T]? {
        var out: [T] = []
        var chunk: [UInt8] = [UInt8(ascii: "[")]
        var count = 0
        func flush() -> Bool {
            chunk.append(UInt8(ascii: "]"))
            guard let decoded = try? JSONDocument(parsing: chunk, file: file).decode({ try $0.array().map(decode) }) else { return false }
            out.append(contentsOf: decoded)
            chunk.removeAll(keepingCapacity: true)
            chunk.append(UInt8(ascii: "["))
            count = 0
            return true
        }
        guard JSONSpans.forEachElement(b, range, { r in
            if count > 0 { chunk.append(UInt8(ascii: ",")) }
            chunk.append(contentsOf: UnsafeBufferPointer(rebasing: b[r]))
            count += 1
            return count < size || flush()
        }) else { return nil }
        if count > 0, !flush() { return nil }
        return out
    }
}
