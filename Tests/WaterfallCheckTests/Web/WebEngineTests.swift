import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckReports
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
@testable import WaterfallCheckTransport
import WaterfallCheckTestSupport

/// Where the web-engine tests find their inputs: Chromium (`scripts/bootstrap --web`) and
/// masonry.js 3.3.1 (`scripts/fetch-masonry`, or `$WATERFALL_MASONRY`). Without them the tests
/// are skipped, never failed; `.ci/run` installs both.
enum WebTestSupport {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..").standardized
    static let hasChromium = WebEngine.chromiumExecutable() != nil
    static var masonry: String? {
        let path = ProcessInfo.processInfo.environment["WATERFALL_MASONRY"]
            ?? root.appendingPathComponent(".build/web/masonry-3.3.1/masonry.pkgd.js").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }
    static let hasMasonry = hasChromium && masonry != nil
    static func fixtures(_ suite: String) -> URL { root.appendingPathComponent("Fixtures/\(suite)") }
}

/// The web engines in a real headless Chromium (docs/web-engines.md).
@Suite("Web engines", .serialized, .enabled(if: WebTestSupport.hasChromium, "no Chromium: scripts/bootstrap --web"))
struct WebEngineTests {
    static func gridLanes() throws -> WebEngine { try WebEngine(.init(kind: .gridLanes, timeout: 30)) }

    @Test("verify --engine chromium:grid-lanes Fixtures/grid-lanes: the afterPrevious cases pass, leftmost ones are skipped")
    func gridLanesFixtures() throws {
        let engine = try Self.gridLanes()
        let report = GoldenRunner(engine: { engine }, jobs: 1).run(paths: [WebTestSupport.fixtures("grid-lanes")])
        #expect(report.results.count == 9)
        #expect(report.results.filter { $0.status == .passed }.count == 4, Comment(rawValue: TextReport.render(report)))
        #expect(report.results.filter { $0.status == .skipped }.allSatisfy { $0.message.contains("afterPrevious") })
        #expect(report.succeeded)
    }

    @Test("the Fixtures/web cases reproduce: each engine's real output is the recorded one, with the recorded verdict")
    func recordedOutputs() throws {
        var engines: [String: LayoutEngine] = ["chromium:grid-lanes": try Self.gridLanes()]
        if let m = WebTestSupport.masonry { engines["chromium:masonry=PATH"] = try WebEngine(.init(kind: .masonry(path: m), timeout: 30)) }
        if let j = BrowserTestSupport.jqueryMasonry { engines["chromium:jquery-masonry=PATH"] = try WebEngine(.init(kind: .jqueryMasonry(path: j), timeout: 30)) }
        if BrowserTestSupport.hasFirefox { engines["firefox:masonry"] = try WebEngine(.init(kind: .cssMasonry, browser: .firefox, timeout: 30)) }
        var checked = 0
        for file in try FixtureFile.files(at: [WebTestSupport.fixtures("web").path]) {
            let fixture = try FixtureReader.read(contentsOf: file.url)
            guard let recorded = fixture.extensions?["recorded"], case .string(let spec)? = recorded["engine"],
                  let engine = engines[spec] else { continue }
            let output = try JSONDocument(parsing: Array(JSONWriter.text(recorded["output"]!).utf8), file: "output")
                .decode { try LayoutResult(json: $0) }
            let answer = engine.answer(fixture.input)
            #expect(answer.result == output, "\(file.path)")
            guard case .layout(let expected)? = fixture.expected, let actual = answer.result else { continue }
            let v = PlacementVerdict(input: fixture.input, expected: expected, actual: actual,
                                     quantum: engine.descriptor.limits.lengthQuantum, tolerance: .default)
            #expect(recorded["verdict"] == .string(v.kind.description), "\(file.path): \(v.summary)")
            checked += 1
        }
        // grid-lanes 1, masonry.js 6, jQuery Masonry 3, Gecko 1.
        #expect(checked == 1 + (WebTestSupport.masonry == nil ? 0 : 6) + (BrowserTestSupport.jqueryMasonry == nil ? 0 : 3)
                 + (BrowserTestSupport.hasFirefox ? 1 : 0))
    }

    @Test("reference against chromium:grid-lanes on 150 generated cases: no placement difference, drift counted as drift")
    func compareGenerated() throws {
        let comparison = EngineComparison(baseline: ReferenceEngine(), candidate: try Self.gridLanes())
        var comparisonFast = comparison
        comparisonFast.choiceShrinkSeconds = 1
        let cases = CaseGenerator().cases(seed: 7, count: 150, features: comparison.commonFeatures, limits: comparison.commonLimits)
        #expect(cases.allSatisfy { $0.input.layout.tieBreak == .afterPrevious })
        let report = comparisonFast.run(cases)
        let placement = report.differences.filter { f in f.verdict.map { $0.kind == .placement } ?? false }
        #expect(placement.isEmpty, Comment(rawValue: report.text()))
        #expect(report.differences.allSatisfy { $0.verdict != nil && $0.fault == nil })
        #expect(report.driftCases > 0 && report.largestDrift > 0)
        #expect(report.faultingCases == 0)
    }

    @Test("--scale 2: half the quantum and range, and the same frames for lengths on the grid")
    func scale() throws {
        let engine = try WebEngine(.init(kind: .gridLanes, scale: 2, timeout: 30))
        #expect(engine.descriptor.limits.lengthQuantum == 1.0 / 128 && engine.descriptor.limits.maxLength == 16_777_214)
        // 320 pt = 640 px, 3 columns, spacing 10 pt: tracks of 200 px = 100 pt at x 0, 110, 220 pt.
        let input = LayoutInput(layout: LayoutSettings(containerWidth: 320, columnCount: 3, columnSpacing: 10, rowSpacing: 10,
                                                       tieBreak: .afterPrevious),
                                sections: [SectionInput(items: [.height(50), .height(30.5), .height(20), .height(10)])])
        #expect(engine.answer(input).result == (try ReferenceLayout.layout(input)))
        engine.shutdown()
        #expect(throws: WaterfallCheckError.self) { try WebEngine(.init(kind: .gridLanes, scale: 3)) }
    }

    @Test("an invalid input gets its §6 code; a killed browser is a fault, and the next layout starts a new one")
    func faultsAndErrors() throws {
        let engine = try Self.gridLanes()
        let ok = LayoutInput(layout: LayoutSettings(containerWidth: 320, columnCount: 3, columnSpacing: 10, tieBreak: .afterPrevious),
                             sections: [SectionInput(items: [.height(50), .height(30)])])
        #expect(engine.answer(ok).result?.sections[0].items[1] == CGRect(x: 110, y: 0, width: 100, height: 30))
        var bad = ok
        bad.layout.columnCount = 0
        if case .error(let e) = engine.answer(bad) { #expect(e.code == .invalidColumnCount) } else { Issue.record("expected invalidColumnCount") }
        let pid = try #require(engine.browserProcessID)
        kill(-pid, SIGKILL)
        if case .fault = engine.answer(ok) {} else { Issue.record("expected a fault after the browser was killed") }
        #expect(engine.browserProcessID == nil)
        #expect(engine.answer(ok).result?.sections[0].items[1] == CGRect(x: 110, y: 0, width: 100, height: 30))
        #expect(engine.browserProcessID != nil && engine.browserProcessID != pid)
        engine.shutdown()
    }
}
