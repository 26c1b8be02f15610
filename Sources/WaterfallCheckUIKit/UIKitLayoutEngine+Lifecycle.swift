import Foundation
import UIKit
import WaterfallCheck

// The lifecycle steps (issue 34) as UIKit runs them on the driver's collection view; the call
// order of each is docs/lifecycle.md's, with Apple's documentation as its source.

extension UIKitLayoutEngine {
    /// A fresh layout object for `input`, attached to a collection view of bounds `bounds`
    /// (default: origin zero, the input's width, ``viewportHeight``), through its first layout pass.
    public func makeLifecycleLayout(for input: LayoutInput, bounds: CGRect?) throws -> LifecycleLayout {
        try session(for: input, bounds: bounds)
    }
}

extension UIKitLayoutEngine.Session {
    /// Applies `step` as UIKit does; the app's data becomes `input` first (the data source answers
    /// from it when UIKit asks). See docs/lifecycle.md for each step's calls.
    /// - Throws: an ``EngineFault`` for a UIKit exception the layout raised.
    func apply(_ step: LifecycleStep, resulting input: LayoutInput) throws -> LifecycleStepCost {
        var cost = LifecycleStepCost()
        data.input = input
        try run { () -> Void in
            let cv = collectionView
            switch step {
            case .reloadData:
                cv.reloadData()
            case .performBatchUpdates(let updates):
                cv.performBatchUpdates({
                    for u in updates {
                        switch u {
                        case .insertItem(let s, let i, _): cv.insertItems(at: [IndexPath(item: i, section: s)])
                        case .deleteItem(let s, let i): cv.deleteItems(at: [IndexPath(item: i, section: s)])
                        case .reloadItem(let s, let i, _): cv.reloadItems(at: [IndexPath(item: i, section: s)])
                        case .moveItem(let from, let to):
                            cv.moveItem(at: IndexPath(item: from.item, section: from.section), to: IndexPath(item: to.item, section: to.section))
                        case .insertSection(let k, _): cv.insertSections(IndexSet(integer: k))
                        case .deleteSection(let k): cv.deleteSections(IndexSet(integer: k))
                        case .reloadSection(let k, _): cv.reloadSections(IndexSet(integer: k))
                        }
                    }
                })
            case .setBounds(let r):
                // UIKit asks on every bounds change; asked once more here to count a scroll that
                // invalidates (the answer must not depend on how often it is asked).
                if r.width == cv.bounds.width { cost.invalidatedByBoundsChange = layout.shouldInvalidateLayout(forBoundsChange: r) }
                cv.bounds = r
            case .invalidateLayout:
                layout.invalidateLayout()
            case .invalidateItems(let ids):
                guard let contextClass = type(of: layout).invalidationContextClass as? UICollectionViewLayoutInvalidationContext.Type else { return }
                let context = contextClass.init()
                context.invalidateItems(at: ids.map { IndexPath(item: $0.item, section: $0.section) })
                layout.invalidateLayout(with: context)
            }
            // The next layout pass (the run loop's, after the change): prepare() if invalid, the
            // content size, the visible rect's attributes.
            cv.layoutIfNeeded()
        }
        return cost
    }

    func state() throws -> LifecycleState {
        try run {
            LifecycleState(contentSize: layout.collectionViewContentSize,
                           elements: attributes().map { LifecycleElement(id: elementID($0), frame: $0.frame) })
        }
    }

    func elements(in rect: CGRect) throws -> [ElementID] {
        try run { layout.layoutAttributesForElements(in: rect) ?? [] }.compactMap { elementID($0) }
    }
}
