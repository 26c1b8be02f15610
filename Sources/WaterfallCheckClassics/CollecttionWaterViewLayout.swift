import Foundation
import WaterfallCheckCore

/// Seed 003, `CollecttionWaterViewLayout` (shared/seeds/003, the tutorial's spelling): column tops in
/// a string-keyed dictionary, every coordinate a `float`. Engine `classic-003-waterviewlayout`.
///
/// `collectionEdgeinsets`, `cloumnMargin`, `rowMargin` and `cloumnsCount` (an `NSUInteger`; a
/// negative count wraps) come from the input's `sectionInset`, `columnSpacing`, `rowSpacing` and
/// `columnCount`; the delegate's `cellHighForWidth:` answers the input's height, or its size scaled
/// to the width. The tutorial shows only `layoutAttributesForItemAtIndexPath:`; the port's
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
public final class CollecttionWaterViewLayout: ClassicCollectionViewLayout {
    /// The height of a cell for a width, in pt (the delegate's `WaterViewLayout:cellHighForWidth:atIndexPath:`).
    public typealias CellHigh = (CGFloat, IndexPath) -> CGFloat

    /// default is 10 10 10 10.
    public var collectionEdgeinsets = LayoutInsets(all: 10)
    /// default is 10.
    public var cloumnMargin: CGFloat = 10
    /// default is 10.
    public var rowMargin: CGFloat = 10
    /// default is 3.
    public var cloumnsCount: UInt = 3
    /// The delegate's height-for-width method.
    public var cellHighForWidth: CellHigh = { _, _ in 0 }

    /// `minYDict`: each column's top.
    private var minYDict = StringKeyedColumns()
    private var attrsArray: [LayoutAttributes] = []

    public override init() {}

    /// Columns at the top inset, then every item through `layoutAttributesForItem(at:)`.
    /// O(items · columns).
    public override func prepare() {
        super.prepare()
        let count = numberOfItemsInSection0()
        minYDict.removeAll()
        attrsArray.removeAll()
        guard admitColumns(cloumnsCount, "for (NSUInteger i = 0; i < self.cloumnsCount; i++)") else { return }
        for i in 0..<Int(cloumnsCount) { minYDict.set(Double(collectionEdgeinsets.top), forKey: i) }
        for i in 0..<count { attrsArray.append(layoutAttributesForItem(at: Self.item(i))!) }
    }

    /// The tallest column (hash-order scan, as the minimum) plus the bottom inset. O(columns).
    public override var collectionViewContentSize: CGSize {
        let maxYofCloumn = minYDict.scan(replacing: <)
        return CGSize(width: viewWidth, height: CGFloat(minYDict.floatValue(maxYofCloumn)) + collectionEdgeinsets.bottom)
    }

    /// The tutorial's method, line by line: places the item and advances its column. O(columns).
    public override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        let minYofCloumn = minYDict.scan(replacing: >)
        let I = collectionEdgeinsets
        let w = Float((viewWidth - I.left - I.right - CGFloat(cloumnsCount &- 1) * cloumnMargin) / CGFloat(cloumnsCount))
        let h = Float(cellHighForWidth(CGFloat(w), indexPath))
        let x = Float(CGFloat(Float(minYofCloumn)) * (cloumnMargin + CGFloat(w)) + I.left)
        let y = Float(CGFloat(minYDict.floatValue(minYofCloumn)) + rowMargin)
        minYDict.set(Double(CGFloat(minYDict.floatValue(minYofCloumn) + h) + rowMargin), forKey: minYofCloumn)
        let attri = LayoutAttributes(forCellWith: indexPath)
        attri.frame = CGRect(x: CGFloat(x), y: CGFloat(y), width: CGFloat(w), height: CGFloat(h))
        return attri
    }

    /// The attributes on screen vertically: `maxY > rect.minY && minY < rect.maxY`, x ignored. O(items).
    public override func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes]? {
        attrsArray.filter { $0.frame.maxY > rect.minY && $0.frame.minY < rect.maxY }
    }

    /// The engine `classic-003-waterviewlayout`.
    public static let entry = ClassicEngines.entry(
        name: "classic-003-waterviewlayout",
        summary: "seed 003 CollecttionWaterViewLayout: hash-order ties, float32 coordinates, first row one margin low, query ignores x"
    ) { input in
        let s = input.layout
        let data = CollectionView(input: input)
        let layout = CollecttionWaterViewLayout()
        layout.collectionEdgeinsets = s.sectionInset
        layout.cloumnMargin = s.columnSpacing
        layout.rowMargin = s.rowSpacing
        layout.cloumnsCount = UInt(bitPattern: s.columnCount)
        layout.cellHighForWidth = { width, indexPath in data.heightForItem(at: indexPath, width: width) }
        return layout
    }
}
