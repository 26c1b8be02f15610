/// The invalidation context of `UICollectionViewFlowLayout` (its `invalidationContextClass`).
///
/// Source: developer.apple.com/documentation/uikit/uicollectionviewflowlayoutinvalidationcontext
open class UICollectionViewFlowLayoutInvalidationContext: UICollectionViewLayoutInvalidationContext {
    /// Whether the sizes and spacings the delegate gives are invalid and must be asked for again.
    /// Default true.
    open var invalidateFlowLayoutDelegateMetrics: Bool = true

    /// Whether the flow layout's own properties (item size, spacing, insets) changed. Default true.
    open var invalidateFlowLayoutAttributes: Bool = true

    public required init() {
        super.init()
    }
}
