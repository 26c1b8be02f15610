import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
@testable import WaterfallCheckTransport

/// The hello line's additive `tieBreaks`, `lengthQuantum` and `maxLength` (FIXTURE-FORMAT §9).
@Suite("Protocol: engine limits in the hello")
struct EngineLimitsProtocolTests {
    private func decode(_ line: String) throws -> EngineDescriptor {
        try JSONDocument(parsing: Array(line.utf8), file: "hello").decode { try EngineProtocol.Hello(json: $0).descriptor }
    }

    @Test("declared limits round-trip; the exact defaults are left out and read back as exact")
    func roundTrip() throws {
        let limits = EngineLimits(tieBreaks: [.afterPrevious], lengthQuantum: 1.0 / 128, maxLength: 16_777_214)
        let d = EngineDescriptor(name: "web", version: "1", limits: limits)
        let line = EngineProtocol.Hello(d).encode()
        #expect(line.contains(#""tieBreaks":["afterPrevious"]"#) && line.contains(#""lengthQuantum":0.0078125"#)
                && line.contains(#""maxLength":16777214"#))
        #expect(try decode(line).limits == limits)
        let plain = EngineProtocol.Hello(EngineDescriptor(name: "p", version: "1")).encode()
        #expect(!plain.contains("tieBreaks") && !plain.contains("lengthQuantum") && !plain.contains("maxLength"))
        #expect(try decode(plain).limits == .exact)
    }

    @Test("bad limits are handshake errors naming the member")
    func bad() {
        let head = #"{"protocol":"waterfall-engine/1","engine":"e","version":"1","capabilities":[]"#
        for (tail, word) in [(#","lengthQuantum":-1}"#, "lengthQuantum"), (#","maxLength":0}"#, "maxLength"),
                             (#","tieBreaks":["rightmost"]}"#, "tieBreaks"), (#","tieBreaks":"leftmost"}"#, "tieBreaks")] {
            #expect { try decode(head + tail) } throws: { "\($0)".contains(word) }
        }
    }
}
