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

/// Engines under test produce anything: pictures of broken output must still be drawn.
@Suite("Pictures of broken output")
struct RenderAdversarialTests {
    static let hostileFrames: [CGRect] = [
        CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10),
        CGRect(x: 0, y: CGFloat.infinity, width: 10, height: 10),
        CGRect(x: 0, y: 0, width: -50, height: -20),
        CGRect(x: 1e300, y: -1e300, width: 1e300, height: 1e300),
        CGRect(x: 0, y: 0, width: 0, height: 0),
    ]

    static let inputs: [LayoutInput] = [
        SectionOneExample.input,
        LayoutInput(layout: LayoutSettings(containerWidth: 0, columnCount: 0), sections: [SectionInput(items: [.height(1)])]),
        LayoutInput(layout: LayoutSettings(containerWidth: .nan, columnCount: 3), sections: [SectionInput(items: [.height(1)])]),
        LayoutInput(layout: LayoutSettings(containerWidth: 375, columnCount: 1_000_000, pixelScale: 0), sections: [SectionInput(items: [.height(1)])]),
    ]

    @Test("every picture of hostile frames and inputs is well-formed", arguments: 0..<4)
    func hostile(_ inputIndex: Int) throws {
        let input = Self.inputs[inputIndex]
        let actual = LayoutResult(contentSize: CGSize(width: CGFloat.nan, height: -CGFloat.infinity),
                                  sections: [SectionFrames(header: Self.hostileFrames[3], items: Self.hostileFrames, footer: nil)],
                                  extraElements: [LayoutElement(id: .item(7, 7), frame: Self.hostileFrames[0])])
        let expected = SectionOneExample.expected
        for svg in [SVGRenderer.render(input: input, result: actual),
                    SVGRenderer.diff(input: input, expected: expected, actual: actual),
                    SVGRenderer.sideBySide(input: input, expected: expected, actual: actual),
                    SVGRenderer.diff(input: input, expected: expected, actual: actual, options: .init(scale: 3, detail: .compact))]
            + SVGRenderer.pictures(input: input, expected: expected, actual: actual, options: .init(labelLimit: 2)).map(\.svg) {
            // Attributes (coordinates) never carry a non-number; text may say "nan", truthfully.
            let attributes = try Probe.parse(svg).nodes(forXPath: "//@*").compactMap(\.stringValue)
            #expect(!attributes.isEmpty && !attributes.contains { $0.contains("nan") || $0.contains("inf") })
        }
    }

    @Test("a frame of NaN is drawn (at 0), so every element still has its one shape")
    func nanFrameDrawn() throws {
        let actual = LayoutResult(contentSize: CGSize(width: 10, height: 10), sections: [SectionFrames(items: [Self.hostileFrames[0]])])
        let doc = try Probe.parse(SVGRenderer.render(input: SectionOneExample.input, result: actual))
        let shapes = try Probe.elements(doc, "rect", "@data-element")
        #expect(shapes.map(Probe.frame) == [CGRect(x: 0, y: 0, width: 10, height: 10)])
    }
}
