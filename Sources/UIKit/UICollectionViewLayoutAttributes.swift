/// The layout of one element of a collection view (a cell, a supplementary view or a decoration
/// view): where it is, in the collection view's content coordinates (pt), and how it looks.
///
/// The attributes store ``frame``; ``center``, ``size`` and ``bounds`` derive from it. Setting
/// ``size`` (or ``bounds``) keeps the centre, as in UIKit, where size and centre are the stored
/// pair and the frame is derived (transforms, which would make the two differ, are not modelled).
///
/// Subclasses that add properties override ``copy(with:)`` (calling `super`) and ``isEqual(_:)``:
/// the collection view copies and compares attributes.
///
/// Source: developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes
open class UICollectionViewLayoutAttributes: NSObject, NSCopying {
    /// The element's frame in the collection view's coordinates (pt). Default `.zero`.
    open var frame: CGRect = .zero

    /// The centre of ``frame`` (pt). Setting it moves the frame and keeps its size.
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set {
            frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2)
        }
    }

    /// The size of ``frame`` (pt). Setting it keeps ``center``.
    open var size: CGSize {
        get { frame.size }
        set {
            let c = center
            frame = CGRect(x: c.x - newValue.width / 2, y: c.y - newValue.height / 2,
                           width: newValue.width, height: newValue.height)
        }
    }

    /// The element's bounds: origin `.zero`, size ``size``. Setting it sets ``size`` (the centre
    /// is kept); its origin is ignored.
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: size) }
        set { size = newValue.size }
    }

    /// The opacity, 0...1. Default 1.
    open var alpha: CGFloat = 1
    /// The stacking order; higher is in front. Default 0.
    open var zIndex: Int = 0
    /// Whether the element is hidden. Default false.
    open var isHidden: Bool = false
    /// The element's index path. Default: the empty index path.
    open var indexPath: IndexPath = IndexPath()

    /// Whether the element is a cell, a supplementary view or a decoration view.
    open private(set) var representedElementCategory: UICollectionView.ElementCategory = .cell
    /// The kind of a supplementary or decoration view; nil for a cell.
    open private(set) var representedElementKind: String?

    /// Attributes of a cell at the empty index path, frame `.zero`.
    public required override init() {
        super.init()
    }

    /// Attributes for the cell of the item at `indexPath`.
    public required convenience init(forCellWith indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
    }

    /// Attributes for a supplementary view of `elementKind` (such as
    /// `UICollectionView.elementKindSectionHeader`) at `indexPath`.
    public required convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        representedElementCategory = .supplementaryView
        representedElementKind = elementKind
    }

    /// Attributes for a decoration view of `decorationViewKind` at `indexPath`.
    public required convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        representedElementCategory = .decorationView
        representedElementKind = decorationViewKind
    }

    /// A new instance of the receiver's class with every property above copied. Subclasses call
    /// `super` and copy their own properties onto the result.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init()
        copy.frame = frame
        copy.alpha = alpha
        copy.zIndex = zIndex
        copy.isHidden = isHidden
        copy.indexPath = indexPath
        copy.representedElementCategory = representedElementCategory
        copy.representedElementKind = representedElementKind
        return copy
    }

    /// True when `object` is attributes of the same class with equal properties.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UICollectionViewLayoutAttributes, type(of: other) == type(of: self) else {
            return false
        }
        return frame == other.frame && alpha == other.alpha && zIndex == other.zIndex
            && isHidden == other.isHidden && indexPath == other.indexPath
            && representedElementCategory == other.representedElementCategory
            && representedElementKind == other.representedElementKind
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(indexPath)
        hasher.combine(representedElementCategory)
        hasher.combine(representedElementKind)
        return hasher.finalize()
    }

    open override var description: String {
        let kind = representedElementKind.map { " kind: \($0);" } ?? ""
        return "<\(type(of: self)): index path: \(indexPath); \(representedElementCategory);\(kind) frame = (\(frame.minX) \(frame.minY); \(frame.width) \(frame.height))>"
    }
}
