import Foundation
import Testing
import UIKit
import WaterfallCheck
import WaterfallCheckUIKit

/// A waterfall written as an app writes one against UIKit (this test's own code): shortest column
/// first, leftmost on a tie, sizes from the flow-layout delegate, a cache filled in `prepare()`.
/// `clearsCache: false` plants the classic lifecycle bug: `invalidateLayout()` leaves the cache,
/// and `prepare()`'s `guard cache.isEmpty` keeps the old attributes after new data.
final class ColumnsLayout: UICollectionViewLayout {
    var columnCount = 2
    var columnSpacing: CGFloat = 0
    var rowSpacing: CGFloat = 0
    var sectionInset = UIEdgeInsets.zero
    /// Floors the column width to the display's pixels, as CHT does.
    var floorsToPixels = false
    let clearsCache: Bool
    /// Asks for section 0's items even with no sections, as several published layouts do.
    let assumesOneSection: Bool
    private var cache: [UICollectionViewLayoutAttributes] = []
    private var height: CGFloat = 0

    init(clearsCache: Bool = true, assumesOneSection: Bool = false) {
        self.clearsCache = clearsCache
        self.assumesOneSection = assumesOneSection
        super.init()
    }
    required init?(coder: NSCoder) { fatalError("not used") }

    override func prepare() {
        guard cache.isEmpty, let cv = collectionView else { return }
        let delegate = cv.delegate as? UICollectionViewDelegateFlowLayout
        let width = cv.bounds.width
        var top: CGFloat = 0
        if assumesOneSection { _ = cv.numberOfItems(inSection: 0) }
        for section in 0..<cv.numberOfSections {
            let n = columnCount
            var w = (width - sectionInset.left - sectionInset.right - CGFloat(n - 1) * columnSpacing) / CGFloat(n)
            if floorsToPixels { let s = cv.traitCollection.displayScale; w = (w * s).rounded(.down) / s }
            var columns = Array(repeating: top + sectionInset.top, count: n)
            var bottom = top + sectionInset.top
            for item in 0..<cv.numberOfItems(inSection: section) {
                let indexPath = IndexPath(item: item, section: section)
                let size = delegate?.collectionView(cv, layout: self, sizeForItemAt: indexPath) ?? CGSize(width: w, height: 50)
                let h = size.width == w ? size.height : size.height * w / size.width
                let c = columns.indices.min { columns[$0] < columns[$1] || (columns[$0] == columns[$1] && $0 < $1) }!
                let a = UICollectionViewLayoutAttributes(forCellWith: indexPath)
                a.frame = CGRect(x: sectionInset.left + CGFloat(c) * (w + columnSpacing), y: columns[c], width: w, height: h)
                cache.append(a)
                columns[c] = a.frame.maxY + rowSpacing
                bottom = max(bottom, a.frame.maxY)
            }
            top = bottom + sectionInset.bottom
        }
        height = top
    }

    override var collectionViewContentSize: CGSize { CGSize(width: collectionView?.bounds.width ?? 0, height: height) }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        cache.filter { $0.frame.minX < rect.maxX && rect.minX < $0.frame.maxX && $0.frame.minY < rect.maxY && rect.minY < $0.frame.maxY }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cache.first { $0.indexPath == indexPath }
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.width != collectionView?.bounds.width
    }

    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        super.invalidateLayout(with: context)
        if clearsCache { cache.removeAll(); height = 0 }
    }
}

/// The engine an app's test target writes: the input's settings onto the layout's properties.
func columnsEngine(_ make: @escaping () -> ColumnsLayout = { ColumnsLayout() }) -> UIKitLayoutEngine {
    UIKitLayoutEngine(name: "columns", features: [.sections, .size]) { data in
        try configureColumns(make(), data.input)
    }
}

func configureColumns(_ layout: ColumnsLayout, _ input: LayoutInput) throws -> UIKitLayoutEngine.Setup {
    try ReferenceLayout.validate(input)
    layout.columnCount = input.layout.columnCount
    layout.columnSpacing = input.layout.columnSpacing
    layout.rowSpacing = input.layout.rowSpacing
    let i = input.layout.sectionInset
    layout.sectionInset = UIEdgeInsets(top: i.top, left: i.left, bottom: i.bottom, right: i.right)
    return .init(layout: layout)
}

@Suite("UIKit driver")
struct DriverTests {
    static let input = LayoutInput(
        layout: LayoutSettings(containerWidth: 320, columnCount: 3, columnSpacing: 10, rowSpacing: 8,
                               sectionInset: LayoutInsets(top: 4, left: 5, bottom: 6, right: 5)),
        sections: [SectionInput(items: [.height(100), .size(width: 300, height: 200), .height(40), .height(60), .height(10)]),
                   SectionInput(items: []), SectionInput(items: [.height(30), .height(30)])])

    @Test("a UIKit layout's frames, content size and rect queries are the engine's answer, as §5 gives them")
    func framesMatchTheReference() throws {
        let engine = columnsEngine()
        let result = try engine.layout(Self.input)
        let reference = try ReferenceLayout.layout(Self.input)
        #expect(result.contentSize == reference.contentSize)
        #expect(result.sections == reference.sections)
        #expect(checkInvariants(Self.input, engine: engine) == [])
        let hits = try engine.elements(in: CGRect(x: 0, y: 0, width: 320, height: 5)).sorted()
        #expect(hits == [.item(0, 0), .item(0, 1), .item(0, 2)])
    }

    @Test("a cache invalidateLayout() leaves is caught by reprepare after reloadData(), and only with the bug")
    func staleCacheCaught() {
        let failures = checkInvariants(Self.input, engine: columnsEngine { ColumnsLayout(clearsCache: false) })
        #expect(failures.map(\.invariant) == ["reprepare"])
        #expect(failures.first?.message.contains("after reloadData()") == true, "\(failures)")
        #expect(checkInvariants(Self.input, engine: columnsEngine()).isEmpty)
    }

    @Test("a UIKit exception the layout raises is an engine fault with UIKit's message, not a crash and not a 0")
    func raiseIsAFault() {
        let empty = LayoutInput(layout: LayoutSettings(containerWidth: 320, columnCount: 2), sections: [])
        let answer = columnsEngine { ColumnsLayout(assumesOneSection: true) }.answer(empty)
        guard case .fault(let f) = answer else { Issue.record("expected a fault, got \(answer)"); return }
        #expect(f.kind == .threw)
        #expect(f.message.contains("NSInternalInconsistencyException"))
        #expect(f.message.contains("request for number of items in section 0"))
        // The same layout without the bug lays out no sections.
        #expect(columnsEngine().answer(empty).result?.sections == [])
    }

    @Test("the fuzzer counts a raising layout's cases as engine faults, not counterexamples")
    func fuzzCountsRaisesAsFaults() {
        let fuzzer = Fuzzer(configuration: FuzzConfiguration(seed: 3, cases: 300, jobs: 1), engine: { columnsEngine { ColumnsLayout(assumesOneSection: true) } })
        let report = fuzzer.run()
        #expect(report.engineFaultCases > 0)
        #expect(report.counterexamples.allSatisfy { $0.invariant != "accepts-valid" })
    }

    @Test("a null pixelScale floors nothing: a layout flooring to the display's pixels lays out as §5 without flooring")
    func nullPixelScaleIsExact() throws {
        let engine = columnsEngine { let l = ColumnsLayout(); l.floorsToPixels = true; return l }
        // 320 - 10 - 20 over 3 columns: 96.666..., which any real display scale would floor.
        #expect(try engine.layout(Self.input).sections == ReferenceLayout.layout(Self.input).sections)
    }

    @Test("headers and footers of a layout's own element kinds are found when declared, and missing when not")
    func ownKinds() throws {
        final class HeaderLayout: UICollectionViewLayout {
            override var collectionViewContentSize: CGSize { CGSize(width: 100, height: 10) }
            override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                let h = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: "MyHeader", with: IndexPath(item: 0, section: 0))
                h.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
                return [h]
            }
        }
        var input = LayoutInput(layout: LayoutSettings(containerWidth: 100, columnCount: 1), sections: [SectionInput()])
        input.sections[0].header = HeaderFooter(height: 10)
        let own = UIKitLayoutEngine(name: "own", kinds: .init(header: "MyHeader", footer: "MyFooter")) { _ in .init(layout: HeaderLayout()) }
        #expect(try own.layout(input).sections[0].header == CGRect(x: 0, y: 0, width: 100, height: 10))
        let uikit = UIKitLayoutEngine(name: "uikit") { _ in .init(layout: HeaderLayout()) }
        let r = try uikit.layout(input)
        #expect(r.sections[0].header == nil && r.extraElements.count == 1)
    }

    @Test("a trap's fixture: the input as an input-only fixture that reads back, and a message naming it and how to replay it")
    func crashReport() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("crash-\(UUID().uuidString)").path
        let r = CrashRecorder.report(for: Self.input, engine: "columns", signal: SIGILL, in: dir)
        #expect(r.path.hasPrefix(dir + "/crash-columns-"))
        let fixture = try FixtureReader.decode(Data(r.fixture.utf8), file: r.path)
        #expect(fixture.input == Self.input && fixture.expected == nil)
        #expect(r.message.contains(r.path) && r.message.contains("exec:"))
    }
}
