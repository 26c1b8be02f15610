import Foundation
import UIKit
import WaterfallCheckCore
import WaterfallCheckUIKit

/// `CollecttionWaterViewLayoutDelegate` (seed 003): the height of a cell for the column width. The
/// tutorial shows only the call, `[self.delegate WaterViewLayout:self cellHighForWidth:w atIndexPath:indexPath]`.
public protocol CollecttionWaterViewLayoutDelegate: AnyObject {
    /// The cell's height (pt) at width `w` (pt).
    func waterViewLayout(_ layout: CollecttionWaterViewLayout, cellHighForWidth w: CGFloat, at indexPath: IndexPath) -> CGFloat
}

/// The tutorial app's side of ``CollecttionWaterViewLayoutDelegate``: the item's height, or its
/// size scaled to the width (unrounded), from the data the collection view shows (`data.input`).
public final class InputWaterViewDelegate: NSObject, CollecttionWaterViewLayoutDelegate {
    public let data: CollectionViewData
    public init(_ data: CollectionViewData) { self.data = data }

    public func waterViewLayout(_ layout: CollecttionWaterViewLayout, cellHighForWidth w: CGFloat, at indexPath: IndexPath) -> CGFloat {
        data.input.height(ofItemAt: indexPath, width: w)
    }
}

/// Seed 003, `CollecttionWaterViewLayout` (shared/seeds/003, the tutorial's spelling): column tops in
/// a string-keyed dictionary, every coordinate a `float`. Engine `classic-003-waterviewlayout`.
///
/// `collectionEdgeinsets`, `cloumnMargin`, `rowMargin` and `cloumnsCount` (an `NSUInteger`; a
/// negative count wraps) come from the input's `sectionInset`, `columnSpacing`, `rowSpacing` and
/// `columnCount`; the delegate's `WaterViewLayout:cellHighForWidth:atIndexPath:`
/// (``InputWaterViewDelegate``, the app's side) answers the input's height, or its size scaled to
/// the width, from `data.input`. The tutorial shows only `layoutAttributesForItemAtIndexPath:`; the port's
/// `prepare()` (columns start at the top inset, attributes rebuilt), content size (tallest column
/// plus the bottom inset) and rect query are the plainest readings (docs/decisions/classic.md).
/// Quirks kept, with the lines they come from:
/// - **Hash-order ties** (golden fixtures; `placement` once 32-bit rounding ties two tops):
///   `[self.minYDict enumerateKeysAndObjectsUsingBlock:^(...) {
///   if ([self.minYDict[minYofCloumn]floatValue] > [self.minYDict[cloumn]floatValue]) { minYofCloumn = cloumn; } }]`,
///   modelled as in seed 000 (``StringKeyedColumns``: descending keys).
/// - **32-bit coordinates** (`item-size`, `stacking`, `no-overlap`, `column-alignment` at large values):
///   `float w = ...; float h = ...; float x = ...; float y = ...;` and `floatValue` reads; the column
///   update `[self.minYDict[minYofCloumn] floatValue] + h` is a `float` addition.
/// - **One margin too low** (`stacking`, `content-size`): `float y = [self.minYDict[minYofCloumn] floatValue] + self.rowMargin;`
///   with columns starting at the top inset: the first row sits at `top + rowMargin`.
/// - **Lookup places again** (`lookup-consistency`): the method above stores
///   `self.minYDict[minYofCloumn] = @(... + h + self.rowMargin);` on every call.
/// - **Rect query ignores x** (`query`): the UIScrollView variant shows a cell when it is on screen
///   vertically (its whole display logic); the port's `layoutAttributesForElements(in:)` keeps the
///   attributes with `maxY > rect.minY && minY < rect.maxY`, whatever their x.
/// - **No bounds-change invalidation** (`reprepare`): not overridden (UIKit's default: NO).
/// - Invalid input laid out (`rejects-invalid`): `cloumnsCount` 0 makes `(self.cloumnsCount-1)` wrap to 2^64 - 1, so `w` is
///   -inf or NaN and `x` NaN; with no keys, lookups of `"0"` are messages to `nil` (0).
/// - Exceptions, raised through UIKit's hook (`_UIKitException`; the driver answers an engine
///   fault): UIKit's own `NSInternalInconsistencyException` without a section 0; `hang` (a
///   ``TutorialException``) beyond ``ClassicEngines/maximumColumns`` columns (a negative count).
public final class CollecttionWaterViewLayout: UICollectionViewLayout {
    /// defaul is 10 10 10 10.
    public var collectionEdgeinsets = UIEdgeInsets(all: 10)
    /// defaul is 10.
    public var cloumnMargin: CGFloat = 10
    /// defaul is 10.
    public var rowMargin: CGFloat = 10
    /// defaul is 3.
    public var cloumnsCount: UInt = 3
    /// `@property (nonatomic,assign) id<CollecttionWaterViewLayoutDelegate> delegate`: not
    /// retained (weak here); the app keeps it (the engine does, through `Setup.keepAlive`).
    public weak var delegate: CollecttionWaterViewLayoutDelegate?

    /// `minYDict`: each column's top.
    private var minYDict = StringKeyedColumns()
    private var attrsArray: [UICollectionViewLayoutAttributes] = []

    /// Columns at the top inset, then every item through `layoutAttributesForItem(at:)`.
    /// O(items · columns).
    public override func prepare() {
        super.prepare()
        let count = numberOfItemsInSection0()
        minYDict.removeAll()
        attrsArray.removeAll()
        guard admitColumns(cloumnsCount, "for (NSUInteger i = 0; i < self.cloumnsCount; i++)") else { return }
        for i in 0..<Int(cloumnsCount) { minYDict.set(Double(collectionEdgeinsets.top), forKey: i) }
        for i in 0..<count {
            guard let attributes = layoutAttributesForItem(at: Self.item(i)) else { return }
            attrsArray.append(attributes)
        }
    }

    /// The tallest column (hash-order scan, as the minimum) plus the bottom inset. O(columns).
    public override var collectionViewContentSize: CGSize {
        let maxYofCloumn = minYDict.scan(replacing: <)
        return CGSize(width: viewWidth, height: CGFloat(minYDict.floatValue(maxYofCloumn)) + collectionEdgeinsets.bottom)
    }

    /// The tutorial's method, line by line: places the item and advances its column. O(columns).
    public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        let minYofCloumn = minYDict.scan(replacing: >)
        let I = collectionEdgeinsets
        let w = Float((viewWidth - I.left - I.right - CGFloat(cloumnsCount &- 1) * cloumnMargin) / CGFloat(cloumnsCount))
        // A message to a nil delegate answers 0.
        let h = Float(delegate?.waterViewLayout(self, cellHighForWidth: CGFloat(w), at: indexPath) ?? 0)
        let x = Float(CGFloat(Float(minYofCloumn)) * (cloumnMargin + CGFloat(w)) + I.left)
        let y = Float(CGFloat(minYDict.floatValue(minYofCloumn)) + rowMargin)
        minYDict.set(Double(CGFloat(minYDict.floatValue(minYofCloumn) + h) + rowMargin), forKey: minYofCloumn)
        let attri = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attri.frame = CGRect(x: CGFloat(x), y: CGFloat(y), width: CGFloat(w), height: CGFloat(h))
        return attri
    }

    /// The attributes on screen vertically: `maxY > rect.minY && minY < rect.maxY`, x ignored. O(items).
    public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        attrsArray.filter { $0.frame.maxY > rect.minY && $0.frame.minY < rect.maxY }
    }

    /// What the tutorial's view controller does: the properties from the input, itself as the
    /// delegate (kept alive by the engine).
    static func configure(_ data: CollectionViewData) -> UIKitLayoutEngine.Setup {
        let s = data.input.layout
        let layout = CollecttionWaterViewLayout()
        layout.collectionEdgeinsets = UIEdgeInsets(s.sectionInset)
        layout.cloumnMargin = s.columnSpacing
        layout.rowMargin = s.rowSpacing
        layout.cloumnsCount = UInt(bitPattern: s.columnCount)
        let delegate = InputWaterViewDelegate(data)
        layout.delegate = delegate
        return .init(layout: layout, keepAlive: [delegate])
    }

    /// The engine `classic-003-waterviewlayout`.
    public static let entry = ClassicEngines.entry(
        name: "classic-003-waterviewlayout",
        summary: "seed 003 CollecttionWaterViewLayout: hash-order ties, float32 coordinates, first row one margin low, query ignores x",
        configure: { configure($0) }
    )
}
