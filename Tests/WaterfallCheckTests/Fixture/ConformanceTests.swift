import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// The canonical conformance fixtures (Fixtures/conformance, a copy of the shared set whose
/// expected values were derived independently of any engine): the reference engine reproduces
/// every one exactly, bit for bit, not merely within the tolerance.
@Suite("Conformance fixtures")
struct ConformanceTests {
    @Test("the repository carries all 15 conformance fixtures")
    func present() throws {
        #expect(try conformanceFiles().count == 15)
    }

    @Test("the reference engine reproduces every conformance fixture exactly", arguments: try conformanceFiles())
    func reference(file: URL) throws {
        let fixture = try FixtureReader.read(contentsOf: file)
        let expected = try #require(fixture.expected, "\(file.lastPathComponent) has no expected")
        switch (expected, Result<LayoutResult, LayoutError> { () throws(LayoutError) in try ReferenceLayout.layout(fixture.input) }) {
        case let (.layout(e), .success(actual)):
            #expect(actual == e, "\(file.lastPathComponent)")
        case let (.error(code), .failure(error)):
            #expect(error.code == code, "\(file.lastPathComponent)")
        case let (e, a):
            Issue.record("\(file.lastPathComponent): expected \(e), got \(a)")
        }
    }
}
