import Foundation
import WaterfallCheck
import WaterfallCheckUIKit
import WaterfallLayout

/// One file naming the user's types and WaterfallCheck's side by side, unqualified.
public func oneColumn(_ heights: [Double]) -> (EdgeInsets, CollectionViewLayout, LayoutInput) {
    let input = LayoutInput(layout: LayoutSettings(containerWidth: 100, columnCount: 1),
                            sections: [SectionInput(items: heights.map { LayoutItem.height($0) })])
    return (EdgeInsets(), CollectionViewLayout(), input)
}

/// WaterfallCheck's UIKit driver in the same module as the user's own UIKit: the driver's
/// engine type and the user's types side by side.
public func driverEngineName() -> String { String(describing: UIKitLayoutEngine.self) }
