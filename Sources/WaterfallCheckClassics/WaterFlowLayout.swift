import Foundation
import WaterfallCheckCore

/// `WaterFlowLayoutDelegate` (seed 002): the image size and the section's spacings.
public protocol WaterFlowLayoutDelegate: AnyObject {
    /// 資料中原始圖片大小: the item's natural size. `width` is the column width, for items that have
    /// no natural size (the port's one addition: a `height` item answers `width × height`).
    func sizeForItem(at indexPath: IndexPath, width: CGFloat) -> CGSize
    /// 分區間隔: the section inset (declared by the tutorial, never asked for).
    func insetForSection(at section: Int) -> LayoutInsets
    /// The vertical gap between items.
    func minimumLineSpacingForSection(at section: Int) -> CGFloat
    /// The gap between columns.
    func minimumInteritemSpacingForSection(at section: Int) -> CGFloat
}

/// Seed 002, `WaterFlowLayout` (shared/seeds/002): column heights in an `NSMutableArray` of
/// `NSNumber`s, a 100000 sentinel in the minimum search. Engine `classic-002-waterflowlayout`.
///
/// `numberOfColumn` (an `NSUInteger`) is the input's `columnCount` (a negative count wraps, as
/// assigning an `NSInteger` to it does); the delegate answers the input's `columnSpacing`,
/// `rowSpacing`, `sectionInset` and item sizes. Ties go left (`if (height == [self minHeight])`,
/// first match). Quirks kept, with the lines they come from:
/// - **Insets ignored** (`within-bounds`, `column-alignment`, `stacking`, `content-size`): the delegate's
///   `insetForSectionAtIndex:` is never called; columns start at `CGFloat x = 0; CGFloat y = 0;`,
///   `x = (spaceWidth + width) * minHeightIndex;` and
///   `CGFloat width = (totalWidth - spaceWidth * numberOfSpace) / self.numberOfColumn;`.
/// - **The 100000 sentinel** (`no-overlap`, `stacking`, `placement`): `CGFloat min = 100000;` in
///   `minHeight`: once every column is taller, the minimum is 100000, `indexOfMinHeight` finds no
///   column equal to it and returns 0, and every later item goes to column 0 at `y = [self minHeight];`
///   = 100000, on top of one another.
/// - **32-bit column heights** (`stacking`): `[NSNumber numberWithFloat:minHeight + lineHeight + height]`
///   and `[height floatValue]`: 0.0078 pt steps near 100,000 pt.
/// - **Trailing spacing, no bottom inset** (`content-size`): each column height is
///   `minHeight + lineHeight + height`, and the content height is `[self maxHeight]`.
/// - **No lookup** (`lookup-consistency`): `layoutAttributesForItemAtIndexPath:` is not overridden,
///   so UIKit's default answers nil.
/// - **Rect query returns everything** (`query`): `return _attributesArray;`.
/// - **No bounds-change invalidation** (`reprepare`): `shouldInvalidateLayoutForBoundsChange:` is not
///   overridden (UIKit's default: NO).
/// - **Quadratic scan** (speed only): `indexOfMinHeight` calls `minHeight` for every column, O(n²) per
///   item in the column count. The port computes it once per scan: the array does not change
///   during the scan, so the answer is the same.
/// - Invalid input (`rejects-invalid`): `numberOfColumn` 0 makes `numberOfSpace` wrap to 2^64 - 1 and the width
///   -inf or NaN, then `_columnHeightsArray[minHeightIndex]` raises `NSRangeException` on the empty
///   array (a ``TutorialException``); a zero image width gives an infinite or NaN height.
public final class WaterFlowLayout: ClassicCollectionViewLayout {
    /// 瀑布流一共多少列.
    public var numberOfColumn: UInt = 0
    /// `assign` in the tutorial; held strongly here, as nothing else owns the port's delegate.
    public var delegate: WaterFlowLayoutDelegate?

    /// 存放每一列的高度: `NSNumber`s (`@0.0`, then `numberWithFloat:`), read with `floatValue`.
    private var columnHeightsArray: [Double] = []
    /// 存放每一個item的屬性.
    private var attributesArray: [LayoutAttributes] = []

    public override init() {}

    /// `minHeight`: the least column height, but never more than the 100000 sentinel. O(columns).
    func minHeight() -> CGFloat {
        var min: CGFloat = 100000
        for height in columnHeightsArray {
            let h = CGFloat(Float(height))
            if min > h { min = h }
        }
        return min
    }

    /// `maxHeight`: the greatest column height, at least 0. O(columns).
    func maxHeight() -> CGFloat {
        var max: CGFloat = 0
        for height in columnHeightsArray {
            let h = CGFloat(Float(height))
            if max < h { max = h }
        }
        return max
    }

    /// `indexOfMinHeight`: the first column equal to `minHeight`, else 0. O(columns).
    func indexOfMinHeight() -> Int {
        let min = minHeight()  // the tutorial calls [self minHeight] for every i; same answer
        for i in 0..<columnHeightsArray.count where CGFloat(Float(columnHeightsArray[i])) == min {
            return i
        }
        return 0
    }

    /// `prepareLayout`: lays out every item, placing item i where the scan after item i - 1 said.
    /// O(items · columns).
    public override func prepare() {
        super.prepare()
        attributesArray = []
        columnHeightsArray = []
        guard admitColumns(numberOfColumn, "for (int i = 0; i < self.numberOfColumn; i ++)") else { return }
        columnHeightsArray = Array(repeating: 0.0, count: Int(numberOfColumn))
        let totalWidth = viewWidth
        var x: CGFloat = 0
        var y: CGFloat = 0
        let itemCount = numberOfItemsInSection0()
        guard let delegate else { return }  // messages to a nil delegate answer 0: never in the port
        for i in 0..<itemCount {
            let numberOfSpace = numberOfColumn &- 1
            let spaceWidth = delegate.minimumInteritemSpacingForSection(at: 0)
            let width = (totalWidth - spaceWidth * CGFloat(numberOfSpace)) / CGFloat(numberOfColumn)
            let indexPath = Self.item(i)
            let imageSize = delegate.sizeForItem(at: indexPath, width: width)
            let height = width * imageSize.height / imageSize.width
            let attribute = LayoutAttributes(forCellWith: indexPath)
            attribute.frame = CGRect(x: x, y: y, width: width, height: height)
            attributesArray.append(attribute)
            var minHeightIndex = indexOfMinHeight()
            guard minHeightIndex < columnHeightsArray.count else {
                raise(.emptyArray("CGFloat minHeight = [_columnHeightsArray[minHeightIndex] floatValue];"))
                return
            }
            let minHeight = CGFloat(Float(columnHeightsArray[minHeightIndex]))
            let lineHeight = delegate.minimumLineSpacingForSection(at: 0)
            columnHeightsArray[minHeightIndex] = Double(Float(minHeight + lineHeight + height))
            minHeightIndex = indexOfMinHeight()
            x = (spaceWidth + width) * CGFloat(minHeightIndex)
            y = self.minHeight()
        }
    }

    /// `collectionViewContentSize`: the tallest column, trailing spacing included. O(columns).
    public override var collectionViewContentSize: CGSize { CGSize(width: viewWidth, height: maxHeight()) }

    /// `layoutAttributesForElementsInRect:`: every attribute, whatever `rect` is. O(1).
    public override func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes]? { attributesArray }

    /// The app side: answers the delegate from the input.
    final class InputDelegate: WaterFlowLayoutDelegate {
        let data: CollectionView
        init(_ input: LayoutInput) { data = CollectionView(input: input) }
        func sizeForItem(at indexPath: IndexPath, width: CGFloat) -> CGSize { data.sizeForItem(at: indexPath, width: width) }
        func insetForSection(at section: Int) -> LayoutInsets { data.input.layout.sectionInset }
        func minimumLineSpacingForSection(at section: Int) -> CGFloat { data.input.layout.rowSpacing }
        func minimumInteritemSpacingForSection(at section: Int) -> CGFloat { data.input.layout.columnSpacing }
    }

    /// The engine `classic-002-waterflowlayout`.
    public static let entry = ClassicEngines.entry(
        name: "classic-002-waterflowlayout",
        summary: "seed 002 WaterFlowLayout: insets ignored, 100000 sentinel pile-up, float32 heights, trailing spacing"
    ) { input in
        let layout = WaterFlowLayout()
        layout.numberOfColumn = UInt(bitPattern: input.layout.columnCount)
        layout.delegate = InputDelegate(input)
        return layout
    }
}
