import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
@testable import WaterfallCheckTransport
import WaterfallCheckTestSupport

/// The `waterfall-engine/1` messages: what one side encodes, the other decodes to the same value.
@Suite("Protocol messages round-trip")
struct EngineProtocolTests {
    /// Decodes one reply line for a request of kind `op`, as the client does.
    private func reply(_ line: String, op: String) throws -> EngineProtocol.Reply {
        try JSONDocument(parsing: Array(line.utf8), file: "reply").decode { try EngineProtocol.Reply(json: $0, op: op) }
    }

    private static let input = LayoutInput(
        layout: LayoutSettings(containerWidth: 100, columnCount: 2, columnSpacing: 4, tieTolerance: 0.5,
                                 tieBreak: .afterPrevious, pixelScale: 2),
        sections: [SectionInput(header: HeaderFooter(height: 5, inset: LayoutInsets(top: 1, left: 2, bottom: 3, right: 4)),
                                 items: [.height(10), LayoutItem(.size(CGSize(width: 3, height: 2)), span: 2)],
                                 footer: HeaderFooter(height: 7)),
                   SectionInput(columnCount: 3, items: [])])

    @Test("hello: a descriptor with some features, and one with all (features left out)")
    func hello() throws {
        for d in [EngineDescriptor(name: "e \"x\"", version: "2", capabilities: [.query], features: [.size, .span]),
                  EngineDescriptor(name: "plain", version: "1")] {
            let line = EngineProtocol.Hello(d).encode()
            let back = try JSONDocument(parsing: Array(line.utf8), file: "hello").decode { try EngineProtocol.Hello(json: $0) }
            #expect(back.descriptor.name == d.name && back.descriptor.version == d.version)
            #expect(back.descriptor.capabilities == d.capabilities && back.descriptor.features == d.features)
            #expect(line.contains("\"features\"") == (d.features != .all))
        }
    }

    @Test("requests: a layout with every feature, and a query")
    func requests() throws {
        for request in [EngineProtocol.Request.layout(Self.input), .query(CGRect(x: 1.5, y: -2, width: 10, height: 0))] {
            let (id, decoded) = EngineProtocol.Request.decode(Array(request.encode(id: 42).utf8))
            #expect(id == 42)
            #expect(try decoded.get() == request)
        }
    }

    @Test("a line that is no request keeps the id it could read, and says why")
    func badRequests() {
        let (id, decoded) = EngineProtocol.Request.decode(Array(#"{"id":7,"op":"draw"}"#.utf8))
        #expect(id == 7)
        #expect(throws: (any Error).self) { try decoded.get() }
        #expect(EngineProtocol.Request.decode(Array("garbage".utf8)).id == nil)
        let (_, negative) = EngineProtocol.Request.decode(Array(#"{"id":1,"op":"query","rect":[0,0,-1,1]}"#.utf8))
        #expect(throws: (any Error).self) { try negative.get() }
    }

    @Test("replies: frames, elements, §6 and protocol errors")
    func replies() throws {
        let frames = LayoutResult(contentSize: CGSize(width: 100, height: 60.25),
                                  sections: [SectionFrames(header: CGRect(x: 0, y: 0, width: 100, height: 5),
                                                           items: [CGRect(x: 0, y: 5, width: 48, height: 10.125)]),
                                             SectionFrames()])
        let cases: [(EngineProtocol.Reply, String)] = [
            (.layout(frames), "layout"),
            (.elements([.item(0, 1), .item(2, 0), .header(0), .footer(3)]), "query"),
            (.error(EngineProtocol.ErrorCode(.invalidSpan), "span 0"), "layout"),
            (.error(.noLayout, ""), "query"),
            (.error(.badRequest, "line 1 \"quoted\""), "layout"),
        ]
        for (r, op) in cases {
            #expect(try reply(r.encode(id: 3), op: op) == r)
        }
        #expect(EngineProtocol.Reply.error(.badRequest, "x").encode(id: nil).hasPrefix(#"{"id":null,"#))
    }
}
