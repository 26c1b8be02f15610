import Foundation
import Testing
import UIKit
import WaterfallCheckCore
@testable import WaterfallCheckClassics

@Suite("classic-001 WaterfallCollectionViewLayout")
struct ClassicWaterfallCollectionViewLayoutTests {
    let entry = ClassicWaterfallCollectionViewLayout.entry
    let input = heightsInput(width: 340, columns: 3, heights: fourItems)

    @Test("places items as the tutorial does: first row one margin low, ties left, content width 10")
    func faithfulFrames() throws {
        let r = try layOut(entry, input)
        // w = (340 - (10 + 10 + 2 * 10)) / 3 = 100; columns start at top = 10; y = minY + 10.
        // item 0: col 0 → (10, 20, 100, 50); col 0 = 70
        // item 1: [70, 10, 10] → first strictly lower: col 1 → (120, 20, 100, 30); col 1 = 50
        // item 2: [70, 50, 10] → col 2 → (230, 20, 100, 40); col 2 = 60
        // item 3: [70, 50, 60] → col 1 → (120, 60, 100, 20); col 1 = 80
        #expect(rects(r) == [[10, 20, 100, 50], [120, 20, 100, 30], [230, 20, 100, 40], [120, 60, 100, 20]])
        // (10, 80 + 10): the width is the hard-coded 10, not 340.
        #expect(r.contentSize == CGSize(width: 10, height: 90))
    }

    @Test("the first row sits at top + rowMargin, one margin below §5's top")
    func extraTopMargin() throws {
        let r = try layOut(entry, heightsInput(width: 340, columns: 3, rowSpacing: 7, heights: [50]))
        #expect(r.sections[0].items[0].minY == 17)  // 10 + 7; §5: 10
    }

    @Test("layoutAttributesForItem(at:) places the item again and advances a column")
    func lookupPlacesAgain() throws {
        let p = try prepared(entry, input, as: ClassicWaterfallCollectionViewLayout.self)
        // Columns after prepare: [70, 80, 60]. Item 0 again: col 2 at 60 + 10 → (230, 70); col 2 = 120.
        let again = try #require(try p.run { $0.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)) })
        #expect(again.frame == CGRect(x: 230, y: 70, width: 100, height: 50))
        #expect(try p.run { $0.collectionViewContentSize.height } == 130)  // 120 + 10
    }

    @Test("prepare() again rebuilds the attributes: no duplicates")
    func cleanReprepare() throws {
        let p = try prepared(entry, input, as: ClassicWaterfallCollectionViewLayout.self)
        p.session.invalidateAndPrepare()
        #expect(try p.run { $0.layoutAttributesForElements(in: .zero)?.count } == 4)
        #expect(!p.session.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 0, width: 500, height: 812)))
    }

    @Test("0 columns: `columnsMaxYarray[0]` on an empty array raises NSRangeException, with or without items")
    func zeroColumns() {
        #expect(exceptionName { _ = try layOut(entry, heightsInput(width: 340, columns: 0, heights: [50])) } == "NSRangeException")
        #expect(exceptionName { _ = try layOut(entry, heightsInput(width: 340, columns: 0, heights: [])) } == "NSRangeException")
        #expect(exceptionName { _ = try layOut(entry, heightsInput(width: 340, columns: 100_001, heights: [])) } == "hang")
    }
}
