import Foundation
import WaterfallLayout

/// One case as the invariants see it: the input, the engine's first answer, what §6 expects, and
/// the §5 model (built on first use).
final class CheckContext {
    let input: LayoutInput
    let engine: LayoutEngine
    /// Per-component tolerance in pt (FIXTURE-FORMAT §7).
    let tolerance: CGFloat
    /// Seeds the query rects; the same case always queries the same rects.
    let seed: UInt64
    /// The §6 error the input must give, or `nil` for a valid input.
    let expectedError: LayoutError?
    /// The engine's answer to the first `layout(input)`.
    let outcome: Result<LayoutResult, Error>

    init(input: LayoutInput, engine: LayoutEngine, tolerance: CGFloat, seed: UInt64) {
        self.input = input
        self.engine = engine
        self.tolerance = tolerance
        self.seed = seed
        do { _ = try ReferenceLayout.validate(input); expectedError = nil } catch { expectedError = error }
        do { outcome = .success(try engine.layout(input)) } catch { outcome = .failure(error) }
    }

    /// The engine's frames for a valid input, or `nil` (invalid input, or the engine failed).
    var result: LayoutResult? {
        guard expectedError == nil, case .success(let r) = outcome else { return nil }
        return r
    }

    /// The §5 model following the engine's column choices. Only for a valid input with a result.
    lazy var model = LayoutModel(input: input, result: result!, tolerance: tolerance)

    /// The result's elements with a frame (not `CGRect.null`), extras left out, in document order
    /// (which is ``ElementID`` order). Only for a valid input with a result.
    lazy var elements: [LayoutElement] = {
        var out = result!.elements
        out.removeLast(result!.extraElements.count)
        out.removeAll { $0.frame.isNull }
        return out
    }()

    /// `|a - b| <= tolerance`; false when either is NaN.
    @inline(__always) func close(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) <= tolerance }

    /// Every component within the tolerance.
    func close(_ a: CGRect, _ b: CGRect) -> Bool {
        close(a.origin.x, b.origin.x) && close(a.origin.y, b.origin.y)
            && close(a.size.width, b.size.width) && close(a.size.height, b.size.height)
    }

    /// The engine's frame of `id`, if it has a usable one (present, not `CGRect.null`).
    func frame(_ id: ElementID) -> CGRect? {
        guard let f = result?.frame(of: id), !f.isNull else { return nil }
        return f
    }
}
