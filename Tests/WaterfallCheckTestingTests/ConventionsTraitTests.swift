import Foundation
import Testing
import WaterfallCheckTesting

/// `.waterfallCheck(conventions:)` / `withWaterfallCheck(conventions:)`: an engine judged with the
/// conventions a user declares for it, as `--conventions FILE` does (issues 32 and 36).
@Suite("Conventions from the trait")
struct ConventionsTraitTests {
    /// Floors every column width to whole points, as sgr-ksmt's and Blueprints' layouts do
    /// (real-layouts.md), and declares nothing: §5's frames otherwise (one section, no insets).
    final class FlooringEngine: LayoutEngine {
        var descriptor: EngineDescriptor { EngineDescriptor(name: "flooring", version: "1") }
        func layout(_ input: LayoutInput) throws -> LayoutResult {
            var r = try ReferenceLayout.layout(input)
            let s = input.layout
            let exact = (s.containerWidth - s.columnSpacing * CGFloat(s.columnCount - 1)) / CGFloat(s.columnCount)
            let floored = exact.rounded(.down)
            for i in r.sections.indices {
                for k in r.sections[i].items.indices {
                    let column = (r.sections[i].items[k].minX / (exact + s.columnSpacing)).rounded()
                    r.sections[i].items[k].origin.x = column * (floored + s.columnSpacing)
                    r.sections[i].items[k].size.width = floored
                }
            }
            return r
        }
    }

    /// Three 33.33-pt columns in 100 pt, items 10, 20 and 30 pt tall, by hand (§5): one per
    /// column at y 0; x = k · 100/3; content 100 × 30.
    static func fixture(in dir: URL) throws {
        let w = 100.0 / 3
        let frames = (0..<3).map { CGRect(x: CGFloat($0) * w, y: 0, width: w, height: CGFloat(10 * ($0 + 1))) }
        let fixture = Fixture(name: "thirds", input: LayoutInput(layout: LayoutSettings(containerWidth: 100, columnCount: 3),
                                                                  sections: [SectionInput(items: [.height(10), .height(20), .height(30)])]),
                              expected: .layout(LayoutResult(contentSize: CGSize(width: 100, height: 30), sections: [SectionFrames(items: frames)])))
        try CanonicalWriter.string(for: fixture).write(to: dir.appendingPathComponent("thirds.json"), atomically: true, encoding: .utf8)
    }

    @Test("floored column widths fail plain §5 and pass once withWaterfallCheck declares the convention (engines made on worker threads see it); a real bug still fails")
    func floorConvention() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("conventions-trait-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.fixture(in: dir)
        let plain = try withWaterfallCheck(record: .never, ci: false) { try verifyGoldens(engine: { FlooringEngine() }, fixtures: [dir.path]) }
        #expect(plain.failed == 1)
        let floors = EngineConventions(columnWidthRounding: LengthRounding(.down))
        let declared = try withWaterfallCheck(record: .never, ci: false, conventions: floors) {
            try verifyGoldens(engine: { FlooringEngine() }, fixtures: [dir.path])
        }
        #expect(declared.passed == 1 && declared.failed == 0, "\(declared.results.map(\.message))")
        // The convention forgives flooring, not a frame moved 5 pt down.
        final class Shifted: LayoutEngine {
            var descriptor: EngineDescriptor { EngineDescriptor(name: "shifted", version: "1") }
            func layout(_ input: LayoutInput) throws -> LayoutResult {
                var r = try FlooringEngine().layout(input)
                r.sections[0].items[1].origin.y += 5
                return r
            }
        }
        let bug = try withWaterfallCheck(record: .never, ci: false, conventions: floors) {
            try verifyGoldens(engine: { Shifted() }, fixtures: [dir.path])
        }
        #expect(bug.failed == 1)
    }
}
