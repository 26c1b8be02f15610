import Foundation

/// The reference engine as the harness drives it: ``ReferenceLayout`` plus a rect query over the
/// last successful layout. Name `reference`.
public final class ReferenceEngine: LayoutEngine {
    public static let version = "1.0.0"
    public let descriptor = EngineDescriptor(
        name: "reference", version: ReferenceEngine.version, capabilities: [.query], features: .all,
        summary: "FIXTURE-FORMAT §5 exactly: every placement, spans, tie tolerance, headers/footers, pixel flooring")

    private var last: (input: LayoutInput, result: LayoutResult)?
    private var index: RectQueryIndex?

    public init() {}

    /// The reference engine's registry entry: its descriptor and a maker of fresh instances.
    public static let entry = EngineEntry(descriptor: ReferenceEngine().descriptor, make: { ReferenceEngine() })

    /// - Complexity: see ``ReferenceLayout/layout(_:)``. The query index is built on first query.
    public func layout(_ input: LayoutInput) throws -> LayoutResult {
        last = nil; index = nil
        let result = try ReferenceLayout.layout(input)
        last = (input, result)
        return result
    }

    /// - Complexity: O(items) for the first query after a layout (building the index), then see
    ///   ``RectQueryIndex``.
    public func elements(in rect: CGRect) throws -> [ElementID] {
        if index == nil, let last { index = RectQueryIndex(input: last.input, result: last.result) }
        guard let index else { throw QueryError.noLayout }
        return index.elements(in: rect)
    }
}

/// The reference algorithm as a `UICollectionViewLayout`-shaped subclass: what a port looks like,
/// and what the `reprepare` and `lookup-consistency` checks run against.
public final class WaterfallCollectionViewLayout: CollectionViewLayout {
    private var prepared: (result: LayoutResult, index: RectQueryIndex)?
    private var preparedWidth: CGFloat?
    /// Set when the last `prepare()` found the input invalid.
    public private(set) var layoutError: LayoutError?

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

extension LayoutAttributes {
    /// Attributes for `id`: a cell, or a header / footer supplementary view.
    public convenience init(_ id: ElementID) {
        switch id.kind {
        case .item: self.init(forCellWith: IndexPath(item: id.item, section: id.section))
        case .header: self.init(forSupplementaryViewOfKind: ElementKind.sectionHeader, with: IndexPath(item: 0, section: id.section))
        case .footer: self.init(forSupplementaryViewOfKind: ElementKind.sectionFooter, with: IndexPath(item: 0, section: id.section))
        }
    }
}
