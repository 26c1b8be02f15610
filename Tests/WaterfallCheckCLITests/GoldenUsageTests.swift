import Foundation
import Testing
import WaterfallCheck   // not @testable: only what a user's test target can see
import WaterfallCheckReports  // WaterfallCheckTesting re-exports it
import WaterfallCheckTestSupport

/// The runner used the way a package's own test target would: a golden test of its engine.
@Suite("Golden runner from a user's test target")
struct GoldenUsageTests {
    /// A user's engine: the reference engine, wrapped, with an optional deliberate bug.
    final class MyEngine: LayoutEngine {
        let offByOne: Bool
        let inner = ReferenceEngine()
        init(offByOne: Bool) { self.offByOne = offByOne }
        var descriptor: EngineDescriptor { EngineDescriptor(name: "mine", version: "2.0") }
        func layout(_ input: LayoutInput) throws -> LayoutResult {
            var r = try inner.layout(input)
            if offByOne, !r.sections.isEmpty, !r.sections[0].items.isEmpty { r.sections[0].items[0].origin.x += 1 }
            return r
        }
    }

    /// A fixture folder like a package's own `Fixtures/`, in a temporary directory.
    func fixtures() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("golden-usage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        // Hand-derived (FIXTURE-FORMAT §1's worked example, abridged to its first two items).
        let fixture = Fixture(
            name: "two-items",
            input: LayoutInput(layout: LayoutSettings(containerWidth: 375, columnCount: 3, columnSpacing: 10, rowSpacing: 10,
                                                        sectionInset: LayoutInsets(all: 10)),
                               sections: [SectionInput(items: [.height(120), .size(width: 640, height: 480)])]),
            // w = (375 - 20 - 20) / 3 = 335 / 3; item 0 in column 0 at y 10 (inset); item 1 in
            // column 1 at x = 10 + w + 10, height 480 * w / 640 = 83.75. Content height: the
            // lowest item's maxY 10 + 120, plus the bottom inset 10 = 140.
            expected: .layout(LayoutResult(contentSize: CGSize(width: 375, height: 140), sections: [SectionFrames(items: [
                CGRect(x: 10, y: 10, width: 335.0 / 3, height: 120),
                CGRect(x: 10 + 335.0 / 3 + 10, y: 10, width: 335.0 / 3, height: 83.75),
            ])])))
        try Data(CanonicalWriter.string(for: fixture).utf8).write(to: dir.appendingPathComponent("two-items.json"))
        return dir
    }

    @Test("a correct engine passes its goldens")
    func passes() throws {
        let dir = try fixtures(); defer { try? FileManager.default.removeItem(at: dir) }
        let report = GoldenRunner(engine: { MyEngine(offByOne: false) }, recordMode: .never, jobs: 2).run(paths: [dir])
        #expect(report.succeeded, "\(TextReport.render(report))")
        #expect(report.passed == 1)
    }

    @Test("a regression fails, and the report says which frame moved and by how much")
    func fails() throws {
        let dir = try fixtures(); defer { try? FileManager.default.removeItem(at: dir) }
        let report = GoldenRunner(engine: { MyEngine(offByOne: true) }, recordMode: .never, jobs: 2).run(paths: [dir])
        #expect(!report.succeeded)
        #expect(report.results.first?.message == "item 0.0 moved by 1 pt: expected [10, 10, 111.67, 120] actual [11, 10, 111.67, 120]")
        #expect(TextReport.render(report).contains("1 fixture: 0 passed, 1 failed, 0 errors, 0 skipped"))
    }
}
