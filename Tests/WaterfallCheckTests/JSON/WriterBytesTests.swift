import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
@testable import WaterfallCheckTransport
import WaterfallCheckTestSupport

/// The protocol's byte writer (``JSONBytes``, its ``JSONBytes/Cursor``) against the one writer of
/// numbers (``JSONWriter/number(_:)-(Double)``): the same bytes for every value, cached or not.
@Suite("Writer: protocol bytes")
struct WriterBytesTests {
    private static func text(_ body: (inout [UInt8]) -> Void) -> String {
        var out: [UInt8] = [0x78]  // a byte already there, kept
        body(&out)
        #expect(out.first == 0x78)
        return String(decoding: out.dropFirst(), as: UTF8.self)
    }

    @Test("every number is written as JSONWriter.number writes it, the first time and from the cache")
    func numbers() {
        var rng = SplitMix64(seed: 5)
        var values: [Double] = [0, -0.0, 1, -1, 9, 10, 99, 100, 999, 1000, 9999, 10_000, 123_456_789, 1e15 - 1, -(1e15 - 1), 1e15, -1e15,
                                1e16, 0.5, -0.5, 111.66666666666667, 131.66666666666669, 1e-7, .leastNonzeroMagnitude,
                                -.leastNonzeroMagnitude, .leastNormalMagnitude, -2.2250738585072014e-308, .greatestFiniteMagnitude,
                                -.greatestFiniteMagnitude, .nan, .infinity, -.infinity, 4503599627370496.5, 9007199254740992]
        for _ in 0..<3_000 {
            values.append(Double(bitPattern: rng.next()))
            values.append(Double(Int64(bitPattern: rng.next()) % 1_000_000_000_000_000))
            values.append(Double(rng.next() % 100_000) / Double(1 + rng.next() % 1000))
        }
        let cache = NumberTextCache()
        for v in values {
            let expected = JSONWriter.number(v)
            #expect(Self.text { JSONBytes.append(number: v, to: &$0) } == expected, "\(v.bitPattern)")
            for _ in 0..<2 {  // a miss, then a hit
                #expect(Self.text { JSONBytes.append(number: v, to: &$0, cache: cache) } == expected, "\(v.bitPattern)")
            }
            #expect(expected.utf8.count <= JSONBytes.maximumNumber)
        }
    }

    @Test("short decimals (fractions of a power of two) are written as Double.description writes them, and the path is taken")
    func shortDecimals() {
        var rng = SplitMix64(seed: 9)
        // m / 2^k for odd and even m, every k the path covers and beyond, both signs; the edges
        // of its range (2^-13, 10^15, 15 digits, 18 fraction digits) and their neighbours.
        var values: [Double] = [0x1p-13, 0x1p-14, 3 * 0x1p-15, 0.0001, 0.0001220703125, 1e15 - 0.5, 1e15 - 0.25, 1e15 + 0.5,
                                999_999_999_999.9375, 99_999_999_999_999.5, 0.000244140625, 0x1.fffffffffffffp-1, 0.1, 1.0 / 3]
        for k in 1...24 {
            for _ in 0..<400 {
                let m = Double(rng.next() % (1 << UInt64(min(52, 10 + 2 * k))))
                values.append(m / Double(1 << UInt64(k)))
            }
        }
        for _ in 0..<3_000 { values.append(Double(bitPattern: rng.next())) }
        values += values.map { -$0 } + values.flatMap { [$0.nextUp, $0.nextDown] }
        var taken = 0
        for v in values {
            let expected = JSONWriter.number(v)
            #expect(Self.text { JSONBytes.append(number: v, to: &$0) } == expected, "\(v.bitPattern)")
            // The fast path alone: whenever it writes, it writes description's text.
            var out = [UInt8](repeating: 0, count: 32)
            let n = out.withUnsafeMutableBufferPointer { b -> Int? in
                var c = JSONBytes.Cursor(p: b.baseAddress!)
                return c.shortDecimal(v) ? c.p - b.baseAddress! : nil
            }
            if let n {
                taken += 1
                #expect(String(decoding: out[..<n], as: UTF8.self) == v.description, "\(v) \(v.bitPattern)")
                #expect(n <= 21)
            }
        }
        #expect(taken > values.count / 10)
    }

    @Test("every integer is written as String(_:) writes it")
    func integers() {
        var rng = SplitMix64(seed: 6)
        var values: [Int] = [0, 1, -1, 9, 10, -10, 99, 100, 999, 1000, -1000, 9999, 10_000, .max, .min, .max - 1, .min + 1]
        var p = 1
        for _ in 0..<18 { p *= 10; values += [p - 1, p, p + 1, -p, -(p - 1)] }
        for _ in 0..<3_000 { values.append(Int(bitPattern: UInt(rng.next())) >> Int(rng.next() % 64)) }
        for v in values {
            #expect(Self.text { JSONBytes.append(integer: v, to: &$0) } == String(v))
            #expect(String(v).utf8.count <= JSONBytes.maximumInteger)
        }
    }

    @Test("runs of frames and items longer than one reservation are written whole")
    func longRuns() throws {
        var items: [LayoutItem] = []
        for k in 0..<300 {
            let x = CGFloat(k)
            items.append(k % 3 == 0 ? .size(width: 640 + x / 7, height: 480, span: k % 2 + 1) : .height(x / 3))
        }
        let input = LayoutInput(layout: LayoutSettings(containerWidth: 375.5, columnCount: 3, columnSpacing: 10.25, rowSpacing: 1e-7),
                                sections: [SectionInput(items: items), SectionInput(items: [])])
        let compact = CanonicalWriter.compactInput(input)
        let back = try JSONDocument(parsing: Array(compact.utf8), file: "c").decode { try LayoutInput(json: $0) }
        #expect(back == input)
        let result = try ReferenceLayout.layout(input)
        var line: [UInt8] = []
        EngineProtocol.Reply.layout(result).encode(id: 3, into: &line, cache: NumberTextCache())
        let decoded = try EngineProtocol.Reply.decodeStrict(line, op: "layout")
        #expect(decoded.id == 3 && decoded.reply == .layout(result))
        #expect(String(decoding: line, as: UTF8.self) == EngineProtocol.Reply.layout(result).encode(id: 3))
    }
}
