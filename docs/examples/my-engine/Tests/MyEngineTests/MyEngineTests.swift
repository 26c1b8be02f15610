import Foundation
import MyEngine
import Testing
import WaterfallCheckTesting

// The trait sets the record mode of every assert in the test (or, on a @Suite, in the suite);
// WATERFALL_CHECK_RECORD and CI still win over it, so CI never writes.
@Test(.waterfallCheck(record: .never))
func goldens() {
    // Fixtures/ holds goldens. A failing one attaches <name>.actual.json and <name>.diff.svg
    // (swift test --attachments-path DIR saves them).
    assertGoldens(engine: { MyEngine() }, fixtures: ["Fixtures"])
}

@Test func invariants() {
    // Tolerance 0 judges exact ties too; failures print the shrunk input, its seed and case,
    // and save it under Tests/MyEngineTests/__Counterexamples__/.
    assertInvariants(engine: MyEngine(), cases: 300, seed: 1)
}
