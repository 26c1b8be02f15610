import Foundation
import WaterfallCheckCore
#if os(iOS) || os(tvOS) || os(visionOS)
import UIKit
#elseif os(macOS)
import AppKit
#else
// Package access only: a user's file that imports this module beside a `UIKit` module (this
// package's, for a real layout on Linux) must find one `IndexPath(item:section:)`, UIKit's.
// No `canImport(UIKit)`: it would bind to whichever module named UIKit the build met first.
extension IndexPath {
    /// An index path for an item in a collection view, as UIKit's `IndexPath(item:section:)`.
    package init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    /// The section number (UIKit's `indexPath.section`).
    package var section: Int { self[0] }
    /// The item's index within its section (UIKit's `indexPath.item`).
    package var item: Int { self[1] }
}
#endif
