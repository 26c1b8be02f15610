import Foundation
import Testing
@testable import WaterfallCheckCore
@testable import WaterfallCheckClassics

/// The UIKit-shaped lifecycle: prepare, query, lookups, invalidation.
@Suite("UIKit-shaped layout")
struct CollectionViewLayoutTests {
    static let sample: LayoutInput = {
        var i = input(width: 320, columns: 2, columnSpacing: 10, rowSpacing: 10, inset: LayoutInsets(all: 10),
                      heights([100, 40, 60, 80]))
        i.sections[0].header = HeaderFooter(height: 30)
        return i
    }()

    func prepared(_ input: LayoutInput = sample) -> WaterfallCollectionViewLayout {
        let layout = WaterfallCollectionViewLayout()
        layout.collectionView = CollectionView(input: input)
        layout.prepare()
        return layout
    }

    @Test("prepare() twice, and again after invalidateLayout(), gives the same attributes, none duplicated")
    func reprepare() {
        let layout = prepared()
        let all = CollectionViewLayoutEngine.everything
        let first = layout.layoutAttributesForElements(in: all)!.map(\.description)
        layout.prepare()
        #expect(layout.layoutAttributesForElements(in: all)!.map(\.description) == first)
        layout.invalidateLayout()
        layout.prepare()
        let again = layout.layoutAttributesForElements(in: all)!.map(\.description)
        #expect(again == first)
        #expect(Set(again).count == again.count)
        #expect(first.count == 5)  // a header and four items
    }

    @Test("lookups agree with layoutAttributesForElements(in:) and change nothing")
    func lookups() {
        let layout = prepared()
        // w = (320 - 20 - 10) / 2 = 145; items start at 30 + 10 = 40: item 0 (10, 40), item 1 (165, 40),
        // item 2 under item 1 at 40 + 40 + 10 = 90, item 3 under item 2? tops 150, 160: column 0 at 150.
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))?.frame == rect(10, 150, 145, 80))
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame == rect(165, 90, 145, 60))
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: ElementKind.sectionHeader, at: IndexPath(item: 0, section: 0))?.frame == rect(0, 0, 320, 30))
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: ElementKind.sectionFooter, at: IndexPath(item: 0, section: 0)) == nil)
        // bottom: max(230, 150) + 10 = 240
        #expect(layout.collectionViewContentSize == CGSize(width: 320, height: 240))
        let before = layout.layoutAttributesForElements(in: CollectionViewLayoutEngine.everything)!.map(\.description)
        _ = layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))
        #expect(layout.layoutAttributesForElements(in: CollectionViewLayoutEngine.everything)!.map(\.description) == before)
    }

    @Test("shouldInvalidateLayout(forBoundsChange:) is true exactly when the width changes")
    func invalidation() {
        let layout = prepared()
        #expect(!layout.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 500, width: 320, height: 812)))  // scroll
        #expect(!layout.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 0, width: 320, height: 400)))   // height
        #expect(layout.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 0, width: 321, height: 812)))
    }

    @Test("the adapter turns the UIKit-shaped layout into an engine with the reference's frames")
    func adapter() throws {
        let engine = CollectionViewLayoutEngine(descriptor: EngineDescriptor(name: "uikit-reference", version: "1")) { _ in
            WaterfallCollectionViewLayout()
        }
        #expect(try engine.layout(Self.sample) == ReferenceLayout.layout(Self.sample))
        #expect(try Set(engine.elements(in: rect(0, 0, 320, 35))) == [.header(0)])
        #expect(throws: LayoutError.self) { try engine.layout(input(columns: 0, heights([1]))) }
    }

    @Test("the adapter reports duplicated and unknown attributes as extra elements, missing items as null")
    func adapterAnomalies() {
        let input = input(heights([1, 2]))
        let a = LayoutAttributes(.item(0, 0)); a.frame = rect(0, 0, 100, 1)
        let dup = LayoutAttributes(.item(0, 0)); dup.frame = rect(0, 0, 100, 1)
        let unknown = LayoutAttributes(.item(3, 0))
        let result = CollectionViewLayoutEngine.assemble([a, dup, unknown], contentSize: .zero, for: input)
        #expect(result.sections[0].items[0] == rect(0, 0, 100, 1))
        #expect(result.sections[0].items[1].isNull)
        #expect(result.extraElements.map(\.id) == [.item(0, 0), .item(3, 0)])
    }
}

// The core tests' input helpers (Tests/WaterfallCheckCoreTests/TestSupport.swift), for the suite that moved here with the stand-in.
private func input(
    width: CGFloat = 300, columns: Int = 3, columnSpacing: CGFloat = 0, rowSpacing: CGFloat = 0,
    inset: LayoutInsets = .zero, placement: Placement = .shortestFirst, tieTolerance: CGFloat = 0,
    tieBreak: TieBreak = .leftmost, pixelScale: CGFloat? = nil, minimumContentHeight: CGFloat = 0,
    _ items: [LayoutItem]
) -> LayoutInput {
    LayoutInput(
        layout: LayoutSettings(containerWidth: width, columnCount: columns, columnSpacing: columnSpacing,
                                 rowSpacing: rowSpacing, sectionInset: inset, placement: placement,
                                 tieTolerance: tieTolerance, tieBreak: tieBreak, pixelScale: pixelScale,
                                 minimumContentHeight: minimumContentHeight),
        sections: [SectionInput(items: items)])
}

private func heights(_ hs: [CGFloat]) -> [LayoutItem] { hs.map { .height($0) } }

private func rect(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGRect { CGRect(x: x, y: y, width: w, height: h) }
