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

@Suite("SVG picture of one layout")
struct RenderSVGTests {
    let svg = SVGRenderer.render(input: SectionOneExample.input, result: SectionOneExample.expected)

    @Test("is well-formed XML with the SVG namespace")
    func parses() throws {
        let doc = try Probe.parse(svg)
        #expect(doc.rootElement()?.name == "svg")
        #expect(doc.rootElement()?.uri == "http://www.w3.org/2000/svg")
    }

    @Test("draws exactly one shape per element, at its frame")
    func oneShapePerElement() throws {
        let doc = try Probe.parse(svg)
        let shapes = try Probe.elements(doc, "rect", "@data-element")
        #expect(shapes.count == 5) // header, 3 items, footer
        let drawn = Dictionary(uniqueKeysWithValues: shapes.map { (Probe.attribute($0, "data-element")!, Probe.frame($0)) })
        for element in SectionOneExample.expected.elements {
            let frame = try #require(drawn[element.id.description], "\(element.id) not drawn")
            #expect(Probe.close(frame, element.frame), "\(element.id): drawn \(frame), frame \(element.frame)")
        }
        #expect(shapes.allSatisfy { Probe.attribute($0, "data-change") == "same" })
    }

    @Test("labels every item section.item, and headers and footers by name")
    func labels() throws {
        let texts = try Probe.texts(Probe.parse(svg))
        for label in ["0.0", "0.1", "0.2", "header 0", "footer 0"] { #expect(texts.contains(label), "\(label)") }
    }

    @Test("columns come from the input by §5: w = (375 - 20 - 20) / 3, x(c) = 10 + c (w + 10)")
    func columns() throws {
        let cols = try Probe.elements(Probe.parse(svg), "rect", "@data-column")
        // w = 111.67; x = 10, 131.67, 253.33; from y 44 + 10 = 54 to the lowest item, 227.75.
        let expected = [10.0, 131.666, 253.333].map { CGRect(x: $0, y: 54, width: 111.667, height: 173.75) }
        #expect(cols.count == 3)
        for (c, e) in zip(cols, expected) { #expect(Probe.close(Probe.frame(c), e), "\(Probe.frame(c))") }
        let inset = try Probe.elements(Probe.parse(svg), "rect", "@data-section='0'")
        // The section's inset box: below the header (44) to the lowest item plus the inset (237.75).
        #expect(inset.map(Probe.frame) == [CGRect(x: 0, y: 44, width: 375, height: 193.75)])
    }

    @Test("the content-size line is at the content height, across the container")
    func contentLine() throws {
        let lines = try Probe.elements(Probe.parse(svg), "line", "@data-content-size")
        #expect(lines.count == 1)
        #expect(Probe.number(lines[0], "y1") == 267.75 && Probe.number(lines[0], "y2") == 267.75)
        #expect(Probe.number(lines[0], "x1") == 0 && Probe.number(lines[0], "x2") == 375)
        #expect(try Probe.texts(Probe.parse(svg)).contains("contentSize 375 × 267.75"))
    }

    @Test("draws to scale: the panel is its viewBox times the scale")
    func scale() throws {
        let doc = try Probe.parse(SVGRenderer.render(input: SectionOneExample.input, result: SectionOneExample.expected,
                                                     options: .init(scale: 2)))
        let panel = try #require(try Probe.elements(doc, "svg", "@data-panel").first)
        let box = try #require(Probe.attribute(panel, "viewBox")).split(separator: " ").compactMap { Double($0) }
        // The container (375 x 267.75) padded by 4 pt on each side.
        #expect(box == [-4, -4, 383, 275.75])
        #expect(Probe.number(panel, "width") == 766 && Probe.number(panel, "height") == 551.5)
    }

    @Test("escapes the title, and replaces characters XML forbids")
    func escaping() throws {
        let title = "a <b> & \"c\" 'd' \u{1}"
        let doc = try Probe.parse(SVGRenderer.render(input: SectionOneExample.input, result: SectionOneExample.expected,
                                                     options: .init(title: title)))
        #expect(try Probe.texts(doc).contains("a <b> & \"c\" 'd' \u{FFFD}"))
    }

    @Test("numbers are rounded to 0.01 in their shortest form")
    func numbers() {
        #expect(Markup.number(111.66666666666667) == "111.67")
        #expect(Markup.number(10) == "10")
        #expect(Markup.number(0.05) == "0.05")
        #expect(Markup.number(1.5) == "1.5")
        #expect(Markup.number(-2.25) == "-2.25")
        #expect(Markup.number(-0.004) == "0")
        #expect(Markup.number(.nan) == "0")
        #expect(Markup.number(1e20) == "1e+20")
    }

    @Test("a layout with no sections is the empty container")
    func empty() throws {
        let input = LayoutInput(layout: LayoutSettings(containerWidth: 320, columnCount: 2, minimumContentHeight: 100), sections: [])
        let doc = try Probe.parse(SVGRenderer.render(input: input, result: LayoutResult(contentSize: CGSize(width: 320, height: 100), sections: [])))
        #expect(try Probe.elements(doc, "rect", "@data-element").isEmpty)
        #expect(try Probe.elements(doc, "rect", "@class='wf-bg'").map(Probe.frame) == [CGRect(x: 0, y: 0, width: 320, height: 100)])
    }
}
