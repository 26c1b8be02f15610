import Foundation
import WaterfallCheckCore

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
