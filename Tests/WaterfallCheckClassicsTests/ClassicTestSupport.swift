import Foundation
import Testing
import WaterfallCheckCore
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

/// A fresh engine of `entry` as the UIKit-shaped adapter.
func adapter(_ entry: EngineEntry) -> CollectionViewLayoutEngine {
    entry.make() as! CollectionViewLayoutEngine
}

/// The prepared layout object of `entry` for `input`, as `T`.
func prepared<T: CollectionViewLayout>(_ entry: EngineEntry, _ input: LayoutInput, as: T.Type = T.self) throws -> T {
    try adapter(entry).makePreparedCollectionViewLayout(for: input) as! T
}

/// `[x, y, width, height]` of each frame, for comparing with hand-derived values.
func rects(_ r: LayoutResult) -> [[CGFloat]] {
    r.sections.flatMap(\.items).map { [$0.origin.x, $0.origin.y, $0.size.width, $0.size.height] }
}

/// The name of the ``TutorialException`` `body` throws, or `nil`.
func exceptionName(_ body: () throws -> Void) -> String? {
    do { try body() } catch let e as TutorialException { return e.name } catch { return "other: \(error)" }
    return nil
}
