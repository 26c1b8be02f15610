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
