import UIKit

/// The app's delegate protocol: an Objective-C protocol with an optional method, as iOS layouts
/// write them. Linux Swift rejects `@objc` and `optional`: `waterfall-check uikit-rewrite` turns
/// this file into one that compiles against WaterfallCheck's UIKit module, every change listed.
@objc public protocol PhotoGridLayoutDelegate: UICollectionViewDelegate {
    /// The item's height at `width` points.
    func collectionView(_ collectionView: UICollectionView, layout: PhotoGridLayout, heightForItemAt indexPath: IndexPath, width: CGFloat) -> CGFloat
    /// Columns in `section`; the layout's `columnCount` when not implemented.
    @objc optional func collectionView(_ collectionView: UICollectionView, layout: PhotoGridLayout, columnCountForSection section: Int) -> Int
}

/// A photo grid: each item goes to the shortest column (the leftmost on a tie), sections one
/// under another, each with `sectionInset`.
public final class PhotoGridLayout: UICollectionViewLayout {
    public var columnCount = 2
    public var columnSpacing: CGFloat = 8
    public var rowSpacing: CGFloat = 8
    public var sectionInset = UIEdgeInsets.zero

    private var cache: [UICollectionViewLayoutAttributes] = []
    private var contentHeight: CGFloat = 0

    private var delegate: PhotoGridLayoutDelegate? { collectionView?.delegate as? PhotoGridLayoutDelegate }

    public override func prepare() {
        super.prepare()
        guard cache.isEmpty, let collectionView = collectionView else { return }
        let width = collectionView.bounds.width
        var top: CGFloat = 0
        for section in 0..<collectionView.numberOfSections {
            let columns = delegate?.collectionView?(collectionView, layout: self, columnCountForSection: section) ?? columnCount
            let columnWidth = (width - sectionInset.left - sectionInset.right - CGFloat(columns - 1) * columnSpacing) / CGFloat(columns)
            var heights = Array(repeating: top + sectionInset.top, count: columns)
            var bottom = top + sectionInset.top
            // PLANTED-TRAP: scripts/uikit-example puts a trap here
            for item in 0..<collectionView.numberOfItems(inSection: section) {
                let indexPath = IndexPath(item: item, section: section)
                let height = delegate?.collectionView(collectionView, layout: self, heightForItemAt: indexPath, width: columnWidth) ?? columnWidth
                var column = 0
                for c in 1..<columns where heights[c] < heights[column] { column = c }
                let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
                attributes.frame = CGRect(x: sectionInset.left + CGFloat(column) * (columnWidth + columnSpacing), y: heights[column],
                                          width: columnWidth, height: height)
                cache.append(attributes)
                heights[column] = attributes.frame.maxY + rowSpacing
                bottom = max(bottom, attributes.frame.maxY)
            }
            top = bottom + sectionInset.bottom
        }
        contentHeight = top
    }

    public override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: contentHeight)
    }

    public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        cache.filter { $0.frame.intersects(rect) }
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cache.first { $0.indexPath == indexPath }
    }

    public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.width != collectionView?.bounds.width
    }

    /// Where UIKit's invalidations all arrive (`invalidateLayout()`, `reloadData()`, a new data
    /// source, a bounds change the layout asked for): the cache goes, and the next pass prepares.
    public override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        super.invalidateLayout(with: context)
        cache.removeAll()  // PLANTED-BUG: scripts/uikit-example deletes this line
    }
}
