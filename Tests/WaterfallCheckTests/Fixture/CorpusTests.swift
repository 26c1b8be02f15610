import Foundation
import Testing
import WaterfallCheckCore
import WaterfallCheck
import WaterfallCheckReports
import WaterfallCheckTestSupport

/// The project's golden corpus (docs/fixtures.md). The hand-derived suites' expected values were
/// worked out by hand from FIXTURE-FORMAT §5-6 (the arithmetic is in each file's `description`),
/// so the reference engine passing them checks the engine against the spec, not against itself.
@Suite("Fixtures corpus")
struct CorpusTests {
    static let root = ExternalTestSupport.packageRoot
        .appendingPathComponent("Fixtures")
    /// Suites whose every fixture has a hand-derived `expected`.
    static let handDerived = ["seeds", "edge", "reports", "grid-lanes", "web", "wpt"]

    static func files(_ suite: String) throws -> [URL] {
        try FixtureFile.files(at: [root.appendingPathComponent(suite).path]).map(\.url)
    }

    @Test("the hand-derived suites pass on the reference engine", arguments: handDerived)
    func referencePasses(_ suite: String) throws {
        let report = GoldenRunner(engine: { ReferenceEngine() }, jobs: 1)
            .run(paths: [Self.root.appendingPathComponent(suite)])
        let (passed, total, succeeded) = (report.passed, try Self.files(suite).count, report.succeeded)
        #expect(passed == total)
        #expect(succeeded, Comment(rawValue: TextReport.render(report)))
    }

    @Test("every file is canonical and named after its file, with a description and a source",
          arguments: handDerived + ["photos"])
    func wellFormed(_ suite: String) throws {
        let files = try Self.files(suite)
        #expect(!files.isEmpty)
        for url in files {
            let fixture = try FixtureReader.read(contentsOf: url)
            #expect(fixture.name == url.deletingPathExtension().lastPathComponent, "\(url.path)")
            #expect(fixture.description?.isEmpty == false, "\(url.path)")
            #expect(fixture.source?.isEmpty == false, "\(url.path)")
            #expect(try FixtureFormatter.format(url, write: false) == false, "\(url.path) is not canonical")
            if Self.handDerived.contains(suite) { #expect(fixture.expected != nil, "\(url.path)") }
        }
    }

    @Test("the edge suite has a case for every section 6 code")
    func everyErrorCode() throws {
        var codes = Set<LayoutError.Code>()
        for url in try Self.files("edge") {
            if case .error(let code)? = try FixtureReader.read(contentsOf: url).expected { codes.insert(code) }
        }
        #expect(codes == Set(LayoutError.Code.allCases.filter { $0 != .unsupported }))
    }
}
