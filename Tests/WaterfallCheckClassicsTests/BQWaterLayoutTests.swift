import Foundation
import Testing
import UIKit
import WaterfallCheckCore
@testable import WaterfallCheckClassics

@Suite("classic-000 BQWaterLayout")
struct BQWaterLayoutTests {
    let entry = BQWaterLayout.entry
    let input = heightsInput(width: 340, columns: 3, heights: fourItems)

    @Test("places items as the tutorial does: hash-order ties, trailing spacing in the content size")
    func faithfulFrames() throws {
        let r = try layOut(entry, input)
        // Columns start at top = 10; keys enumerate "2", "1", "0"; a key replaces the candidate
        // (initially "0") only when strictly lower.
        // item 0: all tied at 10, "0" is tied → col 0: (10, 10, 100, 50); col 0 = 50 + 10 + 10 = 70
        // item 1: [70, 10, 10]: "2" (10) < 70 → col 2; "1" is not < 10 → (230, 10, 100, 30); col 2 = 50
        // item 2: [70, 10, 50]: "2" → 50, "1" → 10 → col 1: (120, 10, 100, 40); col 1 = 60
        // item 3: [70, 60, 50]: "2" (50) wins → (230, 50, 100, 20); col 2 = 80
        #expect(rects(r) == [[10, 10, 100, 50], [230, 10, 100, 30], [120, 10, 100, 40], [230, 50, 100, 20]])
        // tallest column 80 (maxY 70 + trailing rowSpacing 10) + bottom 10 = 90; §5 gives 70 + 10 = 80.
        #expect(r.contentSize == CGSize(width: 340, height: 90))
    }

    @Test("a tie between columns 1 and 2 goes to column 2, not the leftmost")
    func hashOrderTie() throws {
        let r = try layOut(entry, heightsInput(width: 340, columns: 3, heights: [50, 30]))
        let reference = try ReferenceLayout.layout(heightsInput(width: 340, columns: 3, heights: [50, 30]))
        #expect(r.sections[0].items[1].minX == 230)          // column 2
        #expect(reference.sections[0].items[1].minX == 120)  // §5 leftmost: column 1
    }

    @Test("column heights are read as 32-bit floats: y loses 0.003 pt near 100,000 pt")
    func float32Heights() throws {
        // One column 100 pt wide (120 - 10 - 10). Column 0 after item 0: 100000.3 + 10 + 10 = 100020.3,
        // read back as Float: 100020.3 * 128 = 12802598.4 → 12802598 / 128 = 100020.296875.
        let r = try layOut(entry, heightsInput(width: 120, columns: 1, heights: [100000.3, 1]))
        #expect(r.sections[0].items[1].minY == 100020.296875)
        #expect(abs(r.sections[0].items[1].minY - 100020.3) > 0.001)
    }

    @Test("layoutAttributesForItem(at:) places the item again and advances a column")
    func lookupPlacesAgain() throws {
        let p = try prepared(entry, input, as: BQWaterLayout.self)
        #expect(try p.run { $0.collectionViewContentSize.height } == 90)
        // Columns after prepare: [70, 60, 80]. Item 0 (50 pt) again: "2" 80 is not < 70, "1" 60 is →
        // column 1 at y 60; column 1 becomes 60 + 50 + 10 = 120.
        let again = try #require(try p.run { $0.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)) })
        #expect(again.frame == CGRect(x: 120, y: 60, width: 100, height: 50))
        #expect(try p.run { $0.collectionViewContentSize.height } == 130)  // 120 + 10
    }

    @Test("prepare() again appends a second copy of every attribute")
    func duplicatesOnReprepare() throws {
        // invalidateLayout(), then UIKit's next layout pass calls prepare() on the same object.
        let p = try prepared(entry, input, as: BQWaterLayout.self)
        p.session.invalidateAndPrepare()
        let all = p.session.allElements()
        #expect(all.count == 8)
        let items = (0..<4).map { ElementID.item(0, $0) }
        #expect(all.map { $0.id } == items + items)
        // The columns were reset to 10 first, so the copies have the same frames.
        #expect(all[4...].map { $0.frame } == all[..<4].map { $0.frame })
        // Through the engine's assembly, the copies are extra elements.
        let assembled = LayoutResult.assembled(all.map { LayoutElement(id: $0.id!, frame: $0.frame) },
                                               contentSize: try p.run { $0.collectionViewContentSize }, for: input)
        #expect(assembled.extraElements.map(\.id) == items)
    }

    @Test("the rect query returns every item, even for a rect that meets none")
    func queryReturnsEverything() throws {
        let engine = entry.make()
        _ = try engine.layout(input)
        #expect(try engine.elements(in: CGRect(x: 0, y: 5000, width: 10, height: 10)).count == 4)
    }

    @Test("no invalidation when the width changes (method 1 is not overridden)")
    func noBoundsInvalidation() throws {
        let p = try prepared(entry, input, as: BQWaterLayout.self)
        #expect(!p.session.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 0, width: 500, height: 812)))
    }

    @Test("0 columns: floating-point division by zero gives NaN x, no trap")
    func zeroColumns() throws {
        // itemW = (340 - 20 - (0 - 1) * 10) / 0 = +inf; x = 10 + 0 * (inf + 10) = NaN; the empty
        // dictionary answers 0 for "0", so y = 0.
        let r = try layOut(entry, heightsInput(width: 340, columns: 0, heights: [50, 30]))
        #expect(r.sections[0].items[0].minX.isNaN)
        #expect(r.sections[0].items[0].size.width == .infinity)
        #expect(r.sections[0].items[0].minY == 0)
        #expect(r.sections[0].items[1].minY == 60)  // "0" now holds 50 + 10 + 0
    }

    @Test("no section 0 raises NSInternalInconsistencyException; structure beyond one section is unsupported")
    func sectionsAndFeatures() throws {
        let none = LayoutInput(layout: input.layout, sections: [])
        #expect(exceptionName { _ = try layOut(entry, none) } == "NSInternalInconsistencyException")
        let two = LayoutInput(layout: input.layout, sections: input.sections + input.sections)
        guard case .unsupported = entry.make().answer(two) else { Issue.record("two sections must be unsupported"); return }
    }
}
