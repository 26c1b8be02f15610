import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// What an engine declares decides what it is asked (FIXTURE-FORMAT §9), in process too.
@Suite("Declared features and missing frames")
struct GoldenFeatureTests {
    /// A UIKit layout (the reference's frames, through the UIKit driver) that declares only
    /// `size`, as a tutorial port would.
    static func sizeOnly() -> LayoutEngine {
        BrokenCollectionViewLayout.engine(.none, name: "size-only", version: "1", features: [.size])
    }

    @Test("a fixture using an undeclared feature is skipped, never run and never failed")
    func undeclaredSkipped() {
        var fixture = TwoColumns.fixture("with-header")
        fixture.input.sections[0].header = HeaderFooter(height: 10)
        let verdict = GoldenRunner(engine: { Self.sizeOnly() }).judge(fixture, engine: Self.sizeOnly())
        #expect(verdict.status == .skipped)
        #expect(verdict.message.contains("supplementary"))
        // Within its features, the same engine is judged as usual (TwoColumns is hand-derived).
        #expect(GoldenRunner(engine: { Self.sizeOnly() }).judge(TwoColumns.fixture("plain"), engine: Self.sizeOnly()).status == .passed)
    }

    @Test("the UIKit driver answers unsupported for an undeclared feature without preparing")
    func adapterGate() {
        var input = TwoColumns.input
        input.layout.placement = .leftToRight
        guard case .unsupported(let reason) = Self.sizeOnly().answer(input) else { Issue.record("expected unsupported"); return }
        #expect(reason.contains("roundRobin"))
    }

    @Test("an item a UIKit layout gave no attributes is reported missing, not moved by inf")
    func nullIsMissing() {
        var actual = TwoColumns.result
        actual.sections[0].items[1] = .null
        let d = LayoutDiff(expected: TwoColumns.result, actual: actual, tolerance: 0.001).differences
        #expect(d.count == 1)
        #expect(d.first?.actual == nil)
        #expect(d.first?.sentence.contains("inf") == false)
    }
}
