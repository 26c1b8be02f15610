import Foundation
import Testing
import UIKit
import WaterfallCheck
import WaterfallCheckUIKit

/// A masonry layout written as apps write it on a compositional layout (the style of the
/// masonry-on-compositional libraries): one section per data section, whose single custom group
/// puts every item of the section into the shortest of `columns` columns (leftmost on a tie), the
/// heights asked of a closure for the column width read from the environment's container.
enum MasonryLayout {
    static func make(columns: @escaping (Int) -> Int,
                     insets: @escaping (Int) -> NSDirectionalEdgeInsets,
                     numberOfItems: @escaping (Int) -> Int,
                     height: @escaping (IndexPath, CGFloat) -> CGFloat) -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout { sectionIndex, _ in
            let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(100))
            let group = NSCollectionLayoutGroup.custom(layoutSize: size) { environment in
                let count = columns(sectionIndex)
                let columnWidth = environment.container.effectiveContentSize.width / CGFloat(count)
                var columnHeights = [CGFloat](repeating: 0, count: count)
                var items: [NSCollectionLayoutGroupCustomItem] = []
                for item in 0..<numberOfItems(sectionIndex) {
                    let column = columnHeights.indices.min { columnHeights[$0] < columnHeights[$1] }!
                    let h = height(IndexPath(item: item, section: sectionIndex), columnWidth)
                    let frame = CGRect(x: CGFloat(column) * columnWidth, y: columnHeights[column], width: columnWidth, height: h)
                    items.append(NSCollectionLayoutGroupCustomItem(frame: frame))
                    columnHeights[column] = frame.maxY
                }
                return items
            }
            let section = NSCollectionLayoutSection(group: group)
            section.contentInsets = insets(sectionIndex)
            return section
        }
    }
}

/// A collection view of `size` showing `items` per section, laid out by `layout` (the pass run).
private func host(_ layout: UICollectionViewLayout, items: [Int], size: CGSize = CGSize(width: 300, height: 600))
    -> (UICollectionView, SectionedDataSource) {
    let view = UICollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
    let source = SectionedDataSource(items: items)
    view.dataSource = source
    view.layoutIfNeeded()
    return (view, source)
}

private func frames(_ layout: UICollectionViewLayout, section: Int, count: Int) -> [CGRect?] {
    (0..<count).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: section))?.frame }
}

@Suite("UICollectionViewCompositionalLayout")
struct CompositionalTests {
    // Column width 80 (300 - 10 - 50, over 3); heights a binary fraction of it: 50 30 40 20 60 10.
    static let ratios: [CGFloat] = [0.625, 0.375, 0.5, 0.25, 0.75, 0.125]

    static func masonry(widths: Box<[CGFloat]>? = nil) -> UICollectionViewCompositionalLayout {
        MasonryLayout.make(columns: { _ in 3 },
                           insets: { _ in NSDirectionalEdgeInsets(top: 5, leading: 10, bottom: 7, trailing: 50) },
                           numberOfItems: { _ in ratios.count },
                           height: { indexPath, width in widths?.value.append(width); return ratios[indexPath.item] * width })
    }

    final class Box<T> { var value: T; init(_ value: T) { self.value = value } }

    @Test("a masonry written with a custom group lays out into the shortest column, leftmost on a tie, inside the section's insets")
    func masonryFrames() throws {
        let widths = Box<[CGFloat]>([])
        let layout = Self.masonry(widths: widths)
        let (view, _) = host(layout, items: [6])
        #expect(Set(widths.value) == [80])
        // Columns at x 10, 90, 170; group origin y 5. Column heights after each item:
        // [50,0,0] [50,30,0] [50,30,40] [50,50,40] [50,50,100] [60,50,100].
        #expect(frames(layout, section: 0, count: 6) == [
            CGRect(x: 10, y: 5, width: 80, height: 50), CGRect(x: 90, y: 5, width: 80, height: 30),
            CGRect(x: 170, y: 5, width: 80, height: 40), CGRect(x: 90, y: 35, width: 80, height: 20),
            CGRect(x: 170, y: 45, width: 80, height: 60), CGRect(x: 10, y: 55, width: 80, height: 10),
        ])
        // The group is as tall as its lowest item (100): 5 + 100 + 7.
        #expect(layout.collectionViewContentSize == CGSize(width: 300, height: 112))
        #expect(view.contentSize == CGSize(width: 300, height: 112))
        #expect(view.indexPathsForVisibleItems.count == 6)
    }

    @Test("rect queries use CGRect.intersects; the item lookup answers the same objects and nil outside the data")
    func queriesAndLookup() throws {
        let layout = Self.masonry()
        _ = host(layout, items: [6])
        let hits = try #require(layout.layoutAttributesForElements(in: CGRect(x: 0, y: 60, width: 300, height: 10)))
        #expect(hits.map(\.indexPath.item).sorted() == [4, 5])
        #expect(hits.allSatisfy { $0.representedElementCategory == .cell && $0.indexPath.section == 0 })
        let all = try #require(layout.layoutAttributesForElements(in: CGRect(x: -1, y: -1, width: 1000, height: 1000)))
        #expect(all.count == 6)
        // The rect's own predicate decides, touching included as CGRect.intersects says.
        let edge = CGRect(x: 0, y: 0, width: 300, height: 35)
        let expected = all.filter { $0.frame.intersects(edge) }.map(\.indexPath)
        #expect(layout.layoutAttributesForElements(in: edge)?.map(\.indexPath) == expected)
        for a in all {
            #expect(layout.layoutAttributesForItem(at: a.indexPath)?.frame == a.frame)
        }
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 6, section: 0)) == nil)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1)) == nil)
    }

    @Test("dimensions: fractional ones resolve against the container, absolute and estimated are their value")
    func dimensions() throws {
        let d = NSCollectionLayoutDimension.fractionalWidth(0.5)
        #expect(d.isFractionalWidth && !d.isFractionalHeight && !d.isAbsolute && !d.isEstimated && d.dimension == 0.5)
        #expect(NSCollectionLayoutDimension.fractionalHeight(0.2).isFractionalHeight)
        #expect(NSCollectionLayoutDimension.absolute(3).isAbsolute)
        #expect(NSCollectionLayoutDimension.estimated(44).isEstimated)

        // 200 × 400 view. A vertical group half the width and a quarter of the height (100 × 100)
        // of items 30 wide and half the group tall (50), inset by 1: two items per group.
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(30), heightDimension: .fractionalHeight(0.5)))
        item.contentInsets = NSDirectionalEdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1)
        let group = NSCollectionLayoutGroup.vertical(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(0.25)),
            subitems: [item])
        let layout = UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
        _ = host(layout, items: [3], size: CGSize(width: 200, height: 400))
        #expect(frames(layout, section: 0, count: 3) == [
            CGRect(x: 1, y: 1, width: 28, height: 48), CGRect(x: 1, y: 51, width: 28, height: 48),
            CGRect(x: 1, y: 101, width: 28, height: 48),
        ])
        // Groups are 100 tall, whatever they hold: 2 groups.
        #expect(layout.collectionViewContentSize == CGSize(width: 200, height: 200))

        // A custom group's item provider sees the section's content area (width minus insets and
        // the reference boundary: layout margins of 8 here) and the view's height and traits.
        let seen = Box<[CGSize]>([]), scales = Box<[CGFloat]>([])
        let custom = NSCollectionLayoutGroup.custom(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1))) { env in
            seen.value.append(env.container.effectiveContentSize)
            scales.value.append(env.traitCollection.displayScale)
            return [NSCollectionLayoutGroupCustomItem(frame: CGRect(x: 2, y: 3, width: 4, height: 5), zIndex: 7)]
        }
        let section = NSCollectionLayoutSection(group: custom)
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 20)
        section.contentInsetsReference = .layoutMargins
        let outer = Box<[CGSize]>([])
        let l2 = UICollectionViewCompositionalLayout { _, env in
            outer.value.append(env.container.contentSize)
            return section
        }
        let v2 = UICollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 400), collectionViewLayout: l2)
        v2._setTraitCollection(UITraitCollection(displayScale: 3))
        let s2 = SectionedDataSource(items: [2])
        v2.dataSource = s2
        v2.layoutIfNeeded()
        #expect(outer.value == [CGSize(width: 200, height: 400)])
        #expect(seen.value == [CGSize(width: 154, height: 400), CGSize(width: 154, height: 400)])
        #expect(scales.value == [3, 3])
        // One item per call: two groups, each 8 (maxY of the item), whatever .absolute(1) says.
        let a = try #require(l2.layoutAttributesForItem(at: IndexPath(item: 1, section: 0)))
        #expect(a.frame == CGRect(x: 20, y: 11, width: 4, height: 5))
        #expect(a.zIndex == 7)
        #expect(l2.collectionViewContentSize == CGSize(width: 200, height: 16))
    }

    @Test("sections stack with their insets, groups repeat interGroupSpacing apart, sections interSectionSpacing apart")
    func sectionsStack() throws {
        // Section 0: a custom group placing two items side by side per call (5 items: 2, 2, 1).
        let pair = NSCollectionLayoutGroup.custom(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(10))) { _ in
            [NSCollectionLayoutGroupCustomItem(frame: CGRect(x: 0, y: 0, width: 50, height: 10)),
             NSCollectionLayoutGroupCustomItem(frame: CGRect(x: 50, y: 0, width: 50, height: 10))]
        }
        let first = NSCollectionLayoutSection(group: pair)
        first.contentInsets = NSDirectionalEdgeInsets(top: 3, leading: 0, bottom: 6, trailing: 0)
        first.interGroupSpacing = 4
        // Section 1: a horizontal group of quarter-width items inset by 1 (four per group).
        let quarter = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.25), heightDimension: .fractionalHeight(1)))
        quarter.contentInsets = NSDirectionalEdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1)
        let row = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(20)), subitems: [quarter])
        let second = NSCollectionLayoutSection(group: row)
        second.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 0, bottom: 0, trailing: 0)
        second.interGroupSpacing = 2
        // Section 2: empty, its insets still count.
        let third = NSCollectionLayoutSection(group: row)
        third.contentInsets = NSDirectionalEdgeInsets(top: 1, leading: 0, bottom: 2, trailing: 0)
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 8
        let layout = UICollectionViewCompositionalLayout(sectionProvider: { index, _ in [first, second, third][index] }, configuration: configuration)
        _ = host(layout, items: [5, 6, 0], size: CGSize(width: 200, height: 400))

        #expect(frames(layout, section: 0, count: 5) == [
            CGRect(x: 0, y: 3, width: 50, height: 10), CGRect(x: 50, y: 3, width: 50, height: 10),
            CGRect(x: 0, y: 17, width: 50, height: 10), CGRect(x: 50, y: 17, width: 50, height: 10),
            CGRect(x: 0, y: 31, width: 50, height: 10),
        ])
        // Section 0 ends at 41 + 6 = 47; section 1 starts 8 lower, its groups at 60 and 82.
        #expect(frames(layout, section: 1, count: 6) == [
            CGRect(x: 1, y: 61, width: 48, height: 18), CGRect(x: 51, y: 61, width: 48, height: 18),
            CGRect(x: 101, y: 61, width: 48, height: 18), CGRect(x: 151, y: 61, width: 48, height: 18),
            CGRect(x: 1, y: 83, width: 48, height: 18), CGRect(x: 51, y: 83, width: 48, height: 18),
        ])
        // Section 1 ends at 102; section 2 is 8 + 1 + 2 more.
        #expect(layout.collectionViewContentSize == CGSize(width: 200, height: 113))
        #expect(layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 200, height: 113))?.count == 11)
    }

    @Test("a width change invalidates the layout and lays it out again at the new width; a scroll does not")
    func widthChange() throws {
        let layout = Self.masonry()
        let (view, _) = host(layout, items: [6])
        #expect(!layout.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 50, width: 300, height: 600)))
        #expect(layout.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 0, width: 540, height: 600)))
        view.frame = CGRect(x: 0, y: 0, width: 540, height: 600)
        view.layoutIfNeeded()
        // 540 - 60 over 3: 160 wide columns, heights doubled.
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 5, section: 0))?.frame == CGRect(x: 10, y: 105, width: 160, height: 20))
        #expect(layout.collectionViewContentSize == CGSize(width: 540, height: 212))
    }

    static let driverInput = LayoutInput(
        layout: LayoutSettings(containerWidth: 320, columnCount: 3, columnSpacing: 0, rowSpacing: 0,
                               sectionInset: LayoutInsets(top: 4, left: 10, bottom: 6, right: 10)),
        sections: [SectionInput(items: [.height(100), .size(width: 200, height: 300), .height(40), .height(60), .height(10),
                                        .height(100), .height(30), .size(width: 50, height: 25), .height(0)])])

    static func masonryEngine() -> UIKitLayoutEngine {
        UIKitLayoutEngine(name: "compositional-masonry", features: [.sections, .size]) { data in
            _ = try ReferenceLayout.validate(data.input)
            let s = data.input.layout
            guard s.columnSpacing == 0, s.rowSpacing == 0,
                  data.input.sections.allSatisfy({ $0.header == nil && $0.footer == nil }) else {
                throw LayoutError.unsupported("spacing, headers and footers")
            }
            return .init(layout: MasonryLayout.make(
                columns: { data.input.sections[$0].columnCount ?? data.input.layout.columnCount },
                insets: { let i = data.input.inset(ofSection: $0); return NSDirectionalEdgeInsets(top: i.top, leading: i.left, bottom: i.bottom, trailing: i.right) },
                numberOfItems: { data.input.sections[$0].items.count },
                height: { data.input.height(ofItemAt: $0, width: $1) }))
        }
    }

    @Test("through the driver: the masonry on compositional layout is §5 for one section without spacing, every invariant holding")
    func driver() throws {
        let engine = Self.masonryEngine()
        let result = try engine.layout(Self.driverInput)
        let reference = try ReferenceLayout.layout(Self.driverInput)
        #expect(result.contentSize == reference.contentSize)
        #expect(result.sections == reference.sections)
        #expect(checkInvariants(Self.driverInput, engine: engine) == [])
    }
}
