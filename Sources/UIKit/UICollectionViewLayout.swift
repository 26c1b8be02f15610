/// The abstract base of a collection view's layout: it computes the position (frame, pt) and look
/// of every cell, supplementary view and decoration view.
///
/// Layout cycle (Apple, "Creating Custom Layouts" / UICollectionViewLayout, "Subclassing notes"):
/// when the layout is invalid, the collection view calls ``prepare()``, then
/// ``collectionViewContentSize``, then ``layoutAttributesForElements(in:)`` for the visible rect;
/// it asks ``layoutAttributesForItem(at:)`` and the other lookups on demand. A bounds change
/// (scrolling, resizing) asks ``shouldInvalidateLayout(forBoundsChange:)`` before the bounds change;
/// on true it invalidates with ``invalidationContext(forBoundsChange:)``.
/// `UICollectionView.layoutIfNeeded()` runs that cycle here.
///
/// Every lookup's default returns nil, ``collectionViewContentSize`` `.zero`: subclasses override.
///
/// Source: developer.apple.com/documentation/uikit/uicollectionviewlayout
open class UICollectionViewLayout: NSObject {
    public override init() {
        super.init()
    }

    /// UIKit decodes a layout from an archive (a storyboard); with no Objective-C archives here,
    /// this gives a layout with its default values.
    public required init?(coder: NSCoder) {
        super.init()
    }

    /// The collection view this layout is attached to, held weakly; nil until a collection view
    /// adopts it (`UICollectionView(frame:collectionViewLayout:)` or `collectionViewLayout = `).
    open var collectionView: UICollectionView? { _collectionView }
    weak var _collectionView: UICollectionView?

    // MARK: Classes

    /// The class of the attributes this layout creates. Default
    /// `UICollectionViewLayoutAttributes.self`; must be that class or a subclass.
    open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }

    /// The class of the invalidation contexts this layout and its collection view create.
    /// Default `UICollectionViewLayoutInvalidationContext.self`; must be that class or a subclass.
    ///
    /// Source: developer.apple.com/documentation/uikit/uicollectionviewlayout/invalidationcontextclass
    open class var invalidationContextClass: AnyClass { UICollectionViewLayoutInvalidationContext.self }

    /// A new, empty context of ``invalidationContextClass``.
    func _makeInvalidationContext() -> UICollectionViewLayoutInvalidationContext {
        guard let contextClass = type(of: self).invalidationContextClass as? UICollectionViewLayoutInvalidationContext.Type else {
            preconditionFailure("invalidationContextClass of \(type(of: self)) is not a UICollectionViewLayoutInvalidationContext subclass")
        }
        return contextClass.init()
    }

    // MARK: Invalidation

    /// Invalidates the whole layout: calls ``invalidateLayout(with:)`` with a new context of
    /// ``invalidationContextClass`` whose `invalidateEverything` (and so
    /// `invalidateDataSourceCounts`) is true. The collection view re-runs ``prepare()`` at its next
    /// layout pass.
    ///
    /// Source: developer.apple.com/documentation/uikit/uicollectionviewlayout/invalidatelayout()
    open func invalidateLayout() {
        let context = _makeInvalidationContext()
        context._invalidateEverything = true
        context._invalidateDataSourceCounts = true
        invalidateLayout(with: context)
    }

    /// Invalidates the parts of the layout that `context` names. The default marks the collection
    /// view's layout as needing a pass, re-reads the data source counts if the context says so, and
    /// applies the context's content offset and size adjustments. Overrides must call `super`.
    ///
    /// Source: developer.apple.com/documentation/uikit/uicollectionviewlayout/invalidatelayout(with:)
    open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        collectionView?._layoutInvalidated(by: context)
    }

    // MARK: Layout

    /// Computes the layout. Called before the first layout pass and after each invalidation; the
    /// default does nothing. Overrides call `super`.
    ///
    /// Source: developer.apple.com/documentation/uikit/uicollectionviewlayout/prepare()
    open func prepare() {}

    /// The width and height of all the content (pt). Default `.zero`.
    open var collectionViewContentSize: CGSize { .zero }

    /// The attributes of every element whose frame intersects `rect` (pt). Default nil.
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

    /// The attributes of the cell of the item at `indexPath`. Default nil; subclasses must override.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// The attributes of the supplementary view of `elementKind` at `indexPath`. Default nil;
    /// layouts with supplementary views must override.
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// The attributes of the decoration view of `elementKind` at `indexPath`. Default nil.
    open func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    // MARK: Bounds changes

    /// Whether a change of the collection view's bounds to `newBounds` needs a new layout. Called
    /// before the bounds change, so `collectionView?.bounds` is still the old value. Default false.
    ///
    /// Source: developer.apple.com/documentation/uikit/uicollectionviewlayout/shouldinvalidatelayout(forboundschange:)
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// The context to invalidate with when ``shouldInvalidateLayout(forBoundsChange:)`` is true.
    /// Default: a new, empty context of ``invalidationContextClass``.
    open func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        _makeInvalidationContext()
    }

    /// Whether a cell's self-sizing result should invalidate the layout. Default false.
    open func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes, withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> Bool { false }

    /// The context for a self-sizing invalidation. Default: a new context of
    /// ``invalidationContextClass`` that invalidates the item (or the supplementary or decoration
    /// view) of `originalAttributes`.
    open func invalidationContext(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes, withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutInvalidationContext {
        let context = _makeInvalidationContext()
        switch originalAttributes.representedElementCategory {
        case .cell:
            context.invalidateItems(at: [originalAttributes.indexPath])
        case .supplementaryView:
            context.invalidateSupplementaryElements(ofKind: originalAttributes.representedElementKind ?? "", at: [originalAttributes.indexPath])
        case .decorationView:
            context.invalidateDecorationElements(ofKind: originalAttributes.representedElementKind ?? "", at: [originalAttributes.indexPath])
        }
        return context
    }

    // MARK: Scrolling

    /// Where scrolling should stop. Default: `proposedContentOffset` unchanged.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    /// Where scrolling with `velocity` (pt/ms) should stop. Default: `proposedContentOffset`.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    // MARK: Updates and animations

    /// Called before inserting, deleting, reloading or moving items; the default does nothing.
    open func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {}

    /// Called after the updates of ``prepare(forCollectionViewUpdates:)``; the default does nothing.
    open func finalizeCollectionViewUpdates() {}

    /// Called before an animated bounds change; the default does nothing.
    open func prepare(forAnimatedBoundsChange oldBounds: CGRect) {}

    /// Called after an animated bounds change; the default does nothing.
    open func finalizeAnimatedBoundsChange() {}

    /// The starting attributes of an item being inserted. Default nil: there is no animation here.
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// The final attributes of an item being deleted. Default nil: there is no animation here.
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// The starting attributes of a supplementary view being inserted. Default nil.
    open func initialLayoutAttributesForAppearingSupplementaryElement(ofKind elementKind: String, at elementIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// The final attributes of a supplementary view being deleted. Default nil.
    open func finalLayoutAttributesForDisappearingSupplementaryElement(ofKind elementKind: String, at elementIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    // MARK: Decoration views and direction

    /// Registers the view class of a decoration view kind (nil unregisters). Kept for lookup by
    /// kind; there are no views to create here.
    open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
        decorationViewClasses[elementKind] = viewClass
    }

    /// The layout direction the layout was written for. Default `.leftToRight`.
    open var developmentLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }

    /// Whether UIKit mirrors the layout in the opposite direction. Default false.
    open var flipsHorizontallyInOppositeLayoutDirection: Bool { false }

    var decorationViewClasses: [String: AnyClass] = [:]
}
