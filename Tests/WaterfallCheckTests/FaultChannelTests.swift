import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckTransport
import WaterfallCheckEngines
import WaterfallCheckTestSupport

/// One fault channel (issue 30): an engine that faults on every layout, in process, over `exec:`
/// and in a browser, is reported as faulting by `fuzz`, `verify` and `compare` alike: never as
/// a counterexample (`accepts-valid` was one), a golden mismatch or a difference.
@Suite("One fault channel, every transport", .serialized)
struct FaultChannelTests {
    typealias S = ExternalTestSupport

    /// An in-process engine whose every layout throws something that is not a ``LayoutError``.
    final class ThrowingEngine: LayoutEngine {
        struct Planted: Error, CustomStringConvertible { var description: String { "planted in-process fault" } }
        var descriptor: EngineDescriptor { EngineDescriptor(name: "throwing", version: "1") }
        func layout(_ input: LayoutInput) throws -> LayoutResult { _ = try ReferenceLayout.validate(input); throw Planted() }
    }

    /// Runs the three commands' runners on engines from `make` and checks each reports faults.
    /// `faultText` is a word every fault message of this engine contains.
    func expectFaultsEverywhere(_ make: @escaping () throws -> LayoutEngine, faultText: String) throws {
        // fuzz: every valid case faulted; no counterexample; the run is an error (exit 2).
        let config = FuzzConfiguration(seed: 5, cases: 12, jobs: 1, shrinkTime: 1)
        let fuzz = Fuzzer(configuration: config, engine: { try! make() }).run()
        #expect(fuzz.counterexamples.isEmpty, "\(fuzz.counterexamples.map(\.failure.message))")
        #expect(fuzz.engineFaultCases > 0 && fuzz.engineFaultCases + fuzz.invalidCases + fuzz.skippedCases >= 12,
                "faults \(fuzz.engineFaultCases), invalid \(fuzz.invalidCases), skipped \(fuzz.skippedCases)")
        #expect(fuzz.engineFaults.allSatisfy { $0.1.contains(faultText) }, "\(fuzz.engineFaults)")
        #expect(fuzz.verdict == .error)

        // verify: the golden is an error naming the fault, not a failure.
        let dir = try TempDir()
        defer { dir.cleanup() }
        try dir.write(TwoColumns.fixture("faulting"), to: "faulting.json")
        let verify = GoldenRunner(engine: { try! make() }, recordMode: .never, jobs: 1).run(paths: [dir.url])
        #expect(verify.results.count == 1)
        #expect(verify.results.first?.status == .error)
        #expect(verify.results.first?.message.contains(faultText) == true, "\(verify.results.first?.message ?? "")")
        #expect(verify.verdict == .error)

        // compare: every case is a fault, none a difference.
        let comparison = EngineComparison(baseline: ReferenceEngine(), candidate: try make())
        let cases = (0..<3).map { CompareCase(name: "case-\($0)", input: TwoColumns.input, origin: .generated(seed: 0, index: $0)) }
        let compare = comparison.run(cases)
        #expect(compare.faults.count == 3 && compare.differences.isEmpty)
        #expect(compare.faults.allSatisfy { "\($0.fault)".contains(faultText) })
        #expect(compare.verdict == .error)
    }

    @Test("in process: a thrown error is a fault in fuzz, verify and compare")
    func inProcess() throws {
        try expectFaultsEverywhere({ ThrowingEngine() }, faultText: "planted in-process fault")
    }

    @Test("exec: a crashing engine is a fault in fuzz, verify and compare")
    func overExec() throws {
        try expectFaultsEverywhere({ try ExternalEngine.start(S.fake("crash")) }, faultText: "boom")
    }

    @Test("web: a page script that throws is a fault in fuzz, verify and compare",
          .enabled(if: WebTestSupport.hasChromium, "no Chromium: scripts/bootstrap --web"))
    func inTheBrowser() throws {
        // A stand-in for masonry.js whose constructor throws: every layout's evaluation fails.
        let dir = try TempDir()
        defer { dir.cleanup() }
        let script = try dir.write("window.Masonry = function () { throw new Error('planted page fault') };\n", to: "throwing.js")
        let engine = try WebEngine(.init(kind: .masonry(path: script.path), timeout: 30))
        defer { engine.shutdown() }
        try expectFaultsEverywhere({ engine }, faultText: "planted page fault")
    }
}

/// Blueprints asks its delegate for section -1 with no sections: the same trap on two inputs was
/// two compare differences (faults merged only on equal inputs).
@Suite("Fault signatures")
struct FaultSignatureTests {
    static func crash(_ symbol: String, _ message: String = "Index out of range") -> EngineFault {
        EngineFault(.crashed, engine: "exec:./e", "no reply to request 7: exited with status 132", stderr: """
            Swift/ContiguousArrayBuffer.swift:692: Fatal error: \(message)

            *** Signal 4: Backtracing from 0x7f3e8af6df7f... done ***
            Thread 0 "lib-engine" crashed:
              0              0x00007f3e8af6df7f closure #1 in closure #1 in _assertionFailure(_:_:file:line:flags:) + 623 in libswiftCore.so
              1 [ra]         0x00007f3e8b0f961f _assertionFailure(_:_:file:line:flags:) + 302 in libswiftCore.so
              2 [ra]         0x00007f3e8af87e7d Array.subscript.getter + 124 in libswiftCore.so
              3 [ra]         0x000056020a72fc7b \(symbol) + 618 in lib-engine at /tmp/B.swift:34:81
            """)
    }

    @Test("a crash is keyed by its message and first frame outside the runtime; a hang by nothing")
    func crashes() {
        let a = Self.crash("Delegate.header(in:)"), b = Self.crash("Delegate.header(in:)")
        #expect(a.signature == "crashed: Index out of range in Delegate.header(in:)")
        #expect(a.signature == b.signature)
        #expect(Self.crash("Delegate.footer(in:)").signature != a.signature)
        #expect(Self.crash("Delegate.header(in:)", "Division by zero").signature != a.signature)
        #expect(EngineFault(.timedOut, engine: "e", "no reply in 5 s").signature == nil)
        #expect(EngineFault(.crashed, engine: "e", "exited with status 139").signature == nil)
    }

    @Test("fuzz counts faults by kind: one trap on many cases is one line, most cases first, with its first case")
    func fuzzKinds() {
        var a = FuzzReport(seed: 1), b = FuzzReport(seed: 1)
        a.countFault(Self.crash("Delegate.header(in:)"), case: 101)
        a.countFault(EngineFault(.timedOut, engine: "e", "no reply in 5 s"), case: 7)
        b.countFault(Self.crash("Delegate.header(in:)"), case: 40)
        b.countFault(Self.crash("Delegate.header(in:)"), case: 299)
        a.merge(b)
        #expect(a.faultKinds.map(\.kind) == ["crashed: Index out of range in Delegate.header(in:)", "timedOut"])
        #expect(a.faultKinds.map(\.cases) == [3, 1] && a.faultKinds.map(\.first) == [40, 7])
    }
}
