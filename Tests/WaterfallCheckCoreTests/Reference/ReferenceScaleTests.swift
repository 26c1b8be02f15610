import Foundation
import Testing
@testable import WaterfallCheckCore

/// The review's D8 inputs, and the reference's skyline against a column-by-column §5 scan.
@Suite("Reference layout at scale (review D8)")
struct ReferenceScaleTests {
    /// The review's first DoS fixture: 10,000 columns, 2,000 items of span 5,000 (58 KB as JSON).
    static func wideSpans(columns: Int = 10_000, items: Int = 2_000, span: Int = 5_000) -> LayoutInput {
        LayoutInput(layout: LayoutSettings(containerWidth: CGFloat(columns) * 10, columnCount: columns, columnSpacing: 0,
                                             rowSpacing: 0, placement: .shortestFirst),
                    sections: [SectionInput(items: (0..<items).map { .height(CGFloat(10 + $0 % 7), span: span) })])
    }

    /// The review's second: 20,000 sections of one item each in 10,000 columns (560 KB as JSON).
    static func manySections(sections: Int = 20_000, columns: Int = 10_000) -> LayoutInput {
        LayoutInput(layout: LayoutSettings(containerWidth: CGFloat(columns) * 10, columnCount: columns, columnSpacing: 0,
                                             rowSpacing: 0, placement: .shortestFirst),
                    sections: (0..<sections).map { _ in SectionInput(items: [.height(10)]) })
    }

    /// §5 step 3 word for word: every column's running height, every start column's `pos`.
    static func scan(_ input: LayoutInput) throws -> LayoutResult {
        let widths = try ReferenceLayout.validate(input)
        let s = input.layout
        var top: CGFloat = 0
        var sections: [SectionFrames] = []
        for (si, section) in input.sections.enumerated() {
            var out = SectionFrames()
            if let h = section.header {
                out.header = CGRect(x: h.inset.left, y: top + h.inset.top, width: s.containerWidth - h.inset.left - h.inset.right, height: h.height)
                top = top + h.inset.top + h.height + h.inset.bottom
            }
            let I = section.sectionInset ?? s.sectionInset
            let n = section.columnCount ?? s.columnCount
            let w = widths[si]
            var H = [CGFloat](repeating: top + I.top, count: n)
            var bottom = top + I.top, cursor = 0
            for (i, item) in section.items.enumerated() {
                let k = min(item.span, n)
                let iw = CGFloat(k) * w + CGFloat(k - 1) * s.columnSpacing
                let height: CGFloat
                switch item.dimension {
                case .height(let h): height = h
                case .size(let sz): height = ReferenceLayout.floorToPixel(sz.height * iw / sz.width, s.pixelScale)
                }
                var c: Int
                switch s.placement {
                case .leftToRight: c = i % n
                case .rightToLeft: c = n - 1 - i % n
                case .shortestFirst:
                    let pos = (0...(n - k)).map { H[$0..<($0 + k)].max()! }
                    let m = pos.min()!
                    let tied = pos.indices.filter { pos[$0] - m <= s.tieTolerance }
                    c = s.tieBreak == .leftmost ? tied[0] : (tied.first { $0 >= cursor } ?? tied[0])
                }
                let y = H[c..<(c + k)].max()!
                out.items.append(CGRect(x: I.left + CGFloat(c) * (w + s.columnSpacing), y: y, width: iw, height: height))
                for j in c..<(c + k) { H[j] = y + height + s.rowSpacing }
                cursor = c + k
                bottom = max(bottom, y + height)
            }
            top = bottom + I.bottom
            if let f = section.footer {
                out.footer = CGRect(x: f.inset.left, y: top + f.inset.top, width: s.containerWidth - f.inset.left - f.inset.right, height: f.height)
                top = top + f.inset.top + f.height + f.inset.bottom
            }
            sections.append(out)
        }
        return LayoutResult(contentSize: CGSize(width: s.containerWidth, height: max(top, s.minimumContentHeight)), sections: sections)
    }

    @Test("the reference (dense scan up to 64 columns, skyline above) gives a column-by-column §5 scan's frames bit for bit on 3,000 random inputs (spans, ties, tolerance, afterPrevious)")
    func skylineEqualsTheScan() throws {
        var r = TestRandom(state: 13)
        for _ in 0..<3_000 {
            let placement: Placement = r.int(0...5) == 0 ? (r.bool() ? .leftToRight : .rightToLeft) : .shortestFirst
            let n = r.int(1...120)  // past ReferenceLayout.denseColumnLimit: both the dense scan and the skyline
            let sections = (0..<r.int(1...3)).map { _ in
                SectionInput(columnCount: r.bool() ? nil : r.int(1...120),
                              items: (0..<r.int(0...40)).map { _ -> LayoutItem in
                                  let span = placement.isRoundRobin ? 1 : (r.int(0...2) == 0 ? r.int(2...30) : 1)
                                  return .height(r.int(0...3) == 0 ? 0 : CGFloat(r.int(1...8)) * 2.5, span: span)
                              })
            }
            let input = LayoutInput(layout: LayoutSettings(containerWidth: 2_400, columnCount: n, columnSpacing: CGFloat(r.int(0...3)),
                                                             rowSpacing: CGFloat(r.int(0...2)) * 2.5, placement: placement,
                                                             tieTolerance: CGFloat(r.int(0...2)) * 2.5,
                                                             tieBreak: r.bool() ? .leftmost : .afterPrevious),
                                    sections: sections)
            let expected = try Self.scan(input)
            let actual = try ReferenceLayout.layout(input)
            #expect(actual == expected, "\(input)")
            if actual != expected { return }
        }
    }

    @Test("the sorted-lanes path (shortestFirst, leftmost, tolerance 0, 1-8 columns) gives the scan's frames bit for bit on 3,000 random inputs (ties, zero heights, sizes, pixel scale, spans between runs, invalid items)")
    func sortedLanesEqualTheScan() throws {
        var r = TestRandom(state: 29)
        func bits(_ f: CGRect) -> [UInt] { [f.minX.bitPattern, f.minY.bitPattern, f.width.bitPattern, f.height.bitPattern] }
        for _ in 0..<3_000 {
            let n = r.int(1...8)
            let sections = (0..<r.int(1...3)).map { _ in
                SectionInput(columnCount: r.bool() ? nil : r.int(1...8),
                              items: (0..<r.int(0...60)).map { _ -> LayoutItem in
                                  let span = r.int(0...9) == 0 ? r.int(2...9) : 1
                                  switch r.int(0...9) {
                                  case 0: return .height(0, span: span)
                                  case 1: return .size(width: CGFloat(r.int(1...300)), height: CGFloat(r.int(0...300)), span: span)
                                  case 2 where r.int(0...20) == 0: return .height(r.bool() ? -1 : .nan, span: span)
                                  case 3 where r.int(0...20) == 0: return .height(1, span: 0)
                                  default: return .height(CGFloat(r.int(1...4)) * 2.5, span: span)
                                  }
                              })
            }
            let input = LayoutInput(layout: LayoutSettings(containerWidth: CGFloat(r.int(100...400)), columnCount: n,
                                                             columnSpacing: CGFloat(r.int(0...3)), rowSpacing: CGFloat(r.int(0...2)) * 2.5,
                                                             sectionInset: LayoutInsets(all: CGFloat(r.int(0...1)) * 0.1),
                                                             pixelScale: r.bool() ? CGFloat(r.int(1...3)) : nil),
                                    sections: sections)
            // An invalid item stops the run; the fault is then the §6 pass's, message and all.
            do { _ = try ReferenceLayout.validate(input) } catch {
                #expect(throws: error) { try ReferenceLayout.layout(input) }
                continue
            }
            let expected = try Self.scan(input)
            let actual = try ReferenceLayout.layout(input)
            #expect(actual.contentSize.height.bitPattern == expected.contentSize.height.bitPattern, "\(input)")
            #expect(actual.sections.map { $0.items.map(bits) } == expected.sections.map { $0.items.map(bits) }, "\(input)")
            if actual != expected { return }
        }
    }

    @Test("D8: 20,000 sections x 10,000 columns lay out, and the rect-query index stores entries in proportion to the items, not the columns")
    func manySectionsIndexIsProportionalToItems() throws {
        let input = Self.manySections()
        let result = try ReferenceLayout.layout(input)
        #expect(result.sections.count == 20_000)
        let index = RectQueryIndex(input: input, result: result)
        // One-item sections are answered by scanning their frames (RectQueryIndex.linearScanLimit):
        // nothing is stored for them, whatever the column count. (Grouped, each would store one
        // start column, two offsets and one item index.)
        #expect(index.storedEntries == 0)
        #expect(index.elements(in: CGRect(x: 0, y: 0, width: 100_000, height: 15)) == [.item(0, 0), .item(1, 0)])
    }

    @Test("D8: 10,000 columns x 2,000 items of span 5,000 lay out in the two halves, indexed by 2,000 items")
    func wideSpansLayOut() throws {
        let input = Self.wideSpans()
        let result = try ReferenceLayout.layout(input)
        #expect(result.sections[0].items.allSatisfy { ($0.minX == 0 || $0.minX == 50_000) && $0.width == 50_000 })
        let index = RectQueryIndex(input: input, result: result)
        #expect(index.storedEntries == 2 + 3 + 2_000)  // start columns 0 and 5,000
    }
}
