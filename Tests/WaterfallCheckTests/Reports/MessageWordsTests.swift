import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckReports
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckCore
import WaterfallCheckTestSupport

/// Messages in the user's words (issue 15).
@Suite("Messages in the user's words")
struct MessageWordsTests {
    static let threeColumns = LayoutInput(layout: LayoutSettings(containerWidth: 390, columnCount: 3, columnSpacing: 9, rowSpacing: 9, sectionInset: LayoutInsets(all: 12)),
                                          sections: [SectionInput(items: [.height(100), .height(100), .height(100)])])

    @Test("a golden difference that changed column says which column it went to and which was expected")
    func goldenColumns() throws {
        // Columns of (390 - 24 - 18) / 3 = 116 at x = 12, 137, 262.
        let expected = try ReferenceLayout.layout(Self.threeColumns)
        var actual = expected
        actual.sections[0].items.swapAt(0, 2)
        let diff = LayoutDiff(expected: expected, actual: actual, tolerance: .default)
        let first = try #require(diff.first)
        #expect(first.sentence(input: Self.threeColumns) == "item 0.0 went to column 2, expected column 0: expected [12, 12, 116, 100] actual [262, 12, 116, 100]")
        #expect(first.sentence(input: Self.threeColumns, expectedName: "baseline", actualName: "candidate")
                == "item 0.0 went to column 2 in the candidate, column 0 in the baseline: baseline [12, 12, 116, 100] candidate [262, 12, 116, 100]")
        // A move within the column keeps the distance.
        var lower = expected
        lower.sections[0].items[0].origin.y += 8
        #expect(LayoutDiff(expected: expected, actual: lower, tolerance: .default).first?.sentence(input: Self.threeColumns)
                == "item 0.0 moved by 8 pt: expected [12, 12, 116, 100] actual [12, 20, 116, 100]")
    }

    @Test("the golden runner's message uses column words")
    func runnerColumns() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        var expected = try ReferenceLayout.layout(Self.threeColumns)
        expected.sections[0].items.swapAt(0, 2)
        try dir.write(Fixture(name: "swap", input: Self.threeColumns, expected: .layout(expected)), to: "swap.json")
        let report = GoldenRunner(engine: { ReferenceEngine() }, recordMode: .never, jobs: 1).run(paths: [dir.url])
        #expect(report.results.first?.message.hasPrefix("item 0.0 went to column 0, expected column 2: ") == true, "\(report.results.first?.message ?? "")")
    }

    @Test("numbers printed side by side show their difference: one rule everywhere")
    func distinctNumbers() {
        #expect(formatPair(405, 405.00000000000006) == ("405", "405.00000000000006"))
        #expect(formatPair(10.5, 12) == ("10.5", "12"))
        #expect(formatPair(CGRect(x: 0, y: 2, width: 320, height: 0), CGRect(x: 0, y: 2.0000000000000004, width: 320, height: 0))
                == ("[0, 2, 320, 0]", "[0, 2.0000000000000004, 320, 0]"))
        let e = LayoutDiff.Entry(subject: .contentSize, expected: .size(CGSize(width: 320, height: 4.333333333333333)),
                                 actual: .size(CGSize(width: 320, height: 4.333333333333334)))
        #expect(e.sides == ("[320, 4.333333333333333]", "[320, 4.333333333333334]"))
    }

    @Test("an engine fault is one block: the engine's stderr indented and quoted")
    func faultBlock() {
        let f = EngineFault(.crashed, engine: "exec:./e", "exited with status 3", stderr: "boom: too many items\nsecond line\n")
        #expect(f.description == "engine fault (crashed) in exec:./e: exited with status 3\n  the engine's stderr (last 32 bytes):\n    | boom: too many items\n    | second line")
        #expect(TextReport.printableBlock("ERROR x: \(f)").contains("\n        | second line"))
    }

    @Test("an invariant failure on a golden has its own annotation title and the element's line")
    func invariantAnnotation() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        try dir.write(Fixture(name: "bare", input: Self.threeColumns), to: "bare.json")
        let report = GoldenRunner(engine: { OverlappingEngine() }, recordMode: .never, jobs: 1, invariants: InvariantChecker()).run(paths: [dir.url])
        let r = try #require(report.results.first)
        #expect(r.status == .failed && r.differences.isEmpty && !r.failures.isEmpty)
        let position = try #require(r.position)
        #expect(position.line > 1)
        let line = GitHubAnnotations.render(report)
        #expect(line.contains("title=invariant broken (") && line.contains("line=\(position.line)"), "\(line)")
        #expect(!line.contains("golden mismatch"))
    }

    /// The reference engine with item 0.2 laid on item 0.0.
    final class OverlappingEngine: LayoutEngine {
        var descriptor: EngineDescriptor { EngineDescriptor(name: "overlapping", version: "1") }
        func layout(_ input: LayoutInput) throws -> LayoutResult {
            var r = try ReferenceLayout.layout(input)
            if r.sections.first?.items.count ?? 0 >= 3 { r.sections[0].items[2] = r.sections[0].items[0] }
            return r
        }
    }
}
