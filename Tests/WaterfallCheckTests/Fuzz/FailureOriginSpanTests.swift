import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

/// A spanning item started at a column origin it does not fit at (the shortest single column
/// taken for its start, the span not clamped: it overflows the section's right inset) is a
/// wrong column choice, not a bug of the column geometry: its x is a column origin and its
/// width the span's. Keyed as `frame` it joined the group of a width bug of spanning items
/// (another bug: the span's width without its gaps), and one of the two was hidden.
@Suite("FailureOrigin: a spanning item's start column")
struct FailureOriginSpanTests {
    /// 3 columns of 10 pt, no spacing; items 20, 20, 10 tall fill the first row, so the third
    /// column is the shortest; then a span-2 item. §5 starts it at column 0 (tops 20, 20 for
    /// starts 0 and 1) at y = 20.
    static let input = LayoutInput(layout: LayoutSettings(containerWidth: 30, columnCount: 3),
                                   sections: [SectionInput(items: [.height(20), .height(20), .height(10), .height(5, span: 2)])])

    func origin(_ frame: CGRect) throws -> FailureOrigin? {
        var answer = try ReferenceLayout.layout(Self.input)
        answer.sections[0].items[3] = frame
        let context = CheckContext(input: Self.input, engine: FixedAnswerEngine(answer, conventions: .none), tolerance: .default, seed: 1)
        _ = context.check(.all)
        return context.origin
    }

    @Test("started at the last column's origin with the span's width: a column choice; with another width or x: the frame")
    func overflowingStart() throws {
        // x = 20 (column 2's origin, where a span of 2 does not fit), 20 wide (the span's), y = 10.
        #expect(try origin(CGRect(x: 20, y: 10, width: 20, height: 5)) == FailureOrigin(element: .spanningItem, departure: .column))
        // The rule's start column 0 but a width without... the gap is 0 here: 19 wide is a width bug.
        #expect(try origin(CGRect(x: 0, y: 20, width: 19, height: 5)) == FailureOrigin(element: .spanningItem, departure: .frame))
        // x off every column origin: the geometry.
        #expect(try origin(CGRect(x: 25, y: 10, width: 20, height: 5)) == FailureOrigin(element: .spanningItem, departure: .frame))
        // Column 1's origin (a start it fits at) with the span's width: a column choice, as before.
        #expect(try origin(CGRect(x: 10, y: 20, width: 20, height: 5)) == FailureOrigin(element: .spanningItem, departure: .column))
    }
}
