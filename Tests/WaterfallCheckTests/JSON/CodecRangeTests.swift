import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// Range problems are never fixture errors (FIXTURE-FORMAT §6): they load, and the engine
/// reports the §6 code, so a fixture can expect them.
@Suite("Codec: range problems load and become layout errors")
struct CodecRangeTests {
    private func load(layout: String = #""containerWidth": 375, "columnCount": 3"#,
                      sections: String = #"[{ "items": [{ "height": 10 }] }]"#) throws -> Fixture {
        try FixtureReader.decode(Array(fixtureText(layout: layout, sections: sections).utf8), file: "t.json")
    }

    private func code(_ f: Fixture) -> LayoutError.Code? {
        do { _ = try ReferenceLayout.layout(f.input); return nil } catch { return error.code }
    }

    @Test("columnCount 0 loads; the engine says invalidColumnCount")
    func columnCountZero() throws {
        let f = try load(layout: #""containerWidth": 375, "columnCount": 0"#)
        #expect(f.input.layout.columnCount == 0)
        #expect(code(f) == .invalidColumnCount)
    }

    @Test("a negative height loads; the engine says invalidItemHeight")
    func negativeHeight() throws {
        let f = try load(sections: #"[{ "items": [{ "height": -5 }] }]"#)
        #expect(f.input.sections[0].items[0] == .height(-5))
        #expect(code(f) == .invalidItemHeight)
    }

    @Test("span 0, a negative width, a zero-width size and a negative tieTolerance all load")
    func otherRanges() throws {
        let span = try load(sections: #"[{ "items": [{ "height": 5, "span": 0 }] }]"#)
        #expect(code(span) == .invalidSpan)
        let width = try load(layout: #""containerWidth": -1, "columnCount": 3"#)
        #expect(code(width) == .invalidContainerWidth)
        let size = try load(sections: #"[{ "items": [{ "size": [0, 10] }] }]"#)
        #expect(code(size) == .invalidItemSize)
        let tie = try load(layout: #""containerWidth": 375, "columnCount": 3, "tieTolerance": -1"#)
        #expect(code(tie) == .invalidSpacing)
    }
}
