/// What a compositional layout's providers are told about where they lay out: the container and
/// the collection view's traits.
///
/// Source: developer.apple.com/documentation/uikit/nscollectionlayoutenvironment
public protocol NSCollectionLayoutEnvironment: NSObjectProtocol {
    /// The space being laid out (see ``UICollectionViewCompositionalLayout`` for which).
    var container: NSCollectionLayoutContainer { get }
    /// The collection view's trait collection.
    var traitCollection: UITraitCollection { get }
}

/// The environment a compositional layout hands to its providers.
final class _CollectionLayoutEnvironment: NSObject, NSCollectionLayoutEnvironment {
    let container: NSCollectionLayoutContainer
    let traitCollection: UITraitCollection

    init(container: NSCollectionLayoutContainer, traitCollection: UITraitCollection) {
        self.container = container
        self.traitCollection = traitCollection
    }
}
