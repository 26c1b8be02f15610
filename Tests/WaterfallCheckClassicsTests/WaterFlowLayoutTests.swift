import Foundation
import Testing
import UIKit
import WaterfallCheckCore
@testable import WaterfallCheckClassics

@Suite("classic-002 WaterFlowLayout")
struct WaterFlowLayoutTests {
    let entry = WaterFlowLayout.entry

    @Test("places items as the tutorial does: insets ignored, trailing spacing in the content size")
    func faithfulFrames() throws {
        // The 10-pt insets are never asked for: width = (320 - 10 * 2) / 3 = 100, x = 110 * column,
        // columns start at 0. Height = 100 * h / 100 = h.
        let r = try layOut(entry, heightsInput(width: 320, columns: 3, heights: fourItems))
        // item 0 at (0, 0); col 0 = 0 + 10 + 50 = 60; next: min 0 at col 1 → (110, 0)
        // item 1 (110, 0, 100, 30); col 1 = 40; next: col 2 → (220, 0)
        // item 2 (220, 0, 100, 40); col 2 = 50; next: [60, 40, 50] → col 1 → (110, 40)
        // item 3 (110, 40, 100, 20); col 1 = 70
        #expect(rects(r) == [[0, 0, 100, 50], [110, 0, 100, 30], [220, 0, 100, 40], [110, 40, 100, 20]])
        // Content height = tallest column = 70 (maxY 60 + trailing 10), no bottom inset.
        #expect(r.contentSize == CGSize(width: 320, height: 70))
    }

    @Test("once every column passes 100000, items pile onto column 0 at y = 100000")
    func sentinelPileUp() throws {
        // Two columns 55 pt wide ((120 - 10) / 2), rowSpacing 10.
        // item 0: (0, 0); col 0 = 100011. Next: min(100000, 100011, 0) = 0 → col 1 at (65, 0).
        // item 1: (65, 0); col 1 = 100012. Next: min = 100000 (the sentinel), no column equals it →
        // index 0, y = 100000.
        // item 2: (0, 100000, 55, 7), inside item 0 (0...100001); col 0 = 100011 + 10 + 7 = 100028.
        // item 3: again (0, 100000, 55, 8); col 0 = 100028 + 10 + 8 = 100046, the content height.
        let r = try layOut(entry, heightsInput(width: 120, columns: 2, heights: [100001, 100002, 7, 8]))
        #expect(rects(r) == [[0, 0, 55, 100001], [65, 0, 55, 100002], [0, 100000, 55, 7], [0, 100000, 55, 8]])
        #expect(r.contentSize.height == 100046)
    }

    @Test("column heights are stored as 32-bit floats")
    func float32Heights() throws {
        // One column 1 pt wide, no gaps between columns: height = 1 * h / 1 = h.
        // col 0 = Float(0 + 10 + 70000.3): 70010.3 * 128 = 8961318.4 → 8961318 / 128 = 70010.296875.
        let r = try layOut(entry, heightsInput(width: 1, columns: 1, columnSpacing: 0, heights: [70000.3, 1]))
        #expect(r.sections[0].items[1].minY == 70010.296875)
    }

    @Test("no lookup: layoutAttributesForItem(at:) is not overridden and answers nil")
    func noLookup() throws {
        let p = try prepared(entry, heightsInput(width: 320, columns: 3, heights: fourItems), as: WaterFlowLayout.self)
        #expect(try p.run { $0.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)) } == nil)
        #expect(try p.run { $0.layoutAttributesForElements(in: .zero)?.count } == 4)
    }

    @Test("0 columns raise NSRangeException once there is an item; a negative count wraps and hangs")
    func invalidColumns() throws {
        #expect(exceptionName { _ = try layOut(entry, heightsInput(width: 320, columns: 0, heights: [50])) } == "NSRangeException")
        #expect(try layOut(entry, heightsInput(width: 320, columns: 0, heights: [])).contentSize == CGSize(width: 320, height: 0))
        #expect(exceptionName { _ = try layOut(entry, heightsInput(width: 320, columns: -1, heights: [])) } == "hang")
    }

    @Test("a zero image width gives a NaN or infinite height, no trap")
    func zeroImageWidth() throws {
        let input = LayoutInput(layout: LayoutSettings(containerWidth: 320, columnCount: 3),
                                sections: [SectionInput(items: [.size(width: 0, height: 10), .size(width: 0, height: 0)])])
        let r = try layOut(entry, input)
        #expect(r.sections[0].items[0].size.height == .infinity)  // 106.67 * 10 / 0
        #expect(r.sections[0].items[1].size.height.isNaN)         // 0 / 0
    }
}
