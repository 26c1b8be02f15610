import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckReports
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
@testable import WaterfallCheckTransport
import WaterfallCheckEngines
import WaterfallCheckTestSupport

/// `compare`: answers compared by FIXTURE-FORMAT §7, differences shrunk to a minimal input.
@Suite("Compare")
struct CompareTests {
    typealias S = ExternalTestSupport

    private func frames(_ rects: [CGRect], height: Double = 40) -> EngineAnswer {
        .layout(LayoutResult(contentSize: CGSize(width: 100, height: height), sections: [SectionFrames(items: rects)]))
    }
    private let a = CGRect(x: 0, y: 0, width: 50, height: 10), b = CGRect(x: 50, y: 0, width: 50, height: 20)

    @Test("§7: within tolerance is identical; a moved, missing or extra frame differs")
    func answers() throws {
        #expect(EngineComparison.compare(frames([a, b]), frames([a, b.offsetBy(dx: 0.0005, dy: 0)]), tolerance: 0.001).status == .passed)
        let moved = EngineComparison.compare(frames([a, b]), frames([a, b.offsetBy(dx: 0, dy: 3)]), tolerance: 0.001)
        #expect(moved.status == .failed)
        #expect(moved.diff?.largestDelta == 3)
        #expect(moved.diff?.differences.filter { $0.change == .moved }.map(\.element) == [.item(0, 1)])
        let missing = EngineComparison.compare(frames([a, b]), frames([a]), tolerance: 0.001)
        #expect(missing.status == .failed)
        #expect(missing.diff?.differences.map(\.element) == [.item(0, 1)])
        #expect(missing.diff?.differences.map(\.change) == [.missing])
    }

    @Test("errors: same code identical; another code or frames differ; unsupported skipped")
    func errors() {
        let span = EngineAnswer.error(LayoutError(.invalidSpan)), width = EngineAnswer.error(LayoutError(.invalidContainerWidth))
        #expect(EngineComparison.compare(span, span, tolerance: 0).status == .passed)
        #expect(EngineComparison.compare(span, width, tolerance: 0).status == .failed)
        #expect(EngineComparison.compare(span, frames([a]), tolerance: 0).status == .failed)
        #expect(EngineComparison.compare(frames([a]), span, tolerance: 0).status == .failed)
        #expect(EngineComparison.compare(frames([a]), .unsupported("no spans"), tolerance: 0).status == .skipped)
    }

    @Test("skipped cases: one line per reason, most frequent first; reasons that differ only in a length are one")
    func skippedLines() {
        var report = EngineComparison.Report(baseline: ReferenceEngine().descriptor, candidate: ReferenceEngine().descriptor)
        let long = { (n: String) in "chromium:grid-lanes holds lengths up to 33554428 pt; this layout needs \(n) pt" }
        report.skipped = [("a", long("41943040")), ("b", "classic-002-x does not declare span"), ("c", long("5e+07")),
                          ("d", "classic-002-x does not declare span"), ("e", long("41943040"))]
        report.cases = 5
        let lines = report.text().split(separator: "\n").map(String.init)
        let at = lines.firstIndex(of: "skipped: 5 cases")
        #expect(at != nil, "\(lines)")
        guard let at else { return }
        // The numbers the reasons share are kept, those that differ shown as their range (review
        // A16: "up to … pt; needs … pt" had lost them); the engine name's digits are kept.
        #expect(lines[at + 1] == "  3 × chromium:grid-lanes holds lengths up to 33554428 pt; this layout needs 41943040 to 5e+07 pt")
        #expect(lines[at + 2] == "  2 × classic-002-x does not declare span")
        #expect(TextReport.numbersElided("needs 1.5e+07 pt (12 items) in classic-002") == "needs … pt (… items) in classic-002")
        #expect(TextReport.numbersElided("reply:1:32: error: NaN (at $.items[0][12])") == "reply:…:…: error: NaN (at $.items[…][…])")
    }

    @Test("the shrinker reaches the minimum of a known predicate")
    func shrinker() {
        // "Some item is 30 pt or taller, in 3 or more columns". Section 1 goes; the block of items
        // 0-1 goes ([7, 64] holds), then item 0 ([64]); 64's simpler heights 0, 1, 10 fail and its
        // half, 32, holds; 32's (0, 1, 10, 16) all fail. Columns 5 → 1, 2 fail, 5 / 2 = 2 fails, 4
        // holds, then 4 → 3 holds. Tie tolerance and insets go back to 0.
        let input = LayoutInput(
            layout: LayoutSettings(containerWidth: 375, columnCount: 5, columnSpacing: 10, rowSpacing: 10,
                                     sectionInset: LayoutInsets(all: 10), tieTolerance: 4),
            sections: [SectionInput(items: [.height(12), .height(45), .height(7), .height(64)]),
                       SectionInput(header: HeaderFooter(height: 20), items: [.height(3)])])
        let minimal = InputShrinker().shrink(input) { i in
            i.layout.columnCount >= 3 && i.sections.contains { $0.items.contains { if case .height(let h) = $0.dimension { return h >= 30 } else { return false } } }
        }
        #expect(minimal.sections.count == 1)
        #expect(minimal.sections[0].items == [.height(32)])
        #expect(minimal.layout.columnCount == 3)
        #expect(minimal.layout.tieTolerance == 0)
        #expect(minimal.layout.sectionInset == .zero)
    }

    @Test("the shrinker takes any column count, Int.min and Int.max included (n - 1 trapped on Int.min)")
    func shrinkerExtremeColumnCounts() {
        for n in [Int.min, -1, 0, 1, 2, Int.max] {
            let input = LayoutInput(layout: LayoutSettings(containerWidth: 375, columnCount: n),
                                    sections: [SectionInput(items: [.height(12), .height(45)])])
            let counts = Set(InputShrinker.candidates(of: input).map(\.layout.columnCount))
            // Fewer columns are tried only from a valid count above 1, never an invalid one.
            #expect(counts.allSatisfy { $0 == n || (1..<n).contains($0) }, "\(n): \(counts)")
            // The difference that keeps every candidate: shrinking ends, the count unchanged below 2.
            let minimal = InputShrinker().shrink(input) { _ in true }
            #expect(n > 1 ? minimal.layout.columnCount == 1 : minimal.layout.columnCount == n)
        }
    }

    @Test("the span bug against the reference: one difference, whatever the cases")
    func spanBugIsOneDifference() throws {
        let comparison = EngineComparison(baseline: ReferenceEngine(), candidate: BrokenEngines.spanBug.make())
        let report = comparison.run(CaseGenerator(InputGenerator()).cases(seed: 1, count: 2_000, features: comparison.commonFeatures))
        #expect(report.differingCases > 1)
        #expect(report.differences.count == 1, "\(report.differences.map { "\($0.signature ?? "-"): \(CanonicalWriter.compactInput($0.minimal))" })")
        #expect(report.differences.first?.signature == "layout/layout spanning item moved top")
        // Two bugs stay two differences: ties sent right (an item's column) and trailing row
        // spacing in the content height (contentSize alone).
        let two = EngineComparison(baseline: ReferenceEngine(), candidate: MiniWaterfall([.tiesGoRight, .trailingSpacingInContentSize]))
        let both = two.run(CaseGenerator(InputGenerator()).cases(seed: 1, count: 2_000, features: two.commonFeatures))
        #expect(Set(both.differences.compactMap(\.signature)).isSuperset(of: ["layout/layout item moved column", "layout/layout contentSize moved"]),
                "\(both.differences.map(\.signature))")
    }

    @Test("an engine that breaks ties to the right: every difference shrinks to one minimal input")
    func tiesFake() throws {
        let candidate = try EngineRegistry.builtIn.resolve("exec:python3 '\(S.fakeEngine)' ties", options: .init(timeout: 10))
        let comparison = EngineComparison(baseline: ReferenceEngine(), candidate: candidate.make())
        // The fake declares no features: generated inputs are one section of plain heights. It does
        // not validate either, so only valid inputs are generated here.
        #expect(comparison.commonFeatures == [])
        let generator = CaseGenerator(InputGenerator(invalidRate: 0))
        let report = comparison.run(generator.cases(seed: 7, count: 60, features: comparison.commonFeatures))
        #expect(report.faults.isEmpty)
        #expect(report.verdict == .failed)
        let first = try #require(report.differences.first)
        // The smallest tie: two columns, one item. The reference puts it in column 0, the fake in
        // column 1, half the width to the right.
        #expect(first.minimal.sections.count == 1)
        #expect(first.minimal.sections[0].items.count == 1)
        #expect(first.minimal.layout.columnCount == 2)
        #expect(first.difference.largestDelta == first.minimal.layout.containerWidth / 2)
        #expect(report.text().contains("difference 1 of"))

        // --save: each minimal difference as a canonical fixture expecting the baseline's answer.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("compare-save-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let paths = try report.saveFixtures(in: dir)
        #expect(paths.count == report.differences.count)
        let saved = try FixtureReader.read(contentsOf: URL(fileURLWithPath: paths[0]))
        #expect(saved.input == first.minimal)
        #expect(saved.expected == .layout(try ReferenceEngine().layout(first.minimal)))
        // Saving again writes the same files, no duplicates.
        #expect(try report.saveFixtures(in: dir) == paths)
    }

    @Test("a candidate crashing on some cases: each fault is a difference, shrunk, listed first; exit status 1")
    func faultsAreFindings() throws {
        let candidate = try EngineRegistry.builtIn.resolve("exec:python3 '\(S.fakeEngine)' crash-odd", options: .init(timeout: 10))
        let comparison = EngineComparison(baseline: ReferenceEngine(), candidate: candidate.make())
        let cases = (0..<4).map { CompareCase(name: "case-\($0)", input: S.threeItems, origin: .generated(seed: 0, index: $0)) }
        let report = comparison.run(cases)
        // Requests 1 and 3 crash the fake; 2 and 4 go to restarted engines and match the reference.
        #expect(report.faultingCases == 2)
        #expect(report.identical == 2)
        #expect(report.faults.isEmpty)
        let first = try #require(report.differences.first)
        #expect(first.origin.name == "case-0")
        #expect(first.fault?.kind == .crashed)
        #expect(report.verdict == .failed)
        #expect(report.text().contains("fake: boom"))
    }

    @Test("a candidate that faults on every case: the comparison could not run, exit status 2, inputs kept")
    func faultsEverywhere() throws {
        let candidate = try EngineRegistry.builtIn.resolve("exec:python3 '\(S.fakeEngine)' crash", options: .init(timeout: 10))
        let comparison = EngineComparison(baseline: ReferenceEngine(), candidate: candidate.make())
        let cases = (0..<2).map { CompareCase(name: "case-\($0)", input: S.threeItems, origin: .generated(seed: 0, index: $0)) }
        let report = comparison.run(cases)
        #expect(report.faults.map(\.name) == ["case-0", "case-1"])
        #expect(report.faults.allSatisfy { $0.fault.kind == .crashed && $0.fault.stderr.contains("fake: boom") })
        #expect(report.differences.isEmpty)
        #expect(report.verdict == .error)
        // The faulting inputs are never dropped: --save writes them, expecting the baseline's answer.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("compare-faults-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let saved = try report.saveFixtures(in: dir).map { try FixtureReader.read(contentsOf: URL(fileURLWithPath: $0)) }
        #expect(saved.map(\.name) == ["compare-fault-case-0", "compare-fault-case-1"])
        #expect(saved.allSatisfy { $0.input == S.threeItems })
        #expect(saved.first?.expected == .layout(try ReferenceEngine().layout(S.threeItems)))
    }
    @Test("exec: waterfall-engine reference against the in-process reference: no difference")
    func selfComparison() throws {
        try #require(FileManager.default.isExecutableFile(atPath: S.engineExecutable),
                     "build it first: swift build (swift test builds every product)")
        let external = try EngineRegistry.builtIn.resolve("exec:'\(S.engineExecutable)' reference", options: .init(timeout: 5))
        let comparison = EngineComparison(baseline: ReferenceEngine(), candidate: external.make())
        let conformance = try CompareCase.fixtures(at: ["/work/shared/conformance"].filter { FileManager.default.fileExists(atPath: $0) }
                                                      + [S.packageRoot.appendingPathComponent("Fixtures").path].filter { FileManager.default.fileExists(atPath: $0) })
        let cases = conformance + CaseGenerator().cases(seed: 1, count: 300, features: .all)
        let report = comparison.run(cases)
        #expect(report.differences.isEmpty, "\(report.text())")
        #expect(report.faults.isEmpty)
        // Only inputs JSON cannot carry (NaN, infinity: some of the generator's invalid ones) are skipped.
        // The reason names the harness's refusal, not the engine (it said "reference does not support this input").
        #expect(report.skipped.allSatisfy { $0.reason.hasPrefix("not sent to reference: the input holds a NaN or infinite") }, "\(report.skipped)")
        #expect(report.identical + report.skipped.count == cases.count)
        #expect(report.identical > cases.count * 9 / 10)
    }
}
