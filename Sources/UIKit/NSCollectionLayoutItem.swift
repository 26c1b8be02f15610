/// The smallest part of a compositional layout: one cell's slot, of size ``layoutSize``.
///
/// The cell's frame is the slot inset by ``contentInsets`` (Apple: the insets are applied after
/// the item's size is computed, so they shrink the cell inside its slot). Supplementary items and
/// edge spacing are not declared here.
///
/// Source: developer.apple.com/documentation/uikit/nscollectionlayoutitem
open class NSCollectionLayoutItem: NSObject, NSCopying {
    /// The slot's size, resolved against the containing group (or section content area).
    public let layoutSize: NSCollectionLayoutSize
    /// Insets of the cell inside its slot (pt). Default `.zero`.
    open var contentInsets: NSDirectionalEdgeInsets = .zero

    /// An item of size `layoutSize`.
    public init(layoutSize: NSCollectionLayoutSize) {
        self.layoutSize = layoutSize
    }

    /// A new item of the same size and insets.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSCollectionLayoutItem(layoutSize: layoutSize)
        copy.contentInsets = contentInsets
        return copy
    }
}
