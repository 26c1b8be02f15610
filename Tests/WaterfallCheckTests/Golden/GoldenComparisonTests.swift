import Foundation
import Testing
@testable import WaterfallCheck
@testable import WaterfallCheckFixture
@testable import WaterfallCheckJudge
import WaterfallCheckTestSupport

@Suite("Golden comparison (FIXTURE-FORMAT §7)")
struct GoldenComparisonTests {
    let expected = TwoColumns.result

    func diff(_ actual: LayoutResult, tolerance: CGFloat = 0.001) -> [LayoutDiff.Entry] {
        LayoutDiff(expected: .layout(expected), actual: .layout(actual), tolerance: Tolerance(tolerance)).differences
    }

    @Test("identical layouts have no differences")
    func identical() { #expect(diff(expected).isEmpty) }

    @Test("a component off by exactly the tolerance matches; just beyond it does not")
    func toleranceBoundary() {
        // 0.5 and 0.25 are exact in binary, so |Δ| == tolerance holds exactly.
        #expect(diff(TwoColumns.moving(1, by: 0.5), tolerance: 0.5).isEmpty)
        let d = diff(TwoColumns.moving(1, by: 0.75), tolerance: 0.5)
        #expect(d.count == 1)
        #expect(d.first?.subject == .element(.item(0, 1)))
        #expect(d.first?.delta == 0.75)
    }

    @Test("a moved frame names the element, both frames, the delta and the expected frame's JSON path")
    func movedFrame() throws {
        let d = try #require(diff(TwoColumns.moving(2, by: 24)).first)
        #expect(d.jsonPath == "$.expected.sections[0].items[2]")
        #expect(d.expected == .frame(CGRect(x: 0, y: 10, width: 50, height: 30)))
        #expect(d.actual == .frame(CGRect(x: 0, y: 34, width: 50, height: 30)))
        #expect(d.sentence == "item 0.2 moved by 24 pt: expected [0, 10, 50, 30] actual [0, 34, 50, 30]")
    }

    @Test("the delta is the largest component difference")
    func deltaIsMaxComponent() {
        var a = expected
        a.sections[0].items[0] = CGRect(x: 1, y: -3, width: 52, height: 10)   // Δ = 1, 3, 2, 0
        #expect(diff(a).first?.delta == 3)
        #expect(diff(a).first?.sentence.hasPrefix("item 0.0 changed by 3 pt") == true)
    }

    @Test("NaN and infinite components never match")
    func nonFinite() {
        var a = expected
        a.sections[0].items[0].origin.x = .nan
        a.sections[0].items[1].size.height = .infinity
        #expect(diff(a, tolerance: 1e9).map(\.subject) == [.element(.item(0, 0)), .element(.item(0, 1))])
    }

    @Test("missing and extra item frames are differences, the extra one pointing at the items array")
    func missingAndExtraItems() {
        var fewer = expected
        fewer.sections[0].items.removeLast()
        let m = diff(fewer)
        #expect(m.map(\.subject) == [.element(.item(0, 2))])
        #expect(m[0].actual == nil && m[0].sentence == "item 0.2 is missing: expected [0, 10, 50, 30]")

        var more = expected
        more.sections[0].items.append(CGRect(x: 50, y: 20, width: 50, height: 5))
        let x = diff(more)
        #expect(x.map(\.subject) == [.element(.item(0, 3))])
        #expect(x[0].expected == nil && x[0].jsonPath == "$.expected.sections[0].items")
        #expect(x[0].delta == nil)
    }

    @Test("a missing or extra header or footer, and an extra section, are differences")
    func supplementaryAndSections() {
        var e = expected
        e.sections[0].header = CGRect(x: 0, y: 0, width: 100, height: 44)
        var a = expected
        a.sections[0].footer = CGRect(x: 0, y: 40, width: 100, height: 30)
        a.sections.append(SectionFrames(items: [CGRect(x: 0, y: 70, width: 50, height: 5)]))
        let d = LayoutDiff(expected: .layout(e), actual: .layout(a), tolerance: 0.001).differences
        #expect(d.map(\.subject) == [.element(.header(0)), .element(.footer(0)), .element(.item(1, 0))])
        #expect(d.map(\.jsonPath) == ["$.expected.sections[0].header", "$.expected.sections[0]", "$.expected.sections"])
    }

    @Test("extra elements from a UIKit-shaped engine are reported, in document order")
    func extraElements() {
        var a = expected
        a.extraElements = [LayoutElement(id: .item(0, 0), frame: CGRect(x: 0, y: 0, width: 50, height: 10))]
        a.sections[0].items[2].origin.y = 11
        let d = diff(a)
        #expect(d.map(\.subject) == [.element(.item(0, 0)), .element(.item(0, 2))])
        #expect(d[0].expected == nil)
    }

    @Test("contentSize is compared with the tolerance and listed after the elements")
    func contentSize() {
        var a = TwoColumns.moving(2, by: 5)
        a.contentSize.height = 45
        let d = diff(a)
        #expect(d.map(\.subject) == [.element(.item(0, 2)), .contentSize])
        #expect(d[1].jsonPath == "$.expected.contentSize")
        #expect(d[1].sentence == "contentSize changed by 5 pt: expected [100, 40] actual [100, 45]")
    }

    @Test("error against error: equal codes match, different codes differ")
    func errorCodes() {
        let same = LayoutDiff(expected: .error(.invalidSpan), actual: .error(.invalidSpan), tolerance: 0).differences
        #expect(same.isEmpty)
        let other = LayoutDiff(expected: .error(.invalidSpan), actual: .error(.invalidSpacing), tolerance: 0).differences
        #expect(other.map(\.sentence) == ["error code changed: expected invalidSpan, actual invalidSpacing"])
        #expect(other.first?.jsonPath == "$.expected.error")
    }

    @Test("an error where frames were expected, and frames where an error was expected, differ")
    func errorVersusFrames() {
        let a = LayoutDiff(expected: .layout(expected), actual: .error(.invalidItemHeight), tolerance: 1).differences
        #expect(a.map(\.sentence) == ["expected a layout, actual error invalidItemHeight"])
        #expect(a.first?.jsonPath == "$.expected")
        let b = LayoutDiff(expected: .error(.invalidItemHeight), actual: .layout(expected), tolerance: 1).differences
        #expect(b.map(\.sentence) == ["expected error invalidItemHeight, actual a layout"])
    }

    @Test("a difference below two decimals prints every digit, so both sides never read alike")
    func tinyDifference() {
        var a = expected
        a.sections[0].items[1].origin.x = 50.0015
        let d = diff(a)
        #expect(d.first?.sentence == "item 0.1 moved by 0.0015 pt: expected [50, 0, 50, 20] actual [50.0015, 0, 50, 20]")
    }
}
