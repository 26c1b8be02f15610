import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckReports
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckCore
import WaterfallCheckTestSupport

/// A 10,000-item layout whose frames follow from the input by hand: 4 columns of width
/// (430 - 3 · 10) / 4 = 100 at x = 110 c, every item 100 tall with 10 pt row spacing, placed
/// round robin, so item i is at (110 (i % 4), 110 ⌊i / 4⌋, 100, 100); the content height is
/// 2,500 rows · 110 - 10 = 274,990.
enum LargeExample {
    static let count = 10_000
    static let input = LayoutInput(
        layout: LayoutSettings(containerWidth: 430, columnCount: 4, columnSpacing: 10, rowSpacing: 10, placement: .leftToRight),
        sections: [SectionInput(items: Array(repeating: .height(100), count: count))])
    static let expected = LayoutResult(
        contentSize: CGSize(width: 430, height: 274_990),
        sections: [SectionFrames(items: (0..<count).map { CGRect(x: CGFloat(110 * ($0 % 4)), y: CGFloat(110 * ($0 / 4)), width: 100, height: 100) })])
    /// Item 0.5000 (row 1250, y 137,500) 7 pt lower.
    static var actual: LayoutResult {
        var r = expected
        r.sections[0].items[5000].origin.y += 7
        return r
    }
}

@Suite("Pictures of large layouts")
struct RenderLargeTests {
    let pictures = SVGRenderer.pictures(input: LargeExample.input, expected: LargeExample.expected, actual: LargeExample.actual)

    @Test("a window around the first difference, the same side by side, and the whole layout scaled down")
    func pictureSet() throws {
        #expect(pictures.count == 3)
        #expect(pictures[0].caption.contains("item 0.5000"))
        for p in pictures { _ = try Probe.parse(p.svg) }
    }

    @Test("the window draws the moved item labelled, and only the elements near it")
    func window() throws {
        let doc = try Probe.parse(pictures[0].svg)
        let shapes = try Probe.elements(doc, "rect", "@data-element")
        let moved = shapes.filter { Probe.attribute($0, "data-change") == "moved" }
        #expect(moved.map { Probe.attribute($0, "data-element") } == ["item 0.5000"])
        #expect(Probe.close(Probe.frame(moved[0]), CGRect(x: 0, y: 137_507, width: 100, height: 100)))
        #expect(try Probe.texts(doc).contains("0.5000"))
        // 480 pt around y 137,550 meets at most 6 rows of 4 items.
        #expect(shapes.count <= 24)
        let panel = try #require(try Probe.elements(doc, "svg", "@data-panel").first)
        let box = try #require(Probe.attribute(panel, "viewBox")).split(separator: " ").compactMap { Double($0) }
        #expect(box.count == 4 && box[1] <= 137_500 && box[1] + box[3] >= 137_607)
    }

    @Test("the overview draws every element compactly in strips: paths, no labels, the moved one highlighted")
    func overview() throws {
        let doc = try Probe.parse(pictures[2].svg)
        #expect(try Probe.elements(doc, "rect", "@data-element").isEmpty)
        let strips = try Probe.elements(doc, "svg", "@data-panel")
        let boxes = strips.map { Probe.attribute($0, "viewBox")!.split(separator: " ").map { Double($0)! } }
        // 274,998 pt (plus padding) does not fit 1,600 px at a readable scale: several strips,
        // each at most 1,600 px tall, tiling the layout top to bottom.
        #expect(strips.count > 1)
        #expect(strips.allSatisfy { Probe.number($0, "height") <= 1_600.01 })
        for (a, b) in zip(boxes, boxes.dropFirst()) { #expect(abs(a[1] + a[3] - b[1]) < 0.02) }
        #expect(boxes.first![1] <= 0 && boxes.last![1] + boxes.last![3] >= 274_990)
        var counts: [String: Int] = [:]
        for path in try Probe.elements(doc, "path", "ancestor::*[@data-panel]") {
            counts[Probe.attribute(path, "class")!, default: 0] += (Probe.attribute(path, "d") ?? "").filter { $0 == "M" }.count
        }
        // Every item once, and once more for each strip edge it touches (at most 4 per edge).
        #expect((9_999...(9_999 + 8 * strips.count)).contains(counts["wf-item wf-same"] ?? 0))
        #expect(counts["wf-item wf-moved"] == 1 && counts["wf-exp wf-moved"] == 1)
        #expect(try Probe.elements(doc, "g", "@data-arrow='item 0.5000'").count == 1)
    }

    @Test("the pictures of a 10,000-item difference stay under 600 KB")
    func size() {
        // ~35 bytes per item in the overview's paths; the windows are a few kilobytes.
        let bytes = pictures.reduce(0) { $0 + $1.svg.utf8.count }
        #expect(bytes < 600_000, "\(bytes) bytes")
    }
}
