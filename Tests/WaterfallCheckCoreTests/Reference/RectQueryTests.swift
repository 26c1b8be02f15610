import Foundation
import Testing
@testable import WaterfallCheckCore

/// The rect query against the obvious oracle: filter every frame with the strict predicate.
@Suite("Rect query (FIXTURE-FORMAT §9)")
struct RectQueryTests {
    /// A random valid input: 1-3 sections, spans, headers, footers, zero heights, empty sections.
    static func randomInput(_ r: inout TestRandom) -> LayoutInput {
        let placements = Placement.allCases
        let placement = placements[r.int(0...2)]
        var sections: [SectionInput] = []
        for _ in 0..<r.int(1...3) {
            let n = r.int(1...6)
            let items: [LayoutItem] = (0..<r.int(0...60)).map { _ in
                let span = placement.isRoundRobin ? 1 : (r.int(0...5) == 0 ? r.int(2...7) : 1)
                return r.int(0...9) == 0 ? .height(0, span: span) : .height(CGFloat(r.int(1...200)) / 4, span: span)
            }
            sections.append(SectionInput(
                columnCount: n, sectionInset: LayoutInsets(top: CGFloat(r.int(0...8)), left: CGFloat(r.int(0...8)),
                                                         bottom: CGFloat(r.int(0...8)), right: CGFloat(r.int(0...8))),
                header: r.bool() ? HeaderFooter(height: CGFloat(r.int(0...30))) : nil,
                items: items,
                footer: r.bool() ? HeaderFooter(height: CGFloat(r.int(0...30)), inset: LayoutInsets(left: 4)) : nil))
        }
        return LayoutInput(layout: LayoutSettings(containerWidth: CGFloat(r.int(200...420)), columnCount: 3,
                                                    columnSpacing: CGFloat(r.int(0...12)), rowSpacing: CGFloat(r.int(0...12)),
                                                    placement: placement, tieTolerance: CGFloat(r.int(0...2) * 3),
                                                    tieBreak: r.bool() ? .leftmost : .afterPrevious),
                           sections: sections)
    }

    static func bruteForce(_ result: LayoutResult, _ rect: CGRect) -> Set<ElementID> {
        Set(result.elements.filter { $0.frame.meets(rect) }.map(\.id))
    }

    @Test("elements(in:) equals a brute-force filter on 300 random layouts and 40 rects each")
    func againstBruteForce() throws {
        var r = TestRandom(state: 42)
        for _ in 0..<300 {
            let input = Self.randomInput(&r)
            let engine = ReferenceEngine()
            let result = try engine.layout(input)
            let W = input.layout.containerWidth, H = result.contentSize.height
            for q in 0..<40 {
                // Random rects, zero-size rects, rects on item edges, and the whole content.
                var rect = CGRect(x: CGFloat(r.int(-20...Int(W))), y: CGFloat(r.int(-20...Int(H) + 20)),
                                  width: CGFloat(r.int(0...200)), height: CGFloat(r.int(0...300)))
                if q % 5 == 0, let f = result.elements.randomElement(using: &r)?.frame {
                    rect = CGRect(x: f.minX, y: f.maxY, width: f.width, height: CGFloat(r.int(0...40)))  // touching the bottom edge
                }
                if q == 1 { rect = CGRect(x: -1, y: -1, width: W + 2, height: H + 2) }
                let found = try engine.elements(in: rect)
                #expect(found.count == Set(found).count, "duplicates in \(rect)")
                #expect(Set(found) == Self.bruteForce(result, rect), "rect \(rect) over \(input)")
            }
        }
    }

    @Test("a rect with a NaN edge meets nothing, in a section scanned frame by frame and in a grouped one")
    func nanRects() throws {
        for n in [RectQueryIndex.linearScanLimit, RectQueryIndex.linearScanLimit + 1, 200] {
            let input = LayoutInput(layout: LayoutSettings(containerWidth: 320, columnCount: 2),
                                    sections: [SectionInput(items: (0..<n).map { _ in .height(10) })])
            let engine = ReferenceEngine()
            let result = try engine.layout(input)
            let nan = CGFloat.nan, inf = CGFloat.infinity
            for rect in [CGRect(x: 0, y: 0, width: 320, height: nan), CGRect(x: 0, y: -inf, width: 320, height: inf),
                         CGRect(x: nan, y: 0, width: 320, height: 100), CGRect(x: 0, y: nan, width: 320, height: 100)] {
                #expect(Set(try engine.elements(in: rect)) == Self.bruteForce(result, rect), "\(n) items, rect \(rect)")
                #expect(try engine.elements(in: rect).isEmpty, "\(n) items, rect \(rect)")
            }
        }
    }

    @Test("meetsBit is meets as 1 or 0 on every pairing of edge values: touching, zero size, NaN, infinities")
    func meetsBitIsMeets() {
        let values: [CGFloat] = [-.infinity, -1, 0, 0.5, 1, 2, .infinity, .nan]
        var pairs = 0
        for x in values { for w in values where w.isNaN || w >= 0 {
            let f = CGRect(x: x, y: x, width: w, height: w)
            for rx in values { for rw in values where rw.isNaN || rw >= 0 {
                for r in [CGRect(x: rx, y: 0, width: rw, height: 1), CGRect(x: 0, y: rx, width: 1, height: rw),
                          CGRect(x: rx, y: rx, width: rw, height: rw)] {
                    #expect(f.meetsBit(r) == (f.meets(r) ? 1 : 0), "\(f) vs \(r)")
                    pairs += 1
                }
            } }
        } }
        #expect(pairs > 1000)
    }

    @Test("elements(in:into:) answers as elements(in:), replacing what the array held, over small and grouped sections")
    func elementsInto() throws {
        for n in [3, RectQueryIndex.linearScanLimit + 1, 200] {
            let engine = ReferenceEngine()
            let result = try engine.layout(LayoutInput(layout: LayoutSettings(containerWidth: 320, columnCount: 3),
                                                       sections: [SectionInput(items: (0..<n).map { .height(CGFloat(10 + $0 % 7)) })]))
            var answer: [ElementID] = [.header(9), .footer(9)]  // replaced, not appended to
            for rect in [CGRect(x: 0, y: 0, width: 320, height: result.contentSize.height), CGRect(x: 100, y: 20, width: 50, height: 40),
                         CGRect(x: 0, y: 0, width: 0, height: 0), CGRect(x: 500, y: 0, width: 10, height: 10)] {
                try engine.elements(in: rect, into: &answer)
                #expect(answer == (try engine.elements(in: rect)), "\(n) items, rect \(rect)")
                #expect(Set(answer) == Self.bruteForce(result, rect), "\(n) items, rect \(rect)")
            }
        }
        #expect(throws: QueryError.noLayout) { var a: [ElementID] = []; try ReferenceEngine().elements(in: .zero, into: &a) }
    }

    @Test("touching edges do not meet; a zero-height item meets only a rect strictly around its y")
    func strictPredicate() throws {
        let engine = ReferenceEngine()
        _ = try engine.layout(input(width: 100, columns: 1, heights([10, 0, 10])))
        // items: [0,0,100,10], [0,10,100,0], [0,10,100,10]
        #expect(try engine.elements(in: rect(0, 10, 100, 5)) == [.item(0, 2)])              // touches item 0's bottom
        #expect(try Set(engine.elements(in: rect(0, 9, 100, 2))) == [.item(0, 0), .item(0, 1), .item(0, 2)])
        #expect(try engine.elements(in: rect(100, 0, 10, 30)).isEmpty)                        // touches the right edge
        #expect(try engine.elements(in: rect(50, 5, 0, 0)) == [.item(0, 0)])                  // a point inside
    }

    @Test("no layout: the query throws noLayout, also after a failed layout")
    func noLayout() throws {
        let engine = ReferenceEngine()
        #expect(throws: QueryError.noLayout) { try engine.elements(in: rect(0, 0, 1, 1)) }
        _ = try engine.layout(input(heights([1])))
        _ = try? engine.layout(input(columns: 0, heights([1])))
        #expect(throws: QueryError.noLayout) { try engine.elements(in: rect(0, 0, 1, 1)) }
    }
}

extension TestRandom: RandomNumberGenerator {}

@Suite("Rect query: degenerate columns")
struct RectQueryDegenerateTests {
    @Test("columns narrower than a rounding step share an origin; the query still finds every item")
    func sharedOrigins() throws {
        // Found by the gate's fuzzer. w = (2.666666666666667 - 1 - 1.6666666666666667) / 2
        // = 1.1102230246251565e-16, so x(1) = 1 + w rounds to 1 = x(0). leftToRight puts item 0
        // (height 1) in column 0 and item 1 (height 0) in column 1, both at y 0.
        let input = LayoutInput(
            layout: LayoutSettings(containerWidth: 2.666666666666667, columnCount: 2,
                                     sectionInset: LayoutInsets(left: 1, right: 1.6666666666666667), placement: .leftToRight),
            sections: [SectionInput(items: heights([1, 0]))])
        let engine = ReferenceEngine()
        let r = try engine.layout(input)
        #expect(r.sections[0].items.map(\.minX) == [1, 1])
        // [1, 0, w, 1] meets [0, 0.04, 2.67, 812]: 1 < 2.67, 0 < 1 + w, 0 < 812.04, 0.04 < 1.
        #expect(try engine.elements(in: rect(0, 0.04, 2.67, 812)) == [.item(0, 0)])
    }

    @Test("brute force on 300 random layouts whose columns are a fraction of an ulp wide")
    func tinyColumns() throws {
        var r = TestRandom(state: 99)
        for _ in 0..<300 {
            let n = r.int(3...6)
            let left = CGFloat(r.int(3...400)) / 3
            var i = RectQueryTests.randomInput(&r)
            i.layout.columnSpacing = 0
            i.layout.pixelScale = nil
            // One or two ulps of width for n columns: the columns' origins round onto each other.
            i.layout.containerWidth = r.bool() ? left.nextUp : left + 2 * left.ulp
            for s in i.sections.indices {
                i.sections[s].columnCount = n
                i.sections[s].sectionInset = LayoutInsets(left: left)
            }
            let engine = ReferenceEngine()
            guard let result = try? engine.layout(i) else { continue }  // a width that rounds to 0
            let H = result.contentSize.height
            for _ in 0..<20 {
                let q = CGRect(x: left - CGFloat(r.int(0...2)), y: CGFloat(r.int(-5...Int(H) + 5)),
                               width: CGFloat(r.int(0...3)), height: CGFloat(r.int(0...200)))
                #expect(Set(try engine.elements(in: q)) == RectQueryTests.bruteForce(result, q), "rect \(q) over \(i)")
            }
        }
    }
}
