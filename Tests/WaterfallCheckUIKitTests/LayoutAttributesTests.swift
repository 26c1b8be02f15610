import Testing
import UIKit

@Suite("UICollectionViewLayoutAttributes")
struct LayoutAttributesTests {
    @Test("defaults: frame zero, alpha 1, zIndex 0, visible, a cell")
    func defaults() {
        let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 2, section: 1))
        #expect(a.frame == .zero)
        #expect(a.alpha == 1)
        #expect(a.zIndex == 0)
        #expect(a.isHidden == false)
        #expect(a.indexPath == IndexPath(item: 2, section: 1))
        #expect(a.representedElementCategory == .cell)
        #expect(a.representedElementKind == nil)
    }

    @Test("supplementary and decoration initialisers set the category and kind")
    func categories() {
        let h = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, with: IndexPath(item: 0, section: 3))
        #expect(h.representedElementCategory == .supplementaryView)
        #expect(h.representedElementKind == "UICollectionElementKindSectionHeader")
        let d = UICollectionViewLayoutAttributes(forDecorationViewOfKind: "bg", with: IndexPath(item: 0, section: 0))
        #expect(d.representedElementCategory == .decorationView)
        #expect(d.representedElementKind == "bg")
    }

    @Test("center and size derive from frame; setting size keeps the centre")
    func centerAndSize() {
        let a = UICollectionViewLayoutAttributes()
        a.frame = CGRect(x: 10, y: 20, width: 40, height: 60)
        #expect(a.center == CGPoint(x: 30, y: 50))
        #expect(a.size == CGSize(width: 40, height: 60))
        a.size = CGSize(width: 20, height: 10)
        #expect(a.center == CGPoint(x: 30, y: 50))
        #expect(a.frame == CGRect(x: 20, y: 45, width: 20, height: 10))
        a.center = CGPoint(x: 0, y: 0)
        #expect(a.frame == CGRect(x: -10, y: -5, width: 20, height: 10))
        #expect(a.bounds == CGRect(x: 0, y: 0, width: 20, height: 10))
    }

    @Test("copy(with:) copies every property into the same class; isEqual compares them")
    func copyAndEquality() {
        let a = TaggedAttributes(forSupplementaryViewOfKind: "k", with: IndexPath(item: 1, section: 2))
        a.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        a.alpha = 0.5
        a.zIndex = 7
        a.isHidden = true
        a.tag = 9
        let b = a.copy() as! TaggedAttributes
        #expect(b !== a)
        #expect(b.isEqual(a))
        #expect(b.tag == 9 && b.representedElementKind == "k" && b.zIndex == 7 && b.alpha == 0.5 && b.isHidden)
        b.frame.origin.x += 1
        #expect(!b.isEqual(a))
        let plain = UICollectionViewLayoutAttributes(forCellWith: a.indexPath)
        #expect(!plain.isEqual(a))
    }

    @Test("IndexPath(item:section:) is [section, item]")
    func indexPath() {
        let p = IndexPath(item: 4, section: 1)
        #expect(Array(p) == [1, 4])
        #expect(p.section == 1 && p.item == 4 && p.row == 4)
        let n = NSIndexPath(item: 4, section: 1)
        #expect(n.section == 1 && n.item == 4)
    }
}
