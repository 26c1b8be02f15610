/// The lexical pass json-c's strict mode leaves to us (FIXTURE-FORMAT §6, fixture errors), over
/// the raw bytes in one tight loop.
///
/// json-c 0.16 in strict mode still accepts `NaN`, `Infinity`, `-Infinity`, single-quoted keys,
/// `1.` and raw control characters inside strings, clamps integers beyond 64 bits to
/// `INT64_MAX` / `UINT64_MAX`, and keeps the last value of a duplicate key. This pass rejects the
/// first five by checking every token outside strings against JSON's grammar, rejects integer
/// literals outside `Int64`, and counts object members (one per `:` outside strings): when that
/// count exceeds the members json-c kept, a key was written twice (``SourceLocator`` then finds it).
///
/// Structure (brackets, commas, colons in the right places) and UTF-8 are json-c's job.
struct JSONLint {
    /// A lexical fault: a byte offset into the text and a message.
    struct Fault: Equatable {
        var offset: Int
        var message: String
    }

    /// Object members written in the text (`:` outside strings).
    var memberCount = 0
    /// The first lexical fault, if any.
    var fault: Fault?

    /// Scans `bytes` once.
    /// - Complexity: O(n) in the byte count; no allocation unless a fault or a 19-digit integer is found.
    static func check(_ b: UnsafeBufferPointer<UInt8>) -> JSONLint {
        var out = JSONLint()
        let n = b.count
        var i = 0
        var depth = 0
        var ended = false
        @inline(__always) func isDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 }
        func fail(_ at: Int, _ message: String) -> JSONLint { out.fault = Fault(offset: at, message: message); return out }
        func matches(_ word: StaticString, at j: Int) -> Bool {
            let len = word.utf8CodeUnitCount
            guard j + len <= n else { return false }
            return word.withUTF8Buffer { w in (0..<len).allSatisfy { b[j + $0] == w[$0] } }
        }

        while i < n {
            let c = b[i]
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { i += 1; continue }
            if ended { return fail(i, "unexpected \(describe(b, at: i)) after the top-level value") }
            switch c {
            case 0x22: // "
                i += 1
                while true {
                    guard i < n else { return fail(n, "unexpected end of file inside a string") }
                    let d = b[i]
                    if d == 0x22 { i += 1; break }
                    if d == 0x5C { i += 2; continue } // json-c checks the escape itself
                    if d < 0x20 { return fail(i, "control character \(hex4(d)) must be escaped inside a string") }
                    i += 1
                }
                if depth == 0 { ended = true }
            case 0x7B, 0x5B: // { [
                depth += 1; i += 1
            case 0x7D, 0x5D: // } ]
                depth -= 1; i += 1
                if depth <= 0 { ended = true }
            case 0x3A: // :
                out.memberCount += 1; i += 1
            case 0x2C: // ,
                i += 1
            case 0x2D, 0x30...0x39: // - 0-9
                let start = i
                if c == 0x2D { i += 1 }
                guard i < n, isDigit(b[i]) else {
                    if matches("Infinity", at: i) { return fail(start, "-Infinity is not JSON; lengths must be finite numbers") }
                    return fail(start, "'-' must be followed by a digit")
                }
                if b[i] == 0x30 {
                    i += 1
                    if i < n, isDigit(b[i]) { return fail(start, "a number must not have leading zeros") }
                } else {
                    while i < n, isDigit(b[i]) { i += 1 }
                }
                let integerEnd = i
                var integral = true
                if i < n, b[i] == 0x2E { // .
                    integral = false; i += 1
                    guard i < n, isDigit(b[i]) else { return fail(start, "a number needs digits after its decimal point") }
                    while i < n, isDigit(b[i]) { i += 1 }
                }
                if i < n, b[i] | 0x20 == 0x65 { // e E
                    integral = false; i += 1
                    if i < n, b[i] == 0x2B || b[i] == 0x2D { i += 1 }
                    guard i < n, isDigit(b[i]) else { return fail(start, "a number needs digits in its exponent") }
                    while i < n, isDigit(b[i]) { i += 1 }
                }
                // json-c clamps integer literals beyond 64 bits; Int64 holds every integer it keeps exactly.
                if integral, integerEnd - start >= 19 {
                    let text = String(decoding: UnsafeBufferPointer(rebasing: b[start..<integerEnd]), as: UTF8.self)
                    if Int64(text) == nil {
                        return fail(start, "integer literal \(text) is outside the 64-bit integer range; write it with an exponent (e.g. 1e+19)")
                    }
                }
                if depth == 0 { ended = true }
            case 0x74, 0x66, 0x6E: // t f n
                let word: StaticString = c == 0x74 ? "true" : c == 0x66 ? "false" : "null"
                guard matches(word, at: i) else {
                    if matches("nan", at: i) { return fail(i, "NaN is not JSON; lengths must be finite numbers") }
                    return fail(i, "invalid literal; expected \(word)")
                }
                i += word.utf8CodeUnitCount
                if depth == 0 { ended = true }
            case 0x27: // '
                return fail(i, "single quotes are not JSON; strings and keys use double quotes")
            case 0x4E where matches("NaN", at: i):
                return fail(i, "NaN is not JSON; lengths must be finite numbers")
            case 0x49 where matches("Infinity", at: i):
                return fail(i, "Infinity is not JSON; lengths must be finite numbers")
            default:
                return fail(i, "unexpected \(describe(b, at: i))")
            }
        }
        if !ended { return fail(n, "unexpected end of file") }
        return out
    }

    /// `character 'x'` for ASCII, `byte 0xC3` otherwise.
    private static func describe(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> String {
        let c = b[i]
        if c >= 0x21 && c < 0x7F { return "character '\(Character(Unicode.Scalar(c)))'" }
        return "byte 0x" + String(c, radix: 16, uppercase: true)
    }

    private static func hex4(_ c: UInt8) -> String {
        let h = String(c, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: 4 - h.count) + h
    }
}
