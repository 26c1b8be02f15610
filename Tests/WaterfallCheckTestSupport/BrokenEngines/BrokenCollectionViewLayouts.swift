import Foundation
import UIKit
import WaterfallCheckCore
import WaterfallCheckUIKit

/// Real `UICollectionViewLayout`s over the reference algorithm (the input from the driver's
/// ``CollectionViewData``, read at each `prepare()`), with the lifecycle bugs of seed 000
/// (`BQWaterLayout`), for `lookup-consistency` and `reprepare`; `.none` is the bug-free layout
/// the lifecycle and feature-gate tests use.
public final class BrokenCollectionViewLayout: UICollectionViewLayout {
    public enum Bug: Sendable { case none, lookupPlacesAgain, prepareAppends }
    public let bug: Bug
    private let data: CollectionViewData
    private var attributes: [UICollectionViewLayoutAttributes] = []
    private var contentSize = CGSize.zero
    private var lookups: CGFloat = 0

    public init(_ bug: Bug, data: CollectionViewData) {
        self.bug = bug
        self.data = data
        super.init()
    }

    public required init?(coder: NSCoder) { return nil }

    /// The reference's frames for the data shown now (nothing for an invalid input: the layout
    /// does not validate). O(elements).
    public override func prepare() {
        super.prepare()
        guard collectionView != nil, let result = try? ReferenceLayout.layout(data.input) else { return }
        // Seed 000: the attribute array is appended to and never cleared.
        if bug != .prepareAppends { attributes.removeAll() }
        for e in result.elements {
            let a = Self.attributes(e.id)
            a.frame = e.frame
            attributes.append(a)
        }
        contentSize = result.contentSize
    }

    public override var collectionViewContentSize: CGSize { contentSize }

    /// The attributes whose frames meet `rect` (FIXTURE-FORMAT §9's strict predicate). O(elements).
    public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        attributes.filter { $0.frame.meets(rect) }
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let a = attributes.first(where: { $0.representedElementCategory == .cell && $0.indexPath == indexPath }) else { return nil }
        guard bug == .lookupPlacesAgain else { return a }
        // Seed 000: every lookup places the item again, one column-advance further down.
        lookups += 1
        let again = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        again.frame = a.frame.offsetBy(dx: 0, dy: lookups)
        return again
    }

    public override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        attributes.first { $0.representedElementKind == elementKind && $0.indexPath == indexPath }
    }

    /// True exactly when the width changes (a scroll changes only the origin).
    public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.width != collectionView?.bounds.width
    }

    /// Attributes for `id`: a cell, or a header / footer supplementary view of UIKit's kinds.
    public static func attributes(_ id: ElementID) -> UICollectionViewLayoutAttributes {
        switch id.kind {
        case .item: return UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: id.item, section: id.section))
        case .header: return UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                                                              with: IndexPath(item: 0, section: id.section))
        case .footer: return UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: UICollectionView.elementKindSectionFooter,
                                                              with: IndexPath(item: 0, section: id.section))
        }
    }

    /// The engine for `bug`, through the UIKit driver: named `cv-BUG` unless `name` is given,
    /// declaring `features` and the strict query predicate (``EngineLimits/exact``).
    public static func engine(_ bug: Bug, name: String? = nil, version: String = "0", features: LayoutFeatures = .all) -> UIKitLayoutEngine {
        UIKitLayoutEngine(name: name ?? "cv-\(bug)", version: version, features: features, queryPredicate: .strict, summary: "") { data in
            .init(layout: BrokenCollectionViewLayout(bug, data: data))
        }
    }
}
