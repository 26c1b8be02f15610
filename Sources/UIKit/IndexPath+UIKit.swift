// UIKit's additions to IndexPath and NSIndexPath (the SDK's "UIKit additions"), which
// swift-corelibs-foundation does not have. A collection view's index path has exactly two
// indices: [section, item].
//
// Source: developer.apple.com/documentation/foundation/indexpath (UIKit additions:
// init(item:section:), init(row:section:), item, row, section).

private let twoIndicesMessage = "Invalid index path for use with UICollectionView. This index path must contain exactly two indices specifying the section and item."

extension IndexPath {
    /// The index path `[section, item]` of an item in a collection view.
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The index path `[section, row]` of a row in a table view.
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// The first index. Precondition: the path has exactly two indices.
    public var section: Int {
        get {
            precondition(count == 2, twoIndicesMessage)
            return self[0]
        }
        set {
            precondition(count == 2, twoIndicesMessage)
            self[0] = newValue
        }
    }

    /// The second index. Precondition: the path has exactly two indices.
    public var item: Int {
        get {
            precondition(count == 2, twoIndicesMessage)
            return self[1]
        }
        set {
            precondition(count == 2, twoIndicesMessage)
            self[1] = newValue
        }
    }

    /// The second index, a table view's name for ``item``.
    public var row: Int {
        get { item }
        set { item = newValue }
    }
}

extension NSIndexPath {
    /// The index path `[section, item]`.
    public convenience init(item: Int, section: Int) {
        self.init(indexes: [section, item], length: 2)
    }

    /// The index path `[section, row]`.
    public convenience init(row: Int, section: Int) {
        self.init(indexes: [section, row], length: 2)
    }

    /// The index at position 0.
    public var section: Int { index(atPosition: 0) }
    /// The index at position 1.
    public var item: Int { index(atPosition: 1) }
    /// The index at position 1.
    public var row: Int { index(atPosition: 1) }
}
