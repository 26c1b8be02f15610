/// One item of a custom group (``NSCollectionLayoutGroup/custom(layoutSize:itemProvider:)``): its
/// frame relative to the group's origin (pt) and its z-index.
///
/// Source: developer.apple.com/documentation/uikit/nscollectionlayoutgroupcustomitem
public final class NSCollectionLayoutGroupCustomItem: NSObject, NSCopying {
    /// The item's frame, relative to the group's origin (pt).
    public let frame: CGRect
    /// The item's stacking order (`UICollectionViewLayoutAttributes.zIndex`). Default 0.
    public let zIndex: Int

    /// An item with `frame` and z-index 0.
    public convenience init(frame: CGRect) {
        self.init(frame: frame, zIndex: 0)
    }

    /// An item with `frame` and `zIndex`.
    public init(frame: CGRect, zIndex: Int) {
        self.frame = frame
        self.zIndex = zIndex
    }

    public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// What a custom group calls to place its items: frames relative to the group's origin, one per
/// item, in item order.
///
/// Source: developer.apple.com/documentation/uikit/nscollectionlayoutgroupcustomitemprovider
public typealias NSCollectionLayoutGroupCustomItemProvider = (NSCollectionLayoutEnvironment) -> [NSCollectionLayoutGroupCustomItem]
