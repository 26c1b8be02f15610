import Foundation
import MyEngine
import Testing
import WaterfallCheckTesting

@Test func goldens() {
    // Fixtures/ holds goldens; a missing expected is recorded locally (never in CI).
    assertGoldens(engine: { MyEngine() }, fixtures: ["Fixtures"], record: .never)
}

@Test func invariants() {
    // Tolerance 0 judges exact ties too; failures print the shrunk input, its seed and case,
    // and save it under Tests/MyEngineTests/__Counterexamples__/.
    assertInvariants(engine: MyEngine(), cases: 300, seed: 1)
}
