import Foundation
import WaterfallCheckCore

/// Turns any ``CollectionViewLayout`` subclass into a ``LayoutEngine``, driving it as UIKit does:
/// set the collection view, `prepare()`, read `collectionViewContentSize`, then ask
/// `layoutAttributesForElements(in:)` for a rect around everything.
///
/// Frames are read only through `layoutAttributesForElements(in:)`, never through
/// `layoutAttributesForItem(at:)` (which some published layouts compute afresh on every call).
/// Attributes beyond one per input element (duplicates, unknown index paths) go to
/// ``LayoutResult/extraElements``; an item with no attributes gets `CGRect.null`, and a missing
/// header or footer is left out, so the `complete` check can name them. A layout that is a
/// ``RaisingCollectionViewLayout`` and recorded an error during the pass makes `layout(_:)` throw it.
public final class CollectionViewLayoutEngine: LayoutEngine {
    public let descriptor: EngineDescriptor
    private let makeLayout: (LayoutInput) throws -> CollectionViewLayout
    /// The layout object of the last successful `layout(_:)`, prepared.
    public private(set) var lastLayout: CollectionViewLayout?

    /// A rect that meets every finite frame, even zero-size ones at the origin.
    public static let everything = CGRect(x: -1e15, y: -1e15, width: 4e15, height: 4e15)

    /// - Parameters:
    ///   - descriptor: name, version and features; ``EngineCapabilities/query`` and
    ///     ``EngineCapabilities/collectionViewLayout`` are added.
    ///   - makeLayout: makes a configured layout object for an input (mapping the input's settings
    ///     onto the layout's own). Throws ``LayoutError`` (for example `unsupported`).
    public init(descriptor: EngineDescriptor, makeLayout: @escaping (LayoutInput) throws -> CollectionViewLayout) {
        var d = descriptor
        d.capabilities.formUnion([.query, .collectionViewLayout])
        self.descriptor = d
        self.makeLayout = makeLayout
    }

    /// A fresh layout object for `input`, attached to a stand-in collection view and prepared
    /// once; what the layout raised while preparing (``RaisingCollectionViewLayout``) is thrown.
    public func makePreparedCollectionViewLayout(for input: LayoutInput) throws -> CollectionViewLayout {
        let layout = try makeLayout(input)
        layout.collectionView = CollectionView(input: input)
        layout.prepare()
        if let e = (layout as? RaisingCollectionViewLayout)?.raisedError { throw e }
        return layout
    }

    /// Feature gating is the caller's (``LayoutEngine/answer(_:)``), as for every engine.
    /// - Complexity: the layout's own `prepare()` plus O(elements).
    /// - Throws: whatever the layout's factory throws; the error the layout raised.
    public func layout(_ input: LayoutInput) throws -> LayoutResult {
        lastLayout = nil
        let layout = try makePreparedCollectionViewLayout(for: input)
        let attributes = layout.layoutAttributesForElements(in: Self.everything) ?? []
        let result = Self.assemble(attributes, contentSize: layout.collectionViewContentSize, for: input)
        if let e = (layout as? RaisingCollectionViewLayout)?.raisedError { throw e }
        lastLayout = layout
        return result
    }

    public func elements(in rect: CGRect) throws -> [ElementID] {
        guard let layout = lastLayout else { throw QueryError.noLayout }
        return (layout.layoutAttributesForElements(in: rect) ?? []).compactMap(\.elementID)
    }

    /// Builds a result shaped like `input` from a flat attribute list (``LayoutResult/assembled(_:contentSize:for:)``);
    /// an attribute naming no element counts as an item of its index path's first index. O(elements).
    public static func assemble(_ attributes: [LayoutAttributes], contentSize: CGSize, for input: LayoutInput) -> LayoutResult {
        LayoutResult.assembled(attributes.map { a in
            LayoutElement(id: a.elementID ?? .item(a.indexPath.count > 0 ? a.indexPath[0] : -1, -1), frame: a.frame)
        }, contentSize: contentSize, for: input)
    }
}

extension CollectionViewLayoutEngine: PreparedLayoutEngine {
    public func makePreparedLayout(for input: LayoutInput) throws -> PreparedLayout {
        PreparedStandIn(try makePreparedCollectionViewLayout(for: input))
    }
}

/// A prepared ``CollectionViewLayout`` as the lifecycle invariants drive it.
private final class PreparedStandIn: PreparedLayout {
    let layout: CollectionViewLayout
    init(_ layout: CollectionViewLayout) { self.layout = layout }

    func allElements() -> [(id: ElementID?, frame: CGRect)] {
        (layout.layoutAttributesForElements(in: CollectionViewLayoutEngine.everything) ?? []).map { ($0.elementID, $0.frame) }
    }

    func lookup(_ id: ElementID) -> CGRect? {
        switch id.kind {
        case .item: return layout.layoutAttributesForItem(at: IndexPath(item: id.item, section: id.section))?.frame
        case .header: return layout.layoutAttributesForSupplementaryView(ofKind: ElementKind.sectionHeader, at: IndexPath(item: 0, section: id.section))?.frame
        case .footer: return layout.layoutAttributesForSupplementaryView(ofKind: ElementKind.sectionFooter, at: IndexPath(item: 0, section: id.section))?.frame
        }
    }

    func invalidateAndPrepare() { layout.invalidateLayout(); layout.prepare() }
    var bounds: CGRect? { layout.collectionView?.bounds }
    func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { layout.shouldInvalidateLayout(forBoundsChange: newBounds) }
}
