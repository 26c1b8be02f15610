/// One dimension (width or height) of a compositional layout element's size: a fraction of its
/// container's width or height, an absolute length, or an estimate.
///
/// Resolution (Apple's documentation): fractional dimensions are "computed as a fraction of the
/// width/height of the containing group" (of the section's content area for a section's group);
/// an estimated dimension is a starting value that self-sizing refines. Cells never self-size
/// here, so an estimated item dimension is its estimate; an estimated group height is the height
/// of its content (see ``NSCollectionLayoutGroup``).
///
/// Source: developer.apple.com/documentation/uikit/nscollectionlayoutdimension
public final class NSCollectionLayoutDimension: NSObject, NSCopying {
    enum Kind { case fractionalWidth, fractionalHeight, absolute, estimated }
    let kind: Kind

    /// The fraction, the length (pt) or the estimate (pt).
    public let dimension: CGFloat

    init(_ kind: Kind, _ dimension: CGFloat) {
        self.kind = kind
        self.dimension = dimension
    }

    /// `fractionalWidth` × the container's width.
    public static func fractionalWidth(_ fractionalWidth: CGFloat) -> NSCollectionLayoutDimension { .init(.fractionalWidth, fractionalWidth) }
    /// `fractionalHeight` × the container's height.
    public static func fractionalHeight(_ fractionalHeight: CGFloat) -> NSCollectionLayoutDimension { .init(.fractionalHeight, fractionalHeight) }
    /// `absoluteDimension` points.
    public static func absolute(_ absoluteDimension: CGFloat) -> NSCollectionLayoutDimension { .init(.absolute, absoluteDimension) }
    /// An estimate of `estimatedDimension` points.
    public static func estimated(_ estimatedDimension: CGFloat) -> NSCollectionLayoutDimension { .init(.estimated, estimatedDimension) }

    public var isFractionalWidth: Bool { kind == .fractionalWidth }
    public var isFractionalHeight: Bool { kind == .fractionalHeight }
    public var isAbsolute: Bool { kind == .absolute }
    public var isEstimated: Bool { kind == .estimated }

    /// The length in a container of `size` (pt).
    func _resolved(in size: CGSize) -> CGFloat {
        switch kind {
        case .fractionalWidth: return dimension * size.width
        case .fractionalHeight: return dimension * size.height
        case .absolute, .estimated: return dimension
        }
    }

    public func copy(with zone: NSZone? = nil) -> Any { self }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSCollectionLayoutDimension else { return false }
        return kind == other.kind && dimension == other.dimension
    }

    public override var hash: Int { dimension.hashValue }
}
