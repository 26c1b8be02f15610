import Foundation
import UIKit
import WaterfallCheckCore
import WaterfallCheckUIKit

/// The delegate seed 004 describes in prose ("我们就设置一个代理"): the item's 高／宽 ratio, asked
/// with its index path.
public protocol WaterfallFlowLayoutDelegate: AnyObject {
    /// The item's height-to-width ratio. `itemWidth` (pt) is the column width, the port's one
    /// addition, for items that have no natural size (a `height` item answers `height / itemWidth`).
    func waterfallFlowLayout(_ layout: WaterfallFlowLayout, heightToWidthRatioForItemAt indexPath: IndexPath, itemWidth: CGFloat) -> CGFloat
}

/// The tutorial app's side of ``WaterfallFlowLayoutDelegate``: the ratio of the item's size from
/// the data the collection view shows (`data.input`, read when asked).
public final class InputWaterfallFlowDelegate: NSObject, WaterfallFlowLayoutDelegate {
    public let data: CollectionViewData
    public init(_ data: CollectionViewData) { self.data = data }

    public func waterfallFlowLayout(_ layout: WaterfallFlowLayout, heightToWidthRatioForItemAt indexPath: IndexPath, itemWidth: CGFloat) -> CGFloat {
        let size = data.input.size(ofItemAt: indexPath, width: itemWidth)
        return size.height / size.width
    }
}

/// Seed 004: the `UICollectionViewFlowLayout` subclass of "ios UI基础瀑布流" (shared/seeds/004), a
/// tutorial in prose (no code listing; the port's code is the plainest reading of its formulas,
/// docs/decisions/classic.md). Engine `classic-004-flowlayout`.
///
/// The flow layout's `sectionInset` and `minimumInteritemSpacing` are the input's `sectionInset` and
/// `columnSpacing`; `minimumLineSpacing` (the input's `rowSpacing`) is set but the tutorial never
/// uses it; `columnCount` is the input's `columnCount`; the delegate's ratio (高／宽,
/// ``InputWaterfallFlowDelegate``, the app's side) is the item's size ratio from `data.input` (a
/// `height` item answers `height / itemWidth`). Ties go left (a strict `<` scan over
/// an array). Quirks kept, with the tutorial sentences they come from:
/// - **0 columns means 3** (`rejects-invalid`): "如果为0则返回3" (the getter returns 3 when the
///   property is 0): `columnCount` 0 lays out three columns instead of failing.
/// - **The column gap as the row gap** (`stacking` when the spacings differ): "item的Y ＝ 最小的Y＋列间距":
///   items stack `minimumInteritemSpacing` apart; `minimumLineSpacing` is ignored.
/// - **One gap too low** (`stacking`, `content-size`): the same formula with columns starting at the
///   top inset puts the first row at `top + spacing`.
/// - **Column heights as strings** (sub-tolerance rounding): "更新Y值的时候，注意将CGFloat转换成NSString类型":
///   each column's maxY is stored as `[NSString stringWithFormat:@"%f", maxY]` and read back with
///   `doubleValue`, so it is rounded to 6 decimals (and "nan" reads back as 0).
/// - **Lookup places again** (`lookup-consistency`): `prepareLayout` builds its array by calling
///   `layoutAttributesForItemAtIndexPath:`, which computes the frame and updates the column.
/// - **Rect query returns everything** (`query`): "返回可视区域的控件属性" is answered with the array.
/// - **Invalidates on every scroll** (`reprepare`): `shouldInvalidateLayoutForBoundsChange:` is among
///   the six methods "当界面改变的时候，需要重新更新界面的bounds", read as `return YES;`: true even
///   when only the origin moves.
/// - Invalid input (`rejects-invalid`): a negative count leaves the array empty and `columnMaxYs[0]` raises
///   `NSRangeException` (a ``TutorialException``, raised through UIKit's hook: an engine fault).
///   Also UIKit's `NSInternalInconsistencyException` without a section 0, and `hang` beyond
///   ``ClassicEngines/maximumColumns`` columns.
public final class WaterfallFlowLayout: UICollectionViewFlowLayout {
    private var _columnCount = 0
    /// 每一行的item的数量: the getter answers 3 when the property is 0.
    public var columnCount: Int {
        get { _columnCount == 0 ? 3 : _columnCount }
        set { _columnCount = newValue }
    }
    /// The delegate giving each item's 高／宽 ratio: not retained (weak, as a delegate); the app
    /// keeps it (the engine does, through `Setup.keepAlive`).
    public weak var delegate: WaterfallFlowLayoutDelegate?

    /// Each column's maxY as the `NSString` held it, already read back (see ``roundTrip(_:)``).
    private var columnMaxYs: [CGFloat] = []
    private var attrsArray: [UICollectionViewLayoutAttributes] = []

    /// `[[NSString stringWithFormat:@"%f", v] doubleValue]`: `v` rounded to 6 decimals by the C
    /// library's `%f`, parsed back by `strtod`; "nan" and "inf" read back as 0, as Foundation's
    /// `doubleValue` does. Formatting once per store is the same as re-parsing the stored string on
    /// every read. O(digits).
    static func roundTrip(_ v: CGFloat) -> CGFloat {
        guard v.isFinite else { return 0 }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 400) { buffer in
            _ = withVaList([Double(v)]) { vsnprintf(buffer.baseAddress!, 400, "%f", $0) }
            return CGFloat(strtod(buffer.baseAddress!, nil))
        }
    }

    /// Resets the columns to the top inset and the array, then lays out every item through
    /// `layoutAttributesForItem(at:)`. O(items · columns).
    public override func prepare() {
        super.prepare()
        columnMaxYs.removeAll()
        attrsArray.removeAll()
        let n = columnCount
        guard admitColumns(n, "for (NSInteger i = 0; i < self.columnCount; i++)") else { return }
        for _ in stride(from: 0, to: n, by: 1) { columnMaxYs.append(Self.roundTrip(sectionInset.top)) }
        let count = numberOfItemsInSection0()
        for i in 0..<count {
            guard let attributes = layoutAttributesForItem(at: Self.item(i)) else { return }  // it raised: no `addObject:`
            attrsArray.append(attributes)
        }
    }

    /// Width, height, shortest column (first strict minimum), `y = minY + spacing`; stores the new
    /// maxY. Raises `NSRangeException` (and answers nil) with no columns. O(columns).
    public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        let attrs = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        let n = columnCount
        let w = (viewWidth - minimumInteritemSpacing * (CGFloat(n) - 1) - sectionInset.left - sectionInset.right) / CGFloat(n)
        // A message to a nil delegate answers 0.
        let h = w * (delegate?.waterfallFlowLayout(self, heightToWidthRatioForItemAt: indexPath, itemWidth: w) ?? 0)
        guard !columnMaxYs.isEmpty else {
            TutorialException.emptyArray("CGFloat minY = [self.columnMaxYs[0] doubleValue];").raise()
            return nil
        }
        var currentColumn = 0
        var minY = columnMaxYs[0]
        for i in 1..<max(columnMaxYs.count, 1) {
            let y = columnMaxYs[i]
            if y < minY { minY = y; currentColumn = i }
        }
        let x = sectionInset.left + CGFloat(currentColumn) * (w + minimumInteritemSpacing)
        let y = minY + minimumInteritemSpacing
        attrs.frame = CGRect(x: x, y: y, width: w, height: h)
        columnMaxYs[currentColumn] = Self.roundTrip(attrs.frame.maxY)
        return attrs
    }

    /// The tallest column (at least 0) plus the bottom inset. O(columns).
    public override var collectionViewContentSize: CGSize {
        var maxY: CGFloat = 0
        for y in columnMaxYs { maxY = max(maxY, y) }
        return CGSize(width: viewWidth, height: maxY + sectionInset.bottom)
    }

    /// Every attribute, whatever `rect` is. O(1).
    public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { attrsArray }

    /// `return YES;`: every bounds change, a scroll included, invalidates the layout.
    public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

    /// What the tutorial's view controller does: the flow layout's properties and the column count
    /// from the input, itself as the delegate (kept alive by the engine).
    static func configure(_ data: CollectionViewData) -> UIKitLayoutEngine.Setup {
        let s = data.input.layout
        let layout = WaterfallFlowLayout()
        layout.sectionInset = UIEdgeInsets(s.sectionInset)
        layout.minimumInteritemSpacing = s.columnSpacing
        layout.minimumLineSpacing = s.rowSpacing
        layout.columnCount = s.columnCount
        let delegate = InputWaterfallFlowDelegate(data)
        layout.delegate = delegate
        return .init(layout: layout, keepAlive: [delegate])
    }

    /// The engine `classic-004-flowlayout`.
    public static let entry = ClassicEngines.entry(
        name: "classic-004-flowlayout",
        summary: "seed 004 flow-layout subclass: 0 columns means 3, column gap used between rows, first row one gap low",
        configure: { configure($0) }
    )
}
