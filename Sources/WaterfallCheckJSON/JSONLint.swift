import Foundation
/// The lexical pass json-c's strict mode leaves to us (FIXTURE-FORMAT §6, fixture errors), over
/// the raw bytes in one tight loop.
///
/// json-c 0.16 in strict mode still accepts `NaN`, `Infinity`, `-Infinity`, single-quoted keys,
/// `1.` and raw control characters inside strings, clamps integers beyond 64 bits to
/// `INT64_MAX` / `UINT64_MAX`, and keeps the last value of a duplicate key. This pass rejects the
/// first five by checking every token outside strings against JSON's grammar, rejects integer
/// literals outside `Int64` and literals overflowing a double (`1e400`), and counts object members (one per `:` outside strings): when that
/// count exceeds the members json-c kept, a key was written twice (``SourceLocator`` then finds it).
///
/// It also validates UTF-8 strictly inside strings (RFC 3629: no overlong form, no surrogate, nothing
/// above U+10FFFF; json-c accepts all three, and `format` would rewrite them as U+FFFD).
/// Structure (brackets, commas, colons in the right places) is json-c's job.
package struct JSONLint {
    /// A lexical fault: a byte offset into the text and a message.
    package struct Fault: Equatable {
        package var offset: Int
        package var message: String
    }

    /// Object members written in the text (`:` outside strings).
    package var memberCount = 0
    /// The first lexical fault, if any.
    package var fault: Fault?

    /// Scans `bytes` once.
    /// - Complexity: O(n) in the byte count; allocates only for a fault, a 19-digit integer or an
    ///   exponent large enough to overflow.
    package static func check(_ b: UnsafeBufferPointer<UInt8>) -> JSONLint {
        // Locals only in the loop (a closure capturing a mutated variable would box it).
        let n = b.count
        var i = 0
        var depth = 0
        var members = 0
        var ended = false
        @inline(__always) func isDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 }

        while i < n {
            let c = b[i]
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { i += 1; continue }
            if ended { return fault(members, i, "unexpected \(describe(b, at: i)) after the top-level value") }
            switch c {
            case 0x22: // "
                i += 1
                while true {
                    guard i < n else { return fault(members, n, "unexpected end of file inside a string") }
                    let d = b[i]
                    if d == 0x22 { i += 1; break }
                    if d == 0x5C { i += 2; continue } // json-c checks the escape itself
                    if d < 0x20 { return fault(members, i, "control character \(hex4(d)) must be escaped inside a string") }
                    if d >= 0x80 {
                        let (length, problem) = utf8Sequence(b, at: i)
                        if let problem { return fault(members, i, "the file is not valid UTF-8: \(problem)") }
                        i += length; continue
                    }
                    i += 1
                }
                if depth == 0 { ended = true }
            case 0x7B, 0x5B: // { [
                depth += 1; i += 1
            case 0x7D, 0x5D: // } ]
                depth -= 1; i += 1
                if depth <= 0 { ended = true }
            case 0x3A: // :
                members += 1; i += 1
            case 0x2C: // ,
                i += 1
            case 0x2D, 0x30...0x39: // - 0-9
                let start = i
                if c == 0x2D { i += 1 }
                guard i < n, isDigit(b[i]) else {
                    if matches(b, "Infinity", at: i) { return fault(members, start, "-Infinity is not JSON; lengths must be finite numbers") }
                    return fault(members, start, "'-' must be followed by a digit")
                }
                if b[i] == 0x30 {
                    i += 1
                    if i < n, isDigit(b[i]) { return fault(members, start, "a number must not have leading zeros") }
                } else {
                    while i < n, isDigit(b[i]) { i += 1 }
                }
                let integerEnd = i
                var integral = true
                if i < n, b[i] == 0x2E { // .
                    integral = false; i += 1
                    guard i < n, isDigit(b[i]) else { return fault(members, start, "a number needs digits after its decimal point") }
                    while i < n, isDigit(b[i]) { i += 1 }
                }
                var exponent = 0
                if i < n, b[i] | 0x20 == 0x65 { // e E
                    integral = false; i += 1
                    var negative = false
                    if i < n, b[i] == 0x2B || b[i] == 0x2D { negative = b[i] == 0x2D; i += 1 }
                    guard i < n, isDigit(b[i]) else { return fault(members, start, "a number needs digits in its exponent") }
                    while i < n, isDigit(b[i]) { exponent = min(exponent * 10 + Int(b[i] &- 0x30), 1 << 20); i += 1 }
                    if negative { exponent = -exponent }
                }
                // json-c clamps integer literals beyond 64 bits; Int64 holds every integer it keeps exactly.
                if integral, integerEnd - start >= 19 {
                    let text = String(decoding: UnsafeBufferPointer(rebasing: b[start..<integerEnd]), as: UTF8.self)
                    if Int64(text) == nil {
                        return fault(members, start, "integer literal \(text) is outside the 64-bit integer range; write it with an exponent (e.g. 1e+19)")
                    }
                }
                // Overflow to infinity needs more than 308 digits before the point, counting the exponent.
                if !integral, integerEnd - start + exponent > 300 {
                    let text = String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)
                    if let d = Double(text), !d.isFinite {
                        return fault(members, start, "number \(text.count > 40 ? String(text.prefix(37)) + "..." : text) does not fit a double")
                    }
                }
                if depth == 0 { ended = true }
            case 0x74, 0x66, 0x6E: // t f n
                let word: StaticString = c == 0x74 ? "true" : c == 0x66 ? "false" : "null"
                guard matches(b, word, at: i) else {
                    if matches(b, "nan", at: i) { return fault(members, i, "NaN is not JSON; lengths must be finite numbers") }
                    return fault(members, i, "invalid literal; expected \(word)")
                }
                i += word.utf8CodeUnitCount
                if depth == 0 { ended = true }
            case 0x27: // '
                return fault(members, i, "single quotes are not JSON; strings and keys use double quotes")
            case 0x4E where matches(b, "NaN", at: i):
                return fault(members, i, "NaN is not JSON; lengths must be finite numbers")
            case 0x49 where matches(b, "Infinity", at: i):
                return fault(members, i, "Infinity is not JSON; lengths must be finite numbers")
            default:
                return fault(members, i, "unexpected \(describe(b, at: i))")
            }
        }
        if !ended { return fault(members, n, "unexpected end of file") }
        return JSONLint(memberCount: members, fault: nil)
    }

    private static func fault(_ members: Int, _ offset: Int, _ message: String) -> JSONLint {
        JSONLint(memberCount: members, fault: Fault(offset: offset, message: message))
    }

    /// Whether `word` is written at `j`.
    private static func matches(_ b: UnsafeBufferPointer<UInt8>, _ word: StaticString, at j: Int) -> Bool {
        let len = word.utf8CodeUnitCount
        guard j + len <= b.count else { return false }
        return word.withUTF8Buffer { w in (0..<len).allSatisfy { b[j + $0] == w[$0] } }
    }

    /// The length of the UTF-8 sequence starting with lead byte `b[i]` (≥ 0x80), or what is
    /// wrong with it (FIXTURE-FORMAT §2: strict UTF-8).
    package static func utf8Sequence(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> (Int, String?) {
        let c = b[i]
        let hex = "0x" + String(c, radix: 16, uppercase: true)
        let length: Int, low: UInt8, high: UInt8
        switch c {
        case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
        case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)
        case 0xED: (length, low, high) = (3, 0x80, 0x9F)
        case 0xE1...0xEF: (length, low, high) = (3, 0x80, 0xBF)
        case 0xF0: (length, low, high) = (4, 0x90, 0xBF)
        case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
        case 0xF4: (length, low, high) = (4, 0x80, 0x8F)
        case 0xC0, 0xC1: return (1, "overlong encoding (lead byte \(hex))")
        case 0x80...0xBF: return (1, "unexpected continuation byte \(hex)")
        default: return (1, "byte \(hex) never occurs in UTF-8 (it would encode a code point above U+10FFFF)")
        }
        guard i + length <= b.count else { return (1, "truncated sequence (lead byte \(hex))") }
        let second = b[i + 1]
        if second < low || second > high {
            if second & 0xC0 != 0x80 { return (1, "truncated sequence (lead byte \(hex))") }
            switch c {
            case 0xE0, 0xF0: return (1, "overlong encoding (\(hex) \("0x" + String(second, radix: 16, uppercase: true)))")
            case 0xED: return (1, "a UTF-16 surrogate (U+D800 to U+DFFF) encoded in UTF-8")
            default: return (1, "a code point above U+10FFFF")
            }
        }
        for k in 2..<length where b[i + k] & 0xC0 != 0x80 { return (1, "truncated sequence (lead byte \(hex))") }
        return (length, nil)
    }

    /// `character 'x'` for a printable character (decoded from UTF-8), `byte 0xC3` otherwise.
    private static func describe(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> String {
        let c = b[i]
        if c >= 0x21 && c < 0x7F { return "character '\(Character(Unicode.Scalar(c)))'" }
        if c >= 0xC2 {
            let length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2
            if i + length <= b.count {
                var decoder = UTF8()
                var it = b[i..<(i + length)].makeIterator()
                if case .scalarValue(let u) = decoder.decode(&it), u.properties.generalCategory != .control {
                    return "character '\(Character(u))' (U+\(String(u.value, radix: 16, uppercase: true)))"
                }
            }
        }
        return "byte 0x" + String(c, radix: 16, uppercase: true)
    }

    private static func hex4(_ c: UInt8) -> String {
        let h = String(c, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: 4 - h.count) + h
    }
}
