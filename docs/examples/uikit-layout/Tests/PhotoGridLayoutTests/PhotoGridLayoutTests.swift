import Foundation
import PhotoGridEngines
import Testing
import WaterfallCheckTesting

@Test func goldens() {
    // Fixtures/ holds goldens whose expected frames come from FIXTURE-FORMAT section 5.
    assertGoldens(engine: { PhotoGridEngine.make() }, fixtures: ["Fixtures"], record: .never)
}

@Test func invariants() {
    // The lifecycle too: reprepare re-prepares, scrolls, resizes and reloads the same layout object.
    assertInvariants(engine: PhotoGridEngine.make(), cases: 300, seed: 1)
}
