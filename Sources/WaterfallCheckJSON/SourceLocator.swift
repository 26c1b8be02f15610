import Foundation

/// Maps between a JSON text's bytes and its structure, for error reports and annotations:
/// a JSON path to its line and column, a byte offset to its line, column and path, and the
/// first duplicate key.
///
/// Every walk here is a slow path (O(n) in the bytes), run only when something is reported; it
/// never fails on malformed text (it reports what it understood up to the fault).
package struct SourceLocator: Sendable {
    /// The text's UTF-8 bytes.
    package let bytes: [UInt8]

    package init(bytes: [UInt8]) { self.bytes = bytes }
    package init(bytes: Data) { self.bytes = [UInt8](bytes) }

    /// The 1-based line and column of the value at `path` (such as `expected.sections[0].items[3]`),
    /// or of the deepest existing value on that path when the path goes further than the text (a
    /// missing field points at its object). Columns count Unicode scalars.
    /// - Complexity: O(n) in the bytes before the value.
    package func location(of path: [JSONPathComponent]) -> (line: Int, column: Int) {
        lineColumn(at: offset(of: path))
    }

    /// The byte offset of the value at `components`, or of the deepest existing prefix.
    func offset(of components: [JSONPathComponent]) -> Int {
        var pos = skipSpace(0)
        for component in components {
            guard pos < bytes.count else { return pos }
            switch component {
            case .key(let wanted):
                guard bytes[pos] == UInt8(ascii: "{") else { return pos }
                var p = skipSpace(pos + 1)
                var found: Int?
                while p < bytes.count, bytes[p] == UInt8(ascii: "\"") {
                    let (key, afterKey) = readString(p)
                    var v = skipSpace(afterKey)
                    guard v < bytes.count, bytes[v] == UInt8(ascii: ":") else { break }
                    v = skipSpace(v + 1)
                    if key == wanted { found = v } // the last one wins, as in json-c
                    p = skipSpace(skipValue(v))
                    guard p < bytes.count, bytes[p] == UInt8(ascii: ",") else { break }
                    p = skipSpace(p + 1)
                }
                guard let f = found else { return pos }
                pos = f
            case .index(let wanted):
                guard bytes[pos] == UInt8(ascii: "[") else { return pos }
                var p = skipSpace(pos + 1)
                guard p < bytes.count, bytes[p] != UInt8(ascii: "]") else { return pos }
                var i = 0
                while i < wanted {
                    p = skipSpace(skipValue(p))
                    guard p < bytes.count, bytes[p] == UInt8(ascii: ",") else { return pos }
                    p = skipSpace(p + 1)
                    i += 1
                }
                pos = p
            }
        }
        return pos
    }

    /// The 1-based line and column of byte `offset` (clamped to the text).
    package func lineColumn(at offset: Int) -> (line: Int, column: Int) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1, column = 1
        for i in 0..<end {
            let c = bytes[i]
            if c == 0x0A { line += 1; column = 1 } else if c & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }

    /// The path of the innermost value being read at byte `offset`, for syntax errors.
    func path(at offset: Int) -> String {
        Self.render(walk(upTo: min(offset, bytes.count)) { _, _ in false })
    }

    /// The second occurrence of the first key written twice in one object: its byte offset and
    /// path (`$.layout.columnCount`). `nil` when every object's keys are distinct.
    /// - Complexity: O(n) in the bytes, plus hashing every key.
    func firstDuplicateKey() -> (offset: Int, path: String)? {
        firstKey { frames in
            let last = frames.count - 1
            return !frames[last].keys.insert(frames[last].key!).inserted
        }
    }

    /// The first object key containing U+0000 (written `\u0000`): its byte offset and path.
    /// json-c keeps keys as C strings, so it would read such a key cut short, as another key.
    /// - Complexity: O(n) in the bytes.
    func firstKeyWithNUL() -> (offset: Int, path: String)? {
        firstKey { frames in frames[frames.count - 1].key!.utf8.contains(0) }
    }

    /// The first key for which `isFound` (given the open containers, the key in the last) is true.
    private func firstKey(_ isFound: (inout [Frame]) -> Bool) -> (offset: Int, path: String)? {
        var found: Int?
        let frames = walk(upTo: bytes.count) { offset, frames in
            guard isFound(&frames) else { return false }
            found = offset
            return true
        }
        return found.map { ($0, Self.render(frames)) }
    }

    /// An open object or array during ``walk(upTo:key:)``.
    private struct Frame {
        var isObject: Bool
        /// The key being read (objects).
        var key: String?
        /// The element being read (arrays).
        var index = 0
        /// Keys seen so far, when a caller records them.
        var keys: Set<String> = []
    }

    /// Follows the text's brackets, commas and keys from the start up to byte `end`, keeping the
    /// stack of open containers; calls `onKey` after each object key is read (with the key's
    /// offset) and stops early when it returns `true`. Tolerant of malformed text.
    private func walk(upTo end: Int, key onKey: (Int, inout [Frame]) -> Bool) -> [Frame] {
        var frames: [Frame] = []
        var expectingKey = false
        var p = 0
        while p < end {
            switch bytes[p] {
            case UInt8(ascii: "{"): frames.append(Frame(isObject: true)); expectingKey = true; p += 1
            case UInt8(ascii: "["): frames.append(Frame(isObject: false)); expectingKey = false; p += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): if !frames.isEmpty { frames.removeLast() }; expectingKey = false; p += 1
            case UInt8(ascii: ","):
                if let last = frames.indices.last {
                    if frames[last].isObject { frames[last].key = nil; expectingKey = true } else { frames[last].index += 1 }
                }
                p += 1
            case UInt8(ascii: "\""):
                let (s, after) = readString(p)
                if expectingKey, let last = frames.indices.last, frames[last].isObject {
                    frames[last].key = s
                    expectingKey = false
                    if onKey(p, &frames) { return frames }
                }
                p = after
            default: p += 1
            }
        }
        return frames
    }

    /// The path of the value being read inside `frames`.
    private static func render(_ frames: [Frame]) -> String {
        var path = "$"
        for f in frames {
            if f.isObject { if let k = f.key { JSONPathComponent.key(k).append(to: &path) } }
            else { JSONPathComponent.index(f.index).append(to: &path) }
        }
        return path
    }

    // MARK: - Scanning helpers (tolerant of malformed text)

    private func skipSpace(_ p: Int) -> Int {
        var p = p
        while p < bytes.count, bytes[p] == 0x20 || bytes[p] == 0x0A || bytes[p] == 0x0D || bytes[p] == 0x09 { p += 1 }
        return p
    }

    /// The end of the value starting at `p` (a string, a bracketed container or a bare token).
    private func skipValue(_ p: Int) -> Int {
        guard p < bytes.count else { return p }
        switch bytes[p] {
        case UInt8(ascii: "\""): return readString(p).end
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var q = p
            while q < bytes.count {
                switch bytes[q] {
                case UInt8(ascii: "\""): q = readString(q).end; continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return q + 1 }
                default: break
                }
                q += 1
            }
            return q
        default:
            var q = p
            while q < bytes.count {
                let c = bytes[q]
                if c == UInt8(ascii: ",") || c == UInt8(ascii: "}") || c == UInt8(ascii: "]") || c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { break }
                q += 1
            }
            return q
        }
    }

    /// The string starting at the quote at `p`, unescaped, and the offset after its closing quote.
    private func readString(_ p: Int) -> (value: String, end: Int) {
        var q = p + 1
        var out: [UInt8] = []
        var units: [UInt16] = []
        func flushUnits() {
            if !units.isEmpty { out.append(contentsOf: Array(String(decoding: units, as: UTF16.self).utf8)); units.removeAll() }
        }
        while q < bytes.count, bytes[q] != UInt8(ascii: "\"") {
            if bytes[q] == UInt8(ascii: "\\"), q + 1 < bytes.count {
                let e = bytes[q + 1]
                if e == UInt8(ascii: "u"), q + 6 <= bytes.count,
                   let u = UInt16(String(decoding: bytes[(q + 2)..<(q + 6)], as: UTF8.self), radix: 16) {
                    units.append(u); q += 6; continue
                }
                flushUnits()
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                default: out.append(e)
                }
                q += 2
            } else {
                flushUnits()
                out.append(bytes[q]); q += 1
            }
        }
        flushUnits()
        // Bytes that are not UTF-8 (an overlong key) are shown escaped, `\xC0`, never replaced
        // by U+FFFD, so the path names what the file holds (review A16).
        var text = ""
        if let valid = String(validating: out, as: UTF8.self) { text = valid } else {
            for b in out { text += b < 0x80 ? String(UnicodeScalar(b)) : "\\x" + String(b, radix: 16, uppercase: true) }
        }
        return (text, min(q + 1, bytes.count))
    }
}
