import Testing
import UIKit

@Suite("UICollectionView counts, the exception hook, delegate fallbacks")
struct CollectionViewTests {
    func collectionView(_ source: UICollectionViewDataSource?, layout: UICollectionViewLayout = UICollectionViewFlowLayout()) -> UICollectionView {
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        cv.dataSource = source
        return cv
    }

    @Test("numberOfSections defaults to 1 when the data source does not implement it")
    func defaultSections() {
        let source = CountsDataSource(items: [4])
        let cv = collectionView(source)
        #expect(cv.numberOfSections == 1)
        #expect(cv.numberOfItems(inSection: 0) == 4)
    }

    @Test("a conformer's numberOfSections(in:) wins over the default")
    func ownSections() {
        let source = SectionedDataSource(items: [1, 2, 3])
        let cv = collectionView(source)
        #expect(cv.numberOfSections == 3)
        #expect(cv.numberOfItems(inSection: 2) == 3)
    }

    @Test("a missing section raises NSInternalInconsistencyException through the hook and returns 0")
    func missingSectionRaises() {
        let source = SectionedDataSource(items: [1])
        let cv = collectionView(source)
        let (count, raised) = _UIKitException.recording { cv.numberOfItems(inSection: 1) }
        #expect(count == 0)
        #expect(raised == [_UIKitException(name: "NSInternalInconsistencyException",
                                           reason: "request for number of items in section 1 when there are only 1 sections in the collection view")])
        #expect(raised[0].description == "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'request for number of items in section 1 when there are only 1 sections in the collection view'")
        let negative = _UIKitException.recording { cv.numberOfItems(inSection: -1) }
        #expect(negative.result == 0 && negative.exceptions.count == 1)
    }

    @Test("no section at all: section 0 raises too")
    func noSections() {
        let source = SectionedDataSource(items: [])
        let cv = collectionView(source)
        #expect(cv.numberOfSections == 0)
        #expect(_UIKitException.recording { cv.numberOfItems(inSection: 0) }.exceptions.count == 1)
        withExtendedLifetime(source) {}
    }

    @Test("the data source is held weakly; with none there is one section of no items")
    func weakDataSource() {
        var source: SectionedDataSource? = SectionedDataSource(items: [3, 4])
        let cv = collectionView(source)
        #expect(cv.numberOfSections == 2)
        source = nil
        #expect(cv.dataSource == nil)
        cv.reloadData()
        #expect(cv.numberOfSections == 1)
        #expect(cv.numberOfItems(inSection: 0) == 0)
    }

    @Test("counts are cached until reloadData()")
    func countsCached() {
        final class Mutable: NSObject, UICollectionViewDataSource {
            var n = 1
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { n }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell { UICollectionViewCell() }
        }
        let source = Mutable()
        let cv = collectionView(source)
        #expect(cv.numberOfItems(inSection: 0) == 1)
        source.n = 5
        #expect(cv.numberOfItems(inSection: 0) == 1)
        cv.reloadData()
        #expect(cv.numberOfItems(inSection: 0) == 5)
    }

    @Test("flow delegate methods a conformer does not implement fall back to the flow layout's properties")
    func flowFallbacks() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 11, height: 12)
        layout.sectionInset = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        layout.minimumLineSpacing = 5
        layout.minimumInteritemSpacing = 6
        layout.headerReferenceSize = CGSize(width: 0, height: 7)
        layout.footerReferenceSize = CGSize(width: 0, height: 8)
        let cv = collectionView(nil, layout: layout)
        let d: UICollectionViewDelegateFlowLayout = EmptyFlowDelegate()
        #expect(d.collectionView(cv, layout: layout, sizeForItemAt: IndexPath(item: 0, section: 0)) == CGSize(width: 11, height: 12))
        #expect(d.collectionView(cv, layout: layout, insetForSectionAt: 0) == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(d.collectionView(cv, layout: layout, minimumLineSpacingForSectionAt: 0) == 5)
        #expect(d.collectionView(cv, layout: layout, minimumInteritemSpacingForSectionAt: 0) == 6)
        #expect(d.collectionView(cv, layout: layout, referenceSizeForHeaderInSection: 0) == CGSize(width: 0, height: 7))
        #expect(d.collectionView(cv, layout: layout, referenceSizeForFooterInSection: 0) == CGSize(width: 0, height: 8))
        // Not a flow layout: UIKit's default values.
        let plain = UICollectionViewLayout()
        #expect(d.collectionView(cv, layout: plain, sizeForItemAt: IndexPath(item: 0, section: 0)) == CGSize(width: 50, height: 50))
        #expect(d.collectionView(cv, layout: plain, minimumLineSpacingForSectionAt: 0) == 10)
    }

    @Test("a conformer's own flow delegate method wins over the default, also through the delegate property")
    func ownImplementationWins() {
        let layout = UICollectionViewFlowLayout()
        let cv = collectionView(nil, layout: layout)
        let delegate = SizeOnlyDelegate()
        cv.delegate = delegate
        let flow = cv.delegate as? UICollectionViewDelegateFlowLayout
        #expect(flow?.collectionView(cv, layout: layout, sizeForItemAt: IndexPath(item: 3, section: 0)) == CGSize(width: 7, height: 3))
        #expect(flow?.collectionView(cv, layout: layout, minimumLineSpacingForSectionAt: 0) == 10)
    }

    @Test("views: frame, bounds and center agree; margins stay inside the safe area; traits")
    func views() {
        let v = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(v.center == CGPoint(x: 60, y: 45))
        #expect(v.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(v.layoutMargins == UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        v._setSafeAreaInsets(UIEdgeInsets(top: 20, left: 0, bottom: 34, right: 0))
        #expect(v.safeAreaInsets.top == 20)
        #expect(v.layoutMargins == UIEdgeInsets(top: 20, left: 8, bottom: 34, right: 8))
        #expect(v.traitCollection.displayScale == UIScreen.main.scale)
        v._setTraitCollection(UITraitCollection(displayScale: 2))
        let child = UIView(frame: .zero)
        v.addSubview(child)
        #expect(child.traitCollection.displayScale == 2)
        #expect(child.superview === v && v.subviews.count == 1)
        let s = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        s._setSafeAreaInsets(UIEdgeInsets(top: 10, left: 5, bottom: 10, right: 5))
        s.contentInset = UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1)
        s.contentSize = CGSize(width: 100, height: 1000)
        #expect(s.adjustedContentInset == UIEdgeInsets(top: 11, left: 1, bottom: 11, right: 1))
        s.contentInsetAdjustmentBehavior = .never
        #expect(s.adjustedContentInset == s.contentInset)
    }

    @Test("geometry helpers")
    func geometry() {
        let r = CGRect(x: 0, y: 0, width: 100, height: 50).inset(by: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(r == CGRect(x: 2, y: 1, width: 94, height: 46))
    }
}
