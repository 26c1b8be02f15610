import Foundation
import WaterfallCheckClassics
import WaterfallCheckCore

/// UIKit-shaped layouts with the lifecycle bugs of seed 000 (`BQWaterLayout`), over the
/// reference algorithm, for `lookup-consistency` and `reprepare`.
public final class BrokenCollectionViewLayout: CollectionViewLayout, @unchecked Sendable {
    public enum Bug { case none, lookupPlacesAgain, prepareAppends }
    public let bug: Bug
    private var attributes: [LayoutAttributes] = []
    private var contentSize = CGSize.zero
    private var lookups: CGFloat = 0

    public init(_ bug: Bug) { self.bug = bug }

    public override func prepare() {
        guard let cv = collectionView, let result = try? ReferenceLayout.layout(cv.input) else { return }
        // Seed 000: the attribute array is appended to and never cleared.
        if bug != .prepareAppends { attributes.removeAll() }
        for e in result.elements {
            let a = LayoutAttributes(e.id)
            a.frame = e.frame
            attributes.append(a)
        }
        contentSize = result.contentSize
    }

    public override var collectionViewContentSize: CGSize { contentSize }

    public override func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes]? {
        attributes.filter { $0.frame.meets(rect) }
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard let a = attributes.first(where: { $0.elementID == .item(indexPath.section, indexPath.item) }) else { return nil }
        guard bug == .lookupPlacesAgain else { return a }
        // Seed 000: every lookup places the item again, one column-advance further down.
        lookups += 1
        let again = LayoutAttributes(forCellWith: indexPath)
        again.frame = a.frame.offsetBy(dx: 0, dy: lookups)
        return again
    }

    public override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        let id: ElementID = elementKind == ElementKind.sectionHeader ? .header(indexPath.section) : .footer(indexPath.section)
        return attributes.first { $0.elementID == id }
    }

    public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.width != collectionView?.bounds.width
    }

    public override func invalidateLayout() {}

    /// The engine for `bug`.
    public static func engine(_ bug: Bug) -> CollectionViewLayoutEngine {
        CollectionViewLayoutEngine(descriptor: EngineDescriptor(name: "cv-\(bug)", version: "0")) { _ in BrokenCollectionViewLayout(bug) }
    }
}
