import Foundation
import Testing
import UIKit
import WaterfallCheck
@testable import WaterfallCheckUIKit
import WaterfallCheckTestSupport

/// A layout that answers fixed attributes whatever the data: what the driver's assembly makes of
/// duplicates, unknown index paths and missing items.
final class FixedAttributesLayout: UICollectionViewLayout {
    var fixed: [UICollectionViewLayoutAttributes] = []
    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { fixed }
}

/// The UIKit lifecycle as the driver runs it (prepare, query, lookups, invalidation), on a real
/// `UICollectionViewLayout` giving the reference's frames (`BrokenCollectionViewLayout(.none)`);
/// these were the stand-in `CollectionViewLayout`'s tests before the classic ports became real
/// UIKit code.
@Suite("UIKit lifecycle through the driver")
struct LifecycleTests {
    static let sample: LayoutInput = {
        var i = input(width: 320, columns: 2, columnSpacing: 10, rowSpacing: 10, inset: LayoutInsets(all: 10),
                      heights([100, 40, 60, 80]))
        i.sections[0].header = HeaderFooter(height: 30)
        return i
    }()

    /// The reference's frames as a UIKit layout; `configure` validates, as the app validates its data.
    static func engine() -> UIKitLayoutEngine {
        UIKitLayoutEngine(name: "uikit-reference", version: "1", limits: .exact) { data in
            try ReferenceLayout.validate(data.input)
            return .init(layout: BrokenCollectionViewLayout(.none, data: data))
        }
    }

    func prepared(_ input: LayoutInput = sample) throws -> UIKitLayoutEngine.Session {
        try #require(try Self.engine().makePreparedLayout(for: input) as? UIKitLayoutEngine.Session)
    }

    func descriptions(_ s: UIKitLayoutEngine.Session) -> [String] {
        s.allElements().map { "\($0.id.map(String.init(describing:)) ?? "?") \($0.frame)" }
    }

    @Test("prepare() twice, and again after invalidateLayout(), gives the same attributes, none duplicated")
    func reprepare() throws {
        let s = try prepared()
        let first = descriptions(s)
        try s.run { s.layout.prepare() }
        #expect(descriptions(s) == first)
        s.invalidateAndPrepare()  // invalidateLayout(), then UIKit's next layout pass: prepare()
        let again = descriptions(s)
        #expect(again == first)
        #expect(Set(again).count == again.count)
        #expect(first.count == 5)  // a header and four items
    }

    @Test("lookups agree with layoutAttributesForElements(in:) and change nothing")
    func lookups() throws {
        let s = try prepared()
        // w = (320 - 20 - 10) / 2 = 145; items start at 30 + 10 = 40: item 0 (10, 40), item 1 (165, 40),
        // item 2 under item 1 at 40 + 40 + 10 = 90, item 3 under item 2? tops 150, 160: column 0 at 150.
        #expect(s.lookup(.item(0, 3)) == rect(10, 150, 145, 80))
        #expect(s.lookup(.item(0, 2)) == rect(165, 90, 145, 60))
        #expect(s.lookup(.header(0)) == rect(0, 0, 320, 30))
        #expect(s.lookup(.footer(0)) == nil)
        // bottom: max(230, 150) + 10 = 240
        #expect(try s.run { s.layout.collectionViewContentSize } == CGSize(width: 320, height: 240))
        #expect(s.collectionView.contentSize == CGSize(width: 320, height: 240))  // UIKit's layout pass read it
        let before = descriptions(s)
        _ = s.lookup(.item(0, 0))
        #expect(descriptions(s) == before)
    }

    @Test("shouldInvalidateLayout(forBoundsChange:) is true exactly when the width changes")
    func invalidation() throws {
        let s = try prepared()
        #expect(!s.shouldInvalidateLayout(forBoundsChange: rect(0, 500, 320, 812)))  // scroll
        #expect(!s.shouldInvalidateLayout(forBoundsChange: rect(0, 0, 320, 400)))   // height
        #expect(s.shouldInvalidateLayout(forBoundsChange: rect(0, 0, 321, 812)))
    }

    @Test("the driver turns the UIKit layout into an engine with the reference's frames")
    func adapter() throws {
        let engine = Self.engine()
        #expect(try engine.layout(Self.sample) == ReferenceLayout.layout(Self.sample))
        #expect(try Set(engine.elements(in: rect(0, 0, 320, 35))) == [.header(0)])
        #expect(throws: LayoutError.self) { try engine.layout(input(columns: 0, heights([1]))) }
    }

    @Test("the driver reports duplicated and unknown attributes as extra elements, missing items as null")
    func adapterAnomalies() throws {
        func cell(_ section: Int, _ item: Int, _ frame: CGRect) -> UICollectionViewLayoutAttributes {
            let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: section))
            a.frame = frame
            return a
        }
        let engine = UIKitLayoutEngine(name: "fixed") { _ in
            let layout = FixedAttributesLayout()
            layout.fixed = [cell(0, 0, rect(0, 0, 100, 1)), cell(0, 0, rect(0, 0, 100, 1)), cell(3, 0, .zero)]
            return .init(layout: layout)
        }
        let result = try engine.layout(input(heights([1, 2])))
        #expect(result.sections[0].items[0] == rect(0, 0, 100, 1))
        #expect(result.sections[0].items[1].isNull)
        #expect(result.extraElements.map(\.id) == [.item(0, 0), .item(3, 0)])
    }
}

// The core tests' input helpers (Tests/WaterfallCheckCoreTests/TestSupport.swift).
private func input(
    width: CGFloat = 300, columns: Int = 3, columnSpacing: CGFloat = 0, rowSpacing: CGFloat = 0,
    inset: LayoutInsets = .zero, _ items: [LayoutItem]
) -> LayoutInput {
    LayoutInput(
        layout: LayoutSettings(containerWidth: width, columnCount: columns, columnSpacing: columnSpacing,
                               rowSpacing: rowSpacing, sectionInset: inset),
        sections: [SectionInput(items: items)])
}

private func heights(_ hs: [CGFloat]) -> [LayoutItem] { hs.map { .height($0) } }

private func rect(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGRect { CGRect(x: x, y: y, width: w, height: h) }
