/// Settings of a whole compositional layout.
///
/// Only vertical scrolling is laid out: a `.horizontal` ``scrollDirection`` is kept but the
/// sections still stack vertically. Boundary supplementary items are not declared.
///
/// Source: developer.apple.com/documentation/uikit/uicollectionviewcompositionallayoutconfiguration
open class UICollectionViewCompositionalLayoutConfiguration: NSObject, NSCopying {
    /// The scroll direction. Default `.vertical`.
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical
    /// The space between sections (pt). Default 0.
    open var interSectionSpacing: CGFloat = 0
    /// The boundary the section provider's container insets come from
    /// (``NSCollectionLayoutContainer/effectiveContentInsets``). Default `.automatic`.
    open var contentInsetsReference: UIContentInsetsReference = .automatic

    public override init() {
        super.init()
    }

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = UICollectionViewCompositionalLayoutConfiguration()
        copy.scrollDirection = scrollDirection
        copy.interSectionSpacing = interSectionSpacing
        copy.contentInsetsReference = contentInsetsReference
        return copy
    }
}
