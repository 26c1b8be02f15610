import Foundation
// Apple's UIKit only: `canImport(UIKit)` would also find this package's own UIKit module
// (Sources/UIKit) once built, and this module would then link against it.
#if os(iOS) || os(tvOS) || os(visionOS)
import UIKit
#elseif canImport(AppKit)
import AppKit
#else
extension IndexPath {
    /// An index path for an item in a collection view, as UIKit's `IndexPath(item:section:)`.
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    /// The section number (UIKit's `indexPath.section`).
    public var section: Int { self[0] }
    /// The item's index within its section (UIKit's `indexPath.item`).
    public var item: Int { self[1] }
}
#endif
