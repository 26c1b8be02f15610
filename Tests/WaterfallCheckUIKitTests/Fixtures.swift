import UIKit

/// A data source with fixed item counts per section; `sections` nil leaves `numberOfSections(in:)`
/// to the protocol's default (1).
final class CountsDataSource: NSObject, UICollectionViewDataSource {
    let items: [Int]
    init(items: [Int]) { self.items = items }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { items[section] }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell { UICollectionViewCell() }
}

final class SectionedDataSource: NSObject, UICollectionViewDataSource {
    let items: [Int]
    init(items: [Int]) { self.items = items }
    func numberOfSections(in collectionView: UICollectionView) -> Int { items.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { items[section] }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell { UICollectionViewCell() }
}

/// A flow-layout delegate implementing only the item size.
final class SizeOnlyDelegate: NSObject, UICollectionViewDelegateFlowLayout {
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
        CGSize(width: 7, height: CGFloat(indexPath.item))
    }
}

/// A flow-layout delegate implementing nothing.
final class EmptyFlowDelegate: NSObject, UICollectionViewDelegateFlowLayout {}

/// A layout that records the calls the collection view makes.
final class RecordingLayout: UICollectionViewLayout {
    var calls: [String] = []
    var contexts: [UICollectionViewLayoutInvalidationContext] = []
    var invalidateOnBoundsChange = false
    var seenBoundsDuringQuestion: CGRect?

    override func prepare() { super.prepare(); calls.append("prepare") }
    override var collectionViewContentSize: CGSize { calls.append("contentSize"); return CGSize(width: 100, height: 500) }
    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        calls.append("elements")
        return (0..<5).map { i in
            let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: i, section: 0))
            a.frame = CGRect(x: 0, y: CGFloat(i) * 100, width: 100, height: 100)
            return a
        }.filter { $0.frame.intersects(rect) }
    }
    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        contexts.append(context)
        super.invalidateLayout(with: context)
    }
    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        seenBoundsDuringQuestion = collectionView?.bounds
        return invalidateOnBoundsChange
    }
}

final class CustomContext: UICollectionViewLayoutInvalidationContext {}

final class CustomContextLayout: UICollectionViewLayout {
    var received: UICollectionViewLayoutInvalidationContext?
    override class var invalidationContextClass: AnyClass { CustomContext.self }
    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        received = context
        super.invalidateLayout(with: context)
    }
}

final class TaggedAttributes: UICollectionViewLayoutAttributes {
    var tag = 0
    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! TaggedAttributes
        copy.tag = tag
        return copy
    }
    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? TaggedAttributes else { return false }
        return tag == other.tag && super.isEqual(other)
    }
}
