/// The size and insets of the space a compositional layout lays something out in: the collection
/// view for a section provider, a section's content area for a custom group's item provider.
///
/// Apple's documentation: `contentSize` is the container's size; `contentInsets` its own insets;
/// `effectiveContentInsets` those "including any additional insets from the system or safe area";
/// `effectiveContentSize` the size "minus any content insets" (the effective ones here).
///
/// Source: developer.apple.com/documentation/uikit/nscollectionlayoutcontainer
public protocol NSCollectionLayoutContainer: NSObjectProtocol {
    /// The container's size (pt).
    var contentSize: CGSize { get }
    /// ``contentSize`` minus ``effectiveContentInsets`` (pt).
    var effectiveContentSize: CGSize { get }
    /// The container's own insets (pt).
    var contentInsets: NSDirectionalEdgeInsets { get }
    /// ``contentInsets`` plus the system's (the section's `contentInsetsReference` boundary).
    var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

/// The container a compositional layout hands to its providers.
final class _CollectionLayoutContainer: NSObject, NSCollectionLayoutContainer {
    let contentSize: CGSize
    let contentInsets: NSDirectionalEdgeInsets
    let effectiveContentInsets: NSDirectionalEdgeInsets

    init(contentSize: CGSize, contentInsets: NSDirectionalEdgeInsets = .zero, effectiveContentInsets: NSDirectionalEdgeInsets? = nil) {
        self.contentSize = contentSize
        self.contentInsets = contentInsets
        self.effectiveContentInsets = effectiveContentInsets ?? contentInsets
    }

    var effectiveContentSize: CGSize {
        let e = effectiveContentInsets
        return CGSize(width: contentSize.width - e.leading - e.trailing, height: contentSize.height - e.top - e.bottom)
    }
}
