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

/// Pictures that fit their content (issue 15): tiny layouts drawn large, 1000:1 heights drawn
/// shortened and marked, labels that never overlap or leave the picture, arrows long enough to see.
@Suite("Pictures a person reads at a glance")
struct RenderLegibilityTests {
    /// compare's shrunk case: a 1-pt-wide container, item 0.0 of height 0 at y 0 (baseline) and y 1 (candidate).
    static let tinyInput = LayoutInput(layout: LayoutSettings(containerWidth: 1, columnCount: 1, columnSpacing: 1), sections: [SectionInput(items: [.height(0), .height(0)])])
    static let tinyBaseline = LayoutResult(contentSize: CGSize(width: 1, height: 1), sections: [SectionFrames(items: [CGRect(x: 0, y: 0, width: 1, height: 0), CGRect(x: 0, y: 1, width: 1, height: 0)])])
    static let tinyCandidate = LayoutResult(contentSize: CGSize(width: 1, height: 0), sections: [SectionFrames(items: [CGRect(x: 0, y: 0, width: 1, height: 0), CGRect(x: 0, y: 0, width: 1, height: 0)])])

    /// The no-overlap counterexample: 2 columns of 160, a 2-pt and a 0-pt item, then 1000 pt spanning both.
    static let tallInput = LayoutInput(layout: LayoutSettings(containerWidth: 320, columnCount: 2, rowSpacing: 1),
                                       sections: [SectionInput(items: [.height(2), .height(0), .height(1000, span: 2)])])
    static let tallExpected = LayoutResult(contentSize: CGSize(width: 320, height: 1003), sections: [SectionFrames(items: [
        CGRect(x: 0, y: 0, width: 160, height: 2), CGRect(x: 160, y: 0, width: 160, height: 0), CGRect(x: 0, y: 3, width: 320, height: 1000)])])
    static let tallActual = LayoutResult(contentSize: CGSize(width: 320, height: 1001), sections: [SectionFrames(items: [
        CGRect(x: 160, y: 0, width: 160, height: 2), CGRect(x: 0, y: 0, width: 160, height: 0), CGRect(x: 0, y: 1, width: 320, height: 1000)])])

    /// Each label's box as the placer sizes it (6 px a character + 4, 12 px tall), px in the document.
    static func labelBoxes(_ doc: XMLDocument) throws -> [(String, CGRect)] {
        try Probe.elements(doc, "text", "@data-label-for").map { t in
            let s = t.stringValue ?? ""
            return (s, CGRect(x: Probe.number(t, "x") - 1, y: Probe.number(t, "y") + 2.5 - SVGRenderer.labelHeight,
                              width: SVGRenderer.textWidth(s), height: SVGRenderer.labelHeight))
        }
    }

    static func checkLabels(_ svg: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let doc = try Probe.parse(svg)
        let root = try #require(doc.rootElement())
        let W = Probe.number(root, "width"), H = Probe.number(root, "height")
        let boxes = try labelBoxes(doc)
        #expect(!boxes.isEmpty, sourceLocation: sourceLocation)
        for (i, a) in boxes.enumerated() {
            #expect(a.1.minX >= 0 && a.1.maxX <= W && a.1.minY >= 0 && a.1.maxY <= H, "\(a.0) at \(a.1) leaves \(W) x \(H)", sourceLocation: sourceLocation)
            for b in boxes[(i + 1)...] { #expect(!a.1.intersects(b.1), "\(a.0) \(a.1) and \(b.0) \(b.1) overlap", sourceLocation: sourceLocation) }
        }
    }

    @Test("a 1-pt-wide layout is drawn large, every element at least 4 px, labels apart and inside the picture")
    func tiny() throws {
        for svg in [SVGRenderer.diff(input: Self.tinyInput, expected: Self.tinyBaseline, actual: Self.tinyCandidate),
                    SVGRenderer.sideBySide(input: Self.tinyInput, expected: Self.tinyBaseline, actual: Self.tinyCandidate)] {
            try Self.checkLabels(svg)
            let doc = try Probe.parse(svg)
            let panel = try #require(try Probe.elements(doc, "svg", "@data-panel").first)
            // The container, 1 pt, is drawn at least 120 px wide (the 4-pt padding would have left it 26 px).
            let box = try #require(Probe.attribute(panel, "viewBox")).split(separator: " ").compactMap { Double($0) }
            #expect(Probe.number(panel, "width") / box[2] >= 120)
            // Zero-height items get a marker of at least 4 px.
            let scale = Probe.number(panel, "width") / box[2]
            let marks = try Probe.elements(doc, "rect", "@data-marks")
            #expect(!marks.isEmpty)
            for m in marks { #expect(Probe.number(m, "height") * scale >= 3.99) }
            // Shapes still carry their true frames.
            #expect(try Probe.elements(doc, "rect", "@data-element='item 0.1'").map(Probe.frame).contains(CGRect(x: 0, y: 0, width: 1, height: 0)))
        }
    }

    @Test("a 1000:1 layout is drawn with the tall stretch shortened and marked, true heights in labels and tooltips")
    func tall() throws {
        let svg = SVGRenderer.sideBySide(input: Self.tallInput, expected: Self.tallExpected, actual: Self.tallActual)
        try Self.checkLabels(svg)
        let doc = try Probe.parse(svg)
        #expect(try Probe.elements(doc, "svg", "@data-vertical-scale='piecewise'").count == 2)
        #expect(try Probe.elements(doc, "path", "@class='wf-break'").count == 2)
        let texts = try Probe.texts(doc)
        #expect(texts.contains("0.2 (h 1000)") && texts.contains("0.0 (h 2)"), "\(texts)")
        let tall = try #require(try Probe.elements(doc, "rect", "@data-element='item 0.2' and ancestor::*[@data-panel='actual']").first)
        #expect(Probe.attribute(tall, "data-frame") == "[0, 1, 320, 1000]")
        // Drawn: the 1000-pt item well under 1000 pt tall, the 2-pt item at least 10 px.
        let panel = try #require(try Probe.elements(doc, "svg", "@data-panel='actual'").first)
        let box = try #require(Probe.attribute(panel, "viewBox")).split(separator: " ").compactMap { Double($0) }
        let scale = Probe.number(panel, "width") / box[2]
        #expect(Probe.frame(tall).height < 200)
        let small = try #require(try Probe.elements(doc, "rect", "@data-element='item 0.0' and ancestor::*[@data-panel='actual']").first)
        #expect(Probe.frame(small).height * scale >= 9.99)
        // The overlap shows: item 0.2 starts inside item 0.0's drawn box.
        #expect(Probe.frame(tall).minY > Probe.frame(small).minY && Probe.frame(tall).minY < Probe.frame(small).maxY)
        // An ordinary layout keeps a uniform scale.
        let plain = try Probe.parse(SVGRenderer.render(input: SectionOneExample.input, result: SectionOneExample.expected))
        #expect(try Probe.elements(plain, "svg", "@data-vertical-scale").isEmpty)
    }

    @Test("a 1-pt move draws an arrow at least 28 px long, its delta written beside it")
    func arrow() throws {
        var actual = SectionOneExample.expected
        actual.sections[0].items[0].origin.y += 1
        let svg = SVGRenderer.diff(input: SectionOneExample.input, expected: SectionOneExample.expected, actual: actual, options: .init(scale: 1.5))
        try Self.checkLabels(svg)
        let doc = try Probe.parse(svg)
        let line = try #require(try Probe.elements(doc, "line", "ancestor::*[@data-arrow='item 0.0']").first)
        let length = hypot(Probe.number(line, "x2") - Probe.number(line, "x1"), Probe.number(line, "y2") - Probe.number(line, "y1")) * 1.5
        #expect(length >= 27.9)
        #expect(try Probe.texts(doc).contains("Δ 1 pt"))
    }

    @Test("a column swap: labels on both the filled item and its expected outline, arrows in column words, side by side first")
    func columnSwap() throws {
        let input = LayoutInput(layout: LayoutSettings(containerWidth: 390, columnCount: 3, columnSpacing: 9, rowSpacing: 9, sectionInset: LayoutInsets(all: 12)),
                                sections: [SectionInput(items: Array(repeating: .height(100), count: 6))])
        let expected = try ReferenceLayout.layout(input)
        var actual = expected
        for (a, b) in [(0, 2), (3, 5)] { actual.sections[0].items.swapAt(a, b) }
        let pictures = SVGRenderer.pictures(input: input, expected: expected, actual: actual)
        #expect(pictures.map(\.caption) == ["Expected and actual side by side", "Expected (dashed outline) over actual (filled)"])
        for p in pictures { try Self.checkLabels(p.svg) }
        let overlay = try Probe.texts(Probe.parse(pictures[1].svg))
        for k in [0, 2, 3, 5] { #expect(overlay.contains("0.\(k)") && overlay.contains("0.\(k) (expected)"), "\(overlay)") }
        #expect(overlay.filter { $0 == "col 0 → 2" }.count == 2 && overlay.filter { $0 == "col 2 → 0" }.count == 2)
        // A single move keeps the overlay first.
        var one = expected
        one.sections[0].items[0].origin.y += 5
        #expect(SVGRenderer.pictures(input: input, expected: expected, actual: one).first?.caption == "Expected (dashed outline) over actual (filled)")
    }

    @Test("placeLabels: a label that does not fit goes outside with a leader, the nearest free height, never on another")
    func placer() {
        let tiny = CGRect(x: 10, y: 10, width: 4, height: 4)
        let requests = (0..<5).map { SVGRenderer.LabelRequest(text: "0.\($0)", cls: "", box: tiny, placement: .topLeft, subject: "item 0.\($0)") }
        let (labels, gutter) = SVGRenderer.placeLabels(requests, panelWidth: 100, panelHeight: 50)
        #expect(gutter > 0)
        for (i, a) in labels.enumerated() {
            #expect(a.leader != nil && a.rect.minX >= 100)
            for b in labels[(i + 1)...] { #expect(!a.rect.intersects(b.rect)) }
        }
        let roomy = SVGRenderer.LabelRequest(text: "0.0", cls: "", box: CGRect(x: 0, y: 0, width: 80, height: 40), placement: .topLeft, subject: "item 0.0")
        let inside = SVGRenderer.placeLabels([roomy], panelWidth: 100, panelHeight: 50)
        #expect(inside.gutter == 0 && inside.labels[0].leader == nil && CGRect(x: 0, y: 0, width: 80, height: 40).contains(inside.labels[0].rect))
    }
}
