import Foundation
import Testing
import WaterfallCheckCore
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// The libFuzzer bridge without the fuzz build: bytes as choices, the encoding back, the check
/// one fuzz input gets, and the shrink of an artifact (issue 17).
@Suite("libFuzzer target: bytes are the choices")
struct LibFuzzerTargetTests {
    @Test("byte widths: 0 bytes for a bound of 0, 1 up to 255, 2 up to 65535, 8 for the largest")
    func widths() {
        #expect(ChoiceSource.byteWidth(0) == 0)
        #expect(ChoiceSource.byteWidth(1) == 1)
        #expect(ChoiceSource.byteWidth(255) == 1)
        #expect(ChoiceSource.byteWidth(256) == 2)
        #expect(ChoiceSource.byteWidth(1023) == 2)
        #expect(ChoiceSource.byteWidth(UInt64.max) == 8)
    }

    @Test("draws read big-endian, reduce modulo the bound, and read 0 past the end")
    func drawsFromBytes() {
        var c = ChoiceSource(bytes: [0x03, 0xFF, 0x01, 0x02])
        #expect(c.draw(1023) == 0x03FF)          // 2 bytes, in range
        #expect(c.draw(9) == 0x01)               // 1 byte
        #expect(c.draw(0) == 0)                  // no byte read
        #expect(c.draw(1) == 0x02 % 2)           // out of range: modulo
        #expect(c.draw(1023) == 0)               // past the end
        #expect(c.choices == [0x03FF, 1, 0, 0, 0])
    }

    @Test("a yes/no reads one byte's low bit (none when its answer is fixed); a weighted choice one byte modulo its options")
    func flagsAndOptionsFromBytes() {
        var c = ChoiceSource(bytes: [0x03, 0x02, 0x02, 0x05, 0x04, 0xFF])
        let flags1 = [c.bool(300), c.bool(1023), c.bool(0)]
        // 0x03 odd: yes; 0x02 even: no, however likely yes is; bool(0) is never yes and reads no byte.
        #expect(flags1 == [true, false, false])
        // 0x02 % 3: the 2 % option, as likely as the others; 0x05 % 2 = 1: the second option of
        // nonzero weight; one option reads no byte; 0x04 % 3.
        let options = [c.weighted(85, 13, 2), c.weighted(6, 0, 3), c.weighted(1, 0), c.weighted(3, 5, 3, 0)]
        #expect(options == [2, 2, 0, 1])
        let flags2 = [c.bool(1), c.bool(512)]   // 0xFF: yes; past the end: no
        #expect(flags2 == [true, false])
        #expect(c.choices == [1023, 0, 0, 98, 6, 0, 3, 1023, 0])
        // A list: one byte per continuation (odd: one more element).
        var l = ChoiceSource(bytes: [1, 7, 1, 9, 0, 5])
        let list = l.list(target: 2, limit: 10) { c, _ in c.int(0...255) }
        #expect(list == [7, 9])
    }

    @Test("each kind of draw encodes to the bytes it reads back")
    func encodings() {
        let kinds: [ChoiceSource.ByteEncoding] = [.flag(numerator: 300), .flag(numerator: 300), .flag(numerator: 0),
                                                  .option(weights: [85, 13, 2, 0]), .option(weights: [6, 0, 3, 0]),
                                                  .option(weights: [1, 0, 0, 0]), .number(bound: 1023), .number(bound: 9)]
        let bytes = ChoiceSource.bytes(encoding: [700, 724, 5, 99, 7, 0, 0x0102, 12], as: kinds)
        // 700 < 1024 - 300: no; 724: yes; a fixed flag and a single option take no byte; 99 is in the
        // third option's range, 7 in the second nonzero one's; 12 is clamped to the bound 9.
        #expect(bytes == [0, 1, 2, 1, 0x01, 0x02, 9])
        var back = ChoiceSource(bytes: bytes)
        let flags = [back.bool(300), back.bool(300), back.bool(0)]
        #expect(flags == [false, true, false])
        let options = [back.weighted(85, 13, 2), back.weighted(6, 0, 3), back.weighted(1, 0)]
        #expect(options == [2, 2, 0])
        let numbers = [back.draw(1023), back.draw(9)]
        #expect(numbers == [0x0102, 9])
    }

    @Test("generated cases encode to bytes that generate the same input; those bytes' choices encode back to them")
    func roundTrip() {
        let g = InputGenerator()
        var sizes: [Int] = []
        for i in 0..<300 as Range<UInt64> {
            let (input, source) = Fuzzer.generate(seed: 17, case: i, generator: g)
            let bytes = LibFuzzerTarget.bytes(encoding: source.choices, generator: g)
            var back = ChoiceSource(bytes: bytes)
            let again = g.generate(&back)
            #expect("\(again)" == "\(input)", "case \(i)")
            #expect(LibFuzzerTarget.bytes(encoding: back.choices, generator: g) == bytes, "case \(i)")
            var replay = ChoiceSource(replaying: back.choices)
            #expect("\(g.generate(&replay))" == "\(input)", "case \(i): the decoded choices replay (the shrinker's path)")
            sizes.append(bytes.count)
            // At most one byte per yes/no or option, the numbers' widths: never more bytes than the
            // old two bytes per yes/no.
            #expect(bytes.count <= source.choices.count * 3, "case \(i)")
        }
        #expect(sizes.contains { $0 > 0 })
    }

    @Test("the empty input is the all-zero choice sequence: one empty section, the simplest settings")
    func emptyInput() {
        let g = InputGenerator()
        var fromBytes = ChoiceSource(bytes: [])
        var replay = ChoiceSource(replaying: [])
        #expect(g.generate(&fromBytes) == g.generate(&replay))
        #expect(fromBytes.choices.allSatisfy { $0 == 0 })
    }

    @Test("the reference engine passes arbitrary byte strings; a broken engine fails on the bytes of its failing case")
    func check() throws {
        var rng = SplitMix64(seed: 9)
        let reference = ReferenceEngine()
        let g = InputGenerator()
        for _ in 0..<300 {
            let bytes = (0..<Int(rng.next(upTo: 300))).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let failure = LibFuzzerTarget.check(bytes, engine: reference, generator: g)
            #expect(failure == nil, "\(bytes): \(failure.map { "\($0)" } ?? "")")
        }
        let broken = BrokenEngines.spanBug
        let config = FuzzConfiguration(seed: 3, cases: 5000, invariants: try InvariantSet(ids: [broken.invariant]), shrinkTime: 1)
        let report = Fuzzer(configuration: config, engine: broken.make).run()
        let c = try #require(report.counterexamples.first)
        let choices = Fuzzer.generate(seed: 3, case: c.caseIndex, generator: g).1.choices
        let bytes = LibFuzzerTarget.bytes(encoding: choices, generator: g)
        #expect(LibFuzzerTarget.check(bytes, engine: broken.make(), generator: g, invariants: config.invariants)?.invariant == broken.invariant)
    }

    @Test("an artifact shrinks to a counterexample as small as a generated case's, with --from-bytes as its source")
    func shrinkArtifact() throws {
        let broken = BrokenEngines.spanBug
        let g = InputGenerator()
        let only = try InvariantSet(ids: [broken.invariant])
        let found = Fuzzer(configuration: FuzzConfiguration(seed: 3, cases: 5000, invariants: only, shrinkTime: 2), engine: broken.make).run()
        let generated = try #require(found.counterexamples.first)
        let bytes = LibFuzzerTarget.bytes(encoding: Fuzzer.generate(seed: 3, case: generated.caseIndex, generator: g).1.choices, generator: g)
        let config = FuzzConfiguration(seed: LibFuzzerTarget.seed(of: bytes), cases: nil, invariants: only, shrinkTime: 2)
        let report = Fuzzer(configuration: config, engine: broken.make).run(bytes: bytes, file: "crash-x")
        let c = try #require(report.counterexamples.first)
        #expect(report.cases == 1)
        #expect(c.invariant == broken.invariant)
        // As small, not necessarily equal: the choices read from bytes record each yes as 1023 and
        // each option as its range's first value, so the shrinker starts from other values.
        let items = { (input: LayoutInput) in input.sections.map(\.items.count) }
        #expect(items(c.input) == items(generated.input), "\(c.input) against \(generated.input)")
        #expect(checkInvariants(c.input, engine: broken.make(), selection: [broken.invariant]).first?.invariant == broken.invariant)
        #expect(report.groups.count == 1)
        let fixture = c.fixture(engine: broken.make().descriptor)
        #expect(fixture.source?.contains("--from-bytes crash-x") == true, "\(fixture.source ?? "")")
        #expect(fixture.name == "fuzz-no-overlap-mini-spanUsesFirstColumn-\(LibFuzzerTarget.seed(of: bytes))-0")
    }

    @Test("an input that passes gives no counterexample (nothing is made up)")
    func passingArtifact() {
        let config = FuzzConfiguration(seed: LibFuzzerTarget.seed(of: [1, 2, 3]), cases: nil)
        let report = Fuzzer(configuration: config, engine: { ReferenceEngine() }).run(bytes: [1, 2, 3])
        #expect(report.cases == 1)
        #expect(report.counterexamples.isEmpty)
    }

    @Test("the deep-branch engine fails on its deep branch, and not when one condition is missing")
    func deepBranch() throws {
        // A third section with a header (top inset), afterPrevious, pixelScale 3, 3 columns, four wide items.
        var s = LayoutSettings(containerWidth: 300, columnCount: 3)
        s.tieBreak = .afterPrevious
        s.pixelScale = 3
        let plain = SectionInput(items: [.height(10)])
        var deep = SectionInput(items: [.height(10), .height(20, span: 4), .height(7, span: 5), .height(6, span: 4), .height(5, span: 4)])
        deep.header = HeaderFooter(height: 8, inset: LayoutInsets(top: 2, left: 0, bottom: 0, right: 0))
        let input = LayoutInput(layout: s, sections: [plain, plain, deep])
        let engine = BrokenEngines.deepBranch.make()
        #expect(checkInvariants(input, engine: engine).map(\.invariant).contains("stacking"))
        var shallow = input
        shallow.layout.tieBreak = .leftmost
        #expect(checkInvariants(shallow, engine: engine).isEmpty)
        var second = input
        second.sections.remove(at: 0)
        #expect(checkInvariants(second, engine: engine).isEmpty)
        var threeWide = input
        threeWide.sections[2].items.removeLast()
        #expect(checkInvariants(threeWide, engine: engine).isEmpty)
        var scale2 = input
        scale2.layout.pixelScale = 2
        #expect(checkInvariants(scale2, engine: engine).isEmpty)
    }
}
