import Foundation
import Testing
import UIKit
import WaterfallCheckCore
@testable import WaterfallCheckClassics

@Suite("classic-004 flow-layout subclass")
struct WaterfallFlowLayoutTests {
    let entry = WaterfallFlowLayout.entry
    /// Heights whose ratios to the 100-pt column are exact binary fractions (0.5, 0.25, 0.75, 0.125).
    let input = heightsInput(width: 340, columns: 3, rowSpacing: 30, heights: [50, 25, 75, 12.5])

    @Test("places items as the tutorial does: the column gap between rows, first row one gap low")
    func faithfulFrames() throws {
        let r = try layOut(entry, input)
        // w = (340 - 10 * 2 - 10 - 10) / 3 = 100; h = 100 * (h / 100); y = minY + 10 (the column gap,
        // not rowSpacing 30); columns start at 10.
        // item 0: col 0 → (10, 20, 100, 50); col 0 = 70
        // item 1: [70, 10, 10] → col 1 → (120, 20, 100, 25); col 1 = 45
        // item 2: [70, 45, 10] → col 2 → (230, 20, 100, 75); col 2 = 95
        // item 3: [70, 45, 95] → col 1 → (120, 55, 100, 12.5); §5: 10 + 25 + 30 = 65
        #expect(rects(r) == [[10, 20, 100, 50], [120, 20, 100, 25], [230, 20, 100, 75], [120, 55, 100, 12.5]])
        #expect(r.contentSize == CGSize(width: 340, height: 105))  // 95 + 10
    }

    @Test("columnCount 0 lays out 3 columns instead of failing")
    func zeroMeansThree() throws {
        let zero = heightsInput(width: 340, columns: 0, rowSpacing: 30, heights: [50, 25, 75, 12.5])
        #expect(try layOut(entry, zero) == layOut(entry, input))
    }

    @Test("column heights round-trip through \"%f\": 6 decimals")
    func stringHeights() throws {
        // One column 100 pt wide. After item 0 the column is "%f" of 10 + 10 + 0.0000004 = "20.000000",
        // so item 1 sits at 20 + 10 = 30 exactly, not 30.0000004.
        let r = try layOut(entry, heightsInput(width: 120, columns: 1, heights: [0.0000004, 1]))
        #expect(r.sections[0].items[1].minY == 30)
    }

    @Test("the string round trip is \"%f\" then doubleValue")
    func roundTrip() {
        #expect(WaterfallFlowLayout.roundTrip(1.23456789) == 1.234568)  // "1.234568"
        #expect(WaterfallFlowLayout.roundTrip(-0.0000004) == 0)          // "-0.000000"
        let big: CGFloat = 1_000_000_000.25
        let back = WaterfallFlowLayout.roundTrip(big)                    // "1000000000.250000"
        #expect(back == big)
        #expect(WaterfallFlowLayout.roundTrip(.nan) == 0)                // "nan" reads back as 0
    }

    @Test("invalidates on every bounds change, a scroll included")
    func invalidatesOnScroll() throws {
        let p = try prepared(entry, input, as: WaterfallFlowLayout.self)
        #expect(p.session.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 500, width: 340, height: 812)))
    }

    @Test("layoutAttributesForItem(at:) places the item again and advances a column")
    func lookupPlacesAgain() throws {
        let p = try prepared(entry, input, as: WaterfallFlowLayout.self)
        // Columns after prepare: [70, 67.5, 95]. Item 0 again: col 1 → (120, 77.5, 100, 50).
        let again = try #require(try p.run { $0.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)) })
        #expect(again.frame == CGRect(x: 120, y: 77.5, width: 100, height: 50))
        p.session.invalidateAndPrepare()
        #expect(try p.run { $0.layoutAttributesForElements(in: .zero)?.count } == 4)  // re-prepare is clean
    }

    @Test("a negative column count raises NSRangeException at the first item")
    func negativeColumns() {
        #expect(exceptionName { _ = try layOut(entry, heightsInput(width: 340, columns: -2, heights: [50])) } == "NSRangeException")
    }
}
