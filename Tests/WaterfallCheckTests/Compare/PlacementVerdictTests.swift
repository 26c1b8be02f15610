import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge

/// ``PlacementVerdict``: §5 replayed on an engine's own frames; each kind from a hand-made layout.
/// Inputs: 320 pt, 3 columns, spacing 10, no insets: w = (320 - 20) / 3 = 100, x = 0, 110, 220.
@Suite("Placement verdicts")
struct PlacementVerdictTests {
    static let q: CGFloat = 1.0 / 64
    static func layout(_ heights: [CGFloat], tieBreak: TieBreak = .afterPrevious, rowSpacing: CGFloat = 10) -> LayoutInput {
        LayoutInput(layout: LayoutSettings(containerWidth: 320, columnCount: 3, columnSpacing: 10, rowSpacing: rowSpacing,
                                           tieBreak: tieBreak),
                    sections: [SectionInput(items: heights.map { .height($0) })])
    }
    static func verdict(_ input: LayoutInput, _ edit: (inout LayoutResult) -> Void) throws -> PlacementVerdict {
        let expected = try ReferenceLayout.layout(input)
        var actual = expected
        edit(&actual)
        return PlacementVerdict(input: input, expected: expected, actual: actual, quantum: q, tolerance: .default)
    }

    @Test("LayoutUnit-sized drift everywhere is drift, with its size")
    func drift() throws {
        // 50, 30, 20 in columns 0-2; 40 below 20 in column 2 at 30: every y and height 1/64 short.
        let v = try Self.verdict(Self.layout([50, 30, 20, 40])) { r in
            for i in r.sections[0].items.indices { r.sections[0].items[i].size.height -= Self.q }
            r.sections[0].items[3].origin.y -= Self.q
            r.contentSize.height -= 2 * Self.q  // the last item's bottom: 30 - q + 40 - q
        }
        #expect(v.kind == .drift && v.agrees)
        #expect(v.largestDrift == 2 * Self.q)
    }

    @Test("an item in a column the rule does not allow is a placement difference, listed first")
    func placement() throws {
        // Items 50, 30, 20, then 40: the lowest column is 2 (top 30); put it in column 1 (top 40) instead.
        let v = try Self.verdict(Self.layout([50, 30, 20, 40])) { r in
            r.sections[0].items[3].origin = CGPoint(x: 110, y: 40)
        }
        #expect(v.kind == .placement && !v.agrees)
        #expect(v.elements.first?.subject == .element(.item(0, 3)) && v.elements.first?.ruleColumn == 2)
    }

    @Test("a tie the quantum could flip accepts the other column only where an input is off the quantum's grid")
    func tie() throws {
        // Row spacing 10.1 (off the 1/64 grid, so truncated by the engine): 50, 30, 30 - 1/128, then 10.
        // Tops 60.1, 40.1, 40.0921875: column 2 by 1/128 pt, less than 3q. The engine takes column 1
        // (at 40.1): a tie, accepted.
        let off = Self.layout([50, 30, 30 - 1.0 / 128, 10], rowSpacing: 10.1)
        let v = try Self.verdict(off) { r in r.sections[0].items[3].origin = CGPoint(x: 110, y: 40.1) }
        #expect(v.kind == .tie && v.agrees)
        // The stacking is still checked: the same column 5 pt low is not accepted.
        let wrongY = try Self.verdict(off) { r in r.sections[0].items[3].origin = CGPoint(x: 110, y: 45.1) }
        #expect(wrongY.kind == .stacking && !wrongY.agrees)
        // Row spacing 10 (on the grid): the engine's tops are exact, the 1/128 difference decides.
        let on = Self.layout([50, 30, 30 - 1.0 / 128, 10])
        let exact = try Self.verdict(on) { r in r.sections[0].items[3].origin = CGPoint(x: 110, y: 40) }
        #expect(exact.kind == .placement)
    }

    @Test("a top one row spacing low is stacking; an x off the origin is offset; a trailing gutter is size")
    func kinds() throws {
        let input = Self.layout([50, 30])
        #expect(try Self.verdict(input) { $0.sections[0].items[1].origin.y += 10 }.kind == .stacking)
        #expect(try Self.verdict(input) { $0.sections[0].items[1].origin.x -= 0.5 }.kind == .offset)
        let gutter = try Self.verdict(input) { $0.contentSize.height += 10 }
        #expect(gutter.kind == .size && gutter.elements.first?.subject == .contentSize)
        #expect(try Self.verdict(input) { _ in }.kind == .same)
    }
}
