import Foundation
import WaterfallCheckCore

/// The category of a laid-out element, as UIKit's `UICollectionView.ElementCategory`.
public enum ElementCategory: Hashable, Sendable {
    case cell
    case supplementaryView
}

/// Supplementary element kinds, as UIKit's `UICollectionView.elementKindSectionHeader` / `Footer`:
/// what a ported layout passes to `LayoutAttributes(forSupplementaryViewOfKind:with:)` and
/// compares in `layoutAttributesForSupplementaryView(ofKind:at:)`.
///
/// ```swift
/// let header = LayoutAttributes(forSupplementaryViewOfKind: ElementKind.sectionHeader, with: IndexPath(item: 0, section: s))
/// ```
public enum ElementKind {
    /// A section's header (UIKit's `elementKindSectionHeader`); the index path's item is 0.
    public static let sectionHeader = "UICollectionElementKindSectionHeader"
    /// A section's footer (UIKit's `elementKindSectionFooter`); the index path's item is 0.
    public static let sectionFooter = "UICollectionElementKindSectionFooter"
}

/// The frame of one element, shaped like `UICollectionViewLayoutAttributes`: a class, so a
/// ported `prepare()` can create it and then set `frame`, as the tutorials do.
open class LayoutAttributes: CustomStringConvertible {
    public let indexPath: IndexPath
    public let representedElementCategory: ElementCategory
    /// `nil` for cells; ``ElementKind/sectionHeader`` or ``ElementKind/sectionFooter`` otherwise.
    public let representedElementKind: String?
    /// The frame in pt, in content coordinates.
    public var frame: CGRect = .zero

    /// Attributes for the cell at `indexPath` (UIKit's `init(forCellWith:)`).
    public init(forCellWith indexPath: IndexPath) {
        self.indexPath = indexPath
        self.representedElementCategory = .cell
        self.representedElementKind = nil
    }

    /// Attributes for a supplementary view (UIKit's `init(forSupplementaryViewOfKind:with:)`).
    public init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.indexPath = indexPath
        self.representedElementCategory = .supplementaryView
        self.representedElementKind = elementKind
    }

    /// The element this describes, or `nil` for an unknown supplementary kind.
    public var elementID: ElementID? {
        switch representedElementKind {
        case nil: return .item(indexPath.section, indexPath.item)
        case ElementKind.sectionHeader?: return .header(indexPath.section)
        case ElementKind.sectionFooter?: return .footer(indexPath.section)
        default: return nil
        }
    }

    public var description: String { "\(elementID.map(String.init(describing:)) ?? "?") \(frame.shortDescription)" }
}

/// The stand-in for `UICollectionView` a layout sees: bounds, section and item counts, and the
/// items' sizes, answered from a ``LayoutInput`` as UIKit would from a data source and delegate.
public final class CollectionView: @unchecked Sendable {
    /// The visible bounds; `bounds.width` is the input's `containerWidth`.
    public var bounds: CGRect
    /// The data the counts and sizes come from. Ports read their settings from `input.layout`,
    /// as a user of a tutorial edits its constants.
    public let input: LayoutInput

    /// - Parameter height: the viewport height in pt (812, an iPhone's, by default).
    public init(input: LayoutInput, height: CGFloat = 812) {
        self.input = input
        self.bounds = CGRect(x: 0, y: 0, width: input.layout.containerWidth, height: height)
    }

    /// UIKit's `numberOfSections`.
    public var numberOfSections: Int { input.sections.count }

    /// UIKit's `numberOfItems(inSection:)`. Unlike UIKit, which raises for a section that does
    /// not exist, this answers 0, so a layout ported as-is cannot trap the harness.
    public func numberOfItems(inSection section: Int) -> Int {
        input.sections.indices.contains(section) ? input.sections[section].items.count : 0
    }

    /// The item at `indexPath` as the data source gives it.
    public func item(at indexPath: IndexPath) -> LayoutItem { input.sections[indexPath.section].items[indexPath.item] }

    /// A height-for-width delegate callback, as the tutorials' `heightForItemAtIndexPath:itemWidth:`:
    /// the given height, or the natural size scaled to `width` (`h * width / w`, unfloored).
    public func heightForItem(at indexPath: IndexPath, width: CGFloat) -> CGFloat {
        switch item(at: indexPath).dimension {
        case .height(let h): return h
        case .size(let s): return s.height * width / s.width
        }
    }

    /// The item's natural size (`size` items), or `width × height` for `height` items, as a
    /// `sizeForItemAt` delegate answers.
    public func sizeForItem(at indexPath: IndexPath, width: CGFloat) -> CGSize {
        switch item(at: indexPath).dimension {
        case .height(let h): return CGSize(width: width, height: h)
        case .size(let s): return s
        }
    }
}

/// The base class a `UICollectionViewLayout` subclass is ported onto with the fewest edits:
/// the same overridable members with the same names. `prepare()` is called before the others,
/// and again after `invalidateLayout()`.
///
/// Subclass it, override what the UIKit original overrides, and wrap it in a
/// ``CollectionViewLayoutEngine`` to run it through the harness.
open class CollectionViewLayout {
    /// The collection view, set by the harness before `prepare()`.
    public var collectionView: CollectionView?

    public init() {}

    /// Compute the layout (UIKit's `prepare()`). The default does nothing.
    open func prepare() {}

    /// The size of the whole content, in pt.
    open var collectionViewContentSize: CGSize { .zero }

    /// The elements whose frames meet `rect` (FIXTURE-FORMAT §9's strict predicate).
    open func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes]? { nil }

    /// The attributes of the cell at `indexPath`.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { nil }

    /// The attributes of a header or footer.
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> LayoutAttributes? { nil }

    /// Whether a bounds change needs a new layout. The default is UIKit's: `false`.
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// Marks the layout stale; the next use calls `prepare()` again.
    open func invalidateLayout() {}
}
