import Foundation
import UIKit
import WaterfallCheck
import WaterfallCheckUIKit

/// A waterfall written as an app writes one against UIKit (this test's own code): shortest column
/// first, leftmost on a tie, sizes from the flow-layout delegate, a cache filled in `prepare()`.
/// `clearsCache: false` plants the classic lifecycle bug: `invalidateLayout()` leaves the cache,
/// and `prepare()`'s `guard cache.isEmpty` keeps the old attributes after new data.
public final class ColumnsLayout: UICollectionViewLayout {
    public var columnCount = 2
    public var columnSpacing: CGFloat = 0
    public var rowSpacing: CGFloat = 0
    public var sectionInset = UIEdgeInsets.zero
    /// Floors the column width to the display's pixels, as CHT does.
    public var floorsToPixels = false
    /// `shouldInvalidateLayout(forBoundsChange:)` true for every change, a scroll included
    /// (Blueprints' design).
    public var invalidatesOnScroll = false
    let clearsCache: Bool
    /// Asks for section 0's items even with no sections, as several published layouts do.
    let assumesOneSection: Bool
    private var cache: [UICollectionViewLayoutAttributes] = []
    private var height: CGFloat = 0

    public init(clearsCache: Bool = true, assumesOneSection: Bool = false) {
        self.clearsCache = clearsCache
        self.assumesOneSection = assumesOneSection
        super.init()
    }
    public required init?(coder: NSCoder) { fatalError("not used") }

    public override func prepare() {
        guard cache.isEmpty, let cv = collectionView else { return }
        let delegate = cv.delegate as? UICollectionViewDelegateFlowLayout
        let width = cv.bounds.width
        var top: CGFloat = 0
        if assumesOneSection { _ = cv.numberOfItems(inSection: 0) }
        for section in 0..<cv.numberOfSections {
            let n = columnCount
            var w = (width - sectionInset.left - sectionInset.right - CGFloat(n - 1) * columnSpacing) / CGFloat(n)
            if floorsToPixels { let s = cv.traitCollection.displayScale; w = (w * s).rounded(.down) / s }
            var columns = Array(repeating: top + sectionInset.top, count: n)
            var bottom = top + sectionInset.top
            for item in 0..<cv.numberOfItems(inSection: section) {
                let indexPath = IndexPath(item: item, section: section)
                let size = delegate?.collectionView(cv, layout: self, sizeForItemAt: indexPath) ?? CGSize(width: w, height: 50)
                let h = size.width == w ? size.height : size.height * w / size.width
                let c = columns.indices.min { columns[$0] < columns[$1] || (columns[$0] == columns[$1] && $0 < $1) }!
                let a = UICollectionViewLayoutAttributes(forCellWith: indexPath)
                a.frame = CGRect(x: sectionInset.left + CGFloat(c) * (w + columnSpacing), y: columns[c], width: w, height: h)
                cache.append(a)
                columns[c] = a.frame.maxY + rowSpacing
                bottom = max(bottom, a.frame.maxY)
            }
            top = bottom + sectionInset.bottom
        }
        height = top
    }

    public override var collectionViewContentSize: CGSize { CGSize(width: collectionView?.bounds.width ?? 0, height: height) }

    public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        cache.filter { $0.frame.minX < rect.maxX && rect.minX < $0.frame.maxX && $0.frame.minY < rect.maxY && rect.minY < $0.frame.maxY }
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cache.first { $0.indexPath == indexPath }
    }

    public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        invalidatesOnScroll || newBounds.width != collectionView?.bounds.width
    }

    public override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        super.invalidateLayout(with: context)
        if clearsCache { cache.removeAll(); height = 0 }
    }
}

/// The engine an app's test target writes: the input's settings onto the layout's properties.
public func columnsEngine(_ make: @escaping () -> ColumnsLayout = { ColumnsLayout() }) -> UIKitLayoutEngine {
    UIKitLayoutEngine(name: "columns", features: [.sections, .size]) { data in
        try configureColumns(make(), data.input)
    }
}

public func configureColumns(_ layout: ColumnsLayout, _ input: LayoutInput) throws -> UIKitLayoutEngine.Setup {
    _ = try ReferenceLayout.validate(input)
    layout.columnCount = input.layout.columnCount
    layout.columnSpacing = input.layout.columnSpacing
    layout.rowSpacing = input.layout.rowSpacing
    let i = input.layout.sectionInset
    layout.sectionInset = UIEdgeInsets(top: i.top, left: i.left, bottom: i.bottom, right: i.right)
    return .init(layout: layout)
}

