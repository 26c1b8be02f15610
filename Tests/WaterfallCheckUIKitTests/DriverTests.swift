import Foundation
import Testing
import UIKit
@testable import WaterfallCheck
import WaterfallCheckUIKit
import WaterfallCheckTestSupport

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

    @Test("shouldInvalidateLayout true for a scroll: a reprepare failure by DESIGN.md, none with invalidatesOnScroll declared or detected; a width change still must invalidate")
    func invalidatesOnScroll() {
        let scrolling = columnsEngine { let l = ColumnsLayout(); l.invalidatesOnScroll = true; return l }
        #expect(checkInvariants(Self.input, engine: scrolling, selection: ["reprepare"]).map(\.message).first?.contains("true for a scroll") == true)
        let detected = ConventionProbe().detect(scrolling).conventions
        #expect(detected == EngineConventions(invalidatesOnScroll: true), "\(detected.lines)")
        #expect(checkInvariants(Self.input, engine: scrolling.redeclaring(conventions: detected), selection: ["reprepare"]).isEmpty)
        #expect(ConventionProbe().detect(columnsEngine()).conventions == .none)
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

    @Test("conventions and constraints passed to UIKitLayoutEngine are the descriptor's, and the judgement takes the conventions")
    func declaresConventionsAndConstraints() throws {
        var input = Self.input
        input.layout.pixelScale = 1  // 290 pt over 3 columns: 96.666... floored to 96
        let floors = { let l = ColumnsLayout(); l.floorsToPixels = true; return l }
        let pixels = EngineConventions(columnWidthRounding: LengthRounding(.down, scale: 0))
        let constraints = EngineConstraints(oneSpacing: true)
        let declared = UIKitLayoutEngine(name: "floors", features: [.sections, .size], conventions: pixels,
                                         constraints: constraints) { data in try configureColumns(floors(), data.input) }
        #expect(declared.descriptor.conventions == pixels)
        #expect(declared.descriptor.constraints == constraints)
        #expect(try declared.layout(input).sections[0].items[0].width == 96)
        #expect(checkInvariants(input, engine: declared) == [])
        // The same layout declaring nothing: its floored columns are failures.
        let undeclared = UIKitLayoutEngine(name: "floors", features: [.sections, .size]) { data in try configureColumns(floors(), data.input) }
        #expect(undeclared.descriptor.conventions == .none && undeclared.descriptor.constraints == .none)
        #expect(!checkInvariants(input, engine: undeclared).isEmpty)
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

    @Test("the closed query predicate is the driver's default even when an adapter passes limits of its own")
    func closedUnlessSaidOtherwise() {
        let leftmost = UIKitLayoutEngine(name: "l", limits: EngineLimits(tieBreaks: [.leftmost])) { _ in .init(layout: ColumnsLayout()) }
        #expect(leftmost.descriptor.limits.queryPredicate == .closed)
        #expect(leftmost.descriptor.limits.tieBreaks == [.leftmost])
        let strict = UIKitLayoutEngine(name: "s", queryPredicate: .strict) { _ in .init(layout: ColumnsLayout()) }
        #expect(strict.descriptor.limits.queryPredicate == .strict)
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
