import Foundation
import Testing
import WaterfallCheck
@testable import WaterfallCheckJudge

/// An engine laying out as §5 whose rect query answers by `answers`, declaring `predicate`.
private final class QueryEngine: LayoutEngine {
    let descriptor: EngineDescriptor
    let answers: (_ frame: CGRect, _ rect: CGRect) -> Bool
    private var last: LayoutResult?
    init(_ predicate: QueryPredicate, answers: @escaping (CGRect, CGRect) -> Bool) {
        descriptor = EngineDescriptor(name: "query-\(predicate.rawValue)", version: "0", capabilities: [.query],
                                      limits: EngineLimits(queryPredicate: predicate))
        self.answers = answers
    }
    func layout(_ input: LayoutInput) throws -> LayoutResult { let r = try ReferenceLayout.layout(input); last = r; return r }
    func elements(in rect: CGRect) throws -> [ElementID] {
        guard let r = last else { throw QueryError.noLayout }
        return r.elements.filter { !$0.frame.isNull && answers($0.frame, rect) }.map(\.id)
    }
}

@Suite("Rect queries judged by the declared predicate")
struct QueryPredicateTests {
    /// Zero-height items and items that touch: the rects the `query` check builds then touch frames.
    static let input = LayoutInput(layout: LayoutSettings(containerWidth: 100, columnCount: 2),
                                   sections: [SectionInput(items: [.height(0), .height(10), .height(10), .height(0), .height(5)])])

    static func queryFailures(_ engine: LayoutEngine, seeds: Range<UInt64> = 0..<20) -> [String] {
        seeds.flatMap { checkInvariants(Self.input, engine: engine, tolerance: .default, invariants: try! InvariantSet(ids: ["query"]), seed: $0) }.map(\.message)
    }

    @Test("CGRect.intersects' answers fail §9's strict predicate, and pass when the engine declares closed")
    func closedDeclared() {
        let intersects = { (f: CGRect, r: CGRect) in QueryPredicate.closed.meets(f, r) }
        #expect(Self.queryFailures(QueryEngine(.strict, answers: intersects)).contains { $0.contains("though it does not meet it") })
        #expect(Self.queryFailures(QueryEngine(.closed, answers: intersects)) == [])
    }

    @Test("closed forgives only touching elements: a missed element and a far one still fail, and say how they were judged")
    func closedStillCatches() {
        let misses = Self.queryFailures(QueryEngine(.closed) { f, r in QueryPredicate.closed.meets(f, r) && f.minY > 0 })
        #expect(misses.contains { $0.contains("missed") && $0.contains("judged by CGRect.intersects") })
        let everything = Self.queryFailures(QueryEngine(.closed) { _, _ in true })
        #expect(everything.contains { $0.contains("though it does not meet it") })
    }

    @Test("the harness never sends a rect of negative size, even for an engine whose frames have negative widths")
    func noNegativeRects() {
        let frames = [CGRect(x: 10, y: 0, width: -8, height: 5), CGRect(x: 0, y: 5, width: -1, height: -3)]
        let result = LayoutResult(contentSize: CGSize(width: -4, height: 8), sections: [SectionFrames(items: frames)])
        let elements = frames.enumerated().map { LayoutElement(id: .item(0, $0.offset), frame: $0.element) }
        for seed in 0..<50 as Range<UInt64> {
            #expect(queryRects(result, elements: elements, seed: seed).allSatisfy { $0.size.width >= 0 && $0.size.height >= 0 })
        }
    }
}
