import Foundation
import UIKit
import WaterfallCheckCore
import WaterfallCheckUIKit

/// Seed 000, `BQWaterLayout` (shared/seeds/000): a `UICollectionViewLayout` subclass that keeps its
/// column heights in a string-keyed dictionary. Engine `classic-000-bqwaterlayout`.
///
/// Configured as the tutorial's app does: settings (`lineNumber`, `rowSpacing`, `lineSpacing`,
/// `sectionInset`) from the input's `columnCount`, `rowSpacing`, `columnSpacing` and
/// `sectionInset`; the height block (`computeIndexCellHeightWithWidthBlock:`) answers the item's
/// height, or its size scaled to the column width, from `data.input`; the collection view's counts
/// come from the driver's data source. Quirks kept, with the lines they come from:
/// - **Hash-order ties** (golden fixtures; `placement` once 32-bit rounding ties two tops, since an
///   exact tie is accepted either way): `[_dicOfheight enumerateKeysAndObjectsUsingBlock:^(...) {
///   if ([_dicOfheight[lineMinHeight] floatValue] > [obj floatValue]) { lineMinHeight = key; } }]`
///   (lines 83-87): a tie goes to column 0 when it is tied, else to the tied key the dictionary
///   yields first; ``StringKeyedColumns`` models that order as descending keys.
/// - **32-bit column heights** (`stacking`, `no-overlap`, `placement`, `content-size` at large heights): `[_dicOfheight[...]
///   floatValue]` (lines 84, 90, 91): every read rounds the stored double to a `float`, so `y`
///   loses precision beyond 2^24 / 2^k (0.0078 pt steps near 100,000 pt).
/// - **Lookup places again** (`lookup-consistency`): `layoutAttributesForItemAtIndexPath:` is the
///   placement step itself (lines 66-95); every call outside `prepareLayout` picks a column and
///   advances it (`_dicOfheight[lineMinHeight] = @(...)`, line 91).
/// - **Duplicates on re-prepare** (`reprepare`): `[_array addObject:...]` (line 45) with no
///   `removeAllObjects` anywhere: each `prepareLayout` appends a second copy of every attribute.
/// - **Rect query returns everything** (`query`): `return _array;` (line 100).
/// - **Trailing spacing in the content size** (`content-size`): the column height after an item is
///   `frame.size.height + self.rowSpacing + ...` (line 91), and the content height is
///   `[_dicOfheight[maxHeightline] floatValue] + self.sectionInset.bottom` (line 59).
/// - **No bounds-change invalidation** (`reprepare`): "在这里我们不需要用到1方法" (method 1,
///   `shouldInvalidateLayoutForBoundsChange:`, is not overridden): UIKit's default answers NO
///   even when the width changes.
/// - Invalid input laid out (`rejects-invalid`): `lineNumber` 0 divides by zero in floating point (`itemW` is ±inf or NaN, line 70)
///   and, with no keys, every lookup of `"0"` is a message to `nil` (0); nothing stops frames going out.
/// - Exceptions, raised through UIKit's hook (`_UIKitException`; the driver answers an engine
///   fault): UIKit's own `NSInternalInconsistencyException` without a section 0 (line 37); as
///   ``TutorialException``s, `NSAssert`'s `NSInternalInconsistencyException` when no block gives a
///   height (line 76, also for an item the app has no data for) and `hang` beyond
///   ``ClassicEngines/maximumColumns`` columns.
///
/// One section, no header or footer ("不能添加headview或footview").
public final class BQWaterLayout: UICollectionViewLayout {
    /// `HeightBlock`: the item's height for a width, in pt.
    public typealias HeightBlock = (IndexPath, CGFloat) -> CGFloat

    /// 列数: the number of columns (default 3).
    public var lineNumber: Int = 3
    /// 行间距: the vertical gap between items (default 10 pt).
    public var rowSpacing: CGFloat = 10
    /// 列间距: the gap between columns (default 10 pt).
    public var lineSpacing: CGFloat = 10
    /// 内边距 (default 10 pt all round).
    public var sectionInset = UIEdgeInsets(all: 10)

    /// `dicOfheight`: each column's height.
    private var dicOfheight = StringKeyedColumns()
    /// `array`: every attribute made by `prepare()`, never cleared.
    private var array: [UICollectionViewLayoutAttributes] = []
    /// 计算每个item高度的block，必须实现.
    private var block: HeightBlock?

    /// `computeIndexCellHeightWithWidthBlock:` (required).
    public func computeIndexCellHeight(withWidthBlock block: @escaping HeightBlock) { self.block = block }

    /// Lines 35-47. O(items · columns); appends to the attributes of earlier calls.
    public override func prepare() {
        super.prepare()
        let count = numberOfItemsInSection0()
        guard admitColumns(lineNumber, "for (NSInteger i = 0; i < self.lineNumber ; i++)") else { return }
        for i in stride(from: 0, to: lineNumber, by: 1) {
            dicOfheight.set(Double(sectionInset.top), forKey: i)
        }
        for i in 0..<count {
            guard let attributes = layoutAttributesForItem(at: Self.item(i)) else { return }  // it raised
            array.append(attributes)
        }
    }

    /// Lines 51-60: the tallest column (hash-order scan) plus the bottom inset. O(columns).
    public override var collectionViewContentSize: CGSize {
        let maxHeightline = dicOfheight.scan(replacing: <)
        return CGSize(width: viewWidth, height: CGFloat(dicOfheight.floatValue(maxHeightline)) + sectionInset.bottom)
    }

    /// Lines 66-95: places the item in the shortest column and advances that column, on every call.
    /// Raises `NSInternalInconsistencyException` (and answers nil) without a block, or for an item
    /// the app has no data for. O(columns).
    public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        let attr = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        let itemW = (viewWidth - (sectionInset.left + sectionInset.right) - (CGFloat(lineNumber) - 1) * lineSpacing) / CGFloat(lineNumber)
        guard let block, let cv = collectionView, indexPath.section >= 0, indexPath.section < cv.numberOfSections,
              indexPath.item >= 0, indexPath.item < cv.numberOfItems(inSection: indexPath.section) else {
            // `NSAssert(itemH != 0, ...)`; the app's block would fault on an unknown item too.
            TutorialException(name: "NSInternalInconsistencyException",
                              reason: "Please implement computeIndexCellHeightWithWidthBlock Method (no height for \(indexPath))").raise()
            return nil
        }
        let itemH = block(indexPath, itemW)
        let lineMinHeight = dicOfheight.scan(replacing: >)
        let line = lineMinHeight
        attr.frame = CGRect(x: sectionInset.left + CGFloat(line) * (itemW + lineSpacing),
                            y: CGFloat(dicOfheight.floatValue(lineMinHeight)),
                            width: itemW, height: itemH)
        dicOfheight.set(Double(itemH + rowSpacing + CGFloat(dicOfheight.floatValue(lineMinHeight))), forKey: lineMinHeight)
        return attr
    }

    /// Line 100: every attribute ever made, whatever `rect` is. O(1).
    public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { array }

    /// What the tutorial's view controller does: sets the properties and the height block, which
    /// reads the app's data (`data.input`) when called.
    static func configure(_ data: CollectionViewData) -> UIKitLayoutEngine.Setup {
        let s = data.input.layout
        let layout = BQWaterLayout()
        layout.lineNumber = s.columnCount
        layout.rowSpacing = s.rowSpacing
        layout.lineSpacing = s.columnSpacing
        layout.sectionInset = UIEdgeInsets(s.sectionInset)
        layout.computeIndexCellHeight { indexPath, width in data.input.height(ofItemAt: indexPath, width: width) }
        return .init(layout: layout)
    }

    /// The engine `classic-000-bqwaterlayout`.
    public static let entry = ClassicEngines.entry(
        name: "classic-000-bqwaterlayout",
        summary: "seed 000 BQWaterLayout: hash-order ties, float32 heights, lookup re-places, duplicates on re-prepare",
        configure: { configure($0) }
    )
}
