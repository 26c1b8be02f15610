import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
@testable import WaterfallCheckTransport
import WaterfallCheckTestSupport
import WaterfallCheckEngines

/// The one-pass readers of the protocol's lines (``JSONLineScanner``) against the strict reader
/// (``JSONDocument``): whatever the fast path accepts, the strict reader accepts with the same
/// values, bit for bit; what the harness and `waterfall-engine` write is always in the fast subset.
@Suite("Protocol fast path")
struct FastPathTests {
    /// Every number of `value` (through `Mirror`), as bit patterns, so `-0.0` and `0.0` differ.
    private static func bits(_ value: Any) -> [UInt64] {
        if let d = value as? Double { return [d.bitPattern] }
        if let c = value as? CGFloat { return [Double(c).bitPattern] }
        if let i = value as? Int { return [UInt64(bitPattern: Int64(i))] }
        if let s = value as? String { return s.utf8.map(UInt64.init) }
        let m = Mirror(reflecting: value)
        var out: [UInt64] = [UInt64(m.children.count)]
        for child in m.children { out += bits(child.label ?? "") + bits(child.value) }
        return out
    }

    private static func same(_ a: Any, _ b: Any) -> Bool { bits(a) == bits(b) }

    /// The request line's fast and strict decodings agree; returns whether the fast path took it.
    @discardableResult
    private static func checkRequest(_ line: [UInt8], cache: NumberTextCache? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard let fast = EngineProtocol.Request.decodeFast(line, cache: cache) else { return false }
        let strict = EngineProtocol.Request.decodeStrict(line)
        let text = String(decoding: line.prefix(300), as: UTF8.self)
        guard case .success(let request) = strict.request else {
            Issue.record("fast path accepted a request the strict reader rejects: \(text)", sourceLocation: sourceLocation)
            return true
        }
        #expect(strict.id == fast.id && request == fast.request && same(request, fast.request), "\(text)", sourceLocation: sourceLocation)
        return true
    }

    @discardableResult
    private static func checkReply(_ line: [UInt8], op: String, cache: NumberTextCache? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard let fast = EngineProtocol.Reply.decodeFast(line, op: op, cache: cache) else { return false }
        let text = String(decoding: line.prefix(300), as: UTF8.self)
        do {
            let strict = try EngineProtocol.Reply.decodeStrict(line, op: op)
            #expect(strict.id == fast.id && strict.reply == fast.reply && same(strict.reply, fast.reply), "\(text)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("fast path accepted a reply the strict reader rejects (\(error)): \(text)", sourceLocation: sourceLocation)
        }
        return true
    }

    /// JSON has no NaN: a result holding one is written so that it fails (the harness reports it).
    private static func finite(_ r: LayoutResult) -> Bool {
        let frames = r.sections.flatMap { [$0.header, $0.footer].compactMap { $0 } + $0.items }
        return r.contentSize.width.isFinite && r.contentSize.height.isFinite
            && frames.allSatisfy { [$0.origin.x, $0.origin.y, $0.size.width, $0.size.height].allSatisfy(\.isFinite) }
    }

    private static func generated(_ count: Int) -> [LayoutInput] {
        let generator = InputGenerator(largeItems: 64)
        return (0..<count).map { Fuzzer.generate(seed: 11, case: UInt64($0), generator: generator).0 }
    }

    @Test("every bundled fixture's input and frames, and generated cases, take the fast path with the strict reader's values")
    func bundledAndGenerated() throws {
        var inputs = Self.generated(1_000)
        var results: [LayoutResult] = []
        let root = ExternalTestSupport.packageRoot.appendingPathComponent("Fixtures")
        let files = FileManager.default.enumerator(atPath: root.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }
        #expect(files.count > 100)
        for f in files {
            guard let fixture = try? FixtureReader.read(contentsOf: root.appendingPathComponent(f)) else { continue }
            inputs.append(fixture.input)
            if case .layout(let e)? = fixture.expected { results.append(e) }
        }
        for input in inputs {
            if let r = try? ReferenceLayout.layout(input) { results.append(r) }
        }
        // The harness never sends NaN or an infinity (JSON has none; ``ExternalEngine`` answers
        // those inputs itself). Integers of 19 digits (the palette's Int.min and Int.max) are left
        // to the strict reader on purpose: the fast path stops at 18 digits.
        var fast = 0
        for (n, input) in inputs.enumerated() {
            var line: [UInt8] = []
            EngineProtocol.Request.layout(input).encode(id: n, into: &line)
            let text = String(decoding: line, as: UTF8.self)
            if text.contains("NaN") || text.contains("Infinity") || text.contains("922337203685477580") { continue }
            let took = Self.checkRequest(line)
            #expect(took, "not in the fast subset: \(text.prefix(300))")
            fast += 1
        }
        for (n, result) in results.enumerated() where Self.finite(result) {
            var line: [UInt8] = []
            EngineProtocol.Reply.layout(result).encode(id: n, into: &line)
            let took = Self.checkReply(line, op: "layout")
            #expect(took, "not in the fast subset: \(String(decoding: line.prefix(300), as: UTF8.self))")
            fast += 1
        }
        #expect(fast > 1_500)
        let query = EngineProtocol.Reply.elements([.header(0), .item(0, 1), .item(2, 0), .footer(2)])
        var line: [UInt8] = []
        query.encode(id: 7, into: &line)
        #expect(Self.checkReply(line, op: "query"))
        line.removeAll()
        EngineProtocol.Request.query(CGRect(x: -1.5, y: 2, width: 3, height: 0)).encode(id: 8, into: &line)
        #expect(Self.checkRequest(line))
    }

    @Test("numbers: the scanner reads each literal as the strict reader does, bit for bit")
    func numbers() throws {
        var rng = SplitMix64(seed: 3)
        var literals = ["0", "-0", "0.0", "-0.0", "1e5", "1E+5", "2.5e-3", "123456789012345678", "-123456789012345678",
                        "0.1", "0.30000000000000004", "106.66666666666667", "1.7976931348623157e308", "2.2250738585072014e-308",
                        "9007199254740993", "9007199254740993.0", "1e22", "1e23", "123456789012345678901234567890",
                        "0.000000000000000000000000000001", "4.9e-324", "1e400", "-1e400", "1e-400", "01", "1.", ".5", "+1",
                        "-", "1e", "1e+", "0x10", "1234567890123456789", "12345678901234567890.5",
                        // The one-word and two-word shapes, and their edges.
                        "1234567", "12345678", "-123456", "-1234567", "1234567.1234567", "1234567.12345678", "12345678.1",
                        "0.0000001", "-0.5", "-0.0000000", "5.", "5.e3", "5.5e3", "5.5E3", "05.5", "-05", "00", "1.5x", "1.5.5",
                        // Fractions of 8 to 15 digits (a third word), and what goes on past them.
                        "775.7537202380952", "-775.7537202380952", "1441.9139766483515", "1234567.123456789012", "1234567.1234567890123",
                        "0.12345678", "0.123456789012345", "0.1234567890123456", "0.00000000000000001", "-0.000000000000000",
                        "9007199.25474099", "9007199.254740993", "1.12345678e5", "1.123456789e-5", "1.1234567890123e5", "1.12345678.5",
                        "123.456789012345678", "1.12345678x", "4503599.6273704965", "4503599.6273704975"]
        for _ in 0..<5_000 {
            let d = Double(bitPattern: rng.next())
            if d.isFinite { literals.append("\(d)") }
            literals.append(JSONWriter.number(Double(rng.next() % 100_000) / Double(1 + rng.next() % 1000)))
        }
        var fastCount = 0
        for literal in literals {
            let line = Array("{\"id\":1,\"contentSize\":[\(literal),2],\"sections\":[]}".utf8)
            if Self.checkReply(line, op: "layout") { fastCount += 1 }
        }
        #expect(fastCount > literals.count / 2)
        // What the strict reader rejects is never taken.
        for bad in ["1e400", "01", "1.", ".5", "+1", "-", "1e", "0x10", "NaN", "Infinity"] {
            #expect(EngineProtocol.Reply.decodeFast(Array("{\"id\":1,\"contentSize\":[\(bad),2],\"sections\":[]}".utf8), op: "layout") == nil, "\(bad)")
        }
    }

    @Test("long decimals (16 to 19 digits) read by the proven estimate are Double(String)'s values, bit for bit, and most take it")
    func longDecimals() {
        var rng = SplitMix64(seed: 21)
        var literals = ["9007199254740993", "9007199254740993.0", "9007199254740993.5", "9007199254740992.5", "4503599627370496.5",
                        "4503599627370497.5", "103648.12213764573", "0.30000000000000004", "2.2250738585072014e-308", "1.7976931348623157e308",
                        "4.9406564584124654e-324", "2.225073858507201e-308", "1234567890123456789", "1234567.890123456789",
                        "0.1000000000000000055511151231257827", "0.10000000000000000555", "0.1000000000000000055", "1.0000000000000002",
                        "1.00000000000000011102230246251565", "0.99999999999999994", "0.999999999999999944488848768742172978818416595458984375"]
        func add(_ d: Double) {
            guard d.isFinite else { return }
            literals += [String(format: "%.17g", d), String(format: "%.15g", d), String(format: "%.16g", d), String(format: "%.18g", d),
                         String(format: "%.19g", d), "\(d)", String(format: "%.17e", d), String(format: "%.19f", d)]
        }
        for _ in 0..<3_000 {
            add(Double(bitPattern: rng.next()))                               // anywhere, subnormals and huge ones included
            add(Double(rng.next() % 100_000_000) / Double(3 + rng.next() % 1000))  // layout-sized float noise
            add(Double(rng.next() >> 11) * 0x1p-53 * pow(10, Double(rng.next() % 12)))
            add(Double(bitPattern: 0x0010_0000_0000_0000 &+ rng.next() % 1000))  // just above the least normal
        }
        var tested = 0, proven = 0
        for literal in literals {
            guard let expected = Double(literal), expected.isFinite, !literal.contains("inf"), !literal.contains("nan") else { continue }
            for text in [literal, "-" + literal] where !text.hasPrefix("--") {
                let line = Array("{\"id\":1,\"contentSize\":[\(text),2],\"sections\":[]}".utf8)
                guard let fast = EngineProtocol.Reply.decodeFast(line, op: "layout"), case .layout(let r) = fast.reply else { continue }
                tested += 1
                #expect(Double(r.contentSize.width).bitPattern == Double(text)!.bitPattern, "\(text)")
                Self.checkReply(line, op: "layout")
            }
            // The estimate alone, on the literal's digits.
            if let (digits, k) = Self.decimal(literal) {
                if let v = JSONLineScanner.nearest(digits, overPowerOfTen: k) {
                    proven += 1
                    #expect(v.bitPattern == Double("\(digits)e-\(k)")!.bitPattern, "\(literal)")
                }
            }
        }
        #expect(tested > literals.count / 2)
        #expect(proven > literals.count / 4)
    }

    @Test("the proven estimate at its edges: ties, powers of two, 19 digits, 10^-19, tiny and 2^53-sized values")
    func nearestEdges() {
        var rng = SplitMix64(seed: 22)
        var cases: [(UInt64, Int)] = [(9_007_199_254_740_993, 1), (90_071_992_547_409_930, 1), (90_071_992_547_409_925, 1),
                                      (45_035_996_273_704_965, 1), (9_999_999_999_999_999_999, 19), (1, 19), (1, 1), (5, 1),
                                      (10_000_000_000_000_000_000, 19), (18_446_744_073_709_551_615, 19), (18_446_744_073_709_551_615, 1),
                                      (1_000_000_000_000_000_000, 19), (2_500_000_000_000_000_000, 19), (1, 20), (1, 0), (0, 5),
                                      (4_503_599_627_370_497, 1), (1_125_899_906_842_624_5, 1), (7_205_759_403_792_794, 16)]
        // Exact midpoints between neighbouring doubles, and their neighbours: (2M+1) × 5^k / 10^k ≈ (2M+1)/2^(k+1) scaled.
        for _ in 0..<2_000 {
            let k = 1 + Int(rng.next() % 19)
            let d = rng.next() % 10_000_000_000_000_000_000
            cases += [(d, k), (d | 1, k), (d / 1000, k), (d % 100_000_000_000_000_000, k)]
            // d / 10^k a midpoint of two doubles: m + 1/2 for an odd 53-bit m (k = 1: 5 × (2m + 1)).
            let m = (1 << 52) | rng.next() % (1 << 52)
            if m < 1_844_674_407_370_955_161 / 5 { cases += [(5 * (2 * m + 1), 1), (5 * (2 * m + 1) + 1, 1), (5 * (2 * m + 1) - 1, 1)] }
        }
        var proven = 0
        for (d, k) in cases {
            guard let v = JSONLineScanner.nearest(d, overPowerOfTen: k) else { continue }
            proven += 1
            #expect(v.bitPattern == Double("\(d)e-\(k)")!.bitPattern, "\(d)e-\(k)")
        }
        #expect(proven > cases.count / 3)
        // Declined: outside 1...19, zero, and an exact tie (9007199254740993 = 2^53 + 1 lies halfway).
        #expect(JSONLineScanner.nearest(1, overPowerOfTen: 0) == nil && JSONLineScanner.nearest(1, overPowerOfTen: 20) == nil)
        #expect(JSONLineScanner.nearest(0, overPowerOfTen: 3) == nil)
        #expect(JSONLineScanner.nearest(45_035_996_273_704_965, overPowerOfTen: 1) == nil)  // 4503599627370496.5, a tie
    }

    /// A plain decimal literal's digits and fraction length (`-` dropped), when it has a fraction,
    /// no exponent and at most 19 significant digits; leading zeros dropped.
    private static func decimal(_ literal: String) -> (UInt64, Int)? {
        var s = Substring(literal)
        if s.first == "-" { s = s.dropFirst() }
        guard !s.contains("e"), !s.contains("E"), let dot = s.firstIndex(of: ".") else { return nil }
        let k = s.distance(from: dot, to: s.endIndex) - 1
        let all = (s[..<dot] + s[s.index(after: dot)...]).drop { $0 == "0" }
        guard k >= 1, all.count <= 19, let d = UInt64(all.isEmpty ? "0" : String(all)) else { return nil }
        return (d, k)
    }

    @Test("with the connection's cache: long literals read from it have the strict reader's values, and what continues a literal still counts")
    func cachedLiterals() {
        let cache = NumberTextCache()
        var rng = SplitMix64(seed: 4)
        var literals = ["106.66666666666667", "131.66666666666669", "-253.33333333333334", "0.30000000000000004", "1.2345678901234568e+17",
                        "2.2250738585072014e-308", "1234567.8901234567", "12345678901234567.5", "123456789012345678"]
        for _ in 0..<300 { literals.append("\(Double(rng.next() % 100_000_000) / Double(3 + rng.next() % 1000))") }
        // Read once (cached), then again, then with bytes that continue or break the literal; followed
        // by `,`, `]` or `}`, far from the end of the line and near it.
        for literal in literals {
            for form in [literal, literal, literal + "5", literal + "e1", literal + "x", literal + " ", literal + ".5", "-" + literal, literal + "0"] {
                let replies = ["{\"id\":1,\"contentSize\":[\(form),2],\"sections\":[]}", "{\"id\":1,\"contentSize\":[1,\(form)],\"sections\":[]}"]
                for text in replies {
                    let line = Array(text.utf8)
                    let plain = EngineProtocol.Reply.decodeFast(line, op: "layout")
                    let cached = EngineProtocol.Reply.decodeFast(line, op: "layout", cache: cache)
                    #expect(plain?.id == cached?.id && plain?.reply == cached?.reply, "\(text)")
                    Self.checkReply(line, op: "layout", cache: cache)
                }
                let requests = ["{\"id\":1,\"op\":\"layout\",\"input\":{\"layout\":{\"containerWidth\":\(form),\"columnCount\":1},\"sections\":[]}}",
                                "{\"id\":1,\"op\":\"layout\",\"input\":{\"layout\":{\"columnCount\":1,\"rowSpacing\":\(form)},\"sections\":[]}}",
                                "{\"id\":1,\"op\":\"layout\",\"input\":{\"layout\":{\"containerWidth\":1,\"columnCount\":1},\"sections\":[{\"items\":[{\"height\":\(form)}]}]}}",
                                "{\"id\":1,\"op\":\"query\",\"rect\":[0,0,0,\(form)]}"]
                for text in requests {
                    let line = Array(text.utf8)
                    let plain = EngineProtocol.Request.decodeFast(line)
                    let cached = EngineProtocol.Request.decodeFast(line, cache: cache)
                    #expect(plain?.id == cached?.id && plain?.request == cached?.request, "\(text)")
                    Self.checkRequest(line, cache: cache)
                }
            }
        }
    }

    @Test("lines outside the subset go to the strict reader: errors, escapes, duplicates, unknown members, trailing bytes")
    func bails() {
        let reply = #"{"id":1,"contentSize":[10,20],"sections":[{"items":[[0,0,10,20]]}]}"#
        #expect(EngineProtocol.Reply.decodeFast(Array(reply.utf8), op: "layout") != nil)
        for bad in [#"{"id":1,"error":"invalidInput","message":"no"}"#,
                    #"{"id":1,"contentSize":[10,20],"sections":[],"id":2}"#,
                    #"{"id":1,"contentSize":[10,20],"sections":[],"extra":[]}"#,
                    #"{"id":1,"contentSize":[10,20],"sections":[{"items":[],"item\u0073":[]}]}"#,
                    #"{"id":1,"contentSize":[10,20],"sections":[]} x"#,
                    #"{"id":1,"contentSize":[10,20],"sections":[]"#,
                    #"{"id":1.0,"contentSize":[10,20],"sections":[]}"#,
                    #"{"id":1,"contentSize":[10,20,30],"sections":[]}"#,
                    #"{"id":1,"contentSize":[10,20],"sections":[{"items":[null]}]}"#,
                    #"{"id":1,"sections":[]}"#] {
            #expect(EngineProtocol.Reply.decodeFast(Array(bad.utf8), op: "layout") == nil, "\(bad)")
        }
        // JSON whitespace anywhere between tokens is fine (Python's json.dumps writes ", " and ": ").
        #expect(Self.checkReply(Array(#" { "id": 1, "contentSize": [10, 20], "sections": [ { "items": [ [0, 0, 10, 20] ] } ] } "#.utf8), op: "layout"))
        #expect(Self.checkRequest(Array(#"{"id": 3, "op": "layout", "input": {"layout": {"containerWidth": 100, "columnCount": 2, "pixelScale": null}, "sections": [{"items": [{"height": 4}, {"size": [1, 2], "span": 2}]}]}}"#.utf8)))
        for bad in [#"{"id":3,"op":"layout","input":{"layout":{"containerWidth":100,"columnCount":2.0},"sections":[]}}"#,
                    #"{"id":3,"op":"layout","input":{"layout":{"containerWidth":100,"columnCount":2},"sections":[{"items":[{"height":1,"size":[1,1]}]}]}}"#,
                    #"{"id":3,"op":"layout","input":{"layout":{"containerWidth":100,"columnCount":2,"placement":"diagonal"},"sections":[]}}"#,
                    #"{"id":3,"op":"layout","input":{"layout":{"containerWidth":100},"sections":[]}}"#,
                    #"{"id":3,"op":"query","rect":[0,0,-1,5]}"#,
                    #"{"id":3,"op":"quack"}"#,
                    #"{"op":"query","rect":[0,0,1,5]}"#] {
            #expect(EngineProtocol.Request.decodeFast(Array(bad.utf8)) == nil, "\(bad)")
        }
    }

    @Test("mutated lines: whenever the fast path accepts one, the strict reader accepts it with the same values")
    func mutations() {
        var rng = SplitMix64(seed: 99)
        var requests: [[UInt8]] = [], replies: [[UInt8]] = []
        for (n, input) in Self.generated(200).enumerated() {
            var line: [UInt8] = []
            EngineProtocol.Request.layout(input).encode(id: n, into: &line)
            requests.append(line)
            if let r = try? ReferenceLayout.layout(input) {
                line.removeAll()
                EngineProtocol.Reply.layout(r).encode(id: n, into: &line)
                replies.append(line)
            }
        }
        let alphabet = Array(#"{}[]":,.-+eE0123456789 \ntruefalsnul"#.utf8)
        let cache = NumberTextCache()
        var accepted = 0
        for round in 0..<12_000 {
            var line = round % 2 == 0 ? requests[Int(rng.next() % UInt64(requests.count))] : replies[Int(rng.next() % UInt64(replies.count))]
            for _ in 0...(rng.next() % 3) where !line.isEmpty {
                let at = Int(rng.next() % UInt64(line.count))
                switch rng.next() % 4 {
                case 0: line.remove(at: at)
                case 1: line.insert(alphabet[Int(rng.next() % UInt64(alphabet.count))], at: at)
                case 2: line[at] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
                default:
                    let end = min(line.count, at + 1 + Int(rng.next() % 12))
                    line.insert(contentsOf: line[at..<end], at: at)
                }
            }
            // Every fourth pair of rounds with the connection's cache, as the server and the harness read.
            let cache = round % 8 < 2 ? cache : nil
            let took = round % 2 == 0 ? Self.checkRequest(line, cache: cache) : Self.checkReply(line, op: "layout", cache: cache)
            if took { accepted += 1 }
        }
        // Many mutations keep the line valid (a digit for a digit): the property was exercised.
        #expect(accepted > 600)
    }

    @Test("a reply's bytes do not depend on what the connection read before (the number cache writes our spelling)")
    func repliesIndependentOfHistory() {
        let odd = #"{"id":1,"op":"layout","input":{"layout":{"containerWidth":375,"columnCount":1},"sections":[{"items":[{"height":30000000000000000e-17},{"height":8.0999999999999996}]}]}}"#
        let plain = #"{"id":2,"op":"layout","input":{"layout":{"containerWidth":375,"columnCount":1},"sections":[{"items":[{"height":0.3},{"height":8.1}]}]}}"#
        let used = EngineServer(engine: ReferenceEngine())
        _ = used.reply(to: Array(odd.utf8))
        let after = used.reply(to: Array(plain.utf8))
        let fresh = EngineServer(engine: ReferenceEngine()).reply(to: Array(plain.utf8))
        #expect(after == fresh, "\(after) vs \(fresh)")
        #expect(fresh.contains("0.3") && !fresh.contains("e-17"))
    }
}
