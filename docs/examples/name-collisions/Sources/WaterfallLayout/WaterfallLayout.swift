import UIKit

// The names real layout libraries export (sgr-ksmt/WaterfallLayout's module name; Blueprints'
// typealiases), which WaterfallCheck must not export too.
public struct EdgeInsets: Equatable { public var top = 0.0, left = 0.0, bottom = 0.0, right = 0.0; public init() {} }
public typealias LayoutAttributes = [IndexPath: CGRect]
public enum ElementKind { public static let header = "header" }
public final class CollectionView { public init() {} }

/// A one-column layout: each item under the previous one.
open class CollectionViewLayout {
    public var insets = EdgeInsets()
    public init() {}
    open func frames(heights: [Double], width: Double) -> LayoutAttributes {
        var y = insets.top, out: LayoutAttributes = [:]
        for (i, h) in heights.enumerated() {
            out[IndexPath(item: i, section: 0)] = CGRect(x: insets.left, y: y, width: width - insets.left - insets.right, height: h)
            y += h
        }
        return out
    }
}
