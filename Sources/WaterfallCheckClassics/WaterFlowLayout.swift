import Foundation
import UIKit
import WaterfallCheckCore
import WaterfallCheckUIKit

/// `WaterFlowLayoutDelegate` (seed 002, `@protocol WaterFlowLayoutDelegate <NSObject>`): the image
/// size and the section's spacings, asked with the collection view and the layout.
public protocol WaterFlowLayoutDelegate: AnyObject {
    /// 關鍵方法，此方法的作用是返回每一個item的size大小 / 資料中原始圖片大小: the item's natural size.
    /// `itemWidth` (pt) is the column width, the port's one addition, for items that have no
    /// natural size (a `height` item answers `itemWidth × height`).
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: WaterFlowLayout,
                        sizeForItemAt indexPath: IndexPath, itemWidth: CGFloat) -> CGSize
    /// 分區間隔: the section inset (declared by the tutorial, never asked for).
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: WaterFlowLayout,
                        insetForSectionAt section: Int) -> UIEdgeInsets
    /// 得到 item之間的間隙大小: the vertical gap between items (pt).
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: WaterFlowLayout,
                        minimumLineSpacingForSectionAt section: Int) -> CGFloat
    /// 最小行間距: the gap between columns (pt).
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: WaterFlowLayout,
                        minimumInteritemSpacingForSectionAt section: Int) -> CGFloat
}

/// The tutorial app's side of ``WaterFlowLayoutDelegate``: answers from the data the collection
/// view shows (`data.input`, read when asked).
public final class InputWaterFlowDelegate: NSObject, WaterFlowLayoutDelegate {
    public let data: CollectionViewData
    public init(_ data: CollectionViewData) { self.data = data }

    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: WaterFlowLayout,
                               sizeForItemAt indexPath: IndexPath, itemWidth: CGFloat) -> CGSize {
        data.input.size(ofItemAt: indexPath, width: itemWidth)
    }

    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: WaterFlowLayout,
                               insetForSectionAt section: Int) -> UIEdgeInsets {
        UIEdgeInsets(data.input.layout.sectionInset)
    }

    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: WaterFlowLayout,
                               minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        data.input.layout.rowSpacing
    }

    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: WaterFlowLayout,
                               minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
        data.input.layout.columnSpacing
    }
}

/// Seed 002, `WaterFlowLayout` (shared/seeds/002): column heights in an `NSMutableArray` of
/// `NSNumber`s, a 100000 sentinel in the minimum search. Engine `classic-002-waterflowlayout`.
///
/// Configured as the tutorial's view controller does (`flowLayout.delegate = self;
/// flowLayout.numberOfColumn = 3;`): `numberOfColumn` (an `NSUInteger`) is the input's
/// `columnCount` (a negative count wraps, as assigning an `NSInteger` to it does); the delegate
/// (``InputWaterFlowDelegate``, the app's side) answers the input's `columnSpacing`, `rowSpacing`,
/// `sectionInset` and item sizes from `data.input`. Ties go left (`if (height == [self minHeight])`,
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
///   array (a ``TutorialException``, raised through UIKit's hook: an engine fault); a zero image
///   width gives an infinite or NaN height. Also UIKit's `NSInternalInconsistencyException` without
///   a section 0, and `hang` beyond ``ClassicEngines/maximumColumns`` columns (a negative count).
public final class WaterFlowLayout: UICollectionViewLayout {
    /// 瀑布流一共多少列.
    public var numberOfColumn: UInt = 0
    /// `@property (nonatomic, assign) id<WaterFlowLayoutDelegate> delegate`: not retained (weak
    /// here); the app keeps it (the engine does, through `Setup.keepAlive`).
    public weak var delegate: WaterFlowLayoutDelegate?

    /// 存放每一列的高度: `NSNumber`s (`@0.0`, then `numberWithFloat:`), read with `floatValue`.
    private var columnHeightsArray: [Double] = []
    /// 存放每一個item的屬性.
    private var attributesArray: [UICollectionViewLayoutAttributes] = []

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
        let totalWidth = viewWidth  // self.collectionView.frame.size.width
        var x: CGFloat = 0
        var y: CGFloat = 0
        let itemCount = numberOfItemsInSection0()
        // Messages to a nil delegate answer 0: never in the port, which always sets one.
        guard let delegate, let collectionView else { return }
        for i in 0..<itemCount {
            let numberOfSpace = numberOfColumn &- 1
            let spaceWidth = delegate.collectionView(collectionView, layout: self, minimumInteritemSpacingForSectionAt: 0)
            let width = (totalWidth - spaceWidth * CGFloat(numberOfSpace)) / CGFloat(numberOfColumn)
            let indexPath = Self.item(i)
            let imageSize = delegate.collectionView(collectionView, layout: self, sizeForItemAt: indexPath, itemWidth: width)
            let height = width * imageSize.height / imageSize.width
            let attribute = UICollectionViewLayoutAttributes(forCellWith: indexPath)
            attribute.frame = CGRect(x: x, y: y, width: width, height: height)
            attributesArray.append(attribute)
            var minHeightIndex = indexOfMinHeight()
            guard minHeightIndex < columnHeightsArray.count else {
                TutorialException.emptyArray("CGFloat minHeight = [_columnHeightsArray[minHeightIndex] floatValue];").raise()
                return
            }
            let minHeight = CGFloat(Float(columnHeightsArray[minHeightIndex]))
            let lineHeight = delegate.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: 0)
            columnHeightsArray[minHeightIndex] = Double(Float(minHeight + lineHeight + height))
            minHeightIndex = indexOfMinHeight()
            x = (spaceWidth + width) * CGFloat(minHeightIndex)
            y = self.minHeight()
        }
    }

    /// `collectionViewContentSize`: the tallest column, trailing spacing included. O(columns).
    public override var collectionViewContentSize: CGSize {
        CGSize(width: viewWidth, height: maxHeight())
    }

    /// `layoutAttributesForElementsInRect:`: every attribute, whatever `rect` is. O(1).
    public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { attributesArray }

    /// What the tutorial's view controller does: `flowLayout.delegate = self;`,
    /// `flowLayout.numberOfColumn = ...;`. The delegate is kept alive by the engine.
    static func configure(_ data: CollectionViewData) -> UIKitLayoutEngine.Setup {
        let layout = WaterFlowLayout()
        let delegate = InputWaterFlowDelegate(data)
        layout.delegate = delegate
        layout.numberOfColumn = UInt(bitPattern: data.input.layout.columnCount)
        return .init(layout: layout, keepAlive: [delegate])
    }

    /// The engine `classic-002-waterflowlayout`.
    public static let entry = ClassicEngines.entry(
        name: "classic-002-waterflowlayout",
        summary: "seed 002 WaterFlowLayout: insets ignored, 100000 sentinel pile-up, float32 heights, trailing spacing",
        configure: { configure($0) }
    )
}
