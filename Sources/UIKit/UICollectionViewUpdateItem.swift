/// One change (insert, delete, reload or move of an item or a section) that the collection view
/// hands to `UICollectionViewLayout.prepare(forCollectionViewUpdates:)`. A section-level change
/// has an index path whose item is `NSNotFound`.
///
/// Source: developer.apple.com/documentation/uikit/uicollectionviewupdateitem
open class UICollectionViewUpdateItem: NSObject {
    /// The kind of change.
    public enum Action: Int, Sendable {
        case insert, delete, reload, move, none
    }

    /// The item's index path before the update; nil for an insertion.
    open private(set) var indexPathBeforeUpdate: IndexPath?
    /// The item's index path after the update; nil for a deletion.
    open private(set) var indexPathAfterUpdate: IndexPath?
    /// What happens to the item.
    open private(set) var updateAction: Action

    /// Creates an update item. **Not UIKit API** (UIKit creates these itself); for a test driver
    /// that calls `prepare(forCollectionViewUpdates:)` directly.
    public init(_action updateAction: Action, before: IndexPath?, after: IndexPath?) {
        self.updateAction = updateAction
        self.indexPathBeforeUpdate = before
        self.indexPathAfterUpdate = after
        super.init()
    }

    /// An update item with no change (`.none`).
    public override convenience init() {
        self.init(_action: .none, before: nil, after: nil)
    }
}
