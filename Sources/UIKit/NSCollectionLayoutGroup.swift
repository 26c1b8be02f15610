/// A compositional layout item that lays out other items: in a horizontal row, in a vertical
/// column, or where a custom item provider says.
///
/// How a group is laid out here (Apple's documentation describes the kinds but not the
/// arithmetic; what it leaves open is written down):
/// - The group's own size is its ``NSCollectionLayoutItem/layoutSize`` resolved against its
///   container (the section's content area for a section's group, the parent group for a nested
///   one).
/// - **Custom** (``custom(layoutSize:itemProvider:)``): the provider is called once per group with
///   the section's environment and returns frames relative to the group's origin; the group
///   places as many items as it returns (fewer when the section runs out). The group's height is
///   the largest `maxY` of the items it placed (0 with none), whatever its height dimension says:
///   "an estimated-height group is as tall as its lowest item", extended to every custom group.
/// - **Horizontal / vertical**: subitems are placed one after another along the axis, each at its
///   size resolved against the group's size, the cell inset by the subitem's `contentInsets`. The
///   subitems repeat while the next one fits in the group's length along the axis (at least one is
///   placed); a group whose length along the axis is `.estimated` places its subitems once and is
///   as long as they are. Across the axis an `.estimated` group is as large as its largest
///   subitem. Nested groups lay out recursively. Not modelled: `interItemSpacing`, edge spacing,
///   supplementary items, a group's own `contentInsets`.
///
/// Source: developer.apple.com/documentation/uikit/nscollectionlayoutgroup
public final class NSCollectionLayoutGroup: NSCollectionLayoutItem {
    enum Kind {
        case custom(NSCollectionLayoutGroupCustomItemProvider)
        case horizontal(repeats: Bool)
        case vertical(repeats: Bool)
    }

    let kind: Kind

    /// The items the group lays out (empty for a custom group).
    public let subitems: [NSCollectionLayoutItem]

    init(layoutSize: NSCollectionLayoutSize, kind: Kind, subitems: [NSCollectionLayoutItem]) {
        self.kind = kind
        self.subitems = subitems
        super.init(layoutSize: layoutSize)
    }

    /// A group whose items are placed where `itemProvider` says, relative to the group's origin.
    ///
    /// Source: developer.apple.com/documentation/uikit/nscollectionlayoutgroup/custom(layoutsize:itemprovider:)
    public static func custom(layoutSize: NSCollectionLayoutSize, itemProvider: @escaping NSCollectionLayoutGroupCustomItemProvider) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, kind: .custom(itemProvider), subitems: [])
    }

    /// A row of `subitems`, repeated while they fit.
    public static func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, kind: .horizontal(repeats: true), subitems: subitems)
    }

    /// A row of `count` copies of `subitem`.
    public static func horizontal(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, kind: .horizontal(repeats: false), subitems: Array(repeating: subitem, count: max(0, count)))
    }

    /// A column of `subitems`, repeated while they fit.
    public static func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, kind: .vertical(repeats: true), subitems: subitems)
    }

    /// A column of `count` copies of `subitem`.
    public static func vertical(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, kind: .vertical(repeats: false), subitems: Array(repeating: subitem, count: max(0, count)))
    }

    public override func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSCollectionLayoutGroup(layoutSize: layoutSize, kind: kind, subitems: subitems)
        copy.contentInsets = contentInsets
        return copy
    }

    /// One placed cell: its frame in the collection view (pt) and z-index.
    struct _Cell {
        var frame: CGRect
        var zIndex: Int
    }

    /// Lays the group out with its origin at `origin`, in a container of size `container`,
    /// placing at most `limit` items. Returns the cells, in item order, and the group's size.
    func _layout(at origin: CGPoint, in container: CGSize, limit: Int,
                 environment: NSCollectionLayoutEnvironment) -> (cells: [_Cell], size: CGSize) {
        let size = layoutSize._resolved(in: container)
        switch kind {
        case .custom(let provider):
            let items = limit > 0 ? provider(environment).prefix(limit) : []
            let cells = items.map { _Cell(frame: $0.frame.offsetBy(dx: origin.x, dy: origin.y), zIndex: $0.zIndex) }
            let height = items.reduce(CGFloat(0)) { max($0, $1.frame.maxY) }
            return (cells, CGSize(width: size.width, height: height))
        case .horizontal(let repeats):
            return _stack(horizontal: true, repeats: repeats, at: origin, size: size, limit: limit, environment: environment)
        case .vertical(let repeats):
            return _stack(horizontal: false, repeats: repeats, at: origin, size: size, limit: limit, environment: environment)
        }
    }

    private func _stack(horizontal: Bool, repeats: Bool, at origin: CGPoint, size: CGSize, limit: Int,
                        environment: NSCollectionLayoutEnvironment) -> (cells: [_Cell], size: CGSize) {
        let alongEstimated = horizontal ? layoutSize.widthDimension.isEstimated : layoutSize.heightDimension.isEstimated
        let acrossEstimated = horizontal ? layoutSize.heightDimension.isEstimated : layoutSize.widthDimension.isEstimated
        let length = horizontal ? size.width : size.height
        let fills = repeats && !alongEstimated
        var cells: [_Cell] = []
        var offset: CGFloat = 0, across: CGFloat = 0
        pass: while !subitems.isEmpty {
            let passStart = offset
            for sub in subitems {
                guard cells.count < limit else { break pass }
                let slotOrigin = horizontal ? CGPoint(x: origin.x + offset, y: origin.y) : CGPoint(x: origin.x, y: origin.y + offset)
                let placed: [_Cell], slot: CGSize
                if let group = sub as? NSCollectionLayoutGroup {
                    (placed, slot) = group._layout(at: slotOrigin, in: size, limit: limit - cells.count, environment: environment)
                    if placed.isEmpty { break pass }
                } else {
                    slot = sub.layoutSize._resolved(in: size)
                    let i = sub.contentInsets
                    placed = [_Cell(frame: CGRect(x: slotOrigin.x + i.leading, y: slotOrigin.y + i.top,
                                                  width: slot.width - i.leading - i.trailing,
                                                  height: slot.height - i.top - i.bottom), zIndex: 0)]
                }
                let along = horizontal ? slot.width : slot.height
                if fills, !cells.isEmpty, offset + along > length { break pass }
                cells += placed
                offset += along
                across = max(across, horizontal ? slot.height : slot.width)
            }
            if !fills || offset <= passStart { break }
        }
        let alongSize = alongEstimated ? offset : length
        let acrossSize = acrossEstimated ? across : (horizontal ? size.height : size.width)
        return (cells, horizontal ? CGSize(width: alongSize, height: acrossSize) : CGSize(width: acrossSize, height: alongSize))
    }
}
