import Foundation

/// A layout object as UIKit holds it between calls, prepared for one input: what the
/// `lookup-consistency` and `reprepare` invariants drive (Apple's `UICollectionViewLayout`
/// documentation: after `prepare()`, the collection view asks `layoutAttributesForElements(in:)`,
/// the item and supplementary lookups, and `shouldInvalidateLayout(forBoundsChange:)` on every
/// bounds change; `invalidateLayout()` makes the next use call `prepare()` again).
///
/// Made by a ``PreparedLayoutEngine``: the `UIKit` driver (`WaterfallCheckUIKit`) for a real
/// `UICollectionViewLayout`, the classic ports included. Used from one thread at a time.
public protocol PreparedLayout: AnyObject {
    /// `layoutAttributesForElements(in:)` for a rect around everything, in the layout's order:
    /// each attribute's element (`nil` when it names none) and frame in pt. O(elements).
    func allElements() -> [(id: ElementID?, frame: CGRect)]
    /// `layoutAttributesForItem(at:)` or `layoutAttributesForSupplementaryView(ofKind:at:)` for
    /// `id`: the frame in pt, or `nil` when the layout answered `nil`.
    func lookup(_ id: ElementID) -> CGRect?
    /// `invalidateLayout()`, then `prepare()` on the same object, as UIKit does after it.
    func invalidateAndPrepare()
    /// The collection view's bounds in pt, `nil` without a collection view.
    var bounds: CGRect? { get }
    /// The layout's `shouldInvalidateLayout(forBoundsChange:)`.
    func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool
    /// Gives the same layout object other data, as an app's `reloadData()` does: the collection
    /// view's data source and delegate answer from `input` (same settings, other sections and
    /// items), UIKit invalidates the layout (everything and the data source counts) and the next
    /// layout pass calls `prepare()`. Returns `false` when the engine cannot (the default).
    func reload(with input: LayoutInput) -> Bool
}

extension PreparedLayout {
    public func reload(with input: LayoutInput) -> Bool { false }
}

/// An engine that can hand the harness a fresh layout object prepared for an input
/// (``EngineCapabilities/collectionViewLayout``): the lifecycle invariants then check it beyond
/// one `layout(_:)`.
public protocol PreparedLayoutEngine: LayoutEngine {
    /// A fresh layout object for `input`, attached to a collection view and prepared once.
    /// - Throws: what the layout raised while preparing (an engine fault), or a ``LayoutError``.
    func makePreparedLayout(for input: LayoutInput) throws -> PreparedLayout
}
