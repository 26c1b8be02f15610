/// A scroll view that shows ordered items, in sections, where its layout object puts them.
///
/// What runs here: counts from the data source (cached until `reloadData()` or an invalidation
/// that asks for new counts, as UIKit caches them), the layout cycle (``layoutIfNeeded()`` calls
/// the layout's `prepare()` when invalid, reads `collectionViewContentSize` into `contentSize`,
/// and queries the visible rect), bounds changes asking the layout whether they invalidate it,
/// and batch updates. Cells are never created or displayed.
///
/// Source: developer.apple.com/documentation/uikit/uicollectionview
open class UICollectionView: UIScrollView {
    /// The kind of a section header supplementary view: `"UICollectionElementKindSectionHeader"`.
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// The kind of a section footer supplementary view: `"UICollectionElementKindSectionFooter"`.
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    /// What an element of a collection view is.
    ///
    /// Source: developer.apple.com/documentation/uikit/uicollectionview/elementcategory
    public enum ElementCategory: UInt, Sendable {
        case cell, supplementaryView, decorationView
    }

    /// The direction a collection view scrolls.
    ///
    /// Source: developer.apple.com/documentation/uikit/uicollectionview/scrolldirection
    public enum ScrollDirection: Int, Sendable {
        case vertical, horizontal
    }

    /// A collection view with frame `frame` (pt) laid out by `layout`, which it adopts (the
    /// layout's `collectionView` becomes this view).
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout._collectionView = self
    }

    /// A collection view with a zero frame and a `UICollectionViewFlowLayout`.
    public required init?(coder: NSCoder) {
        collectionViewLayout = UICollectionViewFlowLayout()
        super.init(coder: coder)
        collectionViewLayout._collectionView = self
    }

    // MARK: Layout object, data source, delegate

    /// The layout. Setting it detaches the old one, adopts the new one and invalidates everything.
    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            guard collectionViewLayout !== oldValue else { return }
            if oldValue._collectionView === self { oldValue._collectionView = nil }
            collectionViewLayout._collectionView = self
            invalidateEverything(in: collectionViewLayout)
        }
    }

    /// Sets ``collectionViewLayout``; `animated` has no effect here.
    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool) {
        collectionViewLayout = layout
    }

    /// Sets ``collectionViewLayout`` and calls `completion` with true; no animation here.
    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil) {
        collectionViewLayout = layout
        completion?(true)
    }

    /// The data source, held weakly. Setting it invalidates the counts and the whole layout.
    open weak var dataSource: UICollectionViewDataSource? {
        didSet { invalidateEverything(in: collectionViewLayout) }
    }

    /// The delegate, held weakly. Layouts read their per-item metrics from it.
    open weak var delegate: UICollectionViewDelegate?

    // MARK: Counts

    /// The number of sections: the data source's `numberOfSections(in:)` (1 if it does not
    /// implement it); 1 with no data source, whose sections then have no items.
    open var numberOfSections: Int { counts().count }

    /// The number of items in `section`, from the data source.
    ///
    /// A section that does not exist raises `NSInternalInconsistencyException`, as UIKit does,
    /// with UIKit's reason "request for number of items in section S when there are only N
    /// sections in the collection view", through `_UIKitException`; if the handler returns, the
    /// result is 0.
    open func numberOfItems(inSection section: Int) -> Int {
        let counts = counts()
        guard counts.indices.contains(section) else {
            _UIKitException.raise(_UIKitException.internalInconsistency,
                                  reason: "request for number of items in section \(section) when there are only \(counts.count) sections in the collection view")
            return 0
        }
        return counts[section]
    }

    private func counts() -> [Int] {
        if let cached = cachedCounts { return cached }
        let loaded: [Int]
        if let source = dataSource {
            let sections = max(0, source.numberOfSections(in: self))
            loaded = (0..<sections).map { source.collectionView(self, numberOfItemsInSection: $0) }
        } else {
            loaded = [0]
        }
        cachedCounts = loaded
        return loaded
    }

    private var cachedCounts: [Int]?

    // MARK: Reloading and updates

    /// Discards the cached counts and invalidates the whole layout (a context with
    /// `invalidateEverything` and `invalidateDataSourceCounts`); the next layout pass prepares the
    /// layout again.
    ///
    /// Source: developer.apple.com/documentation/uikit/uicollectionview/reloaddata()
    open func reloadData() {
        invalidateEverything(in: collectionViewLayout)
    }

    /// Runs `updates` (whose insert, delete, reload and move calls are collected), then re-reads
    /// the counts, invalidates the layout with `invalidateDataSourceCounts`, and runs the update
    /// cycle: `prepare()`, `prepare(forCollectionViewUpdates:)`, the initial and final attributes of
    /// inserted and deleted items, `finalizeCollectionViewUpdates()`; then `completion(true)`.
    /// UIKit's check that the new counts match the old ones plus the changes is not made.
    ///
    /// Source: developer.apple.com/documentation/uikit/uicollectionview/performbatchupdates(_:completion:)
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let outer = pendingUpdates == nil
        if outer { pendingUpdates = [] }
        updates?()
        guard outer, let items = pendingUpdates else { return }
        pendingUpdates = nil

        cachedCounts = nil
        let layout = collectionViewLayout
        let context = layout._makeInvalidationContext()
        context._invalidateDataSourceCounts = true
        layout.invalidateLayout(with: context)
        validateLayout()
        layout.prepare(forCollectionViewUpdates: items)
        for item in items {
            switch item.updateAction {
            case .insert:
                if let path = item.indexPathAfterUpdate, path.item != NSNotFound {
                    _ = layout.initialLayoutAttributesForAppearingItem(at: path)
                }
            case .delete:
                if let path = item.indexPathBeforeUpdate, path.item != NSNotFound {
                    _ = layout.finalLayoutAttributesForDisappearingItem(at: path)
                }
            default:
                break
            }
        }
        layout.finalizeCollectionViewUpdates()
        layoutIfNeeded()
        completion?(true)
    }

    /// Inserts items (inside ``performBatchUpdates(_:completion:)``, or as a batch of its own).
    open func insertItems(at indexPaths: [IndexPath]) {
        record(indexPaths.map { UICollectionViewUpdateItem(_action: .insert, before: nil, after: $0) })
    }

    /// Deletes items.
    open func deleteItems(at indexPaths: [IndexPath]) {
        record(indexPaths.map { UICollectionViewUpdateItem(_action: .delete, before: $0, after: nil) })
    }

    /// Reloads items.
    open func reloadItems(at indexPaths: [IndexPath]) {
        record(indexPaths.map { UICollectionViewUpdateItem(_action: .reload, before: $0, after: $0) })
    }

    /// Moves an item.
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record([UICollectionViewUpdateItem(_action: .move, before: indexPath, after: newIndexPath)])
    }

    /// Inserts sections; their update items have the item index `NSNotFound`.
    open func insertSections(_ sections: IndexSet) {
        record(sections.map { UICollectionViewUpdateItem(_action: .insert, before: nil, after: IndexPath(item: NSNotFound, section: $0)) })
    }

    /// Deletes sections.
    open func deleteSections(_ sections: IndexSet) {
        record(sections.map { UICollectionViewUpdateItem(_action: .delete, before: IndexPath(item: NSNotFound, section: $0), after: nil) })
    }

    /// Reloads sections.
    open func reloadSections(_ sections: IndexSet) {
        record(sections.map { UICollectionViewUpdateItem(_action: .reload, before: IndexPath(item: NSNotFound, section: $0), after: IndexPath(item: NSNotFound, section: $0)) })
    }

    private func record(_ items: [UICollectionViewUpdateItem]) {
        if pendingUpdates != nil {
            pendingUpdates?.append(contentsOf: items)
        } else {
            performBatchUpdates({ self.pendingUpdates?.append(contentsOf: items) })
        }
    }

    private var pendingUpdates: [UICollectionViewUpdateItem]?

    // MARK: The layout cycle

    /// Runs a layout pass: prepares the layout if it is invalid, sets `contentSize` from its
    /// `collectionViewContentSize`, and records the items whose attributes
    /// `layoutAttributesForElements(in: bounds)` returns as ``indexPathsForVisibleItems``.
    open override func layoutSubviews() {
        super.layoutSubviews()
        validateLayout()
        let visible = collectionViewLayout.layoutAttributesForElements(in: bounds) ?? []
        visibleItems = visible.filter { $0.representedElementCategory == .cell }.map(\.indexPath).sorted()
    }

    /// The index paths of the cells the last layout pass found in the visible rect (`bounds`),
    /// sorted; empty before the first pass.
    open var indexPathsForVisibleItems: [IndexPath] { visibleItems }

    /// The layout's attributes for the item at `indexPath`, after preparing the layout if it is
    /// invalid.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        validateLayout()
        return collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    /// The layout's attributes for the supplementary view of `kind` at `indexPath`, after
    /// preparing the layout if it is invalid.
    open func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        validateLayout()
        return collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    /// Asks the layout whether the change invalidates it; if so, invalidates it with its
    /// `invalidationContext(forBoundsChange:)`. Called before `bounds` changes.
    open override func _boundsWillChange(to newBounds: CGRect) {
        super._boundsWillChange(to: newBounds)
        let layout = collectionViewLayout
        if layout.shouldInvalidateLayout(forBoundsChange: newBounds) {
            layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: newBounds))
        }
    }

    override func _didScroll() {
        delegate?.scrollViewDidScroll(self)
    }

    /// Prepares the layout if it is invalid (never re-entered from within `prepare()`).
    private func validateLayout() {
        guard !layoutIsValid, !isPreparing else { return }
        isPreparing = true
        defer { isPreparing = false }
        layoutIsValid = true
        collectionViewLayout.prepare()
        contentSize = collectionViewLayout.collectionViewContentSize
    }

    /// Applies an invalidation (`UICollectionViewLayout.invalidateLayout(with:)`'s default).
    func _layoutInvalidated(by context: UICollectionViewLayoutInvalidationContext) {
        if context.invalidateEverything || context.invalidateDataSourceCounts { cachedCounts = nil }
        layoutIsValid = false
        let offset = context.contentOffsetAdjustment, grow = context.contentSizeAdjustment
        if offset != .zero {
            _setBoundsSilently(bounds.offsetBy(dx: offset.x, dy: offset.y))
        }
        if grow != .zero {
            contentSize = CGSize(width: contentSize.width + grow.width, height: contentSize.height + grow.height)
        }
        setNeedsLayout()
    }

    /// Invalidates `layout` with a context whose `invalidateEverything` and
    /// `invalidateDataSourceCounts` are true, as UIKit does on a new layout, a new data source and
    /// `reloadData()`.
    private func invalidateEverything(in layout: UICollectionViewLayout) {
        cachedCounts = nil
        let context = layout._makeInvalidationContext()
        context._invalidateEverything = true
        context._invalidateDataSourceCounts = true
        layout.invalidateLayout(with: context)
    }

    private var layoutIsValid = false
    private var isPreparing = false
    private var visibleItems: [IndexPath] = []

    // MARK: Registration

    /// Registers the class of the cells with `identifier` (nil unregisters). Recorded only: cells
    /// are not created here.
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        cellClasses[identifier] = cellClass
    }

    /// Registers the class of the supplementary views of `elementKind` with `identifier`.
    /// Recorded only.
    open func register(_ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String) {
        supplementaryClasses["\(elementKind)/\(identifier)"] = viewClass
    }

    private var cellClasses: [String: AnyClass] = [:]
    private var supplementaryClasses: [String: AnyClass] = [:]
}
