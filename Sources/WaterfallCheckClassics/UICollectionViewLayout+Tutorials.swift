import Foundation
import UIKit
import WaterfallCheckCore

// What every classic port does the same way, as the tutorials write it.

extension UICollectionViewLayout {
    /// `[self.collectionView numberOfItemsInSection:0]`, as every tutorial asks: UIKit raises
    /// `NSInternalInconsistencyException` when the collection view has no section 0 (and answers
    /// 0); a message to a nil collection view answers 0. O(1).
    func numberOfItemsInSection0() -> Int { collectionView?.numberOfItems(inSection: 0) ?? 0 }

    /// Whether a loop over `count` columns can run; raises `hang` (a ``TutorialException``) when
    /// it is beyond ``ClassicEngines/maximumColumns``. A count ≤ 0 is fine: the Objective-C `for`
    /// loop does not run.
    func admitColumns<T: BinaryInteger>(_ count: T, _ line: String) -> Bool {
        guard count > T(ClassicEngines.maximumColumns) else { return true }
        TutorialException.hang(count, line).raise()
        return false
    }

    /// `self.collectionView.bounds.size.width` (000) or `.frame.size.width` (002, 003): the same
    /// width, the input's `containerWidth`, for an untransformed view at the origin, read as
    /// `CGRect.width` (`CGRectGetWidth`, standardised: a negative `containerWidth` reads as its
    /// magnitude), as the ports always have; 0 (a message to nil) without a collection view.
    var viewWidth: CGFloat { collectionView?.bounds.width ?? 0 }

    /// The index path of item `i` in section 0 (`[NSIndexPath indexPathForItem:i inSection:0]`).
    static func item(_ i: Int) -> IndexPath { IndexPath(item: i, section: 0) }
}

extension UIEdgeInsets {
    /// The input's insets (pt) as the layout's `UIEdgeInsets` property.
    init(_ i: LayoutInsets) { self.init(top: i.top, left: i.left, bottom: i.bottom, right: i.right) }

    /// The same inset on every edge (`UIEdgeInsetsMake(v, v, v, v)`).
    init(all v: CGFloat) { self.init(top: v, left: v, bottom: v, right: v) }
}

extension LayoutInput {
    /// The size a tutorial app's size delegate answers for the item at `indexPath`: a `size`
    /// item's natural size, a `height` item `width × height` (the column width, which the port's
    /// delegate is given for this). O(1).
    func size(ofItemAt indexPath: IndexPath, width: CGFloat) -> CGSize {
        switch sections[indexPath.section].items[indexPath.item].dimension {
        case .height(let h): return CGSize(width: width, height: h)
        case .size(let s): return s
        }
    }
}
