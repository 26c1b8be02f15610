import Foundation
import Testing
import WaterfallCheck
import WaterfallCheckCore
@testable import WaterfallCheckClassics

/// Which invariant (DESIGN.md's catalogue, ``checkInvariants(_:engine:tolerance:selection:)``)
/// catches each documented quirk: the classic engine fails it on the quirk's input, the reference
/// engine passes it on the same input.
@Suite("classic quirks caught by invariants")
struct QuirkInvariantTests {
    struct Quirk: CustomTestStringConvertible, Sendable {
        var engine: EngineEntry
        var quirk: String
        var input: LayoutInput
        var invariant: String
        var testDescription: String { "\(engine.descriptor.name): \(quirk) → \(invariant)" }
    }

    static let e000 = BQWaterLayout.entry, e001 = ClassicWaterfallCollectionViewLayout.entry
    static let e002 = WaterFlowLayout.entry, e003 = CollecttionWaterViewLayout.entry, e004 = WaterfallFlowLayout.entry
    /// 3 columns 100 pt wide at x 10, 120, 230 (340 wide, insets and gaps 10), no row spacing.
    static func three(_ heights: [CGFloat], rowSpacing: CGFloat = 0) -> LayoutInput {
        heightsInput(width: 340, columns: 3, rowSpacing: rowSpacing, heights: heights)
    }
    /// One column 100 pt wide, no insets or gaps.
    static func one(_ heights: [CGFloat], columnSpacing: CGFloat = 0, rowSpacing: CGFloat = 0) -> LayoutInput {
        heightsInput(width: 100, columns: 1, columnSpacing: columnSpacing, rowSpacing: rowSpacing, inset: .zero, heights: heights)
    }
    static let noSections = LayoutInput(layout: three([]).layout, sections: [])
    /// An exact tie is a choice the tolerance cannot decide, so `placement` accepts either column
    /// (DESIGN.md); the hash order shows when 32-bit rounding ties two tops 0.5 pt apart. Items 1
    /// and 2 leave columns 1 and 2 at 10 + 16776990 = 16777000 and 10 + 16776990.5 = 16777000.5,
    /// both 16777000 as floats (ulp 1 below 2^24, ties to even); item 3 goes to column 2 (hash
    /// order) although column 1 is 0.5 pt lower.
    static let float32Tie = three([20_000_000, 16_776_990.5, 16_776_990, 1])

    static let quirks: [Quirk] = [
        Quirk(engine: e000, quirk: "hash-order tie (after float32 rounding)", input: float32Tie, invariant: "placement"),
        Quirk(engine: e000, quirk: "float32 column heights", input: one([100000.3, 1]), invariant: "stacking"),
        Quirk(engine: e000, quirk: "lookup places again", input: three(fourItems), invariant: "lookup-consistency"),
        Quirk(engine: e000, quirk: "duplicates on re-prepare", input: three(fourItems), invariant: "reprepare"),
        Quirk(engine: e000, quirk: "query returns everything", input: three(fourItems), invariant: "query"),
        Quirk(engine: e000, quirk: "trailing spacing", input: three([50], rowSpacing: 10), invariant: "content-size"),
        Quirk(engine: e000, quirk: "0 columns laid out", input: heightsInput(width: 340, columns: 0, heights: [50]), invariant: "rejects-invalid"),
        Quirk(engine: e000, quirk: "exception without section 0", input: noSections, invariant: "accepts-valid"),

        Quirk(engine: e001, quirk: "first row one margin low", input: one([50], rowSpacing: 10), invariant: "stacking"),
        Quirk(engine: e001, quirk: "content width 10", input: three([50]), invariant: "content-size"),
        Quirk(engine: e001, quirk: "lookup places again", input: three(fourItems), invariant: "lookup-consistency"),
        Quirk(engine: e001, quirk: "query returns everything", input: three(fourItems), invariant: "query"),
        Quirk(engine: e001, quirk: "no invalidation on a width change", input: three(fourItems), invariant: "reprepare"),
        Quirk(engine: e001, quirk: "NSRangeException on 0 columns", input: heightsInput(width: 340, columns: 0, heights: [50]), invariant: "rejects-invalid"),

        Quirk(engine: e002, quirk: "insets ignored", input: three([50]), invariant: "within-bounds"),
        Quirk(engine: e002, quirk: "sentinel pile-up", input: one([100001, 5, 5]), invariant: "no-overlap"),
        Quirk(engine: e002, quirk: "float32 column heights", input: one([70000.3, 1]), invariant: "stacking"),
        Quirk(engine: e002, quirk: "trailing spacing", input: one([50], rowSpacing: 10), invariant: "content-size"),
        Quirk(engine: e002, quirk: "no lookup", input: one([50, 30]), invariant: "lookup-consistency"),
        Quirk(engine: e002, quirk: "query returns everything", input: three(fourItems), invariant: "query"),
        Quirk(engine: e002, quirk: "no invalidation on a width change", input: one([50]), invariant: "reprepare"),
        Quirk(engine: e002, quirk: "NSRangeException on 0 columns", input: heightsInput(width: 340, columns: 0, heights: [50]), invariant: "rejects-invalid"),

        Quirk(engine: e003, quirk: "hash-order tie (after float32 rounding)", input: float32Tie, invariant: "placement"),
        Quirk(engine: e003, quirk: "float32 coordinates", input: one([100000.3]), invariant: "item-size"),
        Quirk(engine: e003, quirk: "first row one margin low", input: three([50], rowSpacing: 10), invariant: "stacking"),
        Quirk(engine: e003, quirk: "lookup places again", input: three(fourItems), invariant: "lookup-consistency"),
        Quirk(engine: e003, quirk: "query ignores x", input: three(fourItems), invariant: "query"),
        Quirk(engine: e003, quirk: "no invalidation on a width change", input: three(fourItems), invariant: "reprepare"),
        Quirk(engine: e003, quirk: "0 columns laid out (NaN x)", input: heightsInput(width: 340, columns: 0, heights: [50]), invariant: "rejects-invalid"),

        Quirk(engine: e004, quirk: "0 columns means 3", input: heightsInput(width: 340, columns: 0, heights: [50]), invariant: "rejects-invalid"),
        Quirk(engine: e004, quirk: "column gap between rows", input: one([50, 30], rowSpacing: 10), invariant: "stacking"),
        Quirk(engine: e004, quirk: "first row one gap low", input: one([50], columnSpacing: 10), invariant: "stacking"),
        Quirk(engine: e004, quirk: "lookup places again", input: three(fourItems), invariant: "lookup-consistency"),
        Quirk(engine: e004, quirk: "query returns everything", input: three(fourItems), invariant: "query"),
        Quirk(engine: e004, quirk: "invalidates on a scroll", input: three(fourItems), invariant: "reprepare"),
    ]

    @Test("the quirk's invariant fails for the classic engine and holds for the reference", arguments: quirks)
    func caught(_ q: Quirk) {
        let failures = checkInvariants(q.input, engine: q.engine.make(), selection: [q.invariant])
        #expect(failures.map(\.invariant) == [q.invariant])
        #expect(checkInvariants(q.input, engine: ReferenceEngine(), selection: [q.invariant]).isEmpty)
    }

    @Test("an exact hash-order tie fails `placement` at the default tolerance: exact tops are decided exactly")
    func exactTieDecided() throws {
        let r = try layOut(Self.e000, Self.three([50, 30]))
        #expect(r.sections[0].items[1].minX == 230)  // column 2, not the leftmost column 1
        let f = checkInvariants(Self.three([50, 30]), engine: Self.e000.make(), selection: ["placement"])
        #expect(f.map(\.message) == ["placement: item 0.1 [230, 10, 100, 30] went to column 2, but shortestFirst (tie tolerance 0, leftmost) picks column 1 of tops [60, 10, 10]"])
    }

    @Test("every classic engine passes what it gets right: determinism and prefix stability", arguments: ClassicEngines.all.map(\.descriptor.name))
    func holds(_ name: String) throws {
        let entry = try #require(ClassicEngines.entry(named: name))
        for invariant in ["deterministic", "prefix-stable", "complete"] {
            #expect(checkInvariants(Self.three(fourItems, rowSpacing: 10), engine: entry.make(), selection: [invariant]).isEmpty)
        }
    }
}
