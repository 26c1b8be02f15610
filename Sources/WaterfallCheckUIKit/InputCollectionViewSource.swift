import Foundation
import UIKit
import WaterfallCheck

/// A collection view's data source and flow-layout delegate that answer from a fixture input, as
/// an app's would from its model: the counts, each item's size, each section's inset and
/// spacings, and header and footer heights. ``UIKitLayoutEngine`` uses it unless `configure`
/// gives its own; an adapter for a layout's own delegate protocol answers through
/// ``LayoutInput/size(ofItemAt:)`` and the other helpers below.
///
/// Sizes (pt): an item given by `height` is `columnWidth × height` (§5 step 2's column width);
/// one given by `size` is its natural size. Insets are the section's (else the layout's);
/// `minimumLineSpacing` is `rowSpacing` and `minimumInteritemSpacing` `columnSpacing`, as a
/// vertical flow layout names them; a header or footer is `containerWidth × height`, `.zero` when
/// the section has none.
public final class InputCollectionViewSource: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    public let data: CollectionViewData
    /// The input shown now.
    public var input: LayoutInput { data.input }
    public init(_ data: CollectionViewData) { self.data = data }

    public func numberOfSections(in collectionView: UICollectionView) -> Int { input.sections.count }

    public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        input.sections[section].items.count
    }

    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        UICollectionViewCell(frame: .zero)
    }

    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               sizeForItemAt indexPath: IndexPath) -> CGSize {
        input.size(ofItemAt: indexPath)
    }

    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               insetForSectionAt section: Int) -> UIEdgeInsets {
        input.inset(ofSection: section)
    }

    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        input.layout.rowSpacing
    }

    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
        input.layout.columnSpacing
    }

    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               referenceSizeForHeaderInSection section: Int) -> CGSize {
        input.sections[section].header.map { CGSize(width: input.layout.containerWidth, height: $0.height) } ?? .zero
    }

    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               referenceSizeForFooterInSection section: Int) -> CGSize {
        input.sections[section].footer.map { CGSize(width: input.layout.containerWidth, height: $0.height) } ?? .zero
    }
}

extension LayoutInput {
    /// The item at `indexPath` (`[section, item]`).
    public func item(at indexPath: IndexPath) -> LayoutItem { sections[indexPath.section].items[indexPath.item] }

    /// The size an app's `sizeForItemAt` answers for the item at `indexPath`, in pt: `size` items
    /// their natural size, `height` items the column width (``columnWidth(ofSection:)``) by the height.
    public func size(ofItemAt indexPath: IndexPath) -> CGSize {
        switch item(at: indexPath).dimension {
        case .height(let h): return CGSize(width: columnWidth(ofSection: indexPath.section), height: h)
        case .size(let s): return s
        }
    }

    /// The height of the item at `indexPath` at `width` pt, as a height-for-width delegate answers:
    /// the given height, or the natural size scaled (`h * width / w`, unrounded).
    public func height(ofItemAt indexPath: IndexPath, width: CGFloat) -> CGFloat {
        switch item(at: indexPath).dimension {
        case .height(let h): return h
        case .size(let s): return s.height * width / s.width
        }
    }

    /// Section `section`'s inset (its own, else the layout's) as UIKit's `UIEdgeInsets`.
    public func inset(ofSection section: Int) -> UIEdgeInsets {
        let i = sections[section].sectionInset ?? layout.sectionInset
        return UIEdgeInsets(top: i.top, left: i.left, bottom: i.bottom, right: i.right)
    }
}
