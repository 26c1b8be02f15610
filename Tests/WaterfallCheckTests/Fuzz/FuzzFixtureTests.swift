import Foundation
import Testing
import WaterfallCheckCore
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// A shrunk counterexample becomes an input-only fixture that reads back and still fails.
@Suite("Fuzz: counterexample fixtures")
struct FuzzFixtureTests {
    @Test func counterexampleFixtureRoundTripsAndStillFails() throws {
        let engine = MiniWaterfall(.trailingSpacingInContentSize)
        let config = FuzzConfiguration(seed: 11, cases: 1_000, invariants: try InvariantSet(ids: ["content-size"]), shrinkTime: 60)
        let report = Fuzzer(configuration: config, engine: { MiniWaterfall(.trailingSpacingInContentSize) }).run()
        let c = try #require(report.counterexamples.first)
        let fixture = c.fixture(engine: engine.descriptor)
        #expect(fixture.expected == nil)
        #expect(fixture.extensions?["fuzz"]?["invariant"] == .string("content-size"))
        #expect(fixture.extensions?["fuzz"]?["seed"] == .string("11"))
        #expect(fixture.extensions?["fuzz"]?["message"] == .string(c.failure.message))
        #expect(fixture.extensions?["fuzz"]?["actual"]?["contentSize"] != nil)
        #expect(Fixture.isValidName(fixture.name))

        let text = CanonicalWriter.string(for: fixture)
        let back = try FixtureReader.decode(Data(text.utf8), file: "counterexample.json")
        #expect(back.input == c.input)
        let again = checkInvariants(back.input, engine: MiniWaterfall(.trailingSpacingInContentSize), selection: ["content-size"])
        #expect(again.map(\.invariant) == ["content-size"])
        // The minimal case: one item is enough to show a trailing rowSpacing, and one must have
        // rowSpacing > 0; the shrinker lowers every other number to its simplest.
        #expect(c.input.itemCount == 1)
        #expect(c.input.layout.rowSpacing > 0)
        #expect(c.input.layout.columnCount == 1)
    }

    /// The same seed and case count give the same counterexample whatever the number of jobs.
    @Test func resultsDoNotDependOnJobs() throws {
        func run(_ jobs: Int) -> [String] {
            let config = FuzzConfiguration(seed: 99, cases: 500, jobs: jobs, shrinkTime: 0)
            return Fuzzer(configuration: config, engine: { MiniWaterfall(.tiesGoRight) }).run()
                .counterexamples.map { "\($0.invariant) \($0.caseIndex)" }
        }
        let one = run(1)
        #expect(one == run(2))
        #expect(one.contains { $0.hasPrefix("placement ") })
    }

    /// Without keep-going an invariant retires at its first failure; with it every case checks it.
    @Test func keepGoingChecksEveryCase() throws {
        let only = try InvariantSet(ids: ["content-size"])
        let retire = Fuzzer(configuration: FuzzConfiguration(seed: 4, cases: 300, invariants: only, shrinkTime: 0),
                            engine: { MiniWaterfall(.trailingSpacingInContentSize) }).run()
        let all = Fuzzer(configuration: FuzzConfiguration(seed: 4, cases: 300, invariants: only, keepGoing: true, shrinkTime: 0),
                         engine: { MiniWaterfall(.trailingSpacingInContentSize) }).run()
        // Retired at the first failing case: that case was the last one run.
        #expect(retire.failingCases["content-size"] == 1)
        #expect(retire.cases == Int(retire.counterexamples[0].caseIndex) + 1)
        #expect(all.cases == 300)
        #expect(all.failingCases["content-size", default: 0] > 100)
        #expect(all.counterexamples.map(\.caseIndex) == retire.counterexamples.map(\.caseIndex))
    }

    /// cancel() (what SIGINT calls) ends a long run soon and keeps what was found.
    @Test func cancelStopsTheRunAndKeepsCounterexamples() throws {
        let fuzzer = Fuzzer(configuration: FuzzConfiguration(seed: 8, cases: nil, duration: 300, shrinkTime: 300),
                            engine: { MiniWaterfall(.trailingSpacingInContentSize) })
        // A thread of its own, as the SIGINT handler's: a block on a global queue can starve
        // behind the run's own workers when the machine is loaded (seen at load average 13).
        Thread.detachNewThread { sleep(1); fuzzer.cancel() }
        let report = fuzzer.run()
        #expect(report.interrupted)
        #expect(report.counterexamples.contains { $0.invariant == "content-size" })
    }
}
