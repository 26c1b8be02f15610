/// The width and height of a compositional layout element, each an
/// ``NSCollectionLayoutDimension``.
///
/// Source: developer.apple.com/documentation/uikit/nscollectionlayoutsize
public final class NSCollectionLayoutSize: NSObject, NSCopying {
    public let widthDimension: NSCollectionLayoutDimension
    public let heightDimension: NSCollectionLayoutDimension

    public init(widthDimension width: NSCollectionLayoutDimension, heightDimension height: NSCollectionLayoutDimension) {
        widthDimension = width
        heightDimension = height
    }

    /// The size in a container of `container` (pt); estimates are taken as they are.
    func _resolved(in container: CGSize) -> CGSize {
        CGSize(width: widthDimension._resolved(in: container), height: heightDimension._resolved(in: container))
    }

    public func copy(with zone: NSZone? = nil) -> Any { self }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSCollectionLayoutSize else { return false }
        return widthDimension.isEqual(other.widthDimension) && heightDimension.isEqual(other.heightDimension)
    }

    public override var hash: Int { widthDimension.hash ^ heightDimension.hash }
}
