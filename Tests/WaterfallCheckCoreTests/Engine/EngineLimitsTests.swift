import Foundation
import Testing
@testable import WaterfallCheckCore

/// The reference engine under another descriptor: what an engine declaring limits looks like to the gate.
private final class Limited: LayoutEngine {
    let descriptor: EngineDescriptor
    private(set) var calls = 0
    init(_ limits: EngineLimits) { descriptor = EngineDescriptor(name: "limited", version: "1", limits: limits) }
    func layout(_ input: LayoutInput) throws -> LayoutResult { calls += 1; return try ReferenceLayout.layout(input) }
}

/// ``EngineLimits``: the tie breaks, quantum and largest length an engine declares, and the gate in
/// ``LayoutEngine/answer(_:)`` that never asks it outside them (FIXTURE-FORMAT §9).
@Suite("Engine limits")
struct EngineLimitsTests {
    @Test("an undeclared tie break is skipped without asking the engine; round-robin never consults it")
    func tieBreaks() throws {
        let engine = Limited(EngineLimits(tieBreaks: [.afterPrevious]))
        let leftmost = input(tieBreak: .leftmost, heights([10, 20]))
        guard case .unsupported(let reason) = engine.answer(leftmost) else { Issue.record("expected unsupported"); return }
        #expect(reason.contains("afterPrevious") && reason.contains("leftmost"))
        #expect(engine.calls == 0)
        #expect(engine.answer(input(tieBreak: .afterPrevious, heights([10, 20]))).result != nil)
        #expect(engine.answer(input(placement: .leftToRight, tieBreak: .leftmost, heights([10, 20]))).result != nil)
        #expect(engine.calls == 2)
    }

    @Test("a layout taller than maxLength is skipped; an invalid one still gets its §6 code")
    func maxLength() {
        let engine = Limited(EngineLimits(maxLength: 100))
        // 90 pt wide. One column: 60 + 10 + 40 = 110 > 100 pt; 60 alone fits.
        #expect(engine.answer(input(width: 90, columns: 1, rowSpacing: 10, heights([60, 40]))).result == nil)
        #expect(engine.answer(input(width: 90, columns: 1, rowSpacing: 10, heights([60]))).result?.contentSize.height == 60)
        // 3 columns side by side: 60 pt tall, within the limit.
        #expect(engine.answer(input(width: 90, columns: 3, rowSpacing: 10, heights([60, 40, 50]))).result != nil)
        if case .error(let e) = engine.answer(input(columns: 1, heights([-1]))) { #expect(e.code == .invalidItemHeight) } else {
            Issue.record("an invalid input must reach the engine's validation")
        }
    }

    @Test("common limits: shared tie breaks, the coarser quantum, the smaller range")
    func common() {
        let a = EngineLimits(tieBreaks: [.afterPrevious], lengthQuantum: 1.0 / 64, maxLength: 1000)
        let c = a.common(with: .exact)
        #expect(c.tieBreaks == [.afterPrevious] && c.lengthQuantum == 1.0 / 64 && c.maxLength == 1000)
        // Nothing shared: both again, each engine's own gate skips what it lacks.
        #expect(a.common(with: EngineLimits(tieBreaks: [.leftmost])).tieBreaks == Set(TieBreak.allCases))
        #expect(EngineLimits.exact.refusal(input(heights([1]))) == nil)
    }
}
