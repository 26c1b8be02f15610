import Foundation
import Testing
@testable import WaterfallCheckCore

/// One case per error of FIXTURE-FORMAT §6, its boundaries, and its precedence rule.
@Suite("Validation (FIXTURE-FORMAT §6)")
struct ValidationTests {
    typealias Code = LayoutError.Code

    @Test("invalidContainerWidth: not finite, negative, or above 10^9 pt; 10^9 itself is valid",
          arguments: [(-1.0, Code.invalidContainerWidth), (.nan, .invalidContainerWidth), (.infinity, .invalidContainerWidth),
                      (1e9 + 1, .invalidContainerWidth), (1e9, nil)] as [(CGFloat, Code?)])
    func containerWidth(width: CGFloat, code: Code?) {
        #expect(errorCode(input(width: width, columns: 1, heights([1]))) == code)
    }

    @Test("invalidColumnCount: below 1 or above 10000, for the layout's and for a section's count",
          arguments: [(0, Code.invalidColumnCount), (-3, .invalidColumnCount), (10_001, .invalidColumnCount), (10_000, nil), (1, nil)] as [(Int, Code?)])
    func columnCount(n: Int, code: Code?) {
        #expect(errorCode(input(width: 1e9, columns: n, heights([1]))) == code)
        var i = input(width: 1e9, columns: 2, heights([1]))
        i.sections[0].columnCount = n
        #expect(errorCode(i) == code)
    }

    @Test("the layout's columnCount is validated even when every section overrides it")
    func overriddenColumnCountStillValidated() {
        var i = input(columns: 0, heights([1]))
        i.sections[0].columnCount = 2
        #expect(errorCode(i) == .invalidColumnCount)
    }

    @Test("invalidSpacing: spacings, insets, minimumContentHeight, tieTolerance, pixelScale, supplementary width")
    func spacing() {
        #expect(errorCode(input(columnSpacing: -1, heights([1]))) == .invalidSpacing)
        #expect(errorCode(input(rowSpacing: .infinity, heights([1]))) == .invalidSpacing)
        #expect(errorCode(input(inset: LayoutInsets(bottom: 1e9 + 1), heights([1]))) == .invalidSpacing)
        #expect(errorCode(input(minimumContentHeight: -0.5, heights([1]))) == .invalidSpacing)
        #expect(errorCode(input(tieTolerance: -0.001, heights([1]))) == .invalidSpacing)
        #expect(errorCode(input(tieTolerance: 1e12, heights([1]))) == nil)  // not a length: no upper bound
        #expect(errorCode(input(pixelScale: 0, heights([1]))) == .invalidSpacing)
        #expect(errorCode(input(pixelScale: 1000.5, heights([1]))) == .invalidSpacing)
        #expect(errorCode(input(pixelScale: 1000, heights([1]))) == nil)
        var i = input(width: 100, heights([1]))
        i.sections[0].sectionInset = LayoutInsets(left: -1)
        #expect(errorCode(i) == .invalidSpacing)
        // header width 100 - 60 - 41 = -1 < 0; 100 - 60 - 40 = 0 is fine
        i = input(width: 100, heights([1]))
        i.sections[0].header = HeaderFooter(height: 1, inset: LayoutInsets(left: 60, right: 41))
        #expect(errorCode(i) == .invalidSpacing)
        i.sections[0].header = HeaderFooter(height: 1, inset: LayoutInsets(left: 60, right: 40))
        #expect(errorCode(i) == nil)
        i.sections[0].footer = HeaderFooter(height: 1, inset: LayoutInsets(top: .nan))
        #expect(errorCode(i) == .invalidSpacing)
    }

    @Test("invalidColumnWidth: a section's computed width is not > 0, including after pixel flooring")
    func columnWidth() {
        // (20 - 10 - 10) / 1 = 0
        #expect(errorCode(input(width: 20, columns: 1, inset: LayoutInsets(left: 10, right: 10), heights([1]))) == .invalidColumnWidth)
        // (10 - 2 * 5) / 3 = 0
        #expect(errorCode(input(width: 10, columns: 3, columnSpacing: 5, heights([1]))) == .invalidColumnWidth)
        // width 0 on a first layout pass
        #expect(errorCode(input(width: 0, columns: 1, heights([1]))) == .invalidColumnWidth)
        // 1 / 3 = 0.333..., floored at scale 2: floor(0.67) / 2 = 0
        #expect(errorCode(input(width: 1, columns: 3, pixelScale: 2, heights([1]))) == .invalidColumnWidth)
        #expect(errorCode(input(width: 1, columns: 3, pixelScale: 3, heights([1]))) == nil)
        // every section's width is computed, even an empty one's
        var i = input(width: 100, heights([1]))
        i.sections.append(SectionInput(columnCount: 1, sectionInset: LayoutInsets(left: 100), items: []))
        #expect(errorCode(i) == .invalidColumnWidth)
    }

    @Test("invalidItemHeight: an item, header or footer height that is not a length")
    func itemHeight() {
        #expect(errorCode(input(heights([-1]))) == .invalidItemHeight)
        #expect(errorCode(input(heights([1e9 + 1]))) == .invalidItemHeight)
        #expect(errorCode(input(heights([1e9]))) == nil)
        var i = input(heights([1]))
        i.sections[0].footer = HeaderFooter(height: .nan)
        #expect(errorCode(i) == .invalidItemHeight)
    }

    @Test("invalidItemSize: width not > 0, height not a length, or a derived height not a length")
    func itemSize() {
        #expect(errorCode(input([.size(width: 0, height: 10)])) == .invalidItemSize)
        #expect(errorCode(input([.size(width: 10, height: -1)])) == .invalidItemSize)
        #expect(errorCode(input([.size(width: .infinity, height: 1)])) == .invalidItemSize)
        #expect(errorCode(input([.size(width: 10, height: 0)])) == nil)  // a zero height is a length
        // w = 100; 1e9 * 100 / 1 = 1e11 > 1e9
        #expect(errorCode(input([.size(width: 1, height: 1e9)])) == .invalidItemSize)
        // 1e9 * 100 / 100 = 1e9 exactly: valid
        #expect(errorCode(input([.size(width: 100, height: 1e9)])) == nil)
    }

    @Test("invalidSpan: span < 1, or span > 1 with a round-robin placement (before clamping)")
    func span() {
        #expect(errorCode(input([.height(1, span: 0)])) == .invalidSpan)
        #expect(errorCode(input(placement: .leftToRight, [.height(1, span: 2)])) == .invalidSpan)
        #expect(errorCode(input(columns: 1, placement: .rightToLeft, [.height(1, span: 2)])) == .invalidSpan)
        #expect(errorCode(input(placement: .leftToRight, [.height(1, span: 1)])) == nil)
        #expect(errorCode(input([.height(1, span: 50)])) == nil)
    }

    @Test("when several faults exist, the code first in the §6 table wins, wherever it is")
    func precedence() {
        // invalidSpan (item 0) and invalidColumnCount (section 1): the column count wins
        var i = input([.height(1, span: 0)])
        i.sections.append(SectionInput(columnCount: 0, items: []))
        #expect(errorCode(i) == .invalidColumnCount)
        // invalidItemHeight and invalidSpacing: spacing wins
        #expect(errorCode(input(rowSpacing: -1, heights([-1]))) == .invalidSpacing)
        // everything wrong: the container width wins
        #expect(errorCode(input(width: -1, columns: 0, columnSpacing: -1, [.height(-1, span: 0)])) == .invalidContainerWidth)
    }

    @Test("the error names where the fault is, as a JSON path")
    func location() throws {
        var i = input(heights([1, 2]))
        i.sections.append(SectionInput(items: [.height(1), .size(width: 0, height: 1)]))
        do {
            _ = try ReferenceLayout.layout(i)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .invalidItemSize)
            #expect(error.location?.jsonPath == "$.sections[1].items[1].size")
        }
        do {
            _ = try ReferenceLayout.layout(input(columnSpacing: -2, heights([1])))
        } catch {
            #expect(error.location?.jsonPath == "$.layout.columnSpacing")
            #expect(error.message.contains("-2"))
        }
    }

    @Test("adversarial inputs never give a NaN, an infinity or a negative size")
    func adversarial() {
        var r = TestRandom(state: 7)
        let lengths: [CGFloat] = [0, -0.0, 1e-300, 1e9, 1e9 + 1, .nan, .infinity, -.infinity, -1, 0.1, 1 / 3]
        for _ in 0..<2000 {
            func pick() -> CGFloat { lengths[r.int(0...(lengths.count - 1))] }
            var i = input(width: pick(), columns: r.int(-1...5), columnSpacing: pick(), rowSpacing: pick(),
                          inset: LayoutInsets(top: pick(), left: pick(), bottom: pick(), right: pick()),
                          pixelScale: r.bool() ? nil : pick(), minimumContentHeight: pick(),
                          (0..<r.int(0...4)).map { _ in r.bool() ? .height(pick(), span: r.int(0...3)) : .size(width: pick(), height: pick(), span: r.int(0...3)) })
            i.layout.tieTolerance = pick()
            guard let result = try? ReferenceLayout.layout(i) else { continue }
            for e in result.elements {
                let f = e.frame
                #expect([f.minX, f.minY, f.width, f.height].allSatisfy(\.isFinite) && f.width >= 0 && f.height >= 0, "\(i) gave \(e)")
            }
            #expect(result.contentSize.height.isFinite && result.contentSize.height >= 0)
        }
    }
}
