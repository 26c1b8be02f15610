import Foundation
import UIKit
import WaterfallCheckEngines
import WaterfallCheckTestSupport
import WaterfallCheckUIKit

/// A UIKit layout (the tests' `ColumnsLayout`: shortest column, a cache filled in `prepare()`)
/// called directly, as an app's collection view would (a `UICollectionView`, its layout pass, one
/// `layoutAttributesForElements(in:)` for everything), against the same layout through
/// `UIKitLayoutEngine` (the same calls plus the data model, the exception and crash recording, the
/// frames assembled into a `LayoutResult`). 3 columns, 375 pt wide, heights only; medians of
/// interleaved runs, one core. The ratio is the driver's cost.
func benchUIKit() throws {
    let widths = [10, 14, 14, 10]
    print(row(["items", "direct", "driver", "ratio"], widths: widths))
    for count in [1_000, 100_000] {
        let input = benchInput(items: count, columns: 3)
        let data = CollectionViewData(input)
        let source = InputCollectionViewSource(data)
        let engine = columnsEngine()
        var sink = 0
        let (times, ratios) = interleavedMedians(runs: count > 10_000 ? 5 : 21, [
            {
                let layout = ColumnsLayout()
                _ = try? configureColumns(layout, input)
                let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 812), collectionViewLayout: layout)
                cv.dataSource = source
                cv.delegate = source
                cv.layoutIfNeeded()
                sink &+= (layout.layoutAttributesForElements(in: UIKitLayoutEngine.everything) ?? []).count
            },
            { sink &+= (try? engine.layout(input))?.sections.count ?? 0 },
        ])
        print(row(["\(count)", String(format: "%.2f ms", times[0] * 1e3), String(format: "%.2f ms", times[1] * 1e3),
                   String(format: "%.2fx", ratios[1])], widths: widths))
        if sink == -1 { print(sink) }
    }
}
