import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckJudge

/// ``JSONWriter/quoted(_:)`` escapes byte by byte over the UTF-8 (for speed: the web engines quote
/// a page expression of tens of KB per batch); the obvious scalar-by-scalar version of §8's rule
/// is its oracle.
@Suite("JSONWriter.quoted against a scalar-by-scalar oracle")
struct WriterQuotedOracleTests {
    /// §8: `"` and `\` escaped, U+0000-001F and U+007F-009F as short escapes or `\u00xx`.
    static func oracle(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x09: out += "\\t"
            case 0x0D: out += "\\r"
            case 0x08: out += "\\b"
            case 0x0C: out += "\\f"
            case 0..<0x20, 0x7F...0x9F:
                let h = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    @Test("every scalar up to U+07FF, and the two-byte neighbours of the C1 controls, alone and between quotes")
    func scalars() {
        var values = Array(0...0x7FF) + [0xA0, 0xBF, 0xC0, 0xFFFD, 0x1F30A]
        values.removeAll { (0xD800...0xDFFF).contains($0) }
        for v in values {
            let c = String(Unicode.Scalar(UInt32(v))!)
            for s in [c, "\"" + c + "\"", c + c, "a" + c + "\u{85}"] {
                #expect(JSONWriter.quoted(s) == Self.oracle(s), "U+\(String(v, radix: 16))")
            }
        }
    }

    @Test("random strings mixing ASCII, controls, C1 controls and wider scalars")
    func random() {
        var r = SplitMix64(seed: 35)
        let pool: [Unicode.Scalar] = ["a", "\"", "\\", "\n", "\u{01}", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}", "é", "\u{2028}", "🌊", "{", ":"]
        for _ in 0..<500 {
            var s = String.UnicodeScalarView()
            for _ in 0..<Int(r.next() % 40) { s.append(pool[Int(r.next() % UInt64(pool.count))]) }
            let text = String(s)
            #expect(JSONWriter.quoted(text) == Self.oracle(text), "\(Array(text.unicodeScalars))")
        }
    }
}
