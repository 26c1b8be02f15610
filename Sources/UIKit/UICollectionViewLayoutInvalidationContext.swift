/// Which parts of a layout a call to `UICollectionViewLayout.invalidateLayout(with:)` invalidates.
///
/// The collection view and the layout create contexts of the layout's
/// `invalidationContextClass`; a custom layout may subclass this class to carry its own
/// information and override the read-only properties (as zenangst/Blueprints overrides
/// ``invalidateEverything``).
///
/// Source: developer.apple.com/documentation/uikit/uicollectionviewlayoutinvalidationcontext
open class UICollectionViewLayoutInvalidationContext: NSObject {
    /// An empty context: nothing invalidated, adjustments zero.
    public required override init() {
        super.init()
    }

    /// True when all layout data is invalid. You do not set it: the collection view sets it when
    /// the layout or the data source changes, on `reloadData()`, and
    /// `UICollectionViewLayout.invalidateLayout()` sets it. Default false.
    ///
    /// Source: developer.apple.com/documentation/uikit/uicollectionviewlayoutinvalidationcontext/invalidateeverything
    open var invalidateEverything: Bool { _invalidateEverything }

    /// True when the number of sections or items may have changed, so the layout must ask the
    /// collection view for the counts again. Set by the collection view on `reloadData()`, a data
    /// source change and batch updates; true whenever ``invalidateEverything`` is set by the
    /// collection view. Default false.
    ///
    /// Source: developer.apple.com/documentation/uikit/uicollectionviewlayoutinvalidationcontext/invalidatedatasourcecounts
    open var invalidateDataSourceCounts: Bool { _invalidateDataSourceCounts }

    /// The items invalidated with ``invalidateItems(at:)``, in call order; nil if none.
    open var invalidatedItemIndexPaths: [IndexPath]? { itemIndexPaths }

    /// The supplementary views invalidated, by kind; nil if none.
    open var invalidatedSupplementaryIndexPaths: [String: [IndexPath]]? { supplementaryIndexPaths }

    /// The decoration views invalidated, by kind; nil if none.
    open var invalidatedDecorationIndexPaths: [String: [IndexPath]]? { decorationIndexPaths }

    /// How far the collection view should move its content offset after the invalidation (pt).
    /// Default `.zero`. The collection view adds it to `contentOffset` when the context is applied.
    open var contentOffsetAdjustment: CGPoint = .zero

    /// How much the content size changes (pt). Default `.zero`. The collection view adds it to its
    /// `contentSize` when the context is applied.
    open var contentSizeAdjustment: CGSize = .zero

    /// Marks the items at `indexPaths` invalid (appended to ``invalidatedItemIndexPaths``).
    open func invalidateItems(at indexPaths: [IndexPath]) {
        itemIndexPaths = (itemIndexPaths ?? []) + indexPaths
    }

    /// Marks the supplementary views of `elementKind` at `indexPaths` invalid.
    open func invalidateSupplementaryElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
        supplementaryIndexPaths = (supplementaryIndexPaths ?? [:]).merging([elementKind: indexPaths], uniquingKeysWith: +)
    }

    /// Marks the decoration views of `elementKind` at `indexPaths` invalid.
    open func invalidateDecorationElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
        decorationIndexPaths = (decorationIndexPaths ?? [:]).merging([elementKind: indexPaths], uniquingKeysWith: +)
    }

    var _invalidateEverything = false
    var _invalidateDataSourceCounts = false
    private var itemIndexPaths: [IndexPath]?
    private var supplementaryIndexPaths: [String: [IndexPath]]?
    private var decorationIndexPaths: [String: [IndexPath]]?
}
