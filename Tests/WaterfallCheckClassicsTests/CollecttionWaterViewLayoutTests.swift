import Foundation
import Testing
import UIKit
import WaterfallCheckCore
@testable import WaterfallCheckClassics

@Suite("classic-003 CollecttionWaterViewLayout")
struct CollecttionWaterViewLayoutTests {
    let entry = CollecttionWaterViewLayout.entry
    let input = heightsInput(width: 340, columns: 3, heights: fourItems)

    @Test("places items as the tutorial does: hash-order ties, first row one margin low")
    func faithfulFrames() throws {
        let r = try layOut(entry, input)
        // w = (340 - 10 - 10 - 2 * 10) / 3 = 100; x = col * 110 + 10; y = top + 10; columns start at 10.
        // item 0: all tied, "0" kept → (10, 20, 100, 50); col 0 = 10 + 50 + 10 = 70
        // item 1: [70, 10, 10]: "2" (10) < 70 → col 2 → (230, 20, 100, 30); col 2 = 50
        // item 2: [70, 10, 50]: "2" → 50, "1" → 10 → col 1 → (120, 20, 100, 40); col 1 = 60
        // item 3: [70, 60, 50]: "2" → (230, 60, 100, 20); col 2 = 80
        #expect(rects(r) == [[10, 20, 100, 50], [230, 20, 100, 30], [120, 20, 100, 40], [230, 60, 100, 20]])
        // Tallest column 80 (= maxY, no trailing spacing) + bottom 10.
        #expect(r.contentSize == CGSize(width: 340, height: 90))
    }

    @Test("every coordinate is a 32-bit float: heights and tops lose 0.003 pt near 100,000 pt")
    func float32Coordinates() throws {
        // One column 100 pt wide. h = Float(100000.3): 100000.3 * 128 = 12800038.4 → 100000.296875.
        // col 0 = (Float(10) + h) + 10 = 100020.296875; item 1: y = Float(100020.296875 + 10) = 100030.296875.
        let r = try layOut(entry, heightsInput(width: 120, columns: 1, heights: [100000.3, 1]))
        #expect(r.sections[0].items[0].size.height == 100000.296875)
        #expect(r.sections[0].items[1].minY == 100030.296875)  // exactly: 100030.3
    }

    @Test("the rect query is the scroll view's on-screen test: x is ignored")
    func queryIgnoresX() throws {
        let engine = entry.make()
        _ = try engine.layout(input)
        // The rect x 0..5 is left of every column (x ≥ 10), y 0..30 meets items 0-2 (y from 20) vertically.
        let found = try engine.elements(in: CGRect(x: 0, y: 0, width: 5, height: 30))
        #expect(Set(found) == [.item(0, 0), .item(0, 1), .item(0, 2)])
        // Vertically it is exact: items 0-2 start at 20, so y 0..20 finds nothing (20 < 20 is false).
        #expect(try engine.elements(in: CGRect(x: 0, y: 0, width: 340, height: 20)).isEmpty)
    }

    @Test("layoutAttributesForItem(at:) places the item again and advances a column")
    func lookupPlacesAgain() throws {
        let p = try prepared(entry, input, as: CollecttionWaterViewLayout.self)
        // Columns after prepare: [70, 60, 80]. Item 0 again: "1" (60) → (120, 70, 100, 50); col 1 = 120.
        let again = try #require(try p.run { $0.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)) })
        #expect(again.frame == CGRect(x: 120, y: 70, width: 100, height: 50))
        #expect(try p.run { $0.collectionViewContentSize.height } == 130)
    }

    @Test("0 columns: the count wraps in `cloumnsCount-1`, x is NaN, no trap")
    func zeroColumns() throws {
        // w = Float((340 - 20 - 1.8e19 * 10) / 0) = -inf; x = Float(0 * (10 - inf) + 10) = NaN;
        // "0" is missing (0), so y = 0 + 10.
        let r = try layOut(entry, heightsInput(width: 340, columns: 0, heights: [50]))
        #expect(r.sections[0].items[0].minX.isNaN)
        #expect(r.sections[0].items[0].size.width == -.infinity)
        #expect(r.sections[0].items[0].minY == 10)
    }
}
