import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckReports
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// `compare --engines`: the cross-engine matrix (docs/web-engines.md).
@Suite("Cross-engine matrix")
struct EngineMatrixTests {
    /// Two columns, heights 10, 10, 5: the third item ties (tops 10, 10); leftmost puts it in
    /// column 0, §5 by hand: [0, 10, 100, 5]. An engine whose ties go right puts items 0 and 2 in
    /// column 1 (both tied) and item 1 in column 0.
    static let tie = CompareCase(name: "tie", input: LayoutInput(
        layout: LayoutSettings(containerWidth: 200, columnCount: 2, columnSpacing: 0, rowSpacing: 0),
        sections: [SectionInput(items: [.height(10), .height(10), .height(5)])]), origin: .generated(seed: 0, index: 0))

    @Test("per difference, which engines agree with §5 and which agree with each other; engines that cannot express a case are skipped")
    func groups() throws {
        let matrix = EngineMatrix(engines: [ReferenceEngine(), MiniWaterfall(.tiesGoRight), MiniWaterfall(), MiniWaterfall(.tiesGoRight)])
        let report = matrix.run([Self.tie])
        let row = try #require(report.rows.first)
        #expect(row.differs)
        #expect(row.groups == [[0, 2], [1, 3]])
        if case .departs(let kind, _, let columns) = row.outcomes[1] { #expect(kind == .placement && columns == [[1, 0, 1]]) } else {
            Issue.record("expected the ties-go-right engine to depart: \(row.outcomes[1])")
        }
        #expect(report.agreeing == [1, 0, 1, 0] && report.departing == [0, 1, 0, 1])
        #expect(report.differences.count == 1)
        let text = report.text()
        #expect(text.contains("agree with §5: reference") && text.contains("agree with each other, not §5: mini-"))
        #expect(report.html().contains("<svg") && report.json().contains("\"groups\":[[0,2],[1,3]]"))
    }

    @Test("an engine that does not declare what a case uses is skipped for it, not judged")
    func skipped() throws {
        var input = Self.tie
        input.input.layout.tieBreak = .afterPrevious
        let leftmostOnly = ReferenceEngine()
        let report = EngineMatrix(engines: [ReferenceEngine(), RestrictedEngine(leftmostOnly)]).run([input])
        #expect(report.skipped == [0, 1] && report.judged == [1, 0])
        #expect(!report.rows[0].differs)
    }
}

/// The reference engine declaring the leftmost tie break only.
private final class RestrictedEngine: LayoutEngine {
    let inner: LayoutEngine
    let descriptor: EngineDescriptor
    init(_ inner: LayoutEngine) {
        self.inner = inner
        var d = inner.descriptor
        d.limits.tieBreaks = [.leftmost]
        descriptor = d
    }
    func layout(_ input: LayoutInput) throws -> LayoutResult { try inner.layout(input) }
}
