import Foundation
import Testing
import UIKit
import WaterfallCheckCore
@testable import WaterfallCheckUIKit
@testable import WaterfallCheckClassics

/// A one-section input of `height` items.
func heightsInput(width: CGFloat, columns: Int, columnSpacing: CGFloat = 10, rowSpacing: CGFloat = 10,
                  inset: LayoutInsets = LayoutInsets(all: 10), heights: [CGFloat]) -> LayoutInput {
    LayoutInput(layout: LayoutSettings(containerWidth: width, columnCount: columns, columnSpacing: columnSpacing,
                                         rowSpacing: rowSpacing, sectionInset: inset),
                sections: [SectionInput(items: heights.map { LayoutItem.height($0) })])
}

/// The four-item example most tests use: 3 columns 100 pt wide when the width is 340 and the
/// insets and gaps are 10 (`(340 - 10 - 10 - 2 * 10) / 3 = 100`; columns at x = 10, 120, 230).
let fourItems: [CGFloat] = [50, 30, 40, 20]

/// Lays `input` out with a fresh engine of `entry`.
func layOut(_ entry: EngineEntry, _ input: LayoutInput) throws -> LayoutResult {
    try entry.make().layout(input)
}

/// A port's layout object as the UIKit driver holds it after the first layout pass: attached to
/// a collection view for the input, with the data source and delegates kept alive by `session`.
struct Prepared<Layout: UICollectionViewLayout> {
    let session: UIKitLayoutEngine.Session
    let layout: Layout

    /// Calls into the layout as the driver does: a UIKit or tutorial exception raised meanwhile
    /// is thrown as the engine fault (instead of ending the process).
    func run<R>(_ body: (Layout) -> R) throws -> R { try session.run { body(layout) } }
}

/// The prepared layout object of `entry` for `input`, through the UIKit driver.
func prepared<T: UICollectionViewLayout>(_ entry: EngineEntry, _ input: LayoutInput, as: T.Type = T.self) throws -> Prepared<T> {
    let engine = try #require(entry.make() as? UIKitLayoutEngine)
    let session = try #require(try engine.makePreparedLayout(for: input) as? UIKitLayoutEngine.Session)
    return Prepared(session: session, layout: try #require(session.layout as? T))
}

/// `[x, y, width, height]` of each frame, for comparing with hand-derived values.
func rects(_ r: LayoutResult) -> [[CGFloat]] {
    r.sections.flatMap(\.items).map { [$0.origin.x, $0.origin.y, $0.size.width, $0.size.height] }
}

/// The name of the exception `body` stops at: the driver answers an exception the port raised
/// (a ``TutorialException``, or UIKit's own) as an engine fault of kind `threw` whose message is
/// `*** Terminating app due to uncaught exception 'NAME', reason: '...'`; `nil` when nothing is thrown.
func exceptionName(_ body: () throws -> Void) -> String? {
    do { try body() } catch let f as EngineFault {
        guard f.kind == .threw, let start = f.message.range(of: "uncaught exception '"),
              let end = f.message[start.upperBound...].firstIndex(of: "'") else { return "other fault: \(f)" }
        return String(f.message[start.upperBound..<end])
    } catch { return "other: \(error)" }
    return nil
}
