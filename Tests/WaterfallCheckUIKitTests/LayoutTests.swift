import Testing
import UIKit

@Suite("UICollectionViewLayout and UICollectionViewFlowLayout")
struct LayoutTests {
    @Test("flow layout defaults are UIKit's")
    func flowDefaults() {
        let f = UICollectionViewFlowLayout()
        #expect(f.minimumLineSpacing == 10)
        #expect(f.minimumInteritemSpacing == 10)
        #expect(f.itemSize == CGSize(width: 50, height: 50))
        #expect(f.estimatedItemSize == .zero)
        #expect(f.sectionInset == .zero)
        #expect(f.headerReferenceSize == .zero && f.footerReferenceSize == .zero)
        #expect(f.scrollDirection == .vertical)
        #expect(f.sectionInsetReference == .fromContentInset)
        #expect(!f.sectionHeadersPinToVisibleBounds && !f.sectionFootersPinToVisibleBounds)
        #expect(UICollectionViewFlowLayout.invalidationContextClass == UICollectionViewFlowLayoutInvalidationContext.self)
    }

    @Test("base layout defaults")
    func baseDefaults() {
        let l = UICollectionViewLayout()
        #expect(l.collectionView == nil)
        #expect(l.collectionViewContentSize == .zero)
        #expect(l.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 0, width: 1, height: 1)) == false)
        #expect(l.layoutAttributesForElements(in: .zero) == nil)
        #expect(UICollectionViewLayout.layoutAttributesClass == UICollectionViewLayoutAttributes.self)
        #expect(UICollectionViewLayout.invalidationContextClass == UICollectionViewLayoutInvalidationContext.self)
    }

    @Test("invalidateLayout() routes to invalidateLayout(with:) with an invalidateEverything context of invalidationContextClass")
    func invalidateRouting() {
        let layout = CustomContextLayout()
        layout.invalidateLayout()
        let context = try! #require(layout.received)
        #expect(context is CustomContext)
        #expect(context.invalidateEverything)
        #expect(context.invalidateDataSourceCounts)
    }

    @Test("a new context invalidates nothing; invalidateItems accumulates")
    func contextDefaults() {
        let c = UICollectionViewLayoutInvalidationContext()
        #expect(!c.invalidateEverything && !c.invalidateDataSourceCounts)
        #expect(c.invalidatedItemIndexPaths == nil)
        c.invalidateItems(at: [IndexPath(item: 0, section: 0)])
        c.invalidateItems(at: [IndexPath(item: 1, section: 0)])
        #expect(c.invalidatedItemIndexPaths == [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
        c.invalidateSupplementaryElements(ofKind: "h", at: [IndexPath(item: 0, section: 2)])
        #expect(c.invalidatedSupplementaryIndexPaths == ["h": [IndexPath(item: 0, section: 2)]])
    }

    @Test("the collection view attaches its layout weakly and read-only")
    func attach() {
        let layout = RecordingLayout()
        var cv: UICollectionView? = UICollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 250), collectionViewLayout: layout)
        #expect(layout.collectionView === cv)
        let other = RecordingLayout()
        cv?.collectionViewLayout = other
        #expect(layout.collectionView == nil)
        #expect(other.collectionView === cv)
        #expect(other.contexts.last?.invalidateEverything == true)
        cv = nil
        #expect(other.collectionView == nil)
    }

    @Test("a layout pass calls prepare, then the content size, then the visible rect's elements")
    func layoutCycle() {
        let layout = RecordingLayout()
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 250), collectionViewLayout: layout)
        cv.layoutIfNeeded()
        #expect(layout.calls == ["prepare", "contentSize", "elements"])
        #expect(cv.contentSize == CGSize(width: 100, height: 500))
        #expect(cv.indexPathsForVisibleItems == [0, 1, 2].map { IndexPath(item: $0, section: 0) })
        layout.calls = []
        cv.reloadData()
        #expect(layout.contexts.last?.invalidateEverything == true)
        #expect(layout.contexts.last?.invalidateDataSourceCounts == true)
        cv.layoutIfNeeded()
        #expect(layout.calls.first == "prepare")
    }

    @Test("a bounds change asks the layout before the bounds change, and invalidates only on true")
    func boundsChange() {
        let layout = RecordingLayout()
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 250), collectionViewLayout: layout)
        cv.layoutIfNeeded()
        cv.contentOffset = CGPoint(x: 0, y: 30)
        #expect(layout.seenBoundsDuringQuestion == CGRect(x: 0, y: 0, width: 100, height: 250))
        #expect(layout.contexts.isEmpty)
        #expect(cv.bounds.origin == CGPoint(x: 0, y: 30))
        layout.invalidateOnBoundsChange = true
        cv.frame = CGRect(x: 0, y: 0, width: 80, height: 250)
        #expect(layout.contexts.count == 1)
        #expect(layout.contexts[0].invalidateEverything == false)
    }
}
