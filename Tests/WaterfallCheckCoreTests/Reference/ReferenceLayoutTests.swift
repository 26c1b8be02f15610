import Foundation
import Testing
@testable import WaterfallCheckCore

/// One hand-derived case per rule of FIXTURE-FORMAT §5. Expected values are worked out in the
/// comments from the spec, never copied from the engine's output.
@Suite("Reference layout (FIXTURE-FORMAT §5)")
struct ReferenceLayoutTests {
    @Test("§1 worked example: header, a photo, a span-2 item and a footer in 3 columns")
    func sectionOneExample() throws {
        let zero = LayoutInsets.zero
        let input = LayoutInput(
            layout: LayoutSettings(containerWidth: 375, columnCount: 3, columnSpacing: 10, rowSpacing: 10,
                                     sectionInset: LayoutInsets(all: 10)),
            sections: [SectionInput(header: HeaderFooter(height: 44, inset: zero),
                                     items: [.height(120), .size(width: 640, height: 480), .height(80, span: 2)],
                                     footer: HeaderFooter(height: 30, inset: zero))])
        let r = try ReferenceLayout.layout(input)
        // w = (375 - 10 - 10 - 2 * 10) / 3 = 335 / 3 = 111.66666666666667
        // photo: 480 * 111.66666666666667 / 640 = 83.75; span-2 width 2w + 10 = 233.33333333333334
        #expect(r.sections[0].header == rect(0, 0, 375, 44))
        #expect(r.sections[0].items == [
            rect(10, 54, 111.66666666666667, 120),
            rect(131.66666666666669, 54, 111.66666666666667, 83.75),
            rect(131.66666666666669, 147.75, 233.33333333333334, 80),
        ])
        #expect(r.sections[0].footer == rect(0, 237.75, 375, 30))
        #expect(r.contentSize == CGSize(width: 375, height: 267.75))
    }

    @Test("step 1/5: header and footer frames use their own insets and advance top by inset + height")
    func headerFooterInsets() throws {
        var i = input(width: 100, columns: 1, [.height(10)])
        let inset = LayoutInsets(top: 5, left: 3, bottom: 7, right: 2)
        i.sections[0].header = HeaderFooter(height: 20, inset: inset)
        i.sections[0].footer = HeaderFooter(height: 4, inset: inset)
        let r = try ReferenceLayout.layout(i)
        // header (3, 0 + 5, 100 - 3 - 2, 20); top = 0 + 5 + 20 + 7 = 32
        #expect(r.sections[0].header == rect(3, 5, 95, 20))
        #expect(r.sections[0].items == [rect(0, 32, 100, 10)])
        // section bottom 42; footer (3, 42 + 5, 95, 4); top = 42 + 5 + 4 + 7 = 58
        #expect(r.sections[0].footer == rect(3, 47, 95, 4))
        #expect(r.contentSize.height == 58)
    }

    @Test("step 2: column width and origins from the section inset and column spacing")
    func columnGeometry() throws {
        let r = try ReferenceLayout.layout(input(width: 100, columns: 3, columnSpacing: 5,
                                                 inset: LayoutInsets(top: 2, left: 10, bottom: 3, right: 5),
                                                 heights([1, 1, 1])))
        // w = (100 - 10 - 5 - 2 * 5) / 3 = 25; x(c) = 10 + c * 30; every column starts at 0 + 2
        #expect(r.sections[0].items == [rect(10, 2, 25, 1), rect(40, 2, 25, 1), rect(70, 2, 25, 1)])
        // bottom = 3 + 3
        #expect(r.contentSize.height == 6)
    }

    @Test("step 2: a section's columnCount and sectionInset replace the layout's")
    func sectionOverrides() throws {
        var i = input(width: 100, columns: 4, inset: LayoutInsets(all: 1), heights([5]))
        i.sections.append(SectionInput(columnCount: 2, sectionInset: LayoutInsets(left: 20), items: heights([5, 5])))
        let r = try ReferenceLayout.layout(i)
        // section 0: w = (100 - 2) / 4 = 24.5, item at (1, 1); bottom 1 + 5 + 1 = 7
        #expect(r.sections[0].items == [rect(1, 1, 24.5, 5)])
        // section 1: inset replaced as a whole (top 0, right 0): w = (100 - 20) / 2 = 40
        #expect(r.sections[1].items == [rect(20, 7, 40, 5), rect(60, 7, 40, 5)])
        #expect(r.contentSize.height == 12)
    }

    @Test("step 3: size items take h * itemWidth / w, spans take k * w + (k - 1) * spacing")
    func sizeAndSpanWidth() throws {
        let r = try ReferenceLayout.layout(input(width: 85, columns: 3, columnSpacing: 5,
                                                 [.size(width: 50, height: 100), .size(width: 110, height: 11, span: 2)]))
        // w = (85 - 10) / 3 = 25. item 0: 100 * 25 / 50 = 50 at column 0.
        // item 1, span 2, iw = 2 * 25 + 5 = 55, h = 11 * 55 / 110 = 5.5; pos(0) = 50, pos(1) = 0: column 1 at x 30
        #expect(r.sections[0].items == [rect(0, 0, 25, 50), rect(30, 0, 55, 5.5)])
    }

    @Test("step 3: shortestFirst takes the lowest column, the leftmost on a tie, rowSpacing between items")
    func shortestFirstLeftmost() throws {
        let r = try ReferenceLayout.layout(input(rowSpacing: 2, heights([30, 10, 20, 5, 5])))
        // tops 0,0,0 -> c0; 32,0,0 -> c1; 32,12,0 -> c2; 32,12,22 -> c1 at 12; 32,19,22 -> c1 at 19
        #expect(r.sections[0].items.map(\.origin) == [
            CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 200, y: 0),
            CGPoint(x: 100, y: 12), CGPoint(x: 100, y: 19),
        ])
        // step 4: bottom is the lowest maxY (32 - 2 = 30), no trailing rowSpacing
        #expect(r.contentSize.height == 30)
    }

    @Test("step 3: a top within tieTolerance of the lowest is tied (inclusive), just over is not")
    func tieTolerance() throws {
        // Tops after two items: 10, 15, 0 ... third item goes to c2 (0); fourth sees 10, 15, 4:
        // m = 4; c0: 10 - 4 = 6, c1: 11.
        let items = heights([10, 15, 4, 1])
        let at6 = try ReferenceLayout.layout(input(tieTolerance: 6, items))
        #expect(at6.sections[0].items[3].origin == CGPoint(x: 0, y: 10))      // 6 <= 6: tied, leftmost c0
        let under = try ReferenceLayout.layout(input(tieTolerance: 5.999, items))
        #expect(under.sections[0].items[3].origin == CGPoint(x: 200, y: 4))   // 6 > 5.999: c2 alone
    }

    @Test("step 3: afterPrevious takes the first tied column at or after the cursor, else wraps")
    func afterPrevious() throws {
        // Heights 10, 20, 30 fill c0..c2 (cursor 3); item 3 (10) goes to c0, the only lowest (cursor 1);
        // tops are then 20, 20, 30: item 4 is tied between c0 and c1.
        let items = heights([10, 20, 30, 10, 5])
        let left = try ReferenceLayout.layout(input(tieBreak: .leftmost, items))
        #expect(left.sections[0].items[4].origin == CGPoint(x: 0, y: 20))
        let after = try ReferenceLayout.layout(input(tieBreak: .afterPrevious, items))
        #expect(after.sections[0].items[4].origin == CGPoint(x: 100, y: 20))  // smallest tied >= cursor 1
        // Wrap-around: equal heights fill c0, c1, c2 (cursor 3); the fourth has no tied c >= 3: c0.
        let wrap = try ReferenceLayout.layout(input(tieBreak: .afterPrevious, heights([5, 5, 5, 5])))
        #expect(wrap.sections[0].items[3].origin == CGPoint(x: 0, y: 5))
    }

    @Test("step 3: a spanning item sits at the highest top of its columns; span > n is clamped to n")
    func spans() throws {
        let r = try ReferenceLayout.layout(input(columns: 3, [.height(50), .height(10), .height(5, span: 2), .height(1, span: 9)]))
        // tops 50, 10, 0 after two... item 1 goes to c1 (tops 50, 0, 0 -> c1 at 0), tops 50, 10, 0.
        // span 2: pos(0) = max(50, 10) = 50, pos(1) = max(10, 0) = 10 -> c1 at 10, width 200. tops 50, 15, 15.
        // span 9 -> 3: pos(0) = 50 -> (0, 50, 300, 1)
        #expect(r.sections[0].items == [rect(0, 0, 100, 50), rect(100, 0, 100, 10), rect(100, 10, 200, 5), rect(0, 50, 300, 1)])
        #expect(r.contentSize.height == 51)
    }

    @Test("step 3: leftToRight takes index % n, rightToLeft n - 1 - index % n, whatever the heights")
    func roundRobin() throws {
        let items = heights([50, 1, 1, 1])
        let ltr = try ReferenceLayout.layout(input(placement: .leftToRight, items))
        // item 3 -> column 0, under the 50-pt item
        #expect(ltr.sections[0].items.map(\.origin) == [
            CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 200, y: 0), CGPoint(x: 0, y: 50)])
        let rtl = try ReferenceLayout.layout(input(placement: .rightToLeft, items))
        #expect(rtl.sections[0].items.map(\.origin) == [
            CGPoint(x: 200, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 0, y: 0), CGPoint(x: 200, y: 50)])
    }

    @Test("pixelScale floors the column width and size-derived heights to 1/pixelScale pt")
    func pixelScale() throws {
        let items: [LayoutItem] = [.height(7.3), .size(width: 7, height: 1)]
        // unfloored: w = 100 / 3 = 33.333333333333336; 1 * w / 7 = 4.761904761904762
        let plain = try ReferenceLayout.layout(input(width: 100, items))
        #expect(plain.sections[0].items[1] == rect(33.333333333333336, 0, 33.333333333333336, 33.333333333333336 / 7))
        // scale 2: w = floor(66.66666666666667) / 2 = 33; size height floor(33 / 7 * 2) / 2 = floor(9.43) / 2 = 4.5;
        // a given height (7.3) is not floored.
        let s2 = try ReferenceLayout.layout(input(width: 100, pixelScale: 2, items))
        #expect(s2.sections[0].items == [rect(0, 0, 33, 7.3), rect(33, 0, 33, 4.5)])
        // scale 3: 33.333333333333336 * 3 = 100 exactly, so w is unchanged
        let s3 = try ReferenceLayout.layout(input(width: 100, pixelScale: 3, items))
        #expect(s3.sections[0].items[0].width == 33.333333333333336)
    }

    @Test("contentSize is at least minimumContentHeight, and exactly the final top above it")
    func minimumContentHeight() throws {
        #expect(try ReferenceLayout.layout(input(minimumContentHeight: 500, heights([10]))).contentSize == CGSize(width: 300, height: 500))
        #expect(try ReferenceLayout.layout(input(minimumContentHeight: 5, heights([10]))).contentSize == CGSize(width: 300, height: 10))
    }

    @Test("step 4: an empty section still counts its insets; no sections gives height 0 and no column width")
    func emptySections() throws {
        var i = input(inset: LayoutInsets(top: 3, bottom: 4), [])
        i.sections.append(SectionInput(items: heights([1])))
        let r = try ReferenceLayout.layout(i)
        // section 0: bottom = 0 + 3 (no items) + 4 = 7; section 1 items start at 7 + 3 = 10
        #expect(r.sections[0].items.isEmpty)
        #expect(r.sections[1].items == [rect(0, 10, 100, 1)])
        #expect(r.contentSize.height == 15)
        // no sections: top stays 0 and no column width is computed
        let none = LayoutInput(layout: LayoutSettings(containerWidth: 320, columnCount: 2), sections: [])
        #expect(try ReferenceLayout.layout(none) == LayoutResult(contentSize: CGSize(width: 320, height: 0), sections: []))
    }

    @Test("zero-height items stack with rowSpacing only")
    func zeroHeights() throws {
        let r = try ReferenceLayout.layout(input(columns: 1, rowSpacing: 3, heights([0, 0, 2])))
        #expect(r.sections[0].items.map(\.minY) == [0, 3, 6])
        #expect(r.contentSize.height == 8)
    }
}
