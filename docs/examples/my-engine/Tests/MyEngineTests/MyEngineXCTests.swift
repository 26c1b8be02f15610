import MyEngine
import WaterfallCheckTesting
import XCTest

/// The same asserts from an XCTest test case: a failure is an XCTFail at the call site, with
/// the message the Swift Testing issue has.
final class MyEngineXCTests: XCTestCase {
    func testGoldens() {
        // withWaterfallCheck is the XCTest form of the .waterfallCheck(record:tolerance:) trait.
        withWaterfallCheck(record: .never) {
            assertGoldens(engine: { MyEngine() }, fixtures: ["Fixtures"])
        }
    }

    func testInvariants() {
        assertInvariants(engine: MyEngine(), cases: 300, seed: 1)
    }
}
