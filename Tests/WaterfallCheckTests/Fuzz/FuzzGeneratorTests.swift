import Foundation
import Testing
import WaterfallCheckCore
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

@Suite("Fuzz: PRNG and generator")
struct FuzzGeneratorTests {
    /// SplitMix64 from state 0: the first outputs of Vigna's reference `splitmix64.c`.
    @Test func splitMixMatchesTheReference() {
        var r = SplitMix64(seed: 0)
        #expect(r.next() == 0xE220_A839_7B1D_CDAF)
        #expect(r.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(r.next() == 0x06C4_5D18_8009_454F)
    }

    @Test func boundedDrawsStayInBounds() {
        var r = SplitMix64(seed: 1, case: 2)
        for bound in [0, 1, 2, 7, 1000, UInt64.max / 3] as [UInt64] {
            for _ in 0..<200 { #expect(r.next(upTo: bound) <= bound) }
        }
    }

    @Test func aCaseIsTheSameInputEveryTime() {
        let g = InputGenerator()
        for i in 0..<200 as Range<UInt64> {
            // Compared as text: invalid inputs may hold NaN, which is not equal to itself.
            #expect("\(Fuzzer.generate(seed: 5, case: i, generator: g).0)" == "\(Fuzzer.generate(seed: 5, case: i, generator: g).0)")
        }
        #expect(Fuzzer.generate(seed: 5, case: 0, generator: g).0 != Fuzzer.generate(seed: 6, case: 0, generator: g).0)
    }

    /// A case generated without a record (as the fuzzer generates every case) is the input the
    /// recorded generation gives, with no choices kept and the draws counted; so the failing
    /// case the fuzzer generates again for its shrink is the case that failed.
    @Test func unrecordedGenerationIsTheSameInput() {
        let g = InputGenerator()
        for i in 0..<500 as Range<UInt64> {
            let (recorded, source) = Fuzzer.generate(seed: 13, case: i, generator: g)
            let (plain, unrecorded) = Fuzzer.generate(seed: 13, case: i, generator: g, recording: false)
            #expect("\(plain)" == "\(recorded)")
            #expect(unrecorded.choices.isEmpty && unrecorded.spans.isEmpty)
            #expect(unrecorded.position == source.choices.count && source.position == source.choices.count)
        }
    }

    /// Replaying a case's recorded choices gives the same input and the same choices.
    @Test func replayReproducesTheInput() {
        let g = InputGenerator()
        for i in 0..<500 as Range<UInt64> {
            let (input, source) = Fuzzer.generate(seed: 9, case: i, generator: g)
            var replay = ChoiceSource(replaying: source.choices)
            #expect("\(g.generate(&replay))" == "\(input)")
            #expect(replay.choices == source.choices)
        }
    }

    /// All-zero choices are the simplest input: one section, no items, one column, 320 pt wide.
    @Test func zeroChoicesAreTheSimplestInput() {
        var c = ChoiceSource(replaying: [])
        let input = InputGenerator().generate(&c)
        #expect(input == LayoutInput(layout: LayoutSettings(containerWidth: 320, columnCount: 1), sections: [SectionInput()]))
    }

    /// Never a feature the engine did not declare, valid or invalid input (FIXTURE-FORMAT §9).
    @Test(arguments: [LayoutFeatures(), [.span], [.size, .supplementary], [.roundRobin, .span], [.sections, .sectionOverrides, .pixelScale],
                      LayoutFeatures.all.subtracting([.roundRobin, .tieTolerance])])
    func onlyDeclaredFeatures(_ features: LayoutFeatures) {
        let g = InputGenerator(features: features, invalidRate: 200)
        for i in 0..<2_000 as Range<UInt64> {
            let input = Fuzzer.generate(seed: 3, case: i, generator: g).0
            let used = LayoutFeatures(usedBy: input)
            #expect(used.isSubset(of: features), "case \(i) uses \(used.subtracting(features).names)")
        }
    }

    /// The input space the issue lists is reached: every §6 code, every placement and tie break,
    /// pixel scales 1-3, phone and tablet widths, up to 100 columns, ties, zeros, huge and tiny values.
    @Test func coverage() {
        let g = InputGenerator()
        var codes = Set<LayoutError.Code>(), placements = Set<Placement>(), breaks = Set<TieBreak>(), scales = Set<CGFloat>()
        var phone = false, tablet = false, fractional = false, manyColumns = false, ties = false, zero = false, huge = false, tiny = false
        for i in 0..<20_000 as Range<UInt64> {
            let input = Fuzzer.generate(seed: 1, case: i, generator: g).0
            do { _ = try ReferenceLayout.validate(input) } catch { codes.insert(error.code); continue }
            let s = input.layout
            placements.insert(s.placement); breaks.insert(s.tieBreak)
            if let p = s.pixelScale { scales.insert(p) }
            phone = phone || (320...430).contains(s.containerWidth)
            tablet = tablet || (744...1366).contains(s.containerWidth)
            fractional = fractional || s.containerWidth != s.containerWidth.rounded()
            manyColumns = manyColumns || s.columnCount > 12
            for section in input.sections {
                let heights = section.items.compactMap { item -> CGFloat? in if case .height(let h) = item.dimension { return h } else { return nil } }
                ties = ties || (heights.count >= 3 && Set(heights).count == 1)
                zero = zero || heights.contains(0)
                huge = huge || heights.contains { $0 >= 1e5 }
                tiny = tiny || heights.contains { $0 > 0 && $0 < 1e-6 }
            }
        }
        #expect(codes == Set(LayoutError.Code.allCases).subtracting([.unsupported]))
        #expect(placements == Set(Placement.allCases))
        #expect(breaks == Set(TieBreak.allCases))
        #expect(scales == [1, 2, 3])
        #expect(phone && tablet && fractional && manyColumns && ties && zero && huge && tiny)
    }
}
