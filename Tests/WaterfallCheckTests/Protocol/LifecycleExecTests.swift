import Foundation
import Testing
@testable import WaterfallCheck
import WaterfallCheckTestSupport
@testable import WaterfallCheckTransport

/// FIXTURE-FORMAT §9's `lifecycle` capability over `exec:`: a Python engine whose layout objects
/// live in its process is fuzzed through its lifecycle (issue 34) and checked by
/// `lookup-consistency` and `reprepare` (issue 32 item 6), each check catching the engine that
/// fails it and passing the one that does not.
@Suite("Lifecycle over exec:")
struct LifecycleExecTests {
    static let script = ExternalTestSupport.packageRoot.appendingPathComponent("Tests/WaterfallCheckTestSupport/FakeEngines/lifecycle_engine.py").path

    static func engine(_ mode: String) throws -> ExternalEngine {
        try ExternalEngine.start(ExternalEngine.Configuration(arguments: ["python3", script, mode], displayName: "lifecycle \(mode)", timeout: 10))
    }

    @Test("the hello's lifecycle capability makes a layout-object engine")
    func capability() throws {
        let e = try Self.engine("ok")
        defer { e.shutdown() }
        #expect(e.descriptor.capabilities.contains(.lifecycle))
        #expect(e.descriptor.capabilities.contains(.collectionViewLayout))
    }

    @Test("a Python engine with a stale cache is found over exec: and shrunk to <= 3 steps and <= 3 items")
    func stale() throws {
        let e = try Self.engine("stale")
        defer { e.shutdown() }
        let report = LifecycleFuzzer(engine: e, seed: 0, seconds: 10).run(engine: e)
        let cx = try #require(report.counterexample)
        #expect(try #require(report.secondsToFind) < 10)
        #expect(cx.lifecycle.steps.count <= 3)
        #expect(cx.lifecycle.maxItems <= 3)
        #expect(["missing", "moved", "extra", "contentSize"].contains(cx.finding.key), "\(cx.finding)")
    }

    @Test("the correct Python engine gives no lifecycle finding")
    func correct() throws {
        let e = try Self.engine("ok")
        defer { e.shutdown() }
        let report = LifecycleFuzzer(engine: e, seed: 0, seconds: 60, maxSteps: 400).run(engine: e)
        #expect(report.counterexample == nil, "\(report.counterexample.map { "\($0.finding)" } ?? "")")
        #expect(report.statistics.totalSteps >= 400)
    }

    @Test("lookup-consistency and reprepare run over exec: and catch the engine that fails each",
          arguments: [("lookup", "lookup-consistency"), ("reprepare", "reprepare")])
    func invariants(_ mode: String, _ invariant: String) throws {
        let only = try InvariantSet(ids: [invariant])
        let config = FuzzConfiguration(seed: 1, cases: 200, invariants: only, shrinkTime: 30)
        let broken = Fuzzer(configuration: config, engine: { try! Self.engine(mode) }).run()
        let found = try #require(broken.counterexamples.first, "\(invariant) did not catch \(mode) over exec:")
        #expect(found.invariant == invariant)
        let fine = Fuzzer(configuration: config, engine: { try! Self.engine("ok") }).run()
        #expect(fine.counterexamples.isEmpty, "\(fine.counterexamples.map(\.failure.message))")
        #expect(!fine.notApplicable.map(\.invariant).contains(invariant))
    }

    @Test("serve(_:) offers the lifecycle of a UIKit engine: waterfall-engine serving seed 000's port is caught over exec:")
    func served() throws {
        let e = try ExternalEngine.start(ExternalEngine.Configuration(arguments: [ExternalTestSupport.engineExecutable, "classic-000-bqwaterlayout"],
                                                                      displayName: "served 000", timeout: 10))
        defer { e.shutdown() }
        #expect(e.descriptor.capabilities.contains(.lifecycle))
        let report = LifecycleFuzzer(engine: e, seed: 0, seconds: 10).run(engine: e)
        let cx = try #require(report.counterexample)
        #expect(cx.lifecycle.steps.count <= 3)
    }
}
