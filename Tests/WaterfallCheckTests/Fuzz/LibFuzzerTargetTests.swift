import Foundation
import Testing
import WaterfallLayout
@testable import WaterfallCheck
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

    @Test("generated cases encode to bytes that generate the same input and the same choices")
    func roundTrip() {
        let g = InputGenerator()
        for i in 0..<300 as Range<UInt64> {
            let (input, source) = Fuzzer.generate(seed: 17, case: i, generator: g)
            let bytes = LibFuzzerTarget.bytes(encoding: source.choices, generator: g)
            var back = ChoiceSource(bytes: bytes)
            let again = g.generate(&back)
            #expect("\(again)" == "\(input)", "case \(i)")
            #expect(back.choices == source.choices, "case \(i)")
        }
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

    @Test("an artifact shrinks to the same minimal counterexample as a generated case, with --from-bytes as its source")
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
        #expect(c.input.normalised == generated.input.normalised)
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
        deep.header = HeaderFooter(height: 8, inset: EdgeInsets(top: 2, left: 0, bottom: 0, right: 0))
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
