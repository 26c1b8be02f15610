import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

@Suite("Codec: canonical round trip (FIXTURE-FORMAT §8)")
struct CodecRoundTripTests {
    @Test("every conformance file reads and writes back byte for byte")
    func conformanceRoundTrip() throws {
        let files = try conformanceFiles()
        #expect(files.count >= 10)
        for url in files {
            let bytes = try Data(contentsOf: url)
            let fixture = try FixtureReader.read(contentsOf: url)
            let written = CanonicalWriter.data(for: fixture)
            #expect(written == bytes, "\(url.lastPathComponent) is not reproduced:\n\(String(decoding: written, as: UTF8.self))")
        }
    }

    @Test("the §1 example reads into the model with every value")
    func sectionOneExample() throws {
        let url = try #require(try conformanceFiles().first { $0.lastPathComponent == "section-one-example.json" })
        let f = try FixtureReader.read(contentsOf: url)
        #expect(f.name == "section-one-example")
        #expect(f.input.layout.containerWidth == 375)
        #expect(f.input.layout.columnCount == 3)
        #expect(f.input.layout.sectionInset == LayoutInsets(all: 10))
        #expect(f.input.layout.pixelScale == nil)
        let s = try #require(f.input.sections.first)
        #expect(s.header?.height == 44)
        #expect(s.header?.givenInset == .zero)
        #expect(s.items == [.height(120), .size(width: 640, height: 480), .height(80, span: 2)])
        guard case .layout(let r)? = f.expected else { Issue.record("expected frames"); return }
        #expect(r.contentSize == CGSize(width: 375, height: 267.75))
        #expect(r.sections[0].items[1] == CGRect(x: 131.66666666666669, y: 54, width: 111.66666666666667, height: 83.75))
        #expect(r.sections[0].footer == CGRect(x: 0, y: 237.75, width: 375, height: 30))
    }

    @Test("a non-canonical file is rewritten into canonical form, which is stable")
    func canonicalizes() throws {
        // Defaults omitted, keys out of order, extra spaces, 10.0 and -0.0, an omitted header inset.
        let text = """
        {"name":"x","format":"waterfall-fixture/1","sections":[{"items":[{"span":1,"height":10.0}],"header":{"height":-0.0}}],
         "layout":{"columnCount":2,"containerWidth":100}, "tolerance": 0.5,
         "extensions": {"b": [1, 2.5], "a": {"s": "t\\u0001/é"}, "e": [], "o": {}, "m": [true, null]}}
        """
        let f = try FixtureReader.decode(Array(text.utf8), file: "x.json")
        let written = CanonicalWriter.string(for: f)
        #expect(written == """
        {
          "format": "waterfall-fixture/1",
          "name": "x",
          "tolerance": 0.5,
          "layout": {
            "containerWidth": 100,
            "columnCount": 2,
            "columnSpacing": 0,
            "rowSpacing": 0,
            "sectionInset": { "top": 0, "left": 0, "bottom": 0, "right": 0 },
            "placement": "shortestFirst",
            "tieTolerance": 0,
            "tieBreak": "leftmost",
            "pixelScale": null,
            "minimumContentHeight": 0
          },
          "sections": [
            {
              "header": { "height": 0 },
              "items": [
                { "height": 10 }
              ]
            }
          ],
          "extensions": {
            "b": [1, 2.5],
            "a": {
              "s": "t\\u0001/é"
            },
            "e": [],
            "o": {},
            "m": [
              true,
              null
            ]
          }
        }

        """)
        let again = try FixtureReader.decode(Array(written.utf8), file: "x.json")
        #expect(again == f)
        #expect(CanonicalWriter.string(for: again) == written)
    }

    @Test("compact protocol input and result: one line, no spaces, layout in full")
    func compact() throws {
        let input = LayoutInput(
            layout: LayoutSettings(containerWidth: 375, columnCount: 3, pixelScale: 2),
            sections: [SectionInput(columnCount: 2, header: HeaderFooter(height: 44),
                                     items: [.height(120), .size(width: 640, height: 480, span: 2)])])
        let text = CanonicalWriter.compactInput(input)
        #expect(text == #"{"layout":{"containerWidth":375,"columnCount":3,"columnSpacing":0,"rowSpacing":0,"sectionInset":{"top":0,"left":0,"bottom":0,"right":0},"placement":"shortestFirst","tieTolerance":0,"tieBreak":"leftmost","pixelScale":2,"minimumContentHeight":0},"sections":[{"columnCount":2,"header":{"height":44},"items":[{"height":120},{"size":[640,480],"span":2}]}]}"#)
        let back = try JSONDocument(parsing: Array(text.utf8), file: "request").decode(LayoutInput.init(json:))
        #expect(back == input)

        let result = LayoutResult(contentSize: CGSize(width: 375, height: 267.75),
                                  sections: [SectionFrames(header: CGRect(x: 0, y: 0, width: 375, height: 44),
                                                           items: [CGRect(x: 10, y: 54, width: 111.66666666666667, height: 120)])])
        let reply = "{\"id\":7," + CanonicalWriter.compactResult(result) + ",\"extra\":true}"
        #expect(reply == #"{"id":7,"contentSize":[375,267.75],"sections":[{"header":[0,0,375,44],"items":[[10,54,111.66666666666667,120]]}],"extra":true}"#)
        let decoded = try JSONDocument(parsing: Array(reply.utf8), file: "reply").decode { root in
            (try root.requiredMember("id").integer(), try LayoutResult(json: root))
        }
        #expect(decoded.0 == 7)
        #expect(decoded.1 == result)
    }
}
