import Foundation
import WaterfallCheckCore

/// The reference algorithm as a `UICollectionViewLayout`-shaped subclass: what a port looks like,
/// and what the `reprepare` and `lookup-consistency` checks run against.
public final class WaterfallCollectionViewLayout: CollectionViewLayout, RaisingCollectionViewLayout {
    private var prepared: (result: LayoutResult, index: RectQueryIndex)?
    private var preparedWidth: CGFloat?
    /// Set when the last `prepare()` found the input invalid.
    public private(set) var layoutError: LayoutError?
    /// ``layoutError``, through the protocol the adapter reads (``RaisingCollectionViewLayout``).
    public var raisedError: Error? { layoutError }

    public override init() {}

    public override func prepare() {
        guard prepared == nil, let cv = collectionView else { return }
        do {
            let result = try ReferenceLayout.layout(cv.input)
            prepared = (result, RectQueryIndex(input: cv.input, result: result))
            preparedWidth = cv.bounds.width
            layoutError = nil
        } catch {
            layoutError = error
        }
    }

    public override var collectionViewContentSize: CGSize { prepared?.result.contentSize ?? .zero }

    public override func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes]? {
        guard let p = prepared else { return nil }
        return p.index.elements(in: rect).compactMap { attributes(for: $0, in: p.result) }
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard let p = prepared else { return nil }
        return attributes(for: .item(indexPath.section, indexPath.item), in: p.result)
    }

    public override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        guard let p = prepared else { return nil }
        switch elementKind {
        case ElementKind.sectionHeader: return attributes(for: .header(indexPath.section), in: p.result)
        case ElementKind.sectionFooter: return attributes(for: .footer(indexPath.section), in: p.result)
        default: return nil
        }
    }

    /// True exactly when the width changes (a scroll changes only the origin).
    public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.width != (preparedWidth ?? collectionView?.bounds.width)
    }

    public override func invalidateLayout() { prepared = nil }

    private func attributes(for id: ElementID, in result: LayoutResult) -> LayoutAttributes? {
        guard let frame = result.frame(of: id) else { return nil }
        let a = LayoutAttributes(id)
        a.frame = frame
        return a
    }
}
