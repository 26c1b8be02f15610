/// One section of a compositional layout: its group, repeated down the section until the
/// section's items are used, the spacing between groups, and the section's insets.
///
/// Here (vertical scrolling only): the section's content area is the collection view's width
/// minus the ``contentInsetsReference`` boundary's leading and trailing insets minus
/// ``contentInsets``' leading and trailing; its top is the previous section's bottom plus
/// ``contentInsets``' top. Groups start at the content area's leading edge, one below the other,
/// ``interGroupSpacing`` apart (none after the last); each group consumes the items it places, in
/// order. The section ends at its last group's bottom plus ``contentInsets``' bottom (at its top
/// plus top and bottom insets with no items). Not declared: boundary supplementary items
/// (headers, footers), decoration items, orthogonal scrolling.
///
/// Source: developer.apple.com/documentation/uikit/nscollectionlayoutsection
open class NSCollectionLayoutSection: NSObject, NSCopying {
    /// The group repeated down the section.
    public let group: NSCollectionLayoutGroup
    /// The insets around the section's groups (pt). Default `.zero`.
    open var contentInsets: NSDirectionalEdgeInsets = .zero
    /// The space between consecutive groups (pt). Default 0.
    open var interGroupSpacing: CGFloat = 0
    /// The boundary ``contentInsets`` are measured from. Default `.automatic`.
    open var contentInsetsReference: UIContentInsetsReference = .automatic

    /// A section that repeats `group`.
    public init(group: NSCollectionLayoutGroup) {
        self.group = group
    }

    /// A new section with the same group and properties.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSCollectionLayoutSection(group: group)
        copy.contentInsets = contentInsets
        copy.interGroupSpacing = interGroupSpacing
        copy.contentInsetsReference = contentInsetsReference
        return copy
    }
}
