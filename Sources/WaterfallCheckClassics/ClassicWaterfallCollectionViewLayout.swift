import Foundation
import UIKit
import WaterfallCheckCore
import WaterfallCheckUIKit

/// Seed 001, `WaterfallCollectionViewLayout` (shared/seeds/001; renamed here: the plain name is
/// what any app might call its own layout). Engine `classic-001-waterfalllayout`.
///
/// The tutorial's constants (`rowMargin`, `columnMargin`, `insets`, `columns`) become properties set
/// from the input's `rowSpacing`, `columnSpacing`, `sectionInset` and `columnCount`; `totalWidth`,
/// set by the caller (`layout.totalWidth = 375;`), is the input's `containerWidth`. The tutorial's
/// random height (`CGFloat h = 50 + arc4random_uniform(150);`) becomes ``cellHeight``, the input's
/// height or its size scaled to the column width, read from `data.input` when asked (the tutorial
/// has no delegate; the collection view's counts come from the driver's data source). Ties go left (`if (minY > columnMaxY)`, strict).
/// Quirks kept, with the lines they come from:
/// - **One margin too low** (`stacking`, `content-size`): columns start at the top inset
///   (`[self.columnsMaxYarray addObject:@(insets.top)];`) and every item adds a margin
///   (`CGFloat y = minY + rowMargin;`), so the first row sits at `top + rowMargin`.
/// - **Content width 10** (`content-size`): `return CGSizeMake(10, maxY + insets.bottom);`.
/// - **Lookup places again** (`lookup-consistency`): `layoutAttributesForItemAtIndexPath:` picks a
///   column and stores `self.columnsMaxYarray[minColumn] = @(CGRectGetMaxY(attribute.frame));`.
/// - **Rect query returns everything** (`query`): `return self.cellAttrisArray;`.
/// - **No bounds-change invalidation** (`reprepare`): `shouldInvalidateLayoutForBoundsChange:` is
///   listed but not implemented, so UIKit's default answers NO even when the width changes.
/// - Invalid input (`rejects-invalid`): `columns` ≤ 0 leaves `columnsMaxYarray` empty and
///   `[self.columnsMaxYarray[0] doubleValue]` raises `NSRangeException` (in the content size, and
///   for the first item): a ``TutorialException``, raised through UIKit's hook (an engine fault).
///   Also UIKit's `NSInternalInconsistencyException` without a section 0, and `hang` beyond
///   ``ClassicEngines/maximumColumns`` columns.
///
/// Re-preparing is clean: `prepareLayout` empties both arrays first.
public final class ClassicWaterfallCollectionViewLayout: UICollectionViewLayout {
    /// 行距 (10 pt in the tutorial).
    public var rowMargin: CGFloat = 10
    /// 列距 (10 pt).
    public var columnMargin: CGFloat = 10
    /// `insets` (10 pt all round).
    public var insets = UIEdgeInsets(all: 10)
    /// 列数 (3).
    public var columns: Int = 3
    /// The total width, set by the caller rather than read from the view.
    public var totalWidth: CGFloat = 0
    /// The cell's height for a width, in pt: the tutorial's `50 + arc4random_uniform(150)`.
    public var cellHeight: (IndexPath, CGFloat) -> CGFloat = { _, _ in 50 }

    /// 每一列的最大Y值: each column's maxY (`NSNumber` doubles, read with `doubleValue`).
    private var columnsMaxYarray: [CGFloat] = []
    /// 存放所有cell的布局属性.
    private var cellAttrisArray: [UICollectionViewLayoutAttributes] = []

    /// `collectionViewContentSize`: the tallest column plus the bottom inset, 10 pt wide; raises
    /// `NSRangeException` (and answers `.zero`) with no columns. O(columns).
    public override var collectionViewContentSize: CGSize {
        guard !columnsMaxYarray.isEmpty else {
            TutorialException.emptyArray("CGFloat maxY = [self.columnsMaxYarray[0] doubleValue];").raise()
            return .zero
        }
        var maxY = columnsMaxYarray[0]
        for i in 0..<columnsMaxYarray.count where maxY < columnsMaxYarray[i] { maxY = columnsMaxYarray[i] }
        return CGSize(width: 10, height: maxY + insets.bottom)
    }

    /// `prepareLayout`: resets the columns to the top inset and lays out every item. O(items · columns).
    public override func prepare() {
        super.prepare()
        columnsMaxYarray.removeAll()
        guard admitColumns(columns, "for (int i = 0; i < columns; i++)") else { return }
        for _ in stride(from: 0, to: columns, by: 1) { columnsMaxYarray.append(insets.top) }
        cellAttrisArray.removeAll()
        let count = numberOfItemsInSection0()
        for i in 0..<count {
            guard let attributes = layoutAttributesForItem(at: Self.item(i)) else { return }  // it raised: no `addObject:`
            cellAttrisArray.append(attributes)
        }
    }

    /// `layoutAttributesForElementsInRect:`: every attribute, whatever `rect` is. O(1).
    public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { cellAttrisArray }

    /// `layoutAttributesForItemAtIndexPath:`: places the item in the shortest column (ties left),
    /// one margin below it, and advances that column, on every call; raises `NSRangeException`
    /// (and answers nil) with no columns. O(columns).
    public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        let attribute = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        let xMargin = insets.left + insets.right + (CGFloat(columns) - 1) * columnMargin
        let w = (totalWidth - xMargin) / CGFloat(columns)
        let h = cellHeight(indexPath, w)
        guard !columnsMaxYarray.isEmpty else {
            TutorialException.emptyArray("CGFloat minY = [self.columnsMaxYarray[0] doubleValue];").raise()
            return nil
        }
        var minY = columnsMaxYarray[0]
        var minColumn = 0
        for i in 0..<columnsMaxYarray.count {
            let columnMaxY = columnsMaxYarray[i]
            if minY > columnMaxY { minY = columnMaxY; minColumn = i }
        }
        let x = insets.left + CGFloat(minColumn) * (w + columnMargin)
        let y = minY + rowMargin
        attribute.frame = CGRect(x: x, y: y, width: w, height: h)
        columnsMaxYarray[minColumn] = attribute.frame.maxY  // CGRectGetMaxY
        return attribute
    }

    /// What the caller of the tutorial's layout does: the constants from the input, `totalWidth`
    /// (`layout.totalWidth = 375;`) its `containerWidth`, the heights from `data.input`.
    static func configure(_ data: CollectionViewData) -> UIKitLayoutEngine.Setup {
        let s = data.input.layout
        let layout = ClassicWaterfallCollectionViewLayout()
        layout.rowMargin = s.rowSpacing
        layout.columnMargin = s.columnSpacing
        layout.insets = UIEdgeInsets(s.sectionInset)
        layout.columns = s.columnCount
        layout.totalWidth = s.containerWidth
        layout.cellHeight = { indexPath, width in data.input.height(ofItemAt: indexPath, width: width) }
        return .init(layout: layout)
    }

    /// The engine `classic-001-waterfalllayout`.
    public static let entry = ClassicEngines.entry(
        name: "classic-001-waterfalllayout",
        summary: "seed 001 WaterfallCollectionViewLayout: content width 10, first row one margin low, lookup re-places",
        configure: { configure($0) }
    )
}
