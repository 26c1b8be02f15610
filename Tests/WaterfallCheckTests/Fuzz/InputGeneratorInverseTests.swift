import Foundation
import Testing
import WaterfallCheckCore
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge

/// The generator's inverse (a libFuzzer seed corpus from Fixtures/): choices that generate a given input.
@Suite("Generator inverse: seed inputs from fixtures")
struct InputGeneratorInverseTests {
    @Test("an input on the generator's grid comes back exactly: header, footer, overrides, spans, sizes, settings")
    func exact() throws {
        var s = LayoutSettings(containerWidth: 390, columnCount: 3, columnSpacing: 8, rowSpacing: 4.5,
                               sectionInset: LayoutInsets(top: 1, left: 2, bottom: 3, right: 4))
        s.tieBreak = .afterPrevious
        s.pixelScale = 2
        s.tieTolerance = 0.25
        s.minimumContentHeight = 700
        var a = SectionInput(items: [.height(10), .height(20.5, span: 2), .height(5, span: 5),
                                     LayoutItem(.size(CGSize(width: 4032, height: 3024))), .height(50_000)])
        a.header = HeaderFooter(height: 30, inset: LayoutInsets(all: 2))
        a.footer = HeaderFooter(height: 12)
        var b = SectionInput(columnCount: 7, sectionInset: .zero, items: [LayoutItem(.size(CGSize(width: 100, height: 37)))])
        b.header = HeaderFooter(height: 0.5)
        let input = LayoutInput(layout: s, sections: [a, SectionInput(), b])
        let g = InputGenerator()
        let (choices, isExact) = try #require(g.choices(for: input))
        var replay = ChoiceSource(replaying: choices)
        #expect(g.generate(&replay) == input)
        #expect(isExact)
        // Through the bytes too: the seed file generates the same input.
        var fromBytes = ChoiceSource(bytes: LibFuzzerTarget.bytes(encoding: choices, generator: g))
        #expect(g.generate(&fromBytes) == input)
    }

    @Test("a value off the grid comes back near, and says it is not exact")
    func approximate() throws {
        let input = LayoutInput(layout: LayoutSettings(containerWidth: 1000.0 / 3, columnCount: 2, columnSpacing: 1.0 / 3),
                                sections: [SectionInput(items: [.height(100.0 / 3)])])
        let g = InputGenerator()
        let (choices, isExact) = try #require(g.choices(for: input))
        #expect(!isExact)
        var replay = ChoiceSource(replaying: choices)
        let near = g.generate(&replay)
        #expect(abs(near.layout.containerWidth - 1000.0 / 3) < 1.0 / 64)
        #expect(near.sections.count == 1 && near.sections[0].items.count == 1)
    }

    @Test("an invalid input has no inverse")
    func invalid() {
        let input = LayoutInput(layout: LayoutSettings(containerWidth: -1, columnCount: 2), sections: [])
        #expect(InputGenerator().choices(for: input) == nil)
    }

    @Test("the project's Fixtures/ give a seed corpus, most of it exact")
    func fixtures() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
        let seeds = LibFuzzerTarget.seedCorpus([root], generator: InputGenerator())
        #expect(seeds.count >= 50, "\(seeds.count)")
        #expect(seeds.filter(\.exact).count * 2 >= seeds.count, "\(seeds.filter(\.exact).count) of \(seeds.count) exact")
        #expect(Set(seeds.map(\.name)).count == seeds.count)
    }
}
