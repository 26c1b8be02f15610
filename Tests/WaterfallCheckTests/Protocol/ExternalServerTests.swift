import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
@testable import WaterfallCheckTransport
import WaterfallCheckEngines
import WaterfallCheckTestSupport

/// The engine side of the protocol (`waterfall-engine NAME`), in process and as the built executable.
@Suite("External engine server")
struct ExternalServerTests {
    typealias S = ExternalTestSupport

    private func reply(_ server: EngineServer, _ line: String) -> String { server.reply(to: Array(line.utf8)) }

    @Test("hello declares the engine; features are left out when all")
    func hello() {
        #expect(EngineServer(engine: ReferenceEngine()).hello
            == #"{"protocol":"waterfall-engine/1","engine":"reference","version":"\#(ReferenceEngine.version)","capabilities":["query"]}"#)
    }

    @Test("layout, query, noLayout and §6 errors")
    func requests() {
        let server = EngineServer(engine: ReferenceEngine())
        #expect(reply(server, #"{"id":1,"op":"query","rect":[0,0,10,10]}"#) == #"{"id":1,"error":"noLayout"}"#)
        // Width 100 in 2 columns of 50: a 5-pt header at the top; item 0 (10 pt) in column 0 at y 5;
        // item 1, size 1x1 scaled to 50 wide, 50 tall, in column 1 at y 5; the span-2 item sits at
        // max(15, 55) = 55 across both columns. Content height 60.
        let layout = #"{"id":2,"op":"layout","input":{"layout":{"containerWidth":100,"columnCount":2},"sections":[{"header":{"height":5},"items":[{"height":10},{"size":[1,1]},{"height":5,"span":2}]}]}}"#
        #expect(reply(server, layout)
            == #"{"id":2,"contentSize":[100,60],"sections":[{"header":[0,0,100,5],"items":[[0,5,50,10],[50,5,50,50],[0,55,100,5]]}]}"#)
        // Rect y 0..<7 meets the header (0..<5) and the tops of items 0 and 1 (from y 5).
        #expect(reply(server, #"{"id":3,"op":"query","rect":[0,0,100,7]}"#)
            == #"{"id":3,"items":[[0,0],[0,1]],"headers":[0],"footers":[]}"#)
        let invalid = reply(server, #"{"id":4,"op":"layout","input":{"layout":{"containerWidth":-1,"columnCount":2},"sections":[]}}"#)
        #expect(invalid.hasPrefix(#"{"id":4,"error":"invalidContainerWidth","message":"#))
        // A failed layout clears the last layout (§9).
        #expect(reply(server, #"{"id":5,"op":"query","rect":[0,0,100,7]}"#) == #"{"id":5,"error":"noLayout"}"#)
    }

    @Test("malformed requests get badRequest, never a crash", arguments: [
        "not json", "{", "[]", #"{"id":"1","op":"layout"}"#, #"{"id":1}"#, #"{"id":1,"op":"dance"}"#,
        #"{"id":1,"op":"layout","input":{"layout":{"columnCount":2},"sections":[]}}"#,
        #"{"id":1,"op":"layout","input":{"layout":{"containerWidth":9,"columnCount":2},"sections":[{"items":[{"height":1,"size":[1,1]}]}]}}"#,
        #"{"id":1,"op":"query","rect":[0,0,-1,5]}"#, #"{"id":1,"op":"query","rect":[0,0,1]}"#,
    ])
    func badRequests(line: String) {
        let r = reply(EngineServer(engine: ReferenceEngine()), line)
        #expect(r.contains(#""error":"badRequest""#))
    }

    @Test("the built waterfall-engine gives the in-process reference's results")
    func executable() throws {
        try #require(FileManager.default.isExecutableFile(atPath: S.engineExecutable),
                     "build it first: swift build (swift test builds every product)")
        let entry = try EngineRegistry.builtIn.resolve("reference", options: .init(timeout: 5, isolate: true, engineExecutable: S.engineExecutable))
        #expect(entry.descriptor.name == "reference")
        #expect(entry.descriptor.capabilities == [.query])
        let external = entry.make(), local = ReferenceEngine()
        for input in [S.threeItems, ExternalTestSupport.everyFeature] {
            #expect(try external.layout(input) == local.layout(input))
            let rect = CGRect(x: 0, y: 20, width: 100, height: 30)
            #expect(Set(try external.elements(in: rect)) == Set(try local.elements(in: rect)))
        }
        var bad = S.threeItems
        bad.layout.columnCount = 0
        #expect(throws: LayoutError(.invalidColumnCount)) { try external.layout(bad) }
        #expect(throws: QueryError.noLayout) { try external.elements(in: .zero) }
    }
}

extension ExternalServerTests {
    /// Runs the built `waterfall-engine` with `arguments` and `stdin`; returns status and stdout.
    private func run(_ arguments: [String], stdin: String = "") throws -> (Int32, String) {
        let (status, out, _) = try Subprocess(S.engineExecutable, arguments, environment: ["PATH": "/usr/bin:/bin"],
                                              input: Data(stdin.utf8)).finish()
        return (status, String(decoding: out, as: UTF8.self))
    }

    @Test("waterfall-engine: --version, --list, end of input exits 0, an unknown engine exits 2")
    func commandLine() throws {
        try #require(FileManager.default.isExecutableFile(atPath: S.engineExecutable),
                     "build it first: swift build (swift test builds every product)")
        #expect(try run(["--version"]) == (0, "waterfall-engine \(waterfallCheckVersion)\n"))
        let (listStatus, list) = try run(["--list"])
        #expect(listStatus == 0)
        #expect(list.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) } == EngineRegistry.builtIn.names)
        // The hello, one reply per request (garbage included), then exit 0 at end of input.
        let (status, out) = try run([], stdin: "garbage\n{\"id\":7,\"op\":\"query\",\"rect\":[0,0,1,1]}\n")
        #expect(status == 0)
        let lines = out.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.last == #"{"id":7,"error":"noLayout"}"#)
        #expect(try run(["no-such-engine"]).0 == 2)
    }
}

extension ExternalTestSupport {
    /// Two sections using every §9 feature: headers, footers, sizes, spans, overrides, pixel scale,
    /// tie tolerance, afterPrevious, minimum content height.
    static let everyFeature = LayoutInput(
        layout: LayoutSettings(containerWidth: 100, columnCount: 3, columnSpacing: 2, rowSpacing: 3,
                                 sectionInset: LayoutInsets(all: 4), tieTolerance: 1.5, tieBreak: .afterPrevious,
                                 pixelScale: 3, minimumContentHeight: 500),
        sections: [
            SectionInput(header: HeaderFooter(height: 7, inset: LayoutInsets(top: 1, left: 2, bottom: 3, right: 4)),
                          items: [.height(10), .size(width: 640, height: 480), .height(11, span: 2), .height(9.5)],
                          footer: HeaderFooter(height: 5)),
            SectionInput(columnCount: 2, sectionInset: LayoutInsets(top: 0, left: 10, bottom: 2, right: 0),
                          items: [.size(width: 3, height: 7, span: 5), .height(0)]),
        ])
}
