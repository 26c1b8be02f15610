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

@Suite("SVG pictures of a difference")
struct RenderDiffTests {
    let expected = SectionOneExample.expected
    /// Item 0.1 moved down 20 pt, footer 0 missing, a duplicate of item 0.0 extra.
    let actual = SectionOneExample.broken

    func overlay(moved: [ElementID]? = nil, _ actual: LayoutResult? = nil) throws -> XMLDocument {
        try Probe.parse(SVGRenderer.diff(input: SectionOneExample.input, expected: expected, actual: actual ?? self.actual, moved: moved))
    }

    func changes(_ doc: XMLDocument) throws -> [String: String] {
        var out: [String: String] = [:]
        for e in try Probe.elements(doc, "rect", "@data-element") {
            let id = Probe.attribute(e, "data-element")!, change = Probe.attribute(e, "data-change")!
            out[id] = out[id].map { $0 + "," + change } ?? change
        }
        return out
    }

    @Test("marks every element once: moved, missing, extra or same")
    func classification() throws {
        let marks = try changes(overlay())
        #expect(marks == ["header 0": "same", "item 0.0": "same,extra", "item 0.1": "moved",
                          "item 0.2": "same", "footer 0": "missing"])
    }

    @Test("draws the moved item filled where it is and outlined where it was expected")
    func movedItem() throws {
        let doc = try overlay()
        let filled = try Probe.elements(doc, "rect", "@data-element='item 0.1'").map(Probe.frame)
        let outlined = try Probe.elements(doc, "rect", "@data-expected='item 0.1'").map(Probe.frame)
        #expect(filled.count == 1 && Probe.close(filled[0], actual.sections[0].items[1]))
        #expect(outlined.count == 1 && Probe.close(outlined[0], expected.sections[0].items[1]))
    }

    @Test("draws an arrow from the expected origin to the actual origin of each moved item only")
    func arrow() throws {
        let doc = try overlay()
        let arrows = try Probe.elements(doc, "g", "@data-arrow")
        #expect(arrows.map { Probe.attribute($0, "data-arrow") } == ["item 0.1"])
        let line = try #require(try Probe.elements(doc, "line", "parent::*[@data-arrow='item 0.1']").first)
        // From (131.67, 54) to (131.67, 74): the item moved 20 pt down.
        #expect(abs(Probe.number(line, "x1") - 131.67) < 0.006 && Probe.number(line, "y1") == 54)
        #expect(abs(Probe.number(line, "x2") - 131.67) < 0.006 && Probe.number(line, "y2") == 74)
    }

    @Test("draws a missing element at its expected frame")
    func missing() throws {
        let footer = try Probe.elements(overlay(), "rect", "@data-element='footer 0'")
        #expect(footer.map(Probe.frame) == [CGRect(x: 0, y: 237.75, width: 375, height: 30)])
        #expect(footer.map { Probe.attribute($0, "class") } == ["wf-missing"])
    }

    @Test("carries a legend with the counts of each kind of difference")
    func legend() throws {
        let doc = try overlay()
        let legend = try #require(try Probe.elements(doc, "g", "@data-legend='diff'").first)
        let texts = try Probe.elements(doc, "text", "ancestor::*[@data-legend]").map { $0.stringValue ?? "" }
        #expect(Probe.attribute(legend, "class") == "wf-legend")
        for t in ["moved or resized (1)", "missing, expected only (1)", "extra, actual only (1)", "expected (outline)"] {
            #expect(texts.contains(t), "\(t)")
        }
    }

    @Test("within the tolerance nothing is highlighted; a caller's list overrides the tolerance")
    func tolerance() throws {
        var nudged = expected
        nudged.sections[0].items[2].origin.x += 0.0005 // below the default 0.001 pt
        #expect(try changes(overlay(nudged)).values.allSatisfy { $0 == "same" })
        #expect(SVGRenderer.movedElements(expected: expected, actual: nudged).isEmpty)
        #expect(SVGRenderer.movedElements(expected: expected, actual: nudged, tolerance: 0.0001) == [.item(0, 2)])
        let marks = try changes(overlay(moved: [.item(0, 0)], nudged))
        #expect(marks["item 0.0"] == "moved" && marks["item 0.2"] == "same")
    }

    @Test("side by side: an expected and an actual panel, each element once in each")
    func sideBySide() throws {
        let doc = try Probe.parse(SVGRenderer.sideBySide(input: SectionOneExample.input, expected: expected, actual: actual))
        let panels = try Probe.elements(doc, "svg", "@data-panel")
        #expect(panels.map { Probe.attribute($0, "data-panel") } == ["expected", "actual"])
        let left = try Probe.elements(doc, "rect", "@data-element and ancestor::*[@data-panel='expected']")
        let right = try Probe.elements(doc, "rect", "@data-element and ancestor::*[@data-panel='actual']")
        #expect(left.count == 5)  // the expected elements
        #expect(right.count == 6) // 4 present + the extra duplicate + the missing footer, outlined
        let movedLeft = try #require(left.first { Probe.attribute($0, "data-element") == "item 0.1" })
        #expect(Probe.attribute(movedLeft, "data-change") == "moved")
        #expect(Probe.close(Probe.frame(movedLeft), expected.sections[0].items[1]))
        // Both panels share one viewBox, so they are on the same scale.
        #expect(Set(panels.compactMap { Probe.attribute($0, "viewBox") }).count == 1)
    }

    @Test("a different content size draws both lines")
    func contentSize() throws {
        var taller = expected
        taller.contentSize.height += 12
        let lines = try Probe.elements(overlay(taller), "line", "@data-content-size")
        #expect(lines.map { Probe.attribute($0, "data-content-size") } == ["expected", "actual"])
        #expect(lines.map { Probe.number($0, "y1") } == [267.75, 279.75])
    }
}
