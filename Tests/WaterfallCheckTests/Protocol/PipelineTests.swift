import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
@testable import WaterfallCheckTransport
import WaterfallCheckTestSupport
import WaterfallCheckCore

/// The `pipeline` extension of protocol waterfall-engine/1 (FIXTURE-FORMAT §9): requests sent
/// ahead are answered in order, each when asked for, and a fault in the middle of a window is
/// that request's fault alone: the requests after it go to the restarted engine.
@Suite("Protocol pipelining")
struct PipelineTests {
    typealias S = ExternalTestSupport

    /// Five inputs; the third (first item 666 pt) is the one the fake faults on.
    static let window = [S.heights([10, 20]), S.heights([30]), S.heights([666, 5]), S.heights([7, 8, 9]), S.heights([40, 1])]

    @Test("the hello's window is read and written; a window below 1 is a handshake error")
    func hello() throws {
        let d = EngineServer(engine: ReferenceEngine()).engine.descriptor
        let line = EngineProtocol.Hello(d, pipeline: 32).encode()
        #expect(line.hasSuffix(#","pipeline":32}"#))
        let back = try JSONDocument(parsing: Array(line.utf8), file: "hello").decode { try EngineProtocol.Hello(json: $0) }
        #expect(back.pipeline == 32 && back.descriptor.name == d.name)
        let zero = Array(#"{"protocol":"waterfall-engine/1","engine":"e","version":"1","capabilities":[],"pipeline":0}"#.utf8)
        #expect(throws: FixtureError.self) { try JSONDocument(parsing: zero, file: "hello").decode { try EngineProtocol.Hello(json: $0) } }
        #expect(EngineServer(engine: ReferenceEngine(), pipeline: 4).hello.hasSuffix(#","pipeline":4}"#))
    }

    @Test("a window answered in order; a request skipped is dropped; the engine without a window is driven one at a time")
    func inOrder() throws {
        let engine = try ExternalEngine.start(S.pipelineFake("ok"))
        defer { engine.shutdown() }
        #expect(engine.pipelineWindow == 8)
        engine.prefetch(Self.window.map { .layout($0) })
        // Ask for the second first: the first is answered and dropped unread.
        for input in Self.window.dropFirst() { #expect(try engine.layout(input) == ReferenceLayout.layout(input)) }
        // And again without announcing anything.
        #expect(try engine.layout(Self.window[0]) == ReferenceLayout.layout(Self.window[0]))
        #expect(engine.faultCount == 0)

        var one = S.pipelineFake("ok")
        one.maxPipeline = 1
        let serial = try ExternalEngine.start(one)
        defer { serial.shutdown() }
        #expect(serial.pipelineWindow == 1)
        serial.prefetch(Self.window.map { .layout($0) })  // nothing is sent ahead
        for input in Self.window { #expect(try serial.layout(input) == ReferenceLayout.layout(input)) }
    }

    @Test("never more requests unanswered than the window the hello declared (adversarial review: window + 1 were)",
          arguments: [2, 3])
    func windowBound(window: Int) throws {
        // The fake waits 20 ms before each answer, then exits if more than `window` are unanswered.
        let engine = try ExternalEngine.start(S.pipelineFake("strict", window: window))
        defer { engine.shutdown() }
        #expect(engine.pipelineWindow == window)
        let inputs = Self.window + Self.window
        engine.prefetch(inputs.map { .layout($0) })
        for (i, input) in inputs.enumerated() { #expect(try engine.layout(input) == ReferenceLayout.layout(input), "input \(i)") }
        #expect(engine.faultCount == 0, "\(String(describing: engine.lastFault))")
    }

    @Test("a crash, a hang, garbage in the middle of a window: that request faults, the others are answered correctly",
          arguments: [("crash", EngineFault.Kind.crashed), ("hang", .timedOut), ("garbage", .malformedReply)])
    func faultMidWindow(mode: String, kind: EngineFault.Kind) throws {
        let engine = try ExternalEngine.start(S.pipelineFake(mode, timeout: mode == "hang" ? 5 : 10))
        defer { engine.shutdown() }
        let first = try #require(engine.processID)
        engine.prefetch(Self.window.map { .layout($0) })
        for (i, input) in Self.window.enumerated() {
            if i == 2 {
                let f = try #require(S.fault { _ = try engine.layout(input) }, "request 3 of the window must fault")
                #expect(f.kind == kind, "\(f)")
                if mode != "garbage" { #expect(f.message.contains("request 3"), "\(f.message)") }
            } else {
                // Before the fault: the answers sent ahead. After it: retried on the restarted engine.
                #expect(try engine.layout(input) == ReferenceLayout.layout(input), "input \(i)")
            }
        }
        #expect(engine.faultCount == 1)
        #expect(engine.processID != first)
        #expect(S.isGone(first))
    }

    @Test("an engine that reads ahead and dies of a later request: the request awaited is answered, the culprit faults (adversarial review: the first was blamed)")
    func culpritAhead() throws {
        let engine = try ExternalEngine.start(S.pipelineFake("hold"))
        defer { engine.shutdown() }
        engine.prefetch(Self.window.map { .layout($0) })
        for (i, input) in Self.window.enumerated() {
            if i == 2 {
                let f = try #require(S.fault { _ = try engine.layout(input) }, "the 666 layout must fault")
                #expect(f.kind == .crashed, "\(f)")
            } else {
                #expect(try engine.layout(input) == ReferenceLayout.layout(input), "input \(i)")
            }
        }
        #expect(engine.faultCount == 1)
    }

    @Test("a crash that takes several requests in flight at once, none failing alone: reported on the request awaited, never dropped")
    func crashNeverDropped() throws {
        let engine = try ExternalEngine.start(S.pipelineFake("hold3"))
        defer { engine.shutdown() }
        let inputs = [S.heights([10, 20]), S.heights([30]), S.heights([7, 8, 9])]
        engine.prefetch(inputs.map { .layout($0) })
        let f = try #require(S.fault { _ = try engine.layout(inputs[0]) }, "the crash must be reported")
        #expect(f.kind == .crashed && f.message.contains("each answered when sent again one at a time"), "\(f)")
        // The others were answered one at a time meanwhile: given as asked, no new fault.
        for input in inputs.dropFirst() { #expect(try engine.layout(input) == ReferenceLayout.layout(input)) }
        #expect(engine.faultCount == 1)
    }

    @Test("fuzz over waterfall-engine, pipelined and one request at a time: the same report, every invariant holding, no fault")
    func fuzzOverProtocol() throws {
        try #require(FileManager.default.isExecutableFile(atPath: S.engineExecutable),
                     "build it first: swift build (swift test builds every product)")
        let config = FuzzConfiguration(seed: 11, cases: 300, jobs: 2, shrinkTime: 1)
        func run(window: Int) -> FuzzReport {
            var c = ExternalEngine.Configuration(arguments: [S.engineExecutable, "reference"])
            c.maxPipeline = window
            return Fuzzer(configuration: config, engine: { try! ExternalEngine.start(c) }).run()
        }
        let pipelined = run(window: 32), serial = run(window: 1)
        #expect(pipelined.counterexamples.isEmpty, "\(pipelined.counterexamples.map(\.failure.message))")
        #expect(pipelined.engineFaultCases == 0, "\(pipelined.engineFaults)")
        #expect(pipelined.cases == 300 && pipelined.cases == serial.cases && pipelined.checks == serial.checks)
        #expect(pipelined.casesBySize == serial.casesBySize && pipelined.casesByFeature == serial.casesByFeature)
        #expect(pipelined.skippedCases == serial.skippedCases && pipelined.invalidCases == serial.invalidCases)
        #expect(serial.counterexamples.isEmpty && serial.engineFaultCases == 0)
    }
}
