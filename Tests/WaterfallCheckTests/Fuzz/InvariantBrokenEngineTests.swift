import Foundation
import WaterfallCheckClassics
import Testing
import WaterfallCheckCore
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// Every invariant can fail: for each, a small engine with one bug that violates it. The fuzzer
/// must find the bug within 10,000 cases and shrink it to at most 3 items.
@Suite("Invariants catch broken engines")
struct InvariantBrokenEngineTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var entry: BrokenEngines.Entry
        var testDescription: String { "\(entry.invariant) catches \(entry.bug)" }
    }

    static let cases = BrokenEngines.all.map(Case.init)

    @Test func everyInvariantHasABrokenEngine() {
        #expect(Set(BrokenEngines.all.map(\.invariant)) == Set(Invariants.all.map(\.id)))
    }

    @Test(arguments: cases)
    func fuzzerFindsAndShrinks(_ test: Case) throws {
        let c = test.entry
        let only = try InvariantSet(ids: [c.invariant])
        // A generous shrink bound: the debug build is slow, and the minimum is what is asserted.
        let config = FuzzConfiguration(seed: 42, cases: 10_000, invariants: only, shrinkTime: 120)
        let report = Fuzzer(configuration: config, engine: c.make).run()
        let found = try #require(report.counterexamples.first)
        #expect(found.invariant == c.invariant)
        #expect(found.failure.invariant == c.invariant)
        #expect(found.failure.message.hasPrefix(c.invariant + ": "))
        #expect(found.input.itemCount <= 3, "\(found.failure.message)\n\(found.input)")
        #expect(!found.shrink.timedOut)
        // The shrunk input is no bigger than the case that first failed.
        #expect(found.input.itemCount <= found.originalInput.itemCount)
        #expect(found.input.sections.count <= found.originalInput.sections.count)
    }

    /// The same engines without their bug pass every invariant: the checks accuse only the bug.
    @Test func bugFreeVariantsPass() {
        let engines: [() -> LayoutEngine] = [{ MiniWaterfall(.none) }, { BrokenCollectionViewLayout.engine(.none) }]
        for (k, make) in engines.enumerated() {
            // The UIKit layout does not validate, so it is checked on what it is for.
            let ids: Set<String>? = k == 0 ? nil : ["lookup-consistency", "reprepare", "complete", "no-overlap", "stacking", "placement"]
            let config = FuzzConfiguration(seed: 7, cases: 3_000, invariants: try! InvariantSet(ids: ids), keepGoing: true, shrinkTime: 5)
            let report = Fuzzer(configuration: config, engine: make).run()
            for c in report.counterexamples { Issue.record("\(make().descriptor.name): \(c.failure.message)\n\(c.input)") }
        }
    }

    /// The entry point for a user's test target.
    @Test func userEntryPoint() {
        #expect(fuzzInvariants(engine: MiniWaterfall(.none), cases: 500, seed: 3).isEmpty)
        let failures = fuzzInvariants(engine: MiniWaterfall(.trailingSpacingInContentSize), cases: 500, seed: 3)
        #expect(failures.map(\.invariant) == ["content-size"])
    }
}
