import Foundation
import UIKit
import WaterfallCheckCore
import WaterfallCheckUIKit

/// A small `UICollectionViewLayout` of this project's own over the reference algorithm (the data
/// read from the driver's ``CollectionViewData`` at each `prepare()`), with one of issue 34's
/// lifecycle bug classes planted, or none. Each bug is what a published layout does:
/// - ``Bug/staleCache``: `prepare()` starts with `guard cache.isEmpty else { return }` and nothing
///   clears the cache, so new data never shows (the README's example layout, seed 000).
/// - ``Bug/keepsWidth``: `shouldInvalidateLayout(forBoundsChange:)` answers false for every change,
///   so a rotation keeps the old column width.
/// - ``Bug/appendsInserted``: a batch insert is placed incrementally in
///   `prepare(forCollectionViewUpdates:)`: the new item goes where it would go appended at the end
///   of its section, the others keep their frames (renumbered).
/// - ``Bug/staleSupplementary``: headers and footers live in a dictionary by section that
///   `prepare()` fills but never empties, so a deleted section's header stays.
/// - ``Bug/prepareAppends``: `prepare()` appends to the attribute array without clearing it, a
///   second copy of everything after any invalidation (seed 000's `prepareLayout`).
public final class PlantedLifecycleLayout: UICollectionViewLayout {
    public enum Bug: String, Sendable, CaseIterable {
        case none, staleCache, keepsWidth, appendsInserted, staleSupplementary, prepareAppends
    }
    public let bug: Bug
    private let data: CollectionViewData
    private var cells: [UICollectionViewLayoutAttributes] = []
    private var supplementary: [String: UICollectionViewLayoutAttributes] = [:]
    private var contentSize = CGSize.zero
    /// The last invalidation asked only for new counts (a batch update): ``Bug/appendsInserted``
    /// then waits for `prepare(forCollectionViewUpdates:)`.
    private var countsOnly = false

    public init(_ bug: Bug, data: CollectionViewData) {
        self.bug = bug
        self.data = data
        super.init()
    }

    public required init?(coder: NSCoder) { return nil }

    public override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        super.invalidateLayout(with: context)
        countsOnly = context.invalidateDataSourceCounts && !context.invalidateEverything
    }

    public override func prepare() {
        super.prepare()
        if bug == .staleCache { guard cells.isEmpty && supplementary.isEmpty else { return } }
        if bug == .appendsInserted && countsOnly { return }
        prepareAll()
    }

    private func prepareAll() {
        guard let result = try? ReferenceLayout.layout(data.input) else { return }
        if bug != .prepareAppends { cells.removeAll() }
        if bug != .staleSupplementary { supplementary.removeAll() }
        for e in result.elements {
            let a = BrokenCollectionViewLayout.attributes(e.id)
            a.frame = e.frame
            if e.id.kind == .item { cells.append(a) } else { supplementary["\(e.id)"] = a }
        }
        contentSize = result.contentSize
    }

    public override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
        guard bug == .appendsInserted, countsOnly else { return }
        countsOnly = false
        let inserts = updateItems.filter { $0.updateAction == .insert && $0.indexPathAfterUpdate?.item != NSNotFound }
        guard inserts.count == updateItems.count, inserts.count == 1, let path = inserts[0].indexPathAfterUpdate else { return prepareAll() }
        // Where the new item goes appended: the data with it moved to the end of its section.
        var appended = data.input
        let item = appended.sections[path.section].items.remove(at: path.item)
        appended.sections[path.section].items.append(item)
        guard let result = try? ReferenceLayout.layout(appended),
              let frame = result.frame(of: .item(path.section, appended.sections[path.section].items.count - 1)) else { return prepareAll() }
        for a in cells where a.indexPath.section == path.section && a.indexPath.item >= path.item {
            a.indexPath = IndexPath(item: a.indexPath.item + 1, section: path.section)
        }
        let a = UICollectionViewLayoutAttributes(forCellWith: path)
        a.frame = frame
        cells.append(a)
        contentSize = result.contentSize
    }

    public override var collectionViewContentSize: CGSize { contentSize }

    public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        (cells + supplementary.keys.sorted().map { supplementary[$0]! }).filter { $0.frame.meets(rect) }
    }

    public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cells.first { $0.indexPath == indexPath }
    }

    public override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        supplementary.values.first { $0.representedElementKind == elementKind && $0.indexPath == indexPath }
    }

    public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        bug == .keepsWidth ? false : newBounds.width != collectionView?.bounds.width
    }

    /// The layout through the UIKit driver, named `lifecycle-BUG`, every feature, the strict query.
    public static func engine(_ bug: Bug) -> UIKitLayoutEngine {
        UIKitLayoutEngine(name: "lifecycle-\(bug.rawValue)", version: "0", queryPredicate: .strict, summary: "") { data in
            try ReferenceLayout.validate(data.input)
            return .init(layout: PlantedLifecycleLayout(bug, data: data))
        }
    }
}
