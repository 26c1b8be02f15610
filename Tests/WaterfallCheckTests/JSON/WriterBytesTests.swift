import Foundation
import Testing
@testable import WaterfallCheck
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
