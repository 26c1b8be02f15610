import Foundation
import Testing
import WaterfallCheckCore
import WaterfallCheckClassics
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// Shrinking to Hypothesis's quality: each broken engine and classic quirk shrinks to an exact
/// minimal counterexample (compact JSON of the input).
@Suite("Shrink quality")
struct ShrinkQualityTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var invariant: String
        var make: @Sendable () -> LayoutEngine
        var seed: UInt64 = 42
        var testDescription: String { "\(name) → \(invariant) (seed \(seed))" }
    }

    static let cases: [Case] = BrokenEngines.all.map { Case(name: $0.bug, invariant: $0.invariant, make: $0.make) }
        + [BrokenEngines.spanBug].map { Case(name: $0.bug, invariant: $0.invariant, make: $0.make, seed: 1) }
        + BrokenEngines.tieBugs.map { Case(name: $0.bug, invariant: $0.invariant, make: $0.make, seed: 1) }
        + [("classic-000-bqwaterlayout", "placement"), ("classic-003-waterviewlayout", "placement"),
           ("classic-000-bqwaterlayout", "stacking"), ("classic-002-waterflowlayout", "no-overlap")].map { name, id in
            Case(name: name, invariant: id, make: ClassicEngines.entry(named: name)!.make, seed: 1)
        }

    static func shrink(_ c: Case) throws -> Counterexample {
        let config = FuzzConfiguration(seed: c.seed, cases: 10_000, jobs: 1, invariants: try InvariantSet(ids: [c.invariant]), shrinkTime: 60)
        return try #require(Fuzzer(configuration: config, engine: c.make).run().counterexamples.first)
    }

    @Test(arguments: cases)
    func minimal(_ c: Case) throws {
        let found = try Self.shrink(c)
        #expect(!found.shrink.timedOut)
        #expect(CanonicalWriter.compactInput(found.input) == Self.expected["\(c.name) \(c.invariant)"], "\(found.failure.message)")
    }

    /// The bounds, as a summary of the table: hash-order ties ≤ 4 items, float32 ≤ 3,
    /// the 100000 sentinel pile-up ≤ 2.
    @Test func classicQuirkSizes() {
        func items(_ key: String) -> Int { Self.expected[key]!.components(separatedBy: "\"height\"").count - 1 + Self.expected[key]!.components(separatedBy: "\"size\"").count - 1 }
        #expect(items("classic-000-bqwaterlayout placement") <= 4)
        #expect(items("classic-003-waterviewlayout placement") <= 4)
        #expect(items("classic-000-bqwaterlayout stacking") <= 3)
        #expect(items("classic-002-waterflowlayout no-overlap") <= 2)
    }

    /// The exact minimal counterexample per engine and invariant (compact JSON of the input).
    static let expected: [String: String] = [
        "afterPreviousSkipsCursor placement": "{\"layout\":{\"containerWidth\":320,\"columnCount\":2,\"columnSpacing\":0,\"rowSpacing\":0,\"sectionInset\":{\"top\":0,\"left\":0,\"bottom\":0,\"right\":0},\"placement\":\"shortestFirst\",\"tieTolerance\":0,\"tieBreak\":\"afterPrevious\",\"pixelScale\":null,\"minimumContentHeight\":0},\"sections\":[{\"items\":[{\"height\":0}]}]}",
        "alternatesContentHeight deterministic": "{\"layout\":{\"containerWidth\":320,\"columnCount\":1,\"columnSpacing\":0,\"rowSpacing\":0,\"sectionInset\":{\"top\":0,\"left\":0,\"bottom\":0,\"right\":0},\"placement\":\"shortestFirst\",\"tieTolerance\":0,\"tieBreak\":\"leftmost\",\"pixelScale\":null,\"minimumContentHeight\":0},\"sections\":[{\"items\":[]}]}",
        "classic-000-bqwaterlayout placement": "{\"layout\":{\"containerWidth\":320,\"columnCount\":3,\"columnSpacing\":0,\"rowSpacing\":0,\"sectionInset\":{\"top\":0,\"left\":0,\"bottom\":0,\"right\":0},\"placement\":\"shortestFirst\",\"tieTolerance\":0,\"tieBreak\":\"leftmost\",\"pixelScale\":null,\"minimumContentHeight\":0},\"sections\":[{\"items\":[{\"height\":0.015625},{\"height\":0.015625}]}]}",
        "classic-000-bqwaterlayout stacking": "{\"layout\":{\"containerWidth\":320,\"columnCount\":1,\"columnSpacing\":0,\"rowSpacing\":0,\"sectionInset\":{\"top\":0,\"left\":0,\"bottom\":0,\"right\":0},\"placement\":\"shortestFirst\",\"tieTolerance\":0,\"tieBreak\":\"leftmost\",\"pixelScale\":null,\"minimumContentHeight\":0},\"sections\":[{\"items\":[{\"size\":[3,308]},{\"height\":0}]}]}",
        "classic-002-waterflowlayout no-overlap": "{\"layout\":{\"containerWidth\":320,\"columnCount\":1,\"columnSpacing\":0,\"rowSpacing\":0,\"sectionInset\":{\"top\":0,\"left\":0,\"bottom\":0,\"right\":0},\"placement\":\"shortestFirst\",\"tieTolerance\":0,\"tieBreak\":\"leftmost\",\"pixelScale\":null,\"minimumContentHeight\":0},\"sections\":[{\"items\":[{\"size\":[1,313]},{\"height\":1}]}]}",
        "classic-003-waterviewlayout placement": "{\"layout\":{\"containerWidth\":320,\"columnCount\":3,\"columnSpacing\":0,\"rowSpacing\":0,\"sectionInset\":{\"top\":0,\"left\":0,\"bottom\":0,\"right\":0},\"placement\":\"shortestFirst\",\"tieTolerance\":0,\"tieBreak\":\"leftmost\",\"pixelScale\":null,\"minimumContentHeight\":0},\"sections\":[{\"items\":[{\"height\":0.015625},{\"height\":0.015625}]}]}",
        "dropsLastItem complete": "{\"layout\":{\"containerWidth\":320,\"columnCount\":1,\"columnSpacing\":0,\"rowSpacing\":0,\"sectionInset\":{\"top\":0,\"left\":0,\"bottom\":0,\"right\":0},\"placement\":\"leftToRight\",\"tieTolerance\":0,\"tieBreak\":\"leftmost\",\"pixelScale\":null,\"minimumContentHeight\":0},\"sections\":[{\"items\":[{\"height\":0}]}]}",
        "firstRowOneMarginLow stacking": "{\"layout\":{\"containerWidth\":320,\"columnCount\":1,\"columnSpacing\":0,\"rowSpacing\":1,\"sectionInset\":{\"top\":0,\"left\":0,\"bottom\":0,\"right\":0},\"placement\":\"shortestFirst\",\"tieTolerance\":0,\"tieBreak\":\"leftmost\",\"pixelScale\":null,\"minimumContentHeight\":0},\"sections\":[{\"items\":[{\"height\":0}]}]}",
        "footerIgnoresBottomInset supplementary": "{\"layout\":{\"containerWidth\":320,\"columnCount\":1,\"columnSpacing\":0,\"rowSpacing\":0,\"sectionInset\":{\"top\":1,\"left\":1,\"bottom\":1,\"right\":1},\"placement\":\"shortestFirst\",\"tieTolerance\":0,\"tieBreak\":\"leftmost\",\"pixelScale\":null,\"minimumContentHeight\":0},\"sections\":[{\"items\":[],\"footer\":{\"height\":0,\"inset\":{\"top\":0,\"left\":0,\"bottom\":0,\"right\":0}}}]}",
        "ignoresLeftInset column-alignment": "{\"layout\":{\"containerWidth\":320,\"columnCount\":1,\"columnSpacing\":0,\"rowSpacing\":0,\"sectionInset\":{\"top\":1,\"left\":1,\"bottom\":1,\"right\":1},\"placement\":\"leftToRight\",\"tieTolerance\":0,\"tieBreak\":\"leftmost\",\"pixelScale\":null,\"minimumContentHeight\":0},\"sections\":[{\"items\":[{\"height\":0}]}]}",
        "ignoresPixelScaleForHeights item-size": "{\"layout\":{\"containerWidth\":320,\"columnCount\":1,\"columnSpacing\":0,\"rowSpacing\":0,\"sectionInset\":{\"top\":0,\"left\":0,\"bottom\":0,\"right\":1},\"placement\":\"shortestFirst\",\"tieTolerance\":0,\"tieBreak\":\"leftmost\",\"pixelScale\":1,\"minimumContentHeight\":0},\"sections\":[{\"items\":[{\"size\":[640,480]}]}]}",
        "lookupPlacesAgain lookup-consistency": "{\"layout\":{\"containerWidth\":320,\"columnCount\":1,\"columnSpacing\":0,\"rowSpacing\":0,\"sectionInset\":{\"top\":0,\"left\":0,\"bottom\":0,\"right\":0},\"placement\":\"leftToRight\",\"tieTolerance\":0,\"tieBreak\":\"leftmost\",\"pixelScale\":null,\"minimumContentHeight\":0},\"sections\":[{\"items\":[{\"height\":0}]}]}",
        "nanForZeroHeight finite": "{\"layout\":{\"containerWidth\":320,\"columnCount\":1,\"columnSpacing\":0,\"rowSpacing\":0,\"sectionInset\":{\"top\":0,\"left\":0,\"bottom\":0,\"right\":0},\"placement\":\"leftToRight\",\"tieTolerance\":0,\"tieBreak\":\"leftmost\",\"pixelScale\":null,\"minimumContentHeight\":0},\"sections\":[{\"items\":[{\"height\":0}]}]}",
        "noValidation rejects-invalid": "{\"layout\":{\"containerWidth\":320,\"columnCount\":1,\"columnSpacing\":0,\"rowSpacing\":0,\"sectionInset\":{\"top\":0,\"left\":0,\"bottom\":0,\"right\":0},\"placement\":\"shortestFirst\",\"tieTolerance\":0,\"tieBreak\":\"leftmost\",\"pixelScale\":null,\"minimumContentHeight\":0},\"sections\":[{\"items\":[{\"height\":-1}]}]}",
        "placesTallestFirst prefix-stable": "{\"layout\":{\"containerWidth\":320,\"columnCount\":1,\"columnSpacing\":0,\"rowSpacing\":0,\"sectionInset\":{\"top\":0,\"left\":0,\"bottom\":0,\"right\":0},\"placement\":\"shortestFirst\",\"tieTolerance\":0,\"tieBreak\":\"leftmost\",\"pixelScale\":null,\"minimumContentHeight\":0},\"sections\":[{\"items\":[{\"height\":0},{\"height\":0.015625}]}]}",
        "prepareAppends reprepare": "{\"layout\":{\"containerWidth\":320,\"columnCount\":1,\"columnSpacing\":0,\"rowSpacing\":0,\"sectionInset\":{\"top\":0,\"left\":0,\"bottom\":0,\"right\":0},\"placement\":\"shortestFirst\",\"tieTolerance\":0,\"tieBreak\":\"leftmost\",\"pixelScale\":null,\"minimumContentHeight\":0},\"sections\":[{\"items\":[],\"footer\":{\"height\":0,\"inset\":{\"top\":0,\"left\":0,\"bottom\":0,\"right\":0}}}]}",
        "queryReturnsEverything query": "{\"layout\":{\"containerWidth\":320,\"columnCount\":1,\"columnSpacing\":0,\"rowSpacing\":0,\"sectionInset\":{\"top\":0,\"left\":0,\"bottom\":0,\"right\":0},\"placement\":\"shortestFirst\",\"tieTolerance\":0,\"tieBreak\":\"leftmost\",\"pixelScale\":null,\"minimumContentHeight\":0},\"sections\":[{\"items\":[],\"footer\":{\"height\":0,\"inset\":{\"top\":0,\"left\":0,\"bottom\":0,\"right\":0}}}]}",
        "rejectsZeroHeight accepts-valid": "{\"layout\":{\"containerWidth\":320,\"columnCount\":1,\"columnSpacing\":0,\"rowSpacing\":0,\"sectionInset\":{\"top\":0,\"left\":0,\"bottom\":0,\"right\":0},\"placement\":\"leftToRight\",\"tieTolerance\":0,\"tieBreak\":\"leftmost\",\"pixelScale\":null,\"minimumContentHeight\":0},\"sections\":[{\"items\":[{\"height\":0}]}]}",
        "spanUsesFirstColumn no-overlap": "{\"layout\":{\"containerWidth\":320,\"columnCount\":2,\"columnSpacing\":0,\"rowSpacing\":0,\"sectionInset\":{\"top\":0,\"left\":0,\"bottom\":0,\"right\":0},\"placement\":\"shortestFirst\",\"tieTolerance\":0,\"tieBreak\":\"leftmost\",\"pixelScale\":null,\"minimumContentHeight\":0},\"sections\":[{\"items\":[{\"height\":0.015625},{\"height\":0.03125},{\"height\":0.015625,\"span\":2}]}]}",
        "tallItemsDoNotStack no-overlap": "{\"layout\":{\"containerWidth\":320,\"columnCount\":1,\"columnSpacing\":0,\"rowSpacing\":0,\"sectionInset\":{\"top\":0,\"left\":0,\"bottom\":0,\"right\":0},\"placement\":\"shortestFirst\",\"tieTolerance\":0,\"tieBreak\":\"leftmost\",\"pixelScale\":null,\"minimumContentHeight\":0},\"sections\":[{\"items\":[{\"height\":101},{\"height\":1}]}]}",
        "tieToleranceExclusive placement": "{\"layout\":{\"containerWidth\":320,\"columnCount\":1,\"columnSpacing\":0,\"rowSpacing\":1,\"sectionInset\":{\"top\":0,\"left\":0,\"bottom\":0,\"right\":0},\"placement\":\"shortestFirst\",\"tieTolerance\":1,\"tieBreak\":\"leftmost\",\"pixelScale\":null,\"minimumContentHeight\":0},\"sections\":[{\"columnCount\":2,\"items\":[{\"height\":0},{\"height\":0}]}]}",
        "tiesGoRight placement": "{\"layout\":{\"containerWidth\":320,\"columnCount\":2,\"columnSpacing\":0,\"rowSpacing\":0,\"sectionInset\":{\"top\":0,\"left\":0,\"bottom\":0,\"right\":0},\"placement\":\"shortestFirst\",\"tieTolerance\":0,\"tieBreak\":\"leftmost\",\"pixelScale\":null,\"minimumContentHeight\":0},\"sections\":[{\"items\":[{\"height\":0}]}]}",
        "trailingSpacingInContentSize content-size": "{\"layout\":{\"containerWidth\":320,\"columnCount\":1,\"columnSpacing\":0,\"rowSpacing\":1,\"sectionInset\":{\"top\":0,\"left\":0,\"bottom\":0,\"right\":0},\"placement\":\"shortestFirst\",\"tieTolerance\":0,\"tieBreak\":\"leftmost\",\"pixelScale\":null,\"minimumContentHeight\":0},\"sections\":[{\"items\":[{\"height\":0}]}]}",
        "widthIgnoresInsets within-bounds": "{\"layout\":{\"containerWidth\":320,\"columnCount\":1,\"columnSpacing\":0,\"rowSpacing\":0,\"sectionInset\":{\"top\":1,\"left\":1,\"bottom\":1,\"right\":1},\"placement\":\"shortestFirst\",\"tieTolerance\":0,\"tieBreak\":\"leftmost\",\"pixelScale\":null,\"minimumContentHeight\":0},\"sections\":[{\"items\":[{\"height\":0}]}]}",
    ]

}
