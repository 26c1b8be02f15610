// The data source and delegate protocols of a collection view.
//
// UIKit declares them in Objective-C with `optional` methods. Without Objective-C, each optional
// method is a requirement with a default implementation, in a protocol extension, that gives
// UIKit's documented fallback; a conformer's method with UIKit's exact signature replaces it.
// Calls written for iOS as `dataSource?.numberOfSections?(in: cv)` become
// `dataSource?.numberOfSections(in: cv)` (the mechanical rewrite) and get the fallback value where
// iOS would get nil and the caller's own fallback, which for these methods is the same value.

/// An object that tells a collection view how many sections and items it has and gives it cells.
///
/// Source: developer.apple.com/documentation/uikit/uicollectionviewdatasource
public protocol UICollectionViewDataSource: NSObjectProtocol {
    /// The number of items in `section` (required).
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int

    /// The cell for the item at `indexPath` (required). Never called here: cells are not displayed.
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell

    /// The number of sections. Optional in UIKit; default 1.
    ///
    /// Source: developer.apple.com/documentation/uikit/uicollectionviewdatasource/numberofsections(in:)
    func numberOfSections(in collectionView: UICollectionView) -> Int
}

extension UICollectionViewDataSource {
    /// 1, UIKit's value when the data source does not implement the method.
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
}

/// An object told about a scroll view's scrolling.
///
/// Source: developer.apple.com/documentation/uikit/uiscrollviewdelegate
public protocol UIScrollViewDelegate: NSObjectProtocol {
    /// Called after the content offset changed. Optional in UIKit; the default does nothing.
    func scrollViewDidScroll(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
}

/// A collection view's delegate. Layouts cast it to their own delegate protocol (which refines
/// this one) or to `UICollectionViewDelegateFlowLayout`.
///
/// Source: developer.apple.com/documentation/uikit/uicollectionviewdelegate
public protocol UICollectionViewDelegate: UIScrollViewDelegate {}

/// The delegate of a `UICollectionViewFlowLayout` (and of layouts that read the same metrics):
/// per-item sizes and per-section spacing, insets and header and footer sizes, in points (pt).
///
/// Every method is optional in UIKit, where the layout then uses its own property. Here each
/// default returns that property of `collectionViewLayout` when it is a
/// `UICollectionViewFlowLayout`, and the property's UIKit default otherwise (item 50 × 50,
/// spacing 10, insets and reference sizes zero).
///
/// Source: developer.apple.com/documentation/uikit/uicollectionviewdelegateflowlayout
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    /// The size of the item's cell. Default: the flow layout's `itemSize`.
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize
    /// The margins of the section. Default: the flow layout's `sectionInset`.
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int) -> UIEdgeInsets
    /// The spacing between lines. Default: the flow layout's `minimumLineSpacing`.
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> CGFloat
    /// The spacing between items of a line. Default: the flow layout's `minimumInteritemSpacing`.
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int) -> CGFloat
    /// The header's size. Default: the flow layout's `headerReferenceSize`.
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> CGSize
    /// The footer's size. Default: the flow layout's `footerReferenceSize`.
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForFooterInSection section: Int) -> CGSize
}

extension UICollectionViewDelegateFlowLayout {
    private func flowLayout(_ layout: UICollectionViewLayout) -> UICollectionViewFlowLayout {
        layout as? UICollectionViewFlowLayout ?? UICollectionViewFlowLayout()
    }

    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
        flowLayout(collectionViewLayout).itemSize
    }

    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int) -> UIEdgeInsets {
        flowLayout(collectionViewLayout).sectionInset
    }

    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        flowLayout(collectionViewLayout).minimumLineSpacing
    }

    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
        flowLayout(collectionViewLayout).minimumInteritemSpacing
    }

    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> CGSize {
        flowLayout(collectionViewLayout).headerReferenceSize
    }

    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForFooterInSection section: Int) -> CGSize {
        flowLayout(collectionViewLayout).footerReferenceSize
    }
}
