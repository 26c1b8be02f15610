import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
@testable import WaterfallCheckTransport
import WaterfallCheckTestSupport

/// D4: protocol lines are bounded both ways. The bound is injected small, so no test moves
/// hundreds of megabytes.
@Suite("Adversarial: line bounds")
struct LineBoundTests {
    @Test("D4: an engine writing a reply without a newline is a malformedReply fault at the limit, long before the timeout")
    func endlessReplyIsBounded() throws {
        var c = ExternalTestSupport.fake("endless", timeout: 20)
        c.maxLine = 256 << 10
        let engine = try ExternalEngine.start(c)
        let pid = try #require(engine.processID)
        let start = Date()
        let f = try #require(ExternalTestSupport.fault { _ = try engine.layout(ExternalTestSupport.threeItems) })
        #expect(f.kind == .malformedReply)
        #expect(f.message.contains("longer than \(256 << 10) bytes"), "\(f.message)")
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(ExternalTestSupport.isGone(pid))
    }

    @Test("D4: a request line longer than the server's limit is answered badRequest and skipped; the next line is read")
    func requestLinesAreBounded() throws {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        let p = fds
        let text = "short\n" + String(repeating: "y", count: 5000) + "\nafter\nlast"
        let writer = Thread { text.utf8CString.withUnsafeBufferPointer { b in _ = write(p[1], b.baseAddress!, b.count - 1) }; close(p[1]) }
        writer.start()
        var reader = LineReader(fd: p[0], maxLine: 1000)
        var items: [LineReader.Item] = []
        while let i = reader.next() { items.append(i) }
        close(p[0])
        let shown = items.map { i -> String in if case .line(let l) = i { return l.count > 100 ? "long" : String(decoding: l, as: UTF8.self) }; return "tooLong" }
        #expect(shown == ["short", "tooLong", "after", "last"])
    }
}
