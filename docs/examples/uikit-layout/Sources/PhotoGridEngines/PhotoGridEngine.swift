import Foundation
import PhotoGridLayout
import UIKit
import WaterfallCheck
import WaterfallCheckUIKit

/// The app's delegate, answering from a fixture input as the app answers from its model.
public final class PhotoGridDelegate: NSObject, PhotoGridLayoutDelegate {
    let data: CollectionViewData
    public init(_ data: CollectionViewData) { self.data = data }
    var input: LayoutInput { data.input }

    public func collectionView(_ collectionView: UICollectionView, layout: PhotoGridLayout, heightForItemAt indexPath: IndexPath, width: CGFloat) -> CGFloat {
        input.height(ofItemAt: indexPath, width: width)
    }

    // The optional method, rewritten into an Optional-returning requirement: nil is "not implemented".
    public func collectionView(_ collectionView: UICollectionView, layout: PhotoGridLayout, columnCountForSection section: Int) -> Int? {
        input.sections[section].columnCount
    }
}

public enum PhotoGridEngine {
    /// The layout as the app configures it: shortest column first, leftmost on a tie, sections
    /// with their own column counts, items by height or by photo size. No headers, no spans.
    public static func make() -> UIKitLayoutEngine {
        UIKitLayoutEngine(name: "photo-grid", features: [.sections, .size]) { data in
            let input = data.input
            try ReferenceLayout.validate(input)  // the app never shows invalid data
            // What the layout cannot express inside its declared features.
            if input.sections.contains(where: { $0.sectionInset != nil }) { throw LayoutError.unsupported("one inset for every section") }
            let layout = PhotoGridLayout()
            layout.columnCount = input.layout.columnCount
            layout.columnSpacing = input.layout.columnSpacing
            layout.rowSpacing = input.layout.rowSpacing
            let i = input.layout.sectionInset
            layout.sectionInset = UIEdgeInsets(top: i.top, left: i.left, bottom: i.bottom, right: i.right)
            return .init(layout: layout, delegate: PhotoGridDelegate(data))
        }
    }
}
