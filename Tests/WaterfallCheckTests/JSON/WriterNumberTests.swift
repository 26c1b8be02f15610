import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// Number and string forms of the canonical writer (FIXTURE-FORMAT §8).
@Suite("Writer: numbers and strings")
struct WriterNumberTests {
    @Test("integral values below 10^15 are integers; -0 is 0", arguments: [
        (10.0, "10"), (-0.0, "0"), (0.0, "0"), (-3.0, "-3"), (999_999_999_999_999.0, "999999999999999"),
        (-999_999_999_999_999.0, "-999999999999999"),
    ])
    func integral(value: Double, text: String) {
        #expect(JSONWriter.number(value) == text)
    }

    @Test("everything else as Double.description", arguments: [
        (111.66666666666667, "111.66666666666667"), (267.75, "267.75"), (0.1, "0.1"), (1e15, "1000000000000000.0"), (Double(123_456_789_012_345_678 as Int64), "1.2345678901234568e+17"),
        (1e16, "1e+16"), (-2.5e20, "-2.5e+20"), (1e-7, "1e-07"), (0.5, "0.5"),
    ])
    func fractional(value: Double, text: String) {
        #expect(JSONWriter.number(value) == text)
        // Every form reads back to the same double.
        #expect(Double(text) == value)
    }

    @Test("non-finite values are written so the reader rejects them, never dropped")
    func nonFinite() {
        #expect(JSONWriter.number(Double.nan) == "NaN")
        #expect(JSONWriter.number(Double.infinity) == "Infinity")
        #expect(JSONWriter.number(-Double.infinity) == "-Infinity")
    }

    @Test("every written number reads back to the same double")
    func roundTrip() throws {
        var r = SystemRandomNumberGenerator()
        var values: [Double] = [1e15 - 1, 1e15, 1e15 + 1, 2e15, 4503599627370496.5, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        for _ in 0..<500 { values.append(Double(bitPattern: r.next() & ~(0x7FF << 52) | (UInt64.random(in: 900...1200) << 52))) }
        for v in values {
            let text = "{\"format\":\"waterfall-fixture/1\",\"name\":\"n\",\"tolerance\":\(JSONWriter.number(abs(v))),\"layout\":{\"containerWidth\":\(JSONWriter.number(v)),\"columnCount\":1},\"sections\":[]}"
            let f = try FixtureReader.decode(Array(text.utf8), file: "n.json")
            #expect(Double(f.input.layout.containerWidth) == v, "\(v) written as \(JSONWriter.number(v))")
        }
    }

    @Test("strings escape quote, backslash and control characters only")
    func strings() {
        #expect(JSONWriter.quoted("a/é\u{2028}") == "\"a/é\u{2028}\"")
        #expect(JSONWriter.quoted("q\"b\\") == #""q\"b\\""#)
        #expect(JSONWriter.quoted("\n\t\r\u{08}\u{0C}") == #""\n\t\r\b\f""#)
        #expect(JSONWriter.quoted("\u{01}\u{1F}\u{7F}\u{85}") == #""\u0001\u001f\u007f\u0085""#)
    }

    @Test("escaped strings read back unchanged")
    func stringRoundTrip() throws {
        let description = "line\nquote\" back\\ \u{01} é 🌊 \u{85}"
        var f = try FixtureReader.decode(Array(fixtureText().utf8), file: "t.json")
        f.description = description
        let back = try FixtureReader.decode(CanonicalWriter.data(for: f), file: "t.json")
        #expect(back.description == description)
    }
}
