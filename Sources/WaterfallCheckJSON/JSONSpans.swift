import Foundation
/// Byte ranges of the values inside a JSON text, found without building a tree: what lets a
/// large fixture be parsed by json-c a piece at a time (``JSONDocument`` on each piece).
///
/// The scanner checks only structure (brackets, commas, colons, whitespace) and gives up,
/// returning `nil` or `false`, on anything it does not expect: an escaped key, a duplicate key,
/// a missing or trailing comma, a byte that is not JSON whitespace between tokens. Callers then
/// parse the whole text with ``JSONDocument``, which reports the located error. Strings and
/// scalars are only skipped: the pieces parsed by ``JSONDocument`` check them.
package enum JSONSpans {
    package typealias Bytes = UnsafeBufferPointer<UInt8>

    @inline(__always) package static func isWhitespace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }

    /// The index of the first byte at or after `i` that is not whitespace.
    @inline(__always) package static func skipWhitespace(_ b: Bytes, _ i: Int) -> Int {
        var i = i
        while i < b.count, isWhitespace(b[i]) { i += 1 }
        return i
    }

    /// The end (exclusive) of the value starting exactly at `i`, or `nil`.
    /// - Complexity: O(length of the value).
    package static func valueEnd(_ b: Bytes, from start: Int) -> Int? {
        guard start < b.count else { return nil }
        var i = start
        switch b[i] {
        case UInt8(ascii: "\""):
            return stringEnd(b, i)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while i < b.count {
                switch b[i] {
                case UInt8(ascii: "\""): guard let e = stringEnd(b, i) else { return nil }; i = e; continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return i + 1 }
                default: break
                }
                i += 1
            }
            return nil
        default:
            while i < b.count, !isWhitespace(b[i]), b[i] != UInt8(ascii: ","), b[i] != UInt8(ascii: "]"), b[i] != UInt8(ascii: "}") { i += 1 }
            return i > start ? i : nil
        }
    }

    /// The end (exclusive) of the string starting at the quote `i`.
    private static func stringEnd(_ b: Bytes, _ start: Int) -> Int? {
        var i = start + 1
        while i < b.count {
            if b[i] == UInt8(ascii: "\\") { i += 2; continue }
            if b[i] == UInt8(ascii: "\"") { return i + 1 }
            i += 1
        }
        return nil
    }

    /// Calls `body` with each element's range of the array spanning exactly `range`; `body`
    /// returns false to stop. Returns false when the array is malformed or `body` stopped.
    package static func forEachElement(_ b: Bytes, _ range: Range<Int>, _ body: (Range<Int>) -> Bool) -> Bool {
        guard range.count >= 2, b[range.lowerBound] == UInt8(ascii: "["), b[range.upperBound - 1] == UInt8(ascii: "]") else { return false }
        let close = range.upperBound - 1
        var i = skipWhitespace(b, range.lowerBound + 1)
        if i == close { return true }
        while true {
            guard let end = valueEnd(b, from: i), end <= close, body(i..<end) else { return false }
            i = skipWhitespace(b, end)
            if i == close { return true }
            guard i < close, b[i] == UInt8(ascii: ",") else { return false }
            i = skipWhitespace(b, i + 1)
        }
    }

    /// The members of the object spanning exactly `range`, keys as written, or `nil` (malformed,
    /// an escape in a key, or a duplicate key).
    package static func members(_ b: Bytes, _ range: Range<Int>) -> [(key: String, value: Range<Int>)]? {
        guard range.count >= 2, b[range.lowerBound] == UInt8(ascii: "{"), b[range.upperBound - 1] == UInt8(ascii: "}") else { return nil }
        let close = range.upperBound - 1
        var out: [(key: String, value: Range<Int>)] = []
        // The keys seen, for the duplicate check: a set, so an object of k members costs O(k),
        // not O(k^2) (review A7: 200,000 members took 67 s).
        var seen: Set<String> = []
        var i = skipWhitespace(b, range.lowerBound + 1)
        if i == close { return out }
        while true {
            guard i < close, b[i] == UInt8(ascii: "\""), let keyEnd = stringEnd(b, i), keyEnd < close else { return nil }
            let keyBytes = UnsafeBufferPointer(rebasing: b[(i + 1)..<(keyEnd - 1)])
            guard !keyBytes.contains(UInt8(ascii: "\\")), let key = String(validating: keyBytes, as: UTF8.self),
                  seen.insert(key).inserted else { return nil }
            i = skipWhitespace(b, keyEnd)
            guard i < close, b[i] == UInt8(ascii: ":") else { return nil }
            i = skipWhitespace(b, i + 1)
            guard let end = valueEnd(b, from: i), end <= close else { return nil }
            out.append((key, i..<end))
            i = skipWhitespace(b, end)
            if i == close { return out }
            guard i < close, b[i] == UInt8(ascii: ",") else { return nil }
            i = skipWhitespace(b, i + 1)
        }
    }
}
