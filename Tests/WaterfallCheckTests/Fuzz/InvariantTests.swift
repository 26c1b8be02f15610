import Foundation
import Testing
import WaterfallCheckCore
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

@Suite("Invariants on hand-derived cases")
struct InvariantTests {
    /// FIXTURE-FORMAT §1's example: 375 wide, 3 columns, spacings and insets 10, a 44-pt header,
    /// items 120 tall, 640x480, 80 tall spanning 2; a 30-pt footer.
    static let input = LayoutInput(
        layout: LayoutSettings(containerWidth: 375, columnCount: 3, columnSpacing: 10, rowSpacing: 10, sectionInset: LayoutInsets(all: 10)),
        sections: [SectionInput(header: HeaderFooter(height: 44),
                                 items: [.height(120), .size(width: 640, height: 480), .height(80, span: 2)],
                                 footer: HeaderFooter(height: 30))])
    /// Derived by hand in FIXTURE-FORMAT §1: w = (375 - 20 - 20) / 3 = 111.666...; the header pushes
    /// items to 54; 480 * 111.67 / 640 = 83.75; the span-2 item sits on columns 1-2 at 147.75; the
    /// section ends at 227.75 + 10, the footer at 237.75, the content at 267.75.
    static let w = (375.0 - 20 - 20) / 3
    static let frames = LayoutResult(contentSize: CGSize(width: 375, height: 267.75), sections: [SectionFrames(
        header: CGRect(x: 0, y: 0, width: 375, height: 44),
        items: [CGRect(x: 10, y: 54, width: w, height: 120),
                CGRect(x: 10 + w + 10, y: 54, width: w, height: 83.75),
                CGRect(x: 10 + w + 10, y: 147.75, width: 2 * w + 10, height: 80)],
        footer: CGRect(x: 0, y: 237.75, width: 375, height: 30))])

    @Test func theSpecExamplePasses() {
        #expect(checkInvariants(Self.input, engine: FixedEngine(Self.frames)).isEmpty)
        #expect(checkInvariants(Self.input, engine: FixedEngine(Self.frames), tolerance: 0).isEmpty)
    }

    @Test func overlapNamesBothElementsAndTheAmount() {
        var r = Self.frames
        // Item 2 in column 0 at y = 150: item 0 covers 54...174, so they overlap by 24 pt vertically.
        r.sections[0].items[2] = CGRect(x: 10, y: 150, width: Self.w, height: 30)
        let f = checkInvariants(Self.input, engine: FixedEngine(r), selection: ["no-overlap"])
        #expect(f.map(\.message) == ["no-overlap: item 0.0 [10, 54, 111.67, 120] and item 0.2 [10, 150, 111.67, 30] overlap by 24 pt"])
        #expect(f.first?.elements == [.item(0, 0), .item(0, 2)])
    }

    @Test func aMovedFooterFailsSupplementary() {
        var r = Self.frames
        r.sections[0].footer = CGRect(x: 0, y: 227.75, width: 375, height: 30)  // the bottom inset forgotten
        let f = checkInvariants(Self.input, engine: FixedEngine(r), selection: ["supplementary"])
        #expect(f.map(\.message) == ["supplementary: footer 0 [0, 227.75, 375, 30] should be [0, 237.75, 375, 30]"])
    }

    @Test func trailingSpacingFailsContentSize() {
        var r = Self.frames
        r.contentSize.height += 10
        let f = checkInvariants(Self.input, engine: FixedEngine(r), selection: ["content-size"])
        #expect(f.map(\.message) == ["content-size: contentSize [375, 277.75], expected [375, 267.75]: the content ends at 267.75; the difference is one trailing rowSpacing"])
    }

    @Test func theSpanGoingLeftFailsPlacementOnly() {
        var r = Self.frames
        // Span-2 item on columns 0-1: its top would be max(184, 147.75) = 184, which is where it is.
        r.sections[0].items[2] = CGRect(x: 10, y: 184, width: 2 * Self.w + 10, height: 80)
        r.sections[0].footer!.origin.y = 184 + 80 + 10
        r.contentSize.height = 184 + 80 + 10 + 30
        let f = checkInvariants(Self.input, engine: FixedEngine(r))
        #expect(f.map(\.invariant) == ["placement"])
        #expect(f.first?.message == "placement: item 0.2 [10, 184, 233.33, 80] went to column 0, but shortestFirst (tie tolerance 0, leftmost) picks column 1 of tops [184, 147.75]")
    }

    @Test("placement with more than 16 columns lists the first 8 tops, then the two columns in question")
    func placementMessageManyColumns() {
        // 20 columns of width 10, no spacing or inset; item 0.0 (height 5) goes to column 0 by
        // §5, item 0.1 (height 7) to column 1 (tops 5, 0, 0, ...). Put it in column 19 instead.
        let input = LayoutInput(layout: LayoutSettings(containerWidth: 200, columnCount: 20),
                                sections: [SectionInput(items: [.height(5), .height(7)])])
        let r = LayoutResult(contentSize: CGSize(width: 200, height: 7),
                             sections: [SectionFrames(items: [CGRect(x: 0, y: 0, width: 10, height: 5), CGRect(x: 190, y: 0, width: 10, height: 7)])])
        let f = checkInvariants(input, engine: FixedEngine(r), selection: ["placement"])
        #expect(f.map(\.message) == ["placement: item 0.1 [190, 0, 10, 7] went to column 19, but shortestFirst (tie tolerance 0, leftmost) picks column 1 of tops [5, 0, 0, 0, 0, 0, 0, 0, …] of 20 columns [column 1: 0, column 19: 0]"])
    }

    /// Two columns 100 wide; items 100 and 100.0005 tall fill them. The third item's candidate tops
    /// are 100 and 100.0005, closer than the 0.001 tolerance, but exact: the placement is decided
    /// exactly (column 0), at any tolerance.
    @Test func exactTopsCloserThanTheToleranceAreDecidedExactly() {
        let input = LayoutInput(layout: LayoutSettings(containerWidth: 200, columnCount: 2),
                                sections: [SectionInput(items: [.height(100), .height(100.0005), .height(50)])])
        let left = LayoutResult(contentSize: CGSize(width: 200, height: 150), sections: [SectionFrames(items: [
            CGRect(x: 0, y: 0, width: 100, height: 100), CGRect(x: 100, y: 0, width: 100, height: 100.0005),
            CGRect(x: 0, y: 100, width: 100, height: 50)])])
        var right = left
        right.sections[0].items[2] = CGRect(x: 100, y: 100.0005, width: 100, height: 50)
        right.contentSize.height = 150.0005
        #expect(checkInvariants(input, engine: FixedEngine(left)).isEmpty)
        #expect(checkInvariants(input, engine: FixedEngine(right)).map(\.invariant) == ["placement"])
        #expect(checkInvariants(input, engine: FixedEngine(left), tolerance: 0).isEmpty)
        #expect(checkInvariants(input, engine: FixedEngine(right), tolerance: 0).map(\.invariant) == ["placement"])
    }

    /// Where rounding could flip the decision, either column is accepted, within the rounding bound
    /// only. Column 0 holds 0.1 + 0.2 = 0.30000000000000004, column 1 holds 0.3: the fourth item's
    /// tops differ by one rounding, so column 0 (not the rule's column 1) is accepted; a top 1/64 pt
    /// higher (column 1 holding 0.3 - 1/64) is beyond the bound and decided.
    @Test func aPlacementRoundingCouldFlipIsAcceptedWithinTheBoundOnly() {
        func engine(_ h: CGFloat) -> FixedEngine {
            let c0 = 0.1 + 0.2
            return FixedEngine(LayoutResult(contentSize: CGSize(width: 200, height: max(c0, h) + 1), sections: [SectionFrames(items: [
                CGRect(x: 0, y: 0, width: 100, height: 0.1), CGRect(x: 100, y: 0, width: 100, height: h),
                CGRect(x: 0, y: 0.1, width: 100, height: 0.2), CGRect(x: 0, y: c0, width: 100, height: 1)])]))
        }
        func input(_ h: CGFloat) -> LayoutInput {
            LayoutInput(layout: LayoutSettings(containerWidth: 200, columnCount: 2),
                        sections: [SectionInput(items: [.height(0.1), .height(h), .height(0.2), .height(1)])])
        }
        #expect(checkInvariants(input(0.3), engine: engine(0.3), tolerance: 0, selection: ["placement"]).isEmpty)
        let lower = 0.3 - 1.0 / 64
        #expect(checkInvariants(input(lower), engine: engine(lower), tolerance: 0, selection: ["placement"]).map(\.invariant) == ["placement"])
    }

    /// Found by the fuzzer (seed 7, case 153109): 16.00625 - 8.1 - 7.90625 leaves about 2e-15 pt for
    /// three columns, so every column origin is 8.1 within the tolerance and x cannot tell them
    /// apart. The second zero-height item goes to column 1 (tops 1, 0, 0) at y = 0; the checks
    /// must take x = 8.1 as column 1, not column 0 (whose top is 1).
    @Test func columnsNarrowerThanTheToleranceFollowTheRule() {
        let input = LayoutInput(layout: LayoutSettings(containerWidth: 16.00625, columnCount: 3, rowSpacing: 1,
                                                         sectionInset: LayoutInsets(left: 8.1, right: 7.90625)),
                                sections: [SectionInput(items: [.height(0), .height(0)], footer: HeaderFooter(height: 0))])
        #expect(checkInvariants(input, engine: ReferenceEngine()).isEmpty)
    }

    @Test func invalidInputMustGiveItsCode() {
        var input = Self.input
        input.sections[0].items[0] = .height(-1)
        #expect(checkInvariants(input, engine: ReferenceEngine()).isEmpty)
        let f = checkInvariants(input, engine: FixedEngine(Self.frames))
        #expect(f.map(\.invariant) == ["rejects-invalid"])
        #expect(f.first?.message.contains("invalidItemHeight") == true)
    }

    @Test func catalogueIdsAreStableAndUnique() {
        #expect(Invariants.all.map(\.id) == ["complete", "finite", "no-overlap", "column-alignment", "item-size", "within-bounds",
                                             "stacking", "placement", "supplementary", "content-size", "query", "deterministic",
                                             "lookup-consistency", "reprepare", "accepts-valid", "rejects-invalid", "prefix-stable"])
        #expect(throws: WaterfallCheckError.self) { try InvariantSet(ids: ["no-such"]) }
    }

    /// The golden runner's checker reports messages and passes the reference engine.
    @Test func invariantCheckerForTheGoldenRunner() throws {
        #expect(try InvariantChecker().violations(of: Self.input, engine: ReferenceEngine(), tolerance: 0.001).isEmpty)
        var r = Self.frames
        r.contentSize.height += 10
        #expect(try InvariantChecker(selection: ["content-size"]).violations(of: Self.input, engine: FixedEngine(r), tolerance: 0.001).count == 1)
    }
}

/// The sweep in `no-overlap` against the obvious O(n²) check, on seeded random frames.
@Suite("no-overlap sweep against brute force")
struct NoOverlapOracleTests {
    @Test func sweepAgreesWithBruteForce() {
        var rng = SplitMix64(seed: 77)
        func grid(_ n: UInt64) -> CGFloat { CGFloat(rng.next(upTo: n)) / 4 }
        var found = 0
        for _ in 0..<2_000 {
            let n = Int(rng.next(upTo: 12))
            let frames = (0..<n).map { _ in CGRect(x: grid(40), y: grid(40), width: grid(12), height: grid(12)) }
            let input = LayoutInput(layout: LayoutSettings(containerWidth: 100, columnCount: 1),
                                    sections: [SectionInput(items: Array(repeating: .height(1), count: n))])
            let engine = FixedEngine(LayoutResult(contentSize: CGSize(width: 100, height: 100), sections: [SectionFrames(items: frames)]))
            let tol: CGFloat = 0.001
            var brute = false
            for i in 0..<n { for j in (i + 1)..<max(n, i + 1) {
                let a = frames[i], b = frames[j]
                if min(a.maxX, b.maxX) - max(a.minX, b.minX) > tol && min(a.maxY, b.maxY) - max(a.minY, b.minY) > tol { brute = true }
            } }
            let sweep = !checkInvariants(input, engine: engine, tolerance: Tolerance(tol), selection: ["no-overlap"]).isEmpty
            #expect(sweep == brute, "\(frames)")
            if brute { found += 1 }
        }
        #expect(found > 100 && found < 1_900)  // both outcomes are exercised
    }
}
