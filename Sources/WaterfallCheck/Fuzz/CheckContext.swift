import Foundation
import WaterfallLayout

/// One case as the invariants see it: the input, the engine's first answer, what §6 expects, and
/// the §5 model (built on first use).
final class CheckContext {
    let input: LayoutInput
    let engine: LayoutEngine
    /// The comparison tolerance (FIXTURE-FORMAT §7).
    let tolerance: Tolerance
    /// Seeds the query rects; the same case always queries the same rects.
    let seed: UInt64
    /// The §6 error the input must give, or `nil` for a valid input.
    let expectedError: LayoutError?
    /// The engine's answer to the first `layout(input)`.
    let outcome: EngineAnswer

    /// - Parameter answer: the engine's answer to `input` when the caller already has it;
    ///   `nil` asks the engine (``LayoutEngine/answer(_:)``).
    init(input: LayoutInput, engine: LayoutEngine, tolerance: Tolerance, seed: UInt64, answer: EngineAnswer? = nil) {
        self.input = input
        self.engine = engine
        self.tolerance = tolerance
        self.seed = seed
        do { _ = try ReferenceLayout.validate(input); expectedError = nil } catch { expectedError = error }
        outcome = answer ?? engine.answer(input)
    }

    /// The engine's frames for a valid input, or `nil` (invalid input, or the engine failed).
    var result: LayoutResult? {
        guard expectedError == nil, case .layout(let r) = outcome else { return nil }
        return r
    }

    /// The §5 model following the engine's column choices. Only for a valid input with a result.
    lazy var model = LayoutModel(input: input, result: result!, tolerance: tolerance.points)

    /// The result's elements with a frame (not `CGRect.null`), extras left out, in document order
    /// (which is ``ElementID`` order). Only for a valid input with a result.
    lazy var elements: [LayoutElement] = {
        var out = result!.elements
        out.removeLast(result!.extraElements.count)
        out.removeAll { $0.frame.isNull }
        return out
    }()

    /// The rects `query` asks about (``queryRects(_:elements:seed:)``), made once per case.
    /// Only for a valid input with a result.
    lazy var queryRects: [CGRect] = WaterfallCheck.queryRects(result!, elements: elements, seed: seed)

    /// What `prefix-stable` lays out: the input with its last non-empty section cut to the first
    /// half of its items (and no footer, no later section); `nil` when every section is empty.
    lazy var prefixInput: (input: LayoutInput, section: Int, dropped: Int)? = {
        guard let s = input.sections.lastIndex(where: { !$0.items.isEmpty }) else { return nil }
        var prefix = input
        let keep = prefix.sections[s].items.count / 2
        prefix.sections[s].items.removeSubrange(keep...)
        prefix.sections.removeSubrange((s + 1)...)
        prefix.sections[s].footer = nil
        return (prefix, s, input.sections[s].items.count - keep)
    }()

    /// The requests `invariants` will make of the engine after its first answer, in the order
    /// they make them (catalogue order: `query`'s rects, `deterministic`'s second layout,
    /// `prefix-stable`'s shorter one), then `next`'s first layout: what a pipelined external
    /// engine is sent ahead (``ExternalEngine/prefetch(_:)``). Mirrors each check's own guard.
    func plannedRequests(_ invariants: InvariantSet, then next: LayoutInput?) -> [EngineProtocol.Request] {
        var out: [EngineProtocol.Request] = []
        if result != nil {
            if invariants.contains(InvariantSet(rawValue: 1 << UInt64(Invariants.queryIndex))),
               engine.descriptor.capabilities.contains(.query) {
                out += queryRects.map { .query($0) }
            }
            if invariants.contains(InvariantSet(rawValue: 1 << UInt64(Invariants.deterministicIndex))) { out.append(.layout(input)) }
            if invariants.contains(InvariantSet(rawValue: 1 << UInt64(Invariants.prefixStableIndex))), let p = prefixInput {
                out.append(.layout(p.input))
            }
        }
        if let next { out.append(.layout(next)) }
        return out
    }

    /// Within the tolerance (``Tolerance/matches(_:_:)-(CGFloat,CGFloat)``); false for NaN.
    @inline(__always) func close(_ a: CGFloat, _ b: CGFloat) -> Bool { tolerance.matches(a, b) }

    /// Every component within the tolerance.
    @inline(__always) func close(_ a: CGRect, _ b: CGRect) -> Bool { tolerance.matches(a, b) }

    /// The engine's frame of `id`, if it has a usable one (present, not `CGRect.null`).
    func frame(_ id: ElementID) -> CGRect? {
        guard let f = result?.frame(of: id), !f.isNull else { return nil }
        return f
    }
}
